package vinhos

import (
	"fmt"
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render/rendertest"
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
	e := vinhos.Estate{Region: region, Color: col, Vineyards: int8(vineyards), Wineries: int8(wineries), Farmers: int8(farmers), Enologists: int8(enologists), Cellar: cellar}
	for i, q := range wines {
		if q > 0 {
			e.Wines[i] = vinhos.Wine{Color: col, Quality: int8(q)}
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
	toYear(s, 2)
	s.Round, s.Turn = 1, 1
	s.Order = []engine.Seat{2, 0, 3, 1}
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

// toYear flips the Vintage tiles of the years up to year, as the start of
// each year does, and moves the Feature markers by them.
func toYear(s *vinhos.State, year int) {
	for s.Year = 1; s.Year < year; {
		s.Year++
		s.Vintage, s.VintageDeck = s.VintageDeck[0], s.VintageDeck[1:]
		for f, n := range s.VintageTile().Features.V {
			s.Features[f] = min(s.Features[f]+n, vinhos.R10FeatureTrackSpaces-1)
		}
	}
}

// hire gives seat the top Wine Expert of feature f's deck.
func hire(s *vinhos.State, seat engine.Seat, f vinhos.Feature, faceUp bool) {
	id := s.Experts[f][0]
	s.Experts[f] = s.Experts[f][1:]
	s.Seats[seat].Experts = append(s.Seats[seat].Experts, vinhos.HeldExpert{ID: id, FaceUp: faceUp})
}

// countBarrels leaves each seat the barrels it has not placed.
func countBarrels(s *vinhos.State) {
	placed := make([]int, len(s.Seats))
	for _, seat := range s.Sales {
		if seat != engine.NoSeat {
			placed[seat]++
		}
	}
	for _, row := range s.Export {
		for _, seat := range row {
			if seat != engine.NoSeat {
				placed[seat]++
			}
		}
	}
	for _, m := range s.Multipliers {
		for _, k := range m {
			for _, sp := range k {
				if sp.Taken {
					placed[sp.Seat]++
				}
			}
		}
	}
	for i := range s.Seats {
		p := &s.Seats[i]
		for m := range p.Magnates {
			placed[i] += int(p.Magnates[m]) + int(p.OnActions[m][0]) + int(p.OnActions[m][1])
		}
		p.Barrels = vinhos.Box.BarrelsPerColor - placed[i]
	}
}

// reserveMid is year 4 of a 4-player game, after the first Fair: two or
// three Estates each, barrels with the Magnates and on their rows, one
// account emptied, and two Press Releases made for the second Fair.
func reserveMid(t testing.TB) *vinhos.State {
	s := newReserve(t, 4, "")
	r := inPlay(s)
	toYear(s, 4)
	s.Round, s.Turn, s.Fair = 2, 2, 1
	s.Order = []engine.Seat{3, 1, 0, 2}
	s.Bottom[0] = 3
	s.Features[vinhos.Taste]++ // an arrow at the first Fair
	p := s.Seats
	p[0].Estates[0] = estate(r[0], vinhos.Red, 2, 1, 0, 1, true, 5, 0, 7)
	p[0].Estates[1] = estate(r[5], vinhos.White, 1, 1, 0, 0, false, 3)
	p[1].Estates[0] = estate(r[1], vinhos.White, 2, 0, 0, 0, false, 4, 6)
	p[1].Estates[1] = estate(r[7], vinhos.Red, 1, 2, 0, 2, false, 5)
	p[1].Estates[2] = estate(r[8], vinhos.White, 1, 0, 0, 0, false)
	p[2].Estates[0] = estate(r[2], vinhos.Red, 2, 1, 0, 1, true, 8, 4)
	p[2].Estates[1] = estate(r[3], vinhos.White, 1, 1, 0, 0, false, 4)
	p[3].Estates[0] = estate(r[4], vinhos.White, 1, 1, 1, 1, true, 6, 0, 0, 4)
	p[3].Estates[1] = estate(r[6], vinhos.Red, 2, 0, 0, 0, false, 3, 5)
	banks := []vinhos.Bank{{Account: 14, Invest: 2}, {Account: 0, Invest: -1}, {Account: 6, Invest: 1}, {Account: 19, Invest: 3}}
	for i := range p {
		p[i].Bank = banks[i]
		p[i].Money = []int{6, 1, 9, 3}[i]
		p[i].VP = []int{21, 12, 26, 18}[i]
		p[i].FairPoints = []int{11, 4, 14, 9}[i]
		p[i].Cell = []vinhos.Cell{vinhos.CellBL, vinhos.CellC, vinhos.CellBR, vinhos.CellC}[i]
	}
	hire(s, 0, vinhos.Taste, true)
	hire(s, 0, vinhos.Aroma, true)
	hire(s, 1, vinhos.Alcohol, false)
	hire(s, 2, vinhos.Appearance, true)
	hire(s, 2, vinhos.Taste, true)
	hire(s, 2, vinhos.Aroma, false)
	hire(s, 3, vinhos.Alcohol, true)
	p[0].Magnates[vinhos.Anabela] = 1
	p[2].Magnates = [vinhos.NumMagnates]int8{1, 0, 1}
	p[3].Magnates[vinhos.Bruno] = 1
	p[0].OnActions[vinhos.Anabela][1] = 1
	p[3].OnActions[vinhos.Bruno][0] = 1
	p[2].OnActions[vinhos.Carolina][1] = 1
	s.Multipliers[vinhos.Anabela][0][0] = spot(1)
	s.Multipliers[vinhos.Bruno][1][1] = spot(3)
	s.Multipliers[vinhos.Carolina][2][0] = spot(2)
	s.FairSlots[0] = vinhos.FairSlot{Spot: spot(2), Tile: 3}
	s.FairSlots[3] = vinhos.FairSlot{Spot: spot(0), Tile: 2}
	p[0].Pressed, p[2].Pressed = true, true
	for i, seat := range []engine.Seat{0, 2, 1, 3, 0} {
		s.Sales[[]int{0, 1, 4, 7, 13}[i]] = seat
	}
	s.Export[1][0], s.Export[2][1], s.Export[0][3], s.Export[3][0], s.Export[2][0] = 0, 2, 3, 1, 3
	for i, id := range r {
		s.Regions[id].Cubes = min(i%3+1, s.Data().Insets[id].CubeSpaces.V)
	}
	countBarrels(s)
	return s
}

// reserveFinal is the end of a 4-player game: every Multiplier that
// mattered taken, accounts from the "−2 VP" space to the top.
func reserveFinal(t testing.TB) *vinhos.State {
	s := reserveMid(t)
	toYear(s, 6)
	s.Features = [vinhos.NumFeatures]int{9, 11, 7, 10}
	s.At, s.Fair, s.Turn = vinhos.PhaseOver, vinhos.NumFairs, 0
	s.Bottom = []engine.Seat{engine.NoSeat, engine.NoSeat, engine.NoSeat, engine.NoSeat}
	s.FairSlots = [vinhos.R10FairSlots]vinhos.FairSlot{}
	r := inPlay(s)
	p := s.Seats
	p[0].Estates[2] = estate(r[6], vinhos.Red, 2, 1, 0, 1, true, 9)
	p[1].Estates[3] = estate(r[4], vinhos.Red, 1, 1, 0, 1, false)
	p[2].Estates[2] = estate(r[8], vinhos.White, 2, 1, 0, 0, true, 10, 0, 6)
	p[2].Estates[3] = estate(r[0], vinhos.Red, 1, 0, 0, 0, false)
	p[3].Estates[2] = estate(r[5], vinhos.White, 2, 1, 0, 1, false, 7)
	banks := []vinhos.Bank{{Account: 24, Invest: 3}, {Account: 0, Invest: -2}, {Account: 13, Invest: 0}, {Account: 7, Invest: 1}}
	for i := range p {
		p[i].Bank = banks[i]
		p[i].VP = []int{79, 41, 88, 64}[i]
		p[i].FairPoints = []int{38, 17, 45, 29}[i]
		p[i].Money = []int{2, 0, 11, 5}[i]
		p[i].Pressed = false
		p[i].Magnates = [vinhos.NumMagnates]int8{}
	}
	p[1].Magnates[vinhos.Carolina] = 1
	p[0].OnActions[vinhos.Anabela][1] = 0
	p[1].OnActions[vinhos.Anabela][0] = 2
	s.Multipliers[vinhos.Anabela][0][1] = spot(0)
	s.Multipliers[vinhos.Anabela][2][0] = spot(2)
	s.Multipliers[vinhos.Bruno][0][0] = spot(0)
	s.Multipliers[vinhos.Bruno][2][0] = spot(2)
	s.Multipliers[vinhos.Bruno][2][1] = spot(3)
	s.Multipliers[vinhos.Carolina][0][0] = spot(3)
	s.Multipliers[vinhos.Carolina][1][1] = spot(0)
	s.Multipliers[vinhos.Carolina][2][1] = spot(1)
	s.Export[0][0], s.Export[1][1], s.Export[1][2], s.Export[0][2], s.Export[3][3] = 2, 0, 2, 0, 1
	countBarrels(s)
	s.Final = &vinhos.FinalScore{
		Money: make([]int, 4), Wines: make([]int, 4), Bank: []int{18, 0, 12, 7}, Export: []int{8, 6, 15, 3}, Multipliers: []int{30, 2, 16, 20},
		Ranking: []engine.Seat{2, 0, 3, 1},
	}
	return s
}

// reserve2p is year 3 of a 2-player game, with both Press Releases made
// for the first Fair.
func reserve2p(t testing.TB) *vinhos.State {
	s := newReserve(t, 2, "")
	r := inPlay(s)
	toYear(s, 3)
	s.Round, s.Turn = 2, 1
	s.Order = []engine.Seat{1, 0}
	s.Bottom[0] = 1
	p := s.Seats
	p[0].Estates[0] = estate(r[0], vinhos.White, 2, 1, 0, 1, false, 6, 4)
	p[0].Estates[1] = estate(r[2], vinhos.Red, 1, 0, 0, 0, false, 3)
	p[1].Estates[0] = estate(r[1], vinhos.Red, 2, 1, 0, 0, true, 7, 5)
	p[1].Estates[1] = estate(r[3], vinhos.White, 1, 1, 0, 1, false)
	for i, b := range []vinhos.Bank{{Account: 9, Invest: 1}, {Account: 4, Invest: 2}} {
		p[i].Bank = b
		p[i].Money = []int{3, 5}[i]
		p[i].VP = []int{10, 14}[i]
		p[i].FairPoints = []int{3, 2}[i]
		p[i].Cell = []vinhos.Cell{vinhos.CellBM, vinhos.CellC}[i]
		p[i].Pressed = true
	}
	hire(s, 0, vinhos.Appearance, true)
	hire(s, 1, vinhos.Aroma, true)
	hire(s, 1, vinhos.Alcohol, true)
	p[0].Magnates[vinhos.Anabela] = 1
	p[1].Magnates[vinhos.Carolina] = 1
	s.FairSlots[2] = vinhos.FairSlot{Spot: spot(0), Tile: 1}
	s.FairSlots[5] = vinhos.FairSlot{Spot: spot(1), Tile: 2}
	s.Sales[2], s.Sales[10] = 0, 1
	s.Export[1][1], s.Export[2][0] = 1, 0
	countBarrels(s)
	return s
}

// reserveFiveEstates is the mid game played with the five-estates variant:
// the 2016 board's five Estates, and no room on it for the bank.
func reserveFiveEstates(t testing.TB) *vinhos.State {
	s := reserveMid(t)
	s.Variants = vinhos.VariantFiveEstates
	s.Seats[2].Estates[4] = estate(inPlay(s)[7], vinhos.White, 1, 0, 0, 0, false, 2)
	return s
}

// reserveFullest crowds a Reserve game as far as its components allow, and
// further: long names, every Multiplier slot, Fair slot and Additional
// Action taken by every seat, everyone with barrels on every Magnate.
func reserveFullest(t testing.TB) *vinhos.State {
	s := reserveMid(t)
	names := []string{"Maximiliana Wolfeschlegel", "Bartholomew Worthington", "Wwwwwwwwwwwwwwww", "Maximiliano W"}
	for i := range s.Seats {
		p := &s.Seats[i]
		p.Name = names[i]
		p.Money, p.VP, p.FairPoints, p.Barrels = 188, 288, 88, 8
		p.Bank = vinhos.Bank{Account: vinhos.R10AccountMax, Invest: vinhos.R10InvestMin}
		p.Magnates = [vinhos.NumMagnates]int8{2, 2, 2}
		p.Pressed = true
		for m := range p.OnActions {
			p.OnActions[m] = [2]int8{3, 3}
		}
		for e := range p.Estates {
			p.Estates[e].Enologists = 2
		}
	}
	for m := range s.Multipliers {
		for k := range s.Multipliers[m] {
			for slot := range s.Multipliers[m][k] {
				s.Multipliers[m][k][slot] = spot(engine.Seat((m + k + slot) % 4))
			}
		}
	}
	for i := range s.FairSlots {
		s.FairSlots[i] = vinhos.FairSlot{Spot: spot(engine.Seat(i % 4)), Tile: 4}
	}
	s.Features = [vinhos.NumFeatures]int{11, 11, 11, 11}
	return s
}

// firstEditionMid is a seeded random 3-player first-edition game after
// 30 moves, in its second year: its board names the Managers, its Look
// and its own region numbers.
func firstEditionMid(t testing.TB) *vinhos.State {
	st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Mode: vinhos.ModeClassic2010, Seed: 11, Players: []string{"Ana", "Bruno", "Carla"}})
	if err != nil {
		t.Fatal(err)
	}
	var mid *vinhos.State
	move := 0
	rendertest.Play(t, st, 11, func(es engine.State) bool {
		move++
		if move == 30 {
			mid = es.(*vinhos.State)
		}
		return mid != nil
	})
	return mid
}

// TestReserveGame plays seeded random games on the bank side of the board
// (the Reserve's, and the first edition's) through the engine and draws
// every eighth board of each, and its end, with every view: none may fail
// or crowd its text, whatever phase the engine reaches.
func TestReserveGame(t *testing.T) {
	for _, mode := range []string{vinhos.ModeReserve2010, vinhos.ModeClassic2010} {
		t.Run(mode, func(t *testing.T) { drawBankBoardGame(t, mode) })
	}
}

func drawBankBoardGame(t *testing.T, mode string) {
	st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Mode: mode, Seed: 29, Players: []string{"Ana", "Bruno", "Carla", "Duarte"}})
	if err != nil {
		t.Fatal(err)
	}
	move := 0
	rendertest.Play(t, st, 29, func(es engine.State) bool {
		s := es.(*vinhos.State)
		if move%8 == 0 || s.Over() {
			for _, o := range []Options{{}, {Compact: true}} {
				c, bg := drawBoard(s, o, true)
				rendertest.CheckText(t, fmt.Sprintf("move %d, %s (compact %v)", move, s.Phase(), o.Compact), c, bg.Boxes())
			}
			c := drawPlayer(s, engine.Seat(move%4), true)
			rendertest.CheckText(t, fmt.Sprintf("move %d, %s, player", move, s.Phase()), c, nil)
		}
		move++
		return s.Over()
	})
	t.Logf("%d moves", move)
}

// TestReserveFocusedViews walks a seeded random Reserve game: every step
// names a focus the renderer knows (the Bank action's its own), and every eighth step's view keeps its
// text clear.
func TestReserveFocusedViews(t *testing.T) {
	st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Mode: vinhos.ModeReserve2010, Seed: 31, Players: []string{"Ana", "Bruno", "Carla"},
		Options: map[string]string{vinhos.OptionVariants: "five-estates"}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	rendertest.WalkSteps(t, st, 31, func(es engine.State, seat engine.Seat, step engine.Step) {
		if !slices.Contains(everyFocus(), step.Focus) {
			t.Fatalf("step %q (%s) has focus %q, which has no view", step.Name, step.Prompt, step.Focus)
		}
		if n++; n%8 == 0 {
			c := drawFocus(es.(*vinhos.State), seat, step.Focus, true)
			rendertest.CheckText(t, fmt.Sprintf("%s, seat %d", step.Focus, seat), c, nil)
		}
	})
	t.Logf("%d steps", n)
}
