package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// invariants checks what must hold after every action: nobody's money is
// negative, everyone's VP by source add up to their VP, every component is
// somewhere (and only once), and every estate keeps the placement rules.
// It returns the first violation.
func invariants(s *State) error {
	n := len(s.Seats)
	sup := s.rules().supply
	board := s.board()
	enologists, farmers, cellars, wineries := s.Supply.Enologists, s.Supply.Farmers, s.Supply.Cellars, s.Supply.Wineries
	cubes, porto := s.Supply.Cubes, s.Regions[Douro].Porto
	vineyards := s.Supply.VineyardsOut
	experts := 0
	tiles := len(s.Display) - count(s.Display, NoTile) + len(s.Deck) + len(s.Retired)
	for r := range s.Regions {
		cubes += s.Regions[r].Cubes
		vineyards += len(s.Regions[r].Deck)
		if r > 0 && s.Regions[r].Cubes > s.data.Insets[r].CubeSpaces.V {
			return fmt.Errorf("region %d holds %d cubes", r, s.Regions[r].Cubes)
		}
	}
	for f := range s.Experts {
		experts += len(s.Experts[f])
	}
	for seat := range s.Seats {
		p := &s.Seats[seat]
		if p.Money < 0 {
			return fmt.Errorf("%s has %d Bagos", p.Name, p.Money)
		}
		if b := p.Bank; b.Account < 0 || b.Account > R10AccountMax || b.Invest < R10InvestMin || b.Invest > R10InvestMax || (!s.rules().bank && b != Bank{}) {
			return fmt.Errorf("%s's bank is %+v", p.Name, b)
		}
		vp := s.VPFrom(engine.Seat(seat))
		if sum := sumInts(vp[:]); sum != p.VP {
			return fmt.Errorf("%s's VP by source %v add up to %d, not to the %d VP", p.Name, p.VPFrom, sum, p.VP)
		}
		barrels := p.Barrels
		for _, m := range p.Magnates {
			barrels += int(m)
		}
		barrels += count(s.Sales[:], engine.Seat(seat))
		for r := range s.Export {
			barrels += count(s.Export[r][:], engine.Seat(seat))
			for c := range s.Export[r] {
				x, ok := s.exportSlot(r, c)
				if s.Export[r][c] != engine.NoSeat && (!ok || (n == 2 && !x.twoPlayer)) {
					return fmt.Errorf("an export outside the area or the 2-player frame at %d,%d", r, c)
				}
			}
		}
		for _, t := range p.Tiles {
			if t.Barrel {
				barrels++
			}
		}
		for m := range p.OnActions {
			for _, n := range p.OnActions[m] {
				barrels += int(n)
			}
			for i := range s.Multipliers[m] {
				mine := 0
				for _, spot := range s.Multipliers[m][i] {
					if spot.Taken && spot.Seat == engine.Seat(seat) {
						mine++
					}
				}
				if mine > 1 {
					return fmt.Errorf("%s holds %d slots of one Multiplier", p.Name, mine)
				}
				barrels += mine
			}
		}
		limit := s.rules().expertLimit
		if w := s.Paused; w != nil && w.seat == engine.Seat(seat) && w.run.kind == runExperts && s.buysBeforeDiscarding() {
			limit += w.run.max // a first edition hire discards once done
		}
		if limit > 0 && len(p.Experts) > limit {
			return fmt.Errorf("%s holds %d Wine Experts, more than %d", p.Name, len(p.Experts), limit)
		}
		if barrels != Box.BarrelsPerColor || p.Barrels < 0 {
			return fmt.Errorf("%s's barrels add up to %d (supply %d)", p.Name, barrels, p.Barrels)
		}
		kinds := map[string]bool{}
		for _, t := range p.Tiles {
			if kinds[s.tileKind(t.ID)] {
				return fmt.Errorf("%s holds two %s tiles", p.Name, s.tileKind(t.ID))
			}
			kinds[s.tileKind(t.ID)] = true
		}
		tiles += len(p.Tiles)
		experts += len(p.Experts)
		porto += p.Porto
		for e := range p.Estates {
			est := &p.Estates[e]
			if e >= board.Estates && *est != (Estate{}) {
				return fmt.Errorf("%s uses estate %d of %d", p.Name, e+1, board.Estates)
			}
			enologists += int(est.Enologists)
			farmers += int(est.Farmers)
			wineries += int(est.Wineries)
			vineyards += int(est.Vineyards)
			cubes += int(est.Waiting)
			if est.Cellar {
				cellars++
			}
			if est.Porto {
				porto++
			}
			switch {
			case int(est.Vineyards) > board.MaxVineyardsPerEstate, int(est.Wineries) > board.MaxWineriesPerEstate,
				est.used() > board.EstateSlots, est.Farmers > est.Vineyards, est.Enologists > est.Wineries,
				est.Farmers < 0, est.Enologists < 0:
				return fmt.Errorf("%s's estate %d breaks a placement rule: %+v", p.Name, e+1, *est)
			case (est.Vineyards > 0) != (est.Region != 0):
				return fmt.Errorf("%s's estate %d has region %d with %d vineyards", p.Name, e+1, est.Region, est.Vineyards)
			case est.Cellar && Regions[est.Region].NoCellar:
				return fmt.Errorf("%s's estate %d has a Cellar in Minho", p.Name, e+1)
			case est.Region != 0 && est.Waiting > 0:
				return fmt.Errorf("%s's estate %d keeps %d cubes waiting", p.Name, e+1, est.Waiting)
			}
			// An R10 estate may lose its Vineyards to the bank and take a
			// Vineyard of the other colour while it holds wine.
			mayLoseVineyards := s.rules().bank
			for i, w := range est.Wines {
				if w.Quality < 0 || (w.Quality > 0 && (i >= est.slots() || (w.Color != est.Color && !mayLoseVineyards))) {
					return fmt.Errorf("%s's estate %d has a bad wine %+v in slot %d", p.Name, e+1, w, i+1)
				}
			}
		}
	}
	if s.Solo != nil {
		if err := soloInvariants(s); err != nil {
			return err
		}
		d := s.Solo.Discarded
		enologists, farmers, cellars, wineries = enologists+d.Enologists, farmers+d.Farmers, cellars+d.Cellars, wineries+d.Wineries
		vineyards += d.Vineyards
		tiles += len(d.Tiles)
	}
	want := map[string][2]int{
		"enologists": {enologists, sup.Enologists.For(n)},
		"farmers":    {farmers, sup.Farmers.For(n)},
		"cellars":    {cellars, sup.Cellars.For(n)},
		"wineries":   {wineries, sup.Wineries.For(n)},
		"cubes":      {cubes, s.rules().renownCubes},
		"porto":      {porto, Box.PortoTiles},
		"vineyards":  {vineyards, VineyardsPerRegion * sup.Regions.For(n)},
		"experts":    {experts, Box.WineExpertTiles},
		"vintage":    {len(s.VintageDeck) + s.Year, NumVintageTiles - 1},
	}
	if s.At == PhaseFinalAction || s.At == PhaseOver || s.At == PhaseBenefits {
		want["vintage"] = [2]int{len(s.VintageDeck) + NumYears, NumVintageTiles - 1}
	}
	if s.rules().vintageZeroFirst { // tile 0 was year 1's
		want["vintage"] = [2]int{want["vintage"][0], NumVintageTiles}
	}
	for name, got := range want {
		if got[0] != got[1] {
			return fmt.Errorf("%s: %d in the game, want %d", name, got[0], got[1])
		}
	}
	if total := s.magnateTileCount(); tiles != total && s.rules().magnateTiles {
		return fmt.Errorf("magnate tiles: %d in the game, want %d", tiles, total)
	}
	return nil
}

