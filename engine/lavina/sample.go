package lavina

import (
	"cmp"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// Sample is the state as seat might find it, for an AI to search: seat's
// view (View) is kept and what it cannot see is drawn again from rng.
//
// Cards: seat cannot place the deck's cards nor the covered cards whose
// tool it has not seen (it sees their variety and value, not which copy
// they are, A-14). Those are the 72 less the open ones, so seat knows them
// as a set; a sample puts them in ID order, shuffles them, gives each
// hidden covered card the first of its variety and value (a uniform draw
// among the copies it may be) and deals the rest as the deck.
//
// Prestige: the others' is private and copying it would let the
// search peek; see redrawPrestige. The generator is seeded afresh.
//
// So a sample depends on nothing but seat's view and rng: two states that
// differ only in what seat cannot see give the same samples.
func (s *State) Sample(seat engine.Seat, rng *engine.RNG) engine.State {
	c := s.clone()
	var hidden []*Placed
	pool := slices.Clone(c.Deck)
	for i := range c.Aisle {
		for side := range c.Aisle[i].Sides {
			for k, p := range c.Aisle[i].Sides[side] {
				if !p.Known {
					hidden = append(hidden, &c.Aisle[i].Sides[side][k])
					pool = append(pool, p.Card)
				}
			}
		}
	}
	pool = engine.Shuffled(rng, pool, func(a, b Card) int { return cmp.Compare(a.ID, b.ID) })
	for _, p := range hidden {
		k := slices.IndexFunc(pool, func(d Card) bool { return d.Variety == p.Variety && d.Value == p.Value })
		p.Card = pool[k] // the card itself is among them
		pool = slices.Delete(pool, k, k+1)
	}
	c.Deck = pool
	if !c.scoresShown() {
		for i := range c.Seats {
			if engine.Seat(i) != seat {
				c.Seats[i].Prestige = c.redrawPrestige(engine.Seat(i), rng)
			}
		}
	}
	c.RNG = engine.NewRNG(rng.Uint64())
	return c
}

// redrawPrestige draws a prestige for seat from what the table sees. The
// table hears every delivery and purchase announced, but the state keeps
// only their traces: the starting prestige (by turn position), the basket
// sizes, whose upgrades cost their price difference whatever the path, and
// seat's barrels on the wineries' slots. A fixed slot's reward is exact; a
// multiplier's depends on the value delivered, which the discard pile does
// not tell, so it is drawn from the winery's minimum to 3 above it (the
// cooperative, with no minimum: 2 to 8, a basket of two or three cards);
// filling a winery's last slot took the seals it had then, one per round
// before, so 0 to Round-1 of them. Drawn rewards may fall short of what
// the upgrades cost; prestige is never negative. This is a plausible
// spread, not the exact posterior, which would need the game's log.
func (s *State) redrawPrestige(seat engine.Seat, rng *engine.RNG) int {
	p := s.Seats[seat]
	prestige := s.count().StartPrestige[s.position(seat)]
	for b, start := range [2]Size{Small, Medium} { // the baskets at setup
		prestige -= s.upgradeCost(start, p.Baskets[b].Size)
	}
	for _, w := range s.Wineries {
		for slot, owner := range w.Barrels {
			if owner != seat {
				continue
			}
			prestige += drawnReward(w.Card, slot, rng)
			if !w.Card.Cooperative && slot == len(w.Card.Slots)-1 {
				prestige += between(rng, 0, s.Round-1)
			}
		}
	}
	return max(0, prestige)
}

// drawnReward is what a delivery to slot of winery c pays: exact on a
// fixed slot; on a multiplier slot, for a value drawn from the winery's
// minimum to 3 above it (the cooperative, with no minimum: 2 to 8, a
// basket of two or three cards).
func drawnReward(c WineryCard, slot int, rng *engine.RNG) int {
	r := c.Slots[slot]
	if r.Halves == 0 {
		return r.Fixed
	}
	if c.Cooperative {
		return r.Pays(between(rng, 2, 8))
	}
	return r.Pays(between(rng, c.Min, c.Min+3))
}

// between draws an integer from lo to hi.
func between(rng *engine.RNG, lo, hi int) int { return lo + rng.IntN(hi-lo+1) }

var _ engine.Sampler = (*State)(nil)
