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

// pay is the price of bagos Bagos for seat: nobody's (engine.NoSeat)
// is never affordable.
func (s *State) pay(seat engine.Seat, bagos int) Price {
	return Price{Bagos: bagos, Affordable: seat >= 0 && int(seat) < len(s.Seats) && bagos <= s.Seats[seat].Money}
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

// decision is seat's decision in progress, if s shows one: the one a
// Preview walked into, or one paused at a hidden tile.
func (s *State) decision(seat engine.Seat) *work {
	for _, d := range []*work{s.deciding, s.Paused} {
		if d != nil && d.seat == seat {
			return d
		}
	}
	return nil
}

// VineyardPrice is what seat pays now for region r's top vineyard: in the
// setup the first estate's; in a turn its printed cost, less the
// discount of the purchase under way (a Wine Expert's, a Magnate tile's
// or benefit's). False if r is out of play or has none left.
func (s *State) VineyardPrice(seat engine.Seat, r RegionID) (Price, bool) {
	reg := &s.Regions[r]
	if !reg.InPlay || len(reg.Deck) == 0 {
		return Price{}, false
	}
	if s.At == PhaseInitialVineyard {
		return s.initialVineyardPrice(seat, reg.Deck[0]), true
	}
	discount := 0
	if d := s.decision(seat); d != nil && d.run.kind == runVineyards {
		discount = d.run.discount
	}
	return s.vineyardPrice(seat, reg.Deck[0], discount), true
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

// MovePrice is what moving seat's Action marker to c costs in its turn,
// where its face-up free-move Wine Expert may waive the fee unless the
// turn used its Expert already.
func (s *State) MovePrice(seat engine.Seat, c Cell) Price {
	d := s.decision(seat)
	return s.movePrice(seat, c, s.freeMove(seat, d != nil && d.expertUsed))
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

// ExpertPrice is what seat pays for the top Wine Expert of a deck at its
// decision: in a hire under way, the hire's price (the action's, a
// Magnate tile's, a benefit's); an Expert owed (a region's, the Fair's)
// nothing; else, in a turn, the Wine Experts action's, and nothing
// outside one.
func (s *State) ExpertPrice(seat engine.Seat) Price {
	if d := s.decision(seat); d != nil {
		switch {
		case d.experts > 0:
			return s.pay(seat, 0)
		case d.run.kind == runExperts:
			return s.pay(seat, d.run.price)
		}
	}
	if s.At != PhaseActions && s.At != PhaseFinalAction {
		return s.pay(seat, 0)
	}
	return s.ActionPrice(seat, ActWineExperts)
}

// A Purchase is an item the decision in progress buys, and its price.
type Purchase struct {
	Item  string // "Winery", "Cellar", "Enologist", "Farmer"
	Price Price
}

// Buying lists what seat's decision in progress (a Preview's, or one
// paused) buys for a set price: a building, or the workers it may hire;
// none outside such an action.
func (s *State) Buying(seat engine.Seat) []Purchase {
	d := s.decision(seat)
	if d == nil || d.stage != stRun {
		return nil
	}
	run := &d.run
	switch run.kind {
	case runWineries:
		return []Purchase{{"Winery", s.pay(seat, run.price)}}
	case runCellars:
		return []Purchase{{"Cellar", s.pay(seat, run.price)}}
	case runWorkers:
		var out []Purchase
		if run.enologists {
			out = append(out, Purchase{"Enologist", s.pay(seat, run.price)})
		}
		if run.farmers {
			out = append(out, Purchase{"Farmer", s.pay(seat, run.farmerPrice)})
		}
		return out
	}
	return nil
}

// InvestPrice is what seat's next investment step costs in the 2010
// Reserve (§7.7), paid from the bank account, never from cash: affordable
// where the account holds it. False where the mode has no bank or the
// investment is at its most.
func (s *State) InvestPrice(seat engine.Seat) (Price, bool) {
	if !s.rules().bank || seat < 0 || int(seat) >= len(s.Seats) {
		return Price{}, false
	}
	b := &s.Seats[seat].Bank
	if b.Invest >= R10InvestMax {
		return Price{}, false
	}
	cost := s.data.Reserve.Investment.InvestCost(b.Invest)
	return Price{Bagos: cost, Affordable: cost <= b.Account}, true
}