// soloInvariants checks what must hold in a solo game: Lacerda is never
// asked anything and has only what his rules give him, his decks hold
// every card, no bribe lies on the centre, every Fair held has its trophy
// entry, and the final accolades add up.
func soloInvariants(s *State) error {
	if len(s.Seats) != 2 {
		return fmt.Errorf("a solo game with %d seats", len(s.Seats))
	}
	for _, p := range s.Pending() {
		if p.Seat == LacerdaSeat {
			return fmt.Errorf("Lacerda is pending: %s", p.Prompt)
		}
	}
	l := &s.Seats[LacerdaSeat]
	if l.Estates != [5]Estate{} || l.Magnates != [NumMagnates]int8{} || l.Porto != 0 || l.FromMagnates != 0 {
		return fmt.Errorf("Lacerda holds what he never takes: %+v", *l)
	}
	for _, t := range l.Tiles {
		if isActionTile(t.ID) || !t.Barrel {
			return fmt.Errorf("Lacerda holds tile %d without a barrel on a Multiplier", t.ID)
		}
	}
	numbers := slices.Sorted(slices.Values(append(slices.Clone(s.Solo.Numbers), s.Solo.Drawn...)))
	if !slices.Equal(numbers, NumberCards[:]) {
		return fmt.Errorf("the Number cards are %v and %v", s.Solo.Numbers, s.Solo.Drawn)
	}
	if len(s.Solo.Drawn) > 0 && s.At != PhaseDraft {
		return fmt.Errorf("Number cards %v are still out after his action", s.Solo.Drawn)
	}
	actions := slices.Sorted(slices.Values(append(slices.Clone(s.Solo.Actions), s.Solo.Played...)))
	if !slices.Equal(actions, slices.Sorted(slices.Values(ActionCards[:]))) {
		return fmt.Errorf("the Action cards are %v and %v", s.Solo.Actions, s.Solo.Played)
	}
	if s.Solo.Bribes[CellC] {
		return fmt.Errorf("a bribe on the centre")
	}
	if len(s.Solo.Trophies) != s.Fair {
		return fmt.Errorf("%d trophies after %d Fairs", len(s.Solo.Trophies), s.Fair)
	}
	if s.Over() {
		sc := s.SoloScore()
		total := 0
		for _, n := range sc.Accolades {
			total += n
		}
		if sc.Total != total || sc.Title != soloTitle(total) {
			return fmt.Errorf("accolades %v make %d, %q", sc.Accolades, sc.Total, sc.Title)
		}
	}
	return nil
}

// magnateTileCount is how many Magnate tiles the player count uses.
func (s *State) magnateTileCount() int {
	n := len(s.Seats)
	total := 0
	for _, t := range s.data.MagnateTiles {
		if t.MinPlayers.V <= n {
			total++
		}
	}
	for _, m := range s.data.Multipliers {
		if n > 2 || m.TwoPlayer {
			total++
		}
	}
	return total
}

func count[T comparable](s []T, v T) int {
	n := 0
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}
