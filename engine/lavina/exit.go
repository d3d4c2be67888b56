package lavina

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// Reaching the exit (text l.211-261, §3.3): up to two deliveries of whole
// baskets plus wildcards, then upgrades of empty baskets.

// exitMenu is the step of a picker that reached the exit this turn.
func (s *walker) exitMenu() step {
	t := s.Turn
	st := step{Name: "action", Focus: FocusExit, Prompt: "You are out of the vineyard: deliver, upgrade a basket, or end your turn?"}
	p := s.player()
	for b := range p.Baskets {
		if t.Deliveries < MaxDeliveries && p.Barrels > 0 && len(s.takers(b)) > 0 {
			basket := p.Baskets[b]
			label := fmt.Sprintf("Deliver basket %d (%s; value %d)", b+1, cardsText(basket.Cards), cardsValue(basket.Cards))
			st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: fmt.Sprintf("deliver-%d", b+1), Label: label, Cost: "1 barrel"},
				Do: func(s *walker) { s.Turn.Basket, s.Turn.Stage = b, stWinery }})
		}
	}
	for b := range p.Baskets {
		if len(s.upgrades(b)) > 0 {
			basket := p.Baskets[b]
			st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: fmt.Sprintf("upgrade-%d", b+1), Label: fmt.Sprintf("Trade in basket %d (empty %s) for a bigger one", b+1, basket.Size)},
				Do: func(s *walker) { s.Turn.Basket, s.Turn.Stage = b, stUpgradeTo }})
		}
	}
	if s.Options.BootsAfterExit && !t.Took {
		st.Opts = append(st.Opts, s.takeOptions()...)
	}
	st.Opts = append(st.Opts, s.dumpOptions()...)
	st.Opts = append(st.Opts, doneOption("End your turn"))
	return st
}

// cardsValue is the total value of grape cards.
func cardsValue(cards []Card) int {
	n := 0
	for _, c := range cards {
		n += c.Value
	}
	return n
}

// accepts reports whether a winery takes the cards with w wildcards, each
// named as the best variety: the cooperative anything (text l.237),
// a monovarietal only its variety, a coupage at least two varieties
// with its own at least half the value (text l.235, A-23); the total, a
// wildcard adding 1, must reach the minimum (text l.223). A delivery is a
// basket's grapes: wildcards alone only under the A-20 option.
func (s *State) accepts(card WineryCard, cards []Card, w int) bool {
	if len(cards) == 0 && (w == 0 || !s.Options.WildcardOnlyDelivery) {
		return false
	}
	total := cardsValue(cards) + w
	if card.Cooperative {
		return true
	}
	if total < card.Min {
		return false
	}
	own, others := 0, map[Variety]bool{}
	for _, c := range cards {
		if c.Variety == card.Variety {
			own += c.Value
		} else {
			others[c.Variety] = true
		}
	}
	if !card.Coupage {
		return len(others) == 0
	}
	if len(others) == 0 {
		// One wildcard must be named as a second variety.
		own += w - 1
		return w >= 1 && own > 0 && 2*own >= total
	}
	own += w
	return 2*own >= total
}

// takers lists the wineries with an empty slot that take basket b with
// some number of the player's wildcards.
func (s *State) takers(b int) []int {
	var out []int
	for i := range s.Wineries {
		if len(s.wildcardCounts(b, i)) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// wildcardCounts lists how many wildcards may go with basket b to winery i.
func (s *State) wildcardCounts(b, i int) []int {
	w := &s.Wineries[i]
	if w.full() {
		return nil
	}
	var out []int
	p := s.player()
	for n := 0; n <= p.Wildcards; n++ {
		if s.accepts(w.Card, p.Baskets[b].Cards, n) {
			out = append(out, n)
		}
	}
	return out
}

// wineryStep chooses where the basket goes.
func (s *State) wineryStep() step {
	b := s.Turn.Basket
	st := step{Name: "winery", Focus: FocusWineries, Prompt: fmt.Sprintf("Which winery takes basket %d?", b+1)}
	for _, i := range s.takers(b) {
		w := s.Wineries[i]
		slot := w.Card.Slots[len(w.Barrels)]
		label := fmt.Sprintf("%s: slot %d of %d pays %s", w.Card.Text(), len(w.Barrels)+1, len(w.Card.Slots), slot.Text())
		if slot.Halves > 0 { // a multiplier: the figure it makes of this basket
			value := cardsValue(s.player().Baskets[b].Cards)
			label += fmt.Sprintf(": %d prestige for this basket's value of %d", slot.Pays(value), value)
		}
		if w.Seals > 0 && len(w.Barrels)+1 == len(w.Card.Slots) {
			label += fmt.Sprintf(", and its %s", plural(w.Seals, "seal", "seals"))
		}
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: wineryID(w.Card), Label: label},
			Do: func(s *walker) { s.Turn.Winery, s.Turn.Stage = i, stWildcards }})
	}
	return st
}

func wineryID(c WineryCard) string {
	if c.Cooperative {
		return "coop"
	}
	return c.ID
}

