package vinhos

import "github.com/adega-bot/adega/engine"

// Prices: what a seat pays in Bagos for each thing a decision offers for
// money, and whether its cash covers it. The steps charge and refuse by
// these functions, and the focused views draw them, so a picture never
// shows a price the rules do not charge.

// A Price is what a seat pays for one thing and whether its cash covers
// it.
type Price struct {
	Bagos      int
	Affordable bool
}

// pay is the price of bagos Bagos for seat.
func (s *State) pay(seat engine.Seat, bagos int) Price {
	return Price{Bagos: bagos, Affordable: bagos <= s.Seats[seat].Money}
}

// vineyardPrice is what seat pays for vineyard t with discount Bagos off
// (a Wine Expert's, a Magnate tile's or benefit's), never less than 0.
func (s *State) vineyardPrice(seat engine.Seat, t VineyardTile, discount int) Price {
	return s.pay(seat, max(0, t.Cost.V-discount))
}

// initialVineyardPrice is what seat pays for its first estate's vineyard
// t in the setup: free, or its cost where the mode charges it (R10 §2.13).
func (s *State) initialVineyardPrice(seat engine.Seat, t VineyardTile) Price {
	if !s.rules().initialVineyardPaid {
		return s.pay(seat, 0)
	}
	return s.vineyardPrice(seat, t, 0)
}

// VineyardPrice is what seat pays now for region r's top vineyard: in the
// setup the first estate's, in a turn its printed cost before any Wine
// Expert's discount. False if r is out of play or has none left.
func (s *State) VineyardPrice(seat engine.Seat, r RegionID) (Price, bool) {
	reg := &s.Regions[r]
	if !reg.InPlay || len(reg.Deck) == 0 {
		return Price{}, false
	}
	if s.At == PhaseInitialVineyard {
		return s.initialVineyardPrice(seat, reg.Deck[0]), true
	}
	return s.vineyardPrice(seat, reg.Deck[0], 0), true
}

// movePrice is what moving seat's Action marker to c costs, the fee and
// Lacerda's bribe together; with freeMove (a face-up Wine Expert that
// may still be used) the fee may be waived but the bribe is still due.
func (s *State) movePrice(seat engine.Seat, c Cell, freeMove bool) Price {
	fee, bribe := s.moveCost(seat, c)
	p := s.pay(seat, fee+bribe)
	if freeMove && !p.Affordable {
		p.Affordable = s.pay(seat, bribe).Affordable
	}
	return p
}

// MovePrice is what moving seat's Action marker to c costs at the start of
// its turn, when its face-up free-move Wine Expert may still waive the fee.
func (s *State) MovePrice(seat engine.Seat, c Cell) Price {
	return s.movePrice(seat, c, s.faceUpAbility(seat, ExpertFreeMove) >= 0)
}

// ActionPrice is what one item of the Quadrel's action act costs seat in
// its game's mode: a Cellar, a Winery, a Wine Expert, an Enologist; 0 for
// an action that buys nothing or at printed costs (Vineyards).
func (s *State) ActionPrice(seat engine.Seat, act Action) Price {
	return s.pay(seat, s.rules().actions[act].price)
}

// FarmerPrice is what a Farmer of the Enologists action costs seat, and
// false where the mode has no Farmers to hire there.
func (s *State) FarmerPrice(seat engine.Seat) (Price, bool) {
	run := &s.rules().actions[ActEnologists]
	return s.pay(seat, run.farmerPrice), run.farmers
}
