package vinhos

import (
	"cmp"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// Sample is the state as seat might find it, for an AI to search: what the
// seat sees (View) is kept, and what it does not see is drawn again from
// rng. Every seat sees the same but for the Wine Experts the others chose
// in secret for an R10 Fair, which are drawn again among those they may
// play (any number up to their Fair tile's). Below each Vineyard
// and Wine Expert deck's face-up top the tiles are shuffled; the Vintage
// tiles, the Magnate deck (its Action tiles above its Multipliers, as at
// setup) and Lacerda's two decks are shuffled whole; the generator is
// seeded afresh. A hidden deck is put in order before it is shuffled, so
// that a sample depends on nothing but the view and rng: two states that
// differ only in what nobody sees give the same samples.
//
// It forgets what a player learned of a deck's order by rearranging it
// with a Wine Expert: the table sees only the new top.
func (s *State) Sample(seat engine.Seat, rng *engine.RNG) engine.State {
	c := s.clone()
	for r := range c.Regions {
		c.Regions[r].Deck = shuffledBelowTop(rng, c.Regions[r].Deck, compareVineyards)
	}
	for f := range c.Experts {
		c.Experts[f] = shuffledBelowTop(rng, c.Experts[f], cmp.Compare)
	}
	c.VintageDeck = engine.Shuffled(rng, c.VintageDeck, cmp.Compare)
	c.Deck = slices.Clone(c.Deck)
	shuffleWithin(rng, c.Deck, func(id int) bool { return id < NumMagnateActionTiles })
	shuffleWithin(rng, c.Deck, func(id int) bool { return id >= NumMagnateActionTiles })
	if c.Solo != nil {
		c.Solo.Actions = engine.Shuffled(rng, c.Solo.Actions, cmp.Compare)
		c.Solo.Numbers = engine.Shuffled(rng, c.Solo.Numbers, cmp.Compare)
	}
	if c.At == PhaseFairPicks {
		for i := range c.Seats {
			if other := engine.Seat(i); other != seat && c.Done[i] {
				c.Seats[i].FairPicks = c.drawPicks(other, rng)
			}
		}
	}
	c.RNG = engine.NewRNG(rng.Uint64())
	return c
}

// drawPicks draws a secret choice seat might have made: some of the
// Experts it may play, at most its Fair tile's number.
func (s *State) drawPicks(seat engine.Seat, rng *engine.RNG) []int {
	var ids []int
	for _, k := range s.playable(seat) {
		ids = append(ids, s.Seats[seat].Experts[k].ID)
	}
	if len(ids) == 0 {
		return nil
	}
	ids = engine.Shuffled(rng, ids, cmp.Compare)
	return ids[:rng.IntN(min(len(ids), s.FairSlots[s.fairSlot(seat)].Tile)+1)]
}

// shuffledBelowTop is deck with its face-up top kept and the rest shuffled.
func shuffledBelowTop[T any](rng *engine.RNG, deck []T, compare func(a, b T) int) []T {
	if len(deck) < 2 {
		return deck
	}
	return append(deck[:1:1], engine.Shuffled(rng, deck[1:], compare)...)
}

func compareVineyards(a, b VineyardTile) int {
	return cmp.Or(cmp.Compare(a.Color, b.Color), cmp.Compare(a.Cost.V, b.Cost.V), cmp.Compare(a.Cost.Src, b.Cost.Src))
}

// shuffleWithin shuffles the tiles of one kind among the places they hold.
func shuffleWithin(rng *engine.RNG, deck []int, kind func(int) bool) {
	tiles := engine.Shuffled(rng, slices.DeleteFunc(slices.Clone(deck), func(id int) bool { return !kind(id) }), cmp.Compare)
	for i, id := range deck {
		if kind(id) {
			deck[i], tiles = tiles[0], tiles[1:]
		}
	}
}

var _ engine.Sampler = (*State)(nil)
