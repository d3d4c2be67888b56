package lavina

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// The turn of the picker farthest back (text l.185-209, §3.2): one take
// before or after the move, the mandatory move, dumps at any time.

func (s *State) picker() *Picker             { return &s.Pickers[s.Turn.Picker] }
func (s *State) seat() engine.Seat           { return s.picker().Owner }
func (s *State) player() *Player             { return &s.Seats[s.seat()] }
func (s *State) atExit() bool                { return s.picker().Space == s.exitSpace() }
func (s *State) name() string                { return s.player().Name }
func (s *walker) sayTurn(f string, a ...any) { s.say(s.seat(), f, a...) }

// ownPickers lists seat's pickers still in the aisle or at the entrance.
func (s *State) ownPickers(seat engine.Seat) []int {
	var out []int
	for _, i := range s.inPlay() {
		if s.Pickers[i].Owner == seat {
			out = append(out, i)
		}
	}
	return out
}

// turnMenu is the step of a picker in the aisle or at the entrance.
func (s *walker) turnMenu() step {
	t := s.Turn
	st := step{Name: "action", Focus: FocusAisle, Prompt: "Take a card, then move? Move, then take a card? (You must move forward this turn.)"}
	if t.Moved {
		st.Prompt = "Anything else this turn?"
	}
	if !t.Took {
		st.Opts = append(st.Opts, s.takeOptions()...)
	}
	if !t.Moved {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "move", Label: "Move your picker forward"},
			Do: func(s *walker) { s.Turn.Stage = stMoveTo }})
	}
	st.Opts = append(st.Opts, s.dumpOptions()...)
	if t.Moved {
		st.Opts = append(st.Opts, doneOption("End your turn"))
	}
	return st
}

func doneOption(label string) option {
	return option{Choice: engine.Choice{ID: "done", Label: label}, Do: func(s *walker) { s.Turn.Stage = stDone }}
}

// pickerStep chooses which of a player's two pickers moves, under the
// "either" reading of A-3.
func (s *State) pickerStep() step {
	st := step{Name: "picker", Focus: FocusAisle, Prompt: "Which of your pickers moves? (A-3)"}
	own := s.ownPickers(s.seat())
	slices.SortFunc(own, func(a, b int) int {
		if s.fixed().pickerIDsInPlayOrder {
			// "rear" is the picker farther back, whose turn it is; at the
			// entrance a queue place counts from the back, not as a box.
			if s.behind(a, b) {
				return -1
			}
			return 1
		}
		return s.Pickers[a].Space*2 + s.Pickers[a].Slot - s.Pickers[b].Space*2 - s.Pickers[b].Slot
	})
	for k, i := range own {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: [...]string{"rear", "ahead"}[k], Label: "The picker " + s.whereText(s.Pickers[i])},
			Do: func(s *walker) { s.Turn.Picker, s.Turn.Stage = i, stMenu }})
	}
	return st
}

// whereText says where a picker stands: "at the entrance", "in space 3,
// front box".
func (s *State) whereText(p Picker) string {
	switch p.Space {
	case 0:
		return "at the entrance"
	case s.exitSpace():
		return "at the exit"
	}
	return fmt.Sprintf("in space %d, %s box", p.Space, boxNames[p.Slot])
}

// moveStep lists every empty box in a later space, and the exit, which
// always has room (text l.193-195, A-2, A-5, A-6).
func (s *walker) moveStep() step {
	st := step{Name: "to", Focus: FocusAisle, Prompt: "Where does your picker move? Any empty box in a space ahead, or the exit."}
	from := s.picker().Space
	for space := from + 1; space <= len(s.Aisle); space++ {
		free := s.freeBoxes(space)
		if s.Options.FirstArrivalFront && len(free) == 2 {
			free = free[:1] // the first arrival takes the front box
		}
		for _, box := range free {
			o := option{Choice: engine.Choice{ID: "s" + strconv.Itoa(space) + "-" + boxNames[box]},
				Do: func(s *walker) { s.moveTo(space, box) }}
			if !s.NoLabels {
				o.Label = fmt.Sprintf("Space %d, %s box", space, boxNames[box])
			}
			st.Opts = append(st.Opts, o)
		}
	}
	st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "exit", Label: "The exit: leave the vineyard for this round"},
		Do: func(s *walker) { s.moveTo(s.exitSpace(), len(s.ExitOrder)) }})
	return st
}

// freeBoxes lists a space's empty boxes, front first.
func (s *State) freeBoxes(space int) []int {
	var out []int
	for _, box := range []int{FrontBox, BackBox} {
		if !slices.ContainsFunc(s.Pickers, func(p Picker) bool { return p.Space == space && p.Slot == box }) {
			out = append(out, box)
		}
	}
	return out
}

// moveTo moves the turn's picker; at the exit it takes the wildcard if it
// lies there (text l.215).
func (s *walker) moveTo(space, slot int) {
	p := s.picker()
	p.Space, p.Slot = space, slot
	s.Turn.Moved, s.Turn.Stage = true, stMenu
	if space != s.exitSpace() {
		s.sayTurn("%s moves to space %d, %s box.", s.name(), space, boxNames[slot])
		return
	}
	s.ExitOrder = append(s.ExitOrder, s.Turn.Picker)
	s.sayTurn("%s's picker reaches the exit, %s out this round.", s.name(), ordinal(len(s.ExitOrder)))
	if s.ExitWildcard {
		s.ExitWildcard = false
		s.player().Wildcards++
		s.sayTurn("%s is first out and takes the wildcard grape (now %d).", s.name(), s.player().Wildcards)
	}
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}

// dumpOptions empties a basket into the other, if it all fits, or into the
// discard pile (text l.209, A-16).
func (s *walker) dumpOptions() []option {
	var out []option
	p := s.player()
	for b := range p.Baskets {
		cards := p.Baskets[b].Cards
		if len(cards) == 0 {
			continue
		}
		o, id := 1-b, "dump-"+strconv.Itoa(b+1)
		into := option{Choice: engine.Choice{ID: id + "-into-" + strconv.Itoa(o+1)}, Do: func(s *walker) { s.dump(b, o) }}
		discard := option{Choice: engine.Choice{ID: id}, Do: func(s *walker) { s.dump(b, -1) }}
		if !s.NoLabels {
			into.Label = fmt.Sprintf("Dump basket %d (%s) into basket %d", b+1, cardsText(cards), o+1)
			discard.Label = fmt.Sprintf("Dump basket %d (%s) into the discard pile", b+1, cardsText(cards))
		}
		if len(cards)+len(p.Baskets[o].Cards) <= s.capacity(p.Baskets[o].Size) {
			out = append(out, into)
		}
		out = append(out, discard)
	}
	return out
}

// dump empties basket b into basket into, or into the discard pile (-1).
func (s *walker) dump(b, into int) {
	p := s.player()
	cards := p.Baskets[b].Cards
	p.Baskets[b].Cards = nil
	if into < 0 {
		s.Discard = append(s.Discard, cards...)
		s.sayTurn("%s dumps basket %d (%s) into the discard pile.", s.name(), b+1, cardsText(cards))
		return
	}
	p.Baskets[into].Cards = append(p.Baskets[into].Cards, cards...)
	s.sayTurn("%s dumps basket %d (%s) into basket %d.", s.name(), b+1, cardsText(cards), into+1)
}

// capacity is how many grape cards a basket of the size holds.
func (s *State) capacity(z Size) int { return s.data.Baskets[z].Capacity.V }
