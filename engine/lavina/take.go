package lavina

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// Taking cards (text l.197-207) and the tools that change a take (text
// l.265-293, §2.5): one take per turn, before or after the move,
// modified by up to two different tools chosen when it begins.

// toolCombos are the ways to take, in menu order: no tool, one tool, two
// different tools "at once" (text l.287-293).
var toolCombos = [][]Tool{
	nil, {Billhook}, {Boots}, {Shears},
	{Billhook, Shears}, {Boots, Shears}, {Billhook, Boots},
}

var comboLabels = map[string]string{
	"take":                 "Take an available card beside your space",
	"take-billhook":        "Use the billhook: take any card beside your space, covered or not",
	"take-boots":           "Use the boots: take an available card beside a space behind you",
	"take-shears":          "Use the shears: take two cards beside your space, one after the other",
	"take-billhook-shears": "Use the billhook and the shears: two cards beside your space, the first covered or not",
	"take-boots-shears":    "Use the boots and the shears: two cards beside one space behind you",
	"take-billhook-boots":  "Use the billhook and the boots: any card beside a space behind you, covered or not",
}

func comboID(tools []Tool) string {
	id := "take"
	for _, t := range tools {
		id += "-" + t.String()
	}
	return id
}

// takeOptions lists the ways the player can take a card now: each needs
// the tools in hand and a card within reach.
func (s *State) takeOptions() []option {
	var out []option
	for _, combo := range toolCombos {
		if !s.holdsAll(combo) || len(s.reachSpaces(combo)) == 0 {
			continue
		}
		id := comboID(combo)
		out = append(out, option{Choice: engine.Choice{ID: id, Label: comboLabels[id]},
			Do: func(s *walker) { s.beginTake(combo) }})
	}
	return out
}

// holdsAll reports whether the player holds one of each tool.
func (s *State) holdsAll(tools []Tool) bool {
	for _, t := range tools {
		if !slices.Contains(s.player().Tools, t) {
			return false
		}
	}
	return true
}

// reachSpaces lists the aisle indexes a take with these tools may use: the
// picker's own space, or with the boots any space behind it (text l.273,
// A-12), each with a card the take can reach. The entrance and the exit
// have no cards; everything lies behind the exit (A-12 flag).
func (s *State) reachSpaces(tools []Tool) []int {
	pos := s.picker().Space // 0 at the entrance, S+1 at the exit
	var spaces []int
	if slices.Contains(tools, Boots) {
		for q := 1; q < pos && q <= len(s.Aisle); q++ {
			spaces = append(spaces, q-1)
		}
	} else if pos >= 1 && pos <= len(s.Aisle) {
		spaces = []int{pos - 1}
	}
	billhook := slices.Contains(tools, Billhook)
	return slices.DeleteFunc(spaces, func(i int) bool { return len(s.reachable(i, billhook, -1)) == 0 })
}

// slot is a card beside a space: its side and whether it is the covered
// one.
type slot struct {
	side  int
	under bool
}

// reachable lists the cards a take can reach beside space i: the upper
// card of each side, and with the billhook the lower ones too; onlySide
// limits it to one side (-1 for both).
func (s *State) reachable(i int, billhook bool, onlySide int) []slot {
	var out []slot
	for side, stack := range s.Aisle[i].Sides {
		if onlySide >= 0 && side != onlySide || len(stack) == 0 {
			continue
		}
		out = append(out, slot{side, false})
		if billhook && len(stack) > 1 {
			out = append(out, slot{side, true})
		}
	}
	return out
}

// beginTake spends the chosen tools and starts the take. "The used tool
// is then returned to the bank" (text l.269): once the take is over
// (endTake), the shears' whole first sequence included (text l.272), so
// that the card taken cannot give the same counter straight back; under
// the first rules it went back at once (fixes.toolBackAfterTake).
func (s *walker) beginTake(tools []Tool) {
	t := s.Turn
	t.Took, t.Using, t.Taken = true, tools, 0
	p := s.player()
	for _, tool := range tools {
		p.Tools = slices.Delete(p.Tools, slices.Index(p.Tools, tool), slices.Index(p.Tools, tool)+1)
		if !s.fixed().toolBackAfterTake {
			s.ToolBank[tool]++
		}
	}
	if len(tools) > 0 {
		s.sayTurn("%s uses the %s.", s.name(), toolsText(tools))
	}
	if slices.Contains(tools, Boots) {
		t.Stage = stTakeSpace
		return
	}
	t.From, t.Stage = s.picker().Space-1, stTakeCard
}

