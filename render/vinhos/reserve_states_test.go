package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
)

// The 2010 Reserve's test states are built by hand from a new game: the
// engine does not play the Reserve through all its phases yet.

// newReserve sets up a Reserve game for players and leaves its initial
// vineyard phase: the order and Action markers of a game under way.
func newReserve(t testing.TB, players int, variants string) *vinhos.State {
	t.Helper()
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}[:players]
	st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Mode: vinhos.ModeReserve2010, Seed: 7, Players: names,
		Options: map[string]string{vinhos.OptionVariants: variants}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*vinhos.State)
	s.At, s.Round, s.Turn = vinhos.PhaseActions, 1, 0
	s.Bottom = make([]engine.Seat, players)
	for i := range s.Bottom {
		s.Bottom[i] = engine.NoSeat
	}
	return s
}

// inPlay lists the regions of s in play.
func inPlay(s *vinhos.State) []vinhos.RegionID {
	var out []vinhos.RegionID
	for id := vinhos.RegionID(1); int(id) <= vinhos.NumRegions; id++ {
		if s.Regions[id].InPlay {
			out = append(out, id)
		}
	}
	return out
}

// estate is an Estate in region with its buildings and wines (qualities,
// in the estate's color).
func estate(region vinhos.RegionID, col vinhos.Color, vineyards, wineries, farmers, enologists int, cellar bool, wines ...int) vinhos.Estate {
	e := vinhos.Estate{Region: region, Color: col, Vineyards: vineyards, Wineries: wineries, Farmers: farmers, Enologists: enologists, Cellar: cellar}
	for i, q := range wines {
		if q > 0 {
			e.Wines[i] = vinhos.Wine{Color: col, Quality: q}
		}
	}
	return e
}

// spot is a taken barrel space.
func spot(seat engine.Seat) vinhos.Spot { return vinhos.Spot{Taken: true, Seat: seat} }

// reserveEarly is year 2 of a 4-player game: an Estate or two each, the
// first sales in the bank, no barrels with the Magnates yet.
func reserveEarly(t testing.TB) *vinhos.State {
	s := newReserve(t, 4, "")
	r := inPlay(s)
	s.Year, s.Round, s.Turn = 2, 1, 1
	s.Order = []engine.Seat{2, 0, 3, 1}
	s.Features = [vinhos.NumFeatures]int{1, 2, 0, 1}
	p := s.Seats
	p[0].Estates[0] = estate(r[0], vinhos.Red, 1, 1, 0, 1, false, 3)
	p[1].Estates[0] = estate(r[1], vinhos.White, 2, 0, 0, 0, false, 2, 3)
	p[2].Estates[0] = estate(r[2], vinhos.Red, 1, 0, 0, 0, false, 4)
	p[2].Estates[1] = estate(r[3], vinhos.White, 1, 0, 0, 0, false)
	p[3].Estates[0] = estate(r[4], vinhos.White, 1, 1, 0, 0, true, 3)
	for i, b := range []vinhos.Bank{{Account: 8, Invest: 1}, {Account: 5, Invest: 2}, {Account: 3, Invest: 1}, {Account: 11, Invest: 0}} {
		p[i].Bank = b
		p[i].Money = []int{4, 2, 7, 1}[i]
		p[i].Cell = []vinhos.Cell{vinhos.CellTL, vinhos.CellBM, vinhos.CellC, vinhos.CellBR}[i]
	}
	s.Sales[0], s.Sales[7] = 3, 1
	p[3].Barrels, p[1].Barrels = p[3].Barrels-1, p[1].Barrels-1
	return s
}
