package lavina

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// refuse explains why id does not answer step st, saying the rule, with
// the answers that do. A walk lists steps without their prompts: st is
// listed again with them.
func (s *walker) refuse(st step, id string) error {
	s.NoLabels = false
	st, _ = s.List()
	reason := s.why(st, id)
	if reason == "" {
		reason = fmt.Sprintf("it is not among the answers to %q.", st.Prompt)
	}
	ids := make([]string, len(st.Opts))
	for i, o := range st.Opts {
		ids[i] = o.ID
	}
	return engine.Errorf(engine.CodeUnknownChoice, "%s: %s Choices for %s: %s.", engine.Quote(id), reason, st.Name, strings.Join(ids, ", "))
}

// why names the rule an answer breaks, by the kind of answer it is.
func (s *walker) why(st step, id string) string {
	t, p := s.Turn, s.player()
	switch {
	case strings.HasPrefix(id, "take"):
		return s.whyNotTake(id)
	case id == "done" && !t.Moved:
		return "you must move your picker forward this turn." // text l.193
	case id == "move" && t.Moved:
		return "you have moved already: one move per turn." // text l.193
	case id == "move" && s.atExit():
		return "your picker is out of the vineyard for this round." // text l.259
	case st.Name == "to":
		return s.whyNotMove(id)
	case strings.HasSuffix(id, "-under"):
		return "only the upper card of a side is available; the billhook, for the first card, takes a covered one." // text l.197, l.271
	case strings.HasPrefix(id, "basket-"):
		if b, ok := basketNumber(id, "basket-"); ok {
			return fmt.Sprintf("basket %d is full: it holds %d cards.", b+1, s.capacity(p.Baskets[b].Size)) // text l.199
		}
	case strings.HasPrefix(id, "dump-"):
		return "a dump moves all of one basket into the other, only if it all fits, or into the discard pile; an empty basket has nothing to dump." // text l.209
	case strings.HasPrefix(id, "deliver-"):
		return s.whyNotDeliver(id)
	case strings.HasPrefix(id, "upgrade-"):
		return s.whyNotUpgrade(id)
	case strings.HasPrefix(id, "return-"):
		return "you can only return a tool you hold." // text l.203
	case strings.HasPrefix(st.Name, "winery"):
		return s.whyNotWinery(id)
	case strings.HasPrefix(st.Name, "wildcards"):
		if n, err := strconv.Atoi(id); err == nil && n > p.Wildcards {
			return fmt.Sprintf("you have %s.", plural(p.Wildcards, "wildcard", "wildcards")) // text l.215
		}
		return "with that many wildcards the delivery does not meet the winery's request." // text l.223-239
	case strings.HasPrefix(st.Name, "size"):
		return "the new basket must be bigger, in the supply, and affordable: you pay the difference in price." // text l.255, A-18
	}
	return ""
}

func basketNumber(id, prefix string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(id, prefix))
	return n - 1, err == nil && n >= 1 && n <= BasketsHeld
}

func (s *State) whyNotTake(id string) string {
	t := s.Turn
	if t.Took {
		return "you have taken already this turn: one take, before or after moving." // text l.197, A-10
	}
	if s.atExit() && !s.Options.BootsAfterExit {
		return "the exit has no cards beside it, and your turn's takes are over once you are out."
	}
	names := strings.Split(id, "-")[1:]
	for k, name := range names {
		i := slices.IndexFunc(Tools[:], func(tool Tool) bool { return tool.String() == name })
		if slices.Contains(names[:k], name) {
			return "a take combines two different tools at most." // text l.287, A-10
		}
		if i < 0 {
			return "the tools are billhook, boots and shears, two different ones at most." // text l.287
		}
		if !slices.Contains(s.player().Tools, Tools[i]) {
			return fmt.Sprintf("you hold no %s.", Tools[i]) // text l.265
		}
	}
	if s.picker().Space == 0 {
		return "there are no cards beside the entrance, and nothing lies behind it."
	}
	return "no card is within reach of that take." // text l.197, l.271-273
}

func (s *State) whyNotMove(id string) string {
	var space int
	var box string
	if _, err := fmt.Sscanf(strings.Replace(id, "-", " ", 1), "s%d %s", &space, &box); err != nil {
		return ""
	}
	switch {
	case space <= s.picker().Space:
		return "a picker moves forward, to a space farther down the aisle than the one he is in." // text l.195
	case space > len(s.Aisle):
		return fmt.Sprintf("the aisle has %d spaces; beyond them is the exit.", len(s.Aisle)) // text l.193
	case s.Options.FirstArrivalFront && len(s.freeBoxes(space)) == 2:
		return "the first picker in a space takes its front box in this game." // A-2, an option of the game
	}
	return "that box is taken: each box holds one picker." // text l.195
}

func (s *State) whyNotDeliver(id string) string {
	b, ok := basketNumber(id, "deliver-")
	p := s.player()
	switch {
	case !ok:
		return ""
	case !s.atExit():
		return "deliveries are made when your picker reaches the exit." // text l.211
	case s.Turn.Deliveries >= MaxDeliveries:
		return "one or two deliveries per exit." // text l.222
	case p.Barrels == 0:
		return "you have no barrel left to place." // text l.245
	case len(p.Baskets[b].Cards) == 0:
		return fmt.Sprintf("basket %d is empty: a delivery is all the grapes of one basket.", b+1) // text l.222, A-20
	}
	return fmt.Sprintf("no winery with an empty slot takes basket %d as it is.", b+1) // text l.223-239
}

func (s *State) whyNotUpgrade(id string) string {
	b, ok := basketNumber(id, "upgrade-")
	switch {
	case !ok:
		return ""
	case !s.atExit():
		return "baskets are upgraded at the exit." // text l.255, A-18
	case len(s.player().Baskets[b].Cards) > 0:
		return "only an empty basket can be traded in." // text l.255
	case s.Turn.Upgraded[b]:
		return "each basket is traded in at most once per exit."
	}
	return "the supply has no bigger basket you can pay the difference for." // text l.255, A-18
}

func (s *State) whyNotWinery(id string) string {
	i := slices.IndexFunc(s.Wineries, func(w Winery) bool { return strings.EqualFold(wineryID(w.Card), id) })
	if i < 0 {
		return "no winery in play has that name."
	}
	w := s.Wineries[i]
	cards := s.player().Baskets[s.Turn.Basket].Cards
	most := cardsValue(cards) + s.player().Wildcards
	switch {
	case w.full():
		return fmt.Sprintf("%s has no empty delivery slot.", w.Card.ID) // text l.245
	case most < w.Card.Min:
		return fmt.Sprintf("%s wants a value of %d or more; the basket and your wildcards make %d.", w.Card.ID, w.Card.Min, most) // text l.223
	case !w.Card.Coupage:
		return fmt.Sprintf("%s makes a monovarietal wine: only %s.", w.Card.ID, w.Card.Variety) // text l.223, A-22
	}
	return fmt.Sprintf("%s makes a coupage: at least two varieties, %s at least half the value.", w.Card.ID, w.Card.Variety) // text l.235, A-23
}