// toolsText names tools for a sentence: "boots and the shears".
func toolsText(tools []Tool) string {
	names := make([]string, len(tools))
	for i, tool := range tools {
		names[i] = tool.String()
	}
	return strings.Join(names, " and the ")
}

// takeSpaceStep chooses the space behind the picker the boots reach.
func (s *walker) takeSpaceStep() step {
	st := step{Name: "space", Focus: FocusAisle, Prompt: "Beside which space behind you do you take?"}
	for _, i := range s.reachSpaces(s.Turn.Using) {
		o := option{Choice: engine.Choice{ID: "s" + strconv.Itoa(i+1)}, Do: func(s *walker) { s.Turn.From, s.Turn.Stage = i, stTakeCard }}
		if !s.NoLabels {
			o.Label = fmt.Sprintf("Space %d: left %s; right %s", i+1, stackText(s.Aisle[i].Sides[0]), stackText(s.Aisle[i].Sides[1]))
		}
		st.Opts = append(st.Opts, o)
	}
	return st
}

// cardStep chooses the card to take. The shears' second card must be
// available when it is taken: it may be the one the first uncovered.
func (s *walker) cardStep() step {
	t := s.Turn
	second := t.Stage == stSecondCard
	st := step{Name: "card", Focus: FocusAisle}
	if !s.NoLabels {
		st.Prompt = fmt.Sprintf("Which card beside space %d do you take?", t.From+1)
		if second {
			st.Prompt = fmt.Sprintf("Which second card beside space %d do you take with the shears?", t.From+1)
		}
	}
	billhook := !second && slices.Contains(t.Using, Billhook)
	onlySide := -1
	if second && s.Options.ShearsSameSide {
		onlySide = t.FirstSide
	}
	for _, sl := range s.reachable(t.From, billhook, onlySide) {
		o := option{Choice: engine.Choice{ID: sideNames[sl.side]}, Do: func(s *walker) { s.takeCard(sl) }}
		if sl.under {
			o.ID += "-under"
		}
		if !s.NoLabels {
			stack := s.Aisle[t.From].Sides[sl.side]
			o.Label = fmt.Sprintf("On the %s: %s", sideNames[sl.side], stack[len(stack)-1].shown())
			if sl.under {
				o.Label = fmt.Sprintf("Under it on the %s: %s", sideNames[sl.side], stack[0].shown())
			}
		}
		st.Opts = append(st.Opts, o)
	}
	if second {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "none", Label: "No second card"},
			Do: func(s *walker) { s.endTake() }})
	}
	return st
}

// takeCard takes one card: it reveals what was hidden, gives its tool if
// the bank has one (text l.203, A-15) and waits to be placed. A take that
// turns up hidden information ends the decision.
func (s *walker) takeCard(sl slot) {
	t := s.Turn
	stack := &s.Aisle[t.From].Sides[sl.side]
	k := len(*stack) - 1
	if sl.under {
		k = 0
	}
	p := (*stack)[k]
	*stack = slices.Delete(*stack, k, k+1)
	t.Taken++
	if t.Taken == 1 {
		t.FirstSide = sl.side
	}
	uncovered := len(*stack) == 1 && !(*stack)[0].Known
	if uncovered {
		(*stack)[0].Known = true
	}
	if !p.Known || uncovered {
		s.Drew = true
	}
	if !s.Quiet { // the card texts cost more than the take
		s.narrateTake(p, sl.side, uncovered)
	}
	c := p.Card
	t.Held, t.Stage = &c, stPlace
	if c.Tool == NoTool {
		return
	}
	if s.ToolBank[c.Tool] == 0 {
		s.sayTurn("The bank has no %s left, so %s gets none.", c.Tool, s.name())
		return
	}
	s.ToolBank[c.Tool]--
	pl := s.player()
	pl.Tools = append(pl.Tools, c.Tool)
	slices.Sort(pl.Tools)
	s.sayTurn("%s takes %s from the bank.", s.name(), c.Tool.article())
	if len(pl.Tools) > MaxTools {
		t.Stage = stToolReturn
	}
}

