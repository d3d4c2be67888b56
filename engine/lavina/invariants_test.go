package lavina

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// invariants checks what must hold between any two decisions: every card
// somewhere, tools (in use too), barrels and wildcards conserved, baskets within their
// capacity, at most two tools in hand, pickers on distinct boxes.
func invariants(s *State) error {
	count := s.count()
	cards := len(s.Deck) + len(s.Discard)
	for _, space := range s.Aisle {
		for _, stack := range space.Sides {
			if len(stack) > CardsPerSide {
				return fmt.Errorf("a side holds %d cards", len(stack))
			}
			if len(stack) > 0 && !stack[len(stack)-1].Known {
				return fmt.Errorf("an upper card's tool is hidden")
			}
			cards += len(stack)
		}
	}
	if s.Turn != nil && s.Turn.Held != nil {
		cards++
	}
	var tools [4]int
	barrels, wildcards := 0, s.WildcardSupply
	if s.ExitWildcard {
		wildcards++
	}
	for seat, p := range s.Seats {
		// A turn paused at a take may still owe the return of a third tool.
		returning := s.Turn != nil && s.Turn.Stage == stToolReturn && s.seat() == engine.Seat(seat)
		if len(p.Tools) > MaxTools && !(returning && len(p.Tools) == MaxTools+1) {
			return fmt.Errorf("seat %d holds %d tools", seat, len(p.Tools))
		}
		for _, t := range p.Tools {
			tools[t]++
		}
		// Tools in use go back to the bank after the take (text l.269).
		if s.Turn != nil && s.seat() == engine.Seat(seat) && s.fixed().toolBackAfterTake {
			for _, t := range s.Turn.Using {
				tools[t]++
			}
		}
		for b, basket := range p.Baskets {
			if len(basket.Cards) > s.capacity(basket.Size) {
				return fmt.Errorf("seat %d basket %d holds %d cards, more than a %s basket", seat, b+1, len(basket.Cards), basket.Size)
			}
			for _, c := range basket.Cards {
				if c.Variety == EmptyVine {
					return fmt.Errorf("seat %d keeps an empty vine in a basket", seat)
				}
			}
			cards += len(basket.Cards)
		}
		if p.Prestige < 0 || p.Barrels < 0 || p.Wildcards < 0 {
			return fmt.Errorf("seat %d has a negative counter: %+v", seat, p)
		}
		barrels += p.Barrels
		wildcards += p.Wildcards
	}
	if cards != GrapeCards {
		return fmt.Errorf("%d grape cards in the game, want %d", cards, GrapeCards)
	}
	for _, t := range Tools {
		if tools[t]+s.ToolBank[t] != count.ToolsEach {
			return fmt.Errorf("%d %s counters held or in use and %d in the bank, want %d in all", tools[t], t, s.ToolBank[t], count.ToolsEach)
		}
	}
	for _, w := range s.Wineries {
		if len(w.Barrels) > len(w.Card.Slots) {
			return fmt.Errorf("%s holds %d barrels on %d slots", w.Card.ID, len(w.Barrels), len(w.Card.Slots))
		}
		if w.Card.Cooperative && w.Seals > 0 {
			return fmt.Errorf("the cooperative has seals")
		}
		barrels += len(w.Barrels)
	}
	if barrels != count.Barrels*len(s.Seats) {
		return fmt.Errorf("%d barrels in the game, want %d", barrels, count.Barrels*len(s.Seats))
	}
	if wildcards != Wildcards {
		return fmt.Errorf("%d wildcards in the game, want %d", wildcards, Wildcards)
	}
	seen := map[[2]int]bool{}
	for _, p := range s.Pickers {
		key := [2]int{p.Space, p.Slot}
		if seen[key] {
			return fmt.Errorf("two pickers share space %d, slot %d", p.Space, p.Slot)
		}
		seen[key] = true
		if p.Space >= 1 && p.Space <= len(s.Aisle) && p.Slot != BackBox && p.Slot != FrontBox {
			return fmt.Errorf("a picker stands in box %d", p.Slot)
		}
	}
	return nil
}