// wildcardsStep chooses how many wildcards join the delivery.
func (s *State) wildcardsStep() step {
	t := s.Turn
	w := s.Wineries[t.Winery]
	st := step{Name: "wildcards", Focus: FocusWineries, Prompt: "How many wildcard grapes do you add?"}
	cards := s.player().Baskets[t.Basket].Cards
	for _, n := range s.wildcardCounts(t.Basket, t.Winery) {
		value := cardsValue(cards) + n
		label := fmt.Sprintf("%s: value %d, %d prestige", plural(n, "wildcard", "wildcards"), value, w.Card.Slots[len(w.Barrels)].Pays(value))
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: fmt.Sprint(n), Label: label}, Auto: true,
			Do: func(s *walker) { s.deliver(n) }})
	}
	return st
}

// deliver makes the delivery: a barrel on the next slot, its reward, the
// seals if it was the last slot (text l.245-253, A-27), the cards to the
// discard pile and the wildcards back to the supply. The last barrel
// ends the game after this round (text l.313, A-28).
func (s *walker) deliver(wildcards int) {
	t := s.Turn
	p, w := s.player(), &s.Wineries[t.Winery]
	basket := &p.Baskets[t.Basket]
	value := cardsValue(basket.Cards) + wildcards
	slot := len(w.Barrels)
	reward := w.Card.Slots[slot].Pays(value)
	w.Barrels = append(w.Barrels, s.seat())
	p.Barrels--
	p.Prestige += reward
	p.Wildcards -= wildcards
	s.WildcardSupply += wildcards
	with := ""
	if wildcards > 0 {
		with = " with " + plural(wildcards, "wildcard", "wildcards")
	}
	s.sayTurn("%s delivers basket %d (%s)%s, value %d, to %s: slot %d pays %d prestige.",
		s.name(), t.Basket+1, cardsText(basket.Cards), with, value, w.Card.Text(), slot+1, reward)
	s.Discard = append(s.Discard, basket.Cards...)
	basket.Cards = nil
	if w.full() && w.Seals > 0 {
		p.Prestige += w.Seals
		s.sayTurn("%s fills the last slot of %s and takes its %s.", s.name(), w.Card.ID, plural(w.Seals, "quality seal", "quality seals"))
		w.Seals = 0
	}
	t.Deliveries++
	t.Stage = stMenu
	if p.Barrels == 0 && !s.Ending {
		s.Ending = true
		s.sayTurn("That was %s's last barrel: the game ends when every picker has left the vineyard this round.", s.name())
	}
}

// A Trade is one of a seat's empty baskets traded in for a bigger one
// (text l.255, A-18): what it costs in prestige, and whether the seat's
// prestige pays it.
type Trade struct {
	Basket     int  `json:"basket"`
	Size       Size `json:"size"`
	Prestige   int  `json:"prestige"`
	Affordable bool `json:"affordable"`
}

// Trades lists the trades seat's baskets may make at the exit: each empty
// basket not traded yet this exit, for each bigger size the supply has.
// The exit offers the affordable ones, and the focused view draws them
// all.
func (s *State) Trades(seat engine.Seat) []Trade {
	p := &s.Seats[seat]
	var out []Trade
	for b, basket := range p.Baskets {
		if len(basket.Cards) > 0 || s.Turn != nil && s.seat() == seat && s.Turn.Upgraded[b] {
			continue
		}
		for z := basket.Size + 1; z < NumSizes; z++ {
			if s.BasketSupply[z] > 0 && s.capacity(z) > s.capacity(basket.Size) {
				cost := s.upgradeCost(basket.Size, z)
				out = append(out, Trade{Basket: b, Size: z, Prestige: cost, Affordable: cost <= p.Prestige})
			}
		}
	}
	return out
}

// upgrades lists the trades basket b of the player to act may make now:
// the affordable ones.
func (s *State) upgrades(b int) []Trade {
	var out []Trade
	for _, t := range s.Trades(s.seat()) {
		if t.Basket == b && t.Affordable {
			out = append(out, t)
		}
	}
	return out
}

func (s *State) upgradeCost(from, to Size) int {
	return s.data.Baskets[to].Price.V - s.data.Baskets[from].Price.V
}

// upgradeStep chooses the new basket.
func (s *State) upgradeStep() step {
	b := s.Turn.Basket
	old := s.player().Baskets[b].Size
	st := step{Name: "size", Focus: FocusSupply, Prompt: fmt.Sprintf("Which basket replaces your empty %s basket %d?", old, b+1)}
	for _, t := range s.upgrades(b) {
		z, cost := t.Size, t.Prestige
		price := fmt.Sprintf("%d prestige", cost)
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: z.String(), Cost: price,
			Label: fmt.Sprintf("A %s basket, holding %d (%d left in the supply), for %s", z, s.capacity(z), s.BasketSupply[z], price)},
			Do: func(s *walker) {
				p := s.player()
				p.Prestige -= cost
				s.BasketSupply[z]--
				p.Baskets[b].Size = z
				s.Turn.Upgraded[b] = true
				s.Turn.Stage = stMenu
				s.sayTurn("%s trades in the %s basket %d for a %s one, paying %d prestige; the old basket leaves the game.", s.name(), old, b+1, z, cost)
			}})
	}
	return st
}