// narrateTake tells of a take from a side of the turn's space: the card
// taken, shown to its taker alone if it was hidden, and the card it
// uncovered.
func (s *walker) narrateTake(p Placed, side int, uncovered bool) {
	where := sideName(s.Turn.From, side)
	if p.Known {
		s.sayTurn("%s takes %s from %s.", s.name(), p.Text(), where)
	} else {
		s.reveal(s.seat(), "%s takes the covered card from %s: %s.", s.name(), where, p.Text())
	}
	if uncovered {
		s.reveal(engine.NoSeat, "The card under it on %s comes on top: %s.", where, s.Aisle[s.Turn.From].Sides[side][0].Text())
	}
}

// toolReturnStep returns one of three tools to the bank; it may be the new
// one (text l.203, A-15).
func (s *State) toolReturnStep() step {
	st := step{Name: "tool", Focus: FocusTools, Prompt: fmt.Sprintf("You may hold %d tools: which one goes back to the bank?", MaxTools)}
	for _, tool := range slices.Compact(slices.Clone(s.player().Tools)) {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "return-" + tool.String(), Label: "Return " + tool.article()},
			Do: func(s *walker) {
				p := s.player()
				i := slices.Index(p.Tools, tool)
				p.Tools = slices.Delete(p.Tools, i, i+1)
				s.ToolBank[tool]++
				s.sayTurn("%s returns %s to the bank.", s.name(), tool.article())
				s.Turn.Stage = stPlace
			}})
	}
	return st
}

// placeStep puts the card taken into a basket with room, or on the
// discard pile; an empty vine is always discarded (text l.199, l.207,
//
func (s *walker) placeStep() step {
	c := *s.Turn.Held
	st := step{Name: "basket", Focus: FocusBaskets}
	if !s.NoLabels {
		st.Prompt = fmt.Sprintf("Where does %s go?", c.Text())
	}
	discard := option{Choice: engine.Choice{ID: "discard", Label: "The discard pile"}, Do: func(s *walker) { s.place(-1) }}
	if c.Variety == EmptyVine {
		discard.Auto = true
		st.Opts = []option{discard}
		return st
	}
	p := s.player()
	for b, basket := range p.Baskets {
		if len(basket.Cards) < s.capacity(basket.Size) {
			o := option{Choice: engine.Choice{ID: "basket-" + strconv.Itoa(b+1)}, Do: func(s *walker) { s.place(b) }}
			if !s.NoLabels {
				o.Label = fmt.Sprintf("Basket %d (%s, %d of %d: %s)", b+1, basket.Size, len(basket.Cards), s.capacity(basket.Size), cardsText(basket.Cards))
			}
			st.Opts = append(st.Opts, o)
		}
	}
	st.Opts = append(st.Opts, discard)
	return st
}

// place puts the held card into basket b, or on the discard pile (-1),
// then goes on with the take.
func (s *walker) place(b int) {
	t := s.Turn
	c := *t.Held
	t.Held = nil
	if b < 0 {
		s.Discard = append(s.Discard, c)
		s.sayTurn("%s discards %s.", s.name(), c.Text())
	} else {
		basket := &s.player().Baskets[b]
		basket.Cards = append(basket.Cards, c)
		s.sayTurn("%s puts %s into basket %d.", s.name(), c.Text(), b+1)
	}
	if t.Taken == 1 && slices.Contains(t.Using, Shears) {
		t.Stage = stSecondCard
		if len(s.cardStep().Opts) > 1 { // a card besides "none"
			return
		}
	}
	s.endTake()
}

// endTake closes the take, the tools used going back to the bank, and
// goes back to the turn's menu.
func (s *walker) endTake() {
	t := s.Turn
	if s.fixed().toolBackAfterTake && len(t.Using) > 0 {
		for _, tool := range t.Using {
			s.ToolBank[tool]++
		}
		s.sayTurn("%s returns the %s to the bank, the take done.", s.name(), toolsText(t.Using))
	}
	t.Using, t.Taken, t.FirstSide, t.From, t.Stage = nil, 0, 0, 0, stMenu
}
