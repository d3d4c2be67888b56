package vinhos

import (
	"cmp"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
)

// The 2010 Reserve: its setup and the worked examples of RESERVE-2010.md
// §21, each test named after its example.

// newReserve starts a Reserve game of the given size with a fixed seed.
func newReserve(t *testing.T, players int, variants string) *example {
	t.Helper()
	names := []string{"Orange", "Yellow", "Blue", "Purple"}[:players]
	st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Mode: ModeReserve2010, Rules: LatestRules, Seed: 7, Players: names,
		Options: map[string]string{OptionVariants: variants}})
	if err != nil {
		t.Fatal(err)
	}
	return exampleOf(t, st.(*State))
}

// §2: what each player and the board start with, before the initial
// Vineyards.
func TestReserveSetup(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		x := newReserve(t, n, "")
		s := x.s
		eq(t, "mode", s.Mode, Reserve2010)
		eq(t, "year 1's Vintage tile", s.Vintage, VintageZero)
		eq(t, "Vintage tiles left", len(s.VintageDeck), NumVintageTiles-1)
		eq(t, "Magnate tiles", len(s.Deck)+len(s.Display), 0)
		eq(t, "Enologists", s.Supply.Enologists, []int{7, 10, 12}[n-2])
		eq(t, "Farmers", s.Supply.Farmers, 4)
		eq(t, "Cellars", s.Supply.Cellars, []int{5, 7, 9}[n-2])
		eq(t, "Wineries", s.Supply.Wineries, []int{8, 12, 16}[n-2])
		regions := 0
		for r := range s.Regions {
			if s.Regions[r].InPlay {
				regions++
			}
		}
		eq(t, "regions in play", regions, n+5)
		for _, p := range s.Seats {
			eq(t, p.Name+"'s cash", p.Money, 10)
			eq(t, p.Name+"'s bank", p.Bank, Bank{Account: 5, Invest: 1})
			eq(t, p.Name+"'s barrels", p.Barrels, 8)
			eq(t, p.Name+"'s barrels on Magnates", p.Magnates, [NumMagnates]int8{})
		}
		eq(t, "estates", s.board().Estates, 4)
		eq(t, "phase", s.At, PhaseInitialVineyard)
	}
	eq(t, "estates with five-estates", newReserve(t, 3, "five-estates").s.board().Estates, 5)
}

// A variant the Reserve does not have, or a variant for the 2016 mode, is
// refused at setup.
func TestReserveVariantsAreChecked(t *testing.T) {
	for _, tc := range []struct{ mode, variant string }{
		{ModeReserve2010, "five-estate"},
		{ModeSpecial2016, "maintenance"},
	} {
		_, _, err := Game{}.New(engine.Setup{Game: "vinhos", Mode: tc.mode, Seed: 1, Players: []string{"A", "B"},
			Options: map[string]string{OptionVariants: tc.variant}})
		if engine.CodeOf(err) != engine.CodeBadSetup {
			t.Errorf("%s with %q: %v, want a setup error", tc.mode, tc.variant, err)
		}
	}
}

// Example 27, "Initial order" (reference guide): in the order Orange,
// Purple, Blue, Yellow, Orange buys in Minho (2), Purple in Algarve (9),
// Blue and Yellow in Alentejo (8). The new order is Orange, Blue, Yellow,
// Purple, who then receive 0, 1, 2 and 3 Bagos. Each paid the vineyard's
// cost in cash.
func TestExampleInitialOrder(t *testing.T) {
	x := newReserve(t, 4, "")
	x.s.Order = []engine.Seat{orange, purple, blue, yellow}
	x.deck(Minho, vy(Red, 2), vy(White, 3))
	x.deck(Algarve, vy(White, 3), vy(Red, 4))
	x.deck(Alentejo, vy(Red, 4), vy(White, 5), vy(Red, 4))
	for _, pick := range []struct {
		seat engine.Seat
		r    RegionID
	}{{orange, Minho}, {purple, Algarve}, {blue, Alentejo}, {yellow, Alentejo}} {
		eq(t, "choosing", x.pending(), []engine.Seat{pick.seat})
		x.apply(pick.seat, regionKey(pick.r))
	}
	eq(t, "order", x.s.Order, []engine.Seat{orange, blue, yellow, purple})
	eq(t, "phase", x.s.At, PhaseActions)
	eq(t, "year", x.s.Year, 1)
	// Cash: 10 less the vineyard, plus the position's bonus.
	eq(t, "cash", x.money(), []int{10 - 2 + 0, 10 - 5 + 2, 10 - 4 + 1, 10 - 3 + 3})
}

// A Reserve state's own parts read as names in its JSON and come back
// exactly: the variants, the bank, the Feature markers, the Fair slots,
// the Multiplier slots and the barrels on Additional Action spaces.
func TestReserveStateJSON(t *testing.T) {
	x := newReserve(t, 3, "maintenance,five-estates")
	x.s.Features = [NumFeatures]int{Taste: 4, Appearance: 11}
	x.s.FairSlots[2] = FairSlot{Spot{true, blue}, 3}
	x.s.Multipliers[Bruno][1][0] = Spot{true, orange}
	x.p(yellow).OnActions[Anabela][1] = 2
	x.p(yellow).Bank = Bank{Account: 0, Invest: -2}
	var got struct {
		Variants    string         `json:"variants"`
		Features    map[string]int `json:"features"`
		FairSlots   map[string]any `json:"fair_slots"`
		Multipliers map[string]int `json:"multipliers"`
		Players     []struct {
			Bank      map[string]int `json:"bank"`
			OnActions map[string]int `json:"on_actions"`
		} `json:"players"`
	}
	if err := json.Unmarshal(mustEncode(t, x.s), &got); err != nil {
		t.Fatal(err)
	}
	eq(t, "variants", got.Variants, "maintenance,five-estates")
	eq(t, "features", got.Features, map[string]int{"taste": 4, "aroma": 0, "appearance": 11, "alcohol": 0})
	eq(t, "fair slots", got.FairSlots, map[string]any{"appearance-aroma": map[string]any{"seat": 2.0, "tile": 3.0}})
	eq(t, "multipliers", got.Multipliers, map[string]int{"bruno-cash-left": int(orange)})
	eq(t, "Yellow's Additional Actions", got.Players[yellow].OnActions, map[string]int{"anabela-sales": 2})
	eq(t, "Yellow's bank", got.Players[yellow].Bank, map[string]int{"account": 0, "invest": -2})
	eq(t, "Orange's bank", got.Players[orange].Bank, map[string]int{"account": 5, "invest": 1})
	roundTrip(t, x.s)
}

// newReserveExample puts a 4-player Reserve game in round 1 of year's
// Actions phase with the given player order, as newExample does for 2016.
func newReserveExample(t *testing.T, year int, order ...engine.Seat) *example {
	t.Helper()
	return newReserve(t, 4, "").inYear(year, order...)
}

// endActions ends the year's actions as if every player had taken both.
func (x *example) endActions() {
	x.s.At, x.s.Round, x.s.Turn = PhaseActions, ActionsPerYear, len(x.s.Order)
	x.w.Advance()
}

// Examples 19, "Interest", and 20, "Salaries", played through a
// Maintenance: Purple at +1 receives 1; Blue at 0 receives nothing and
// pays 2 of his 3 Enologists' salaries, reaches the "−2 VP" space, loses
// 2 VP and fires one Enologist; Orange at −2 with 1 Bago pays it, loses 2
// VP and discards a Winery; already on "−2 VP", she loses nothing more.
func TestExampleInterestAndSalaries(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.interestAndSalaries(orange)
	x.p(orange).Estates[1] = Estate{Region: Dao, Color: Red, Vineyards: 1, Wineries: 1}
	x.s.Supply.Enologists = 0
	x.endActions()

	eq(t, "phase", x.s.At, PhaseMaintenance)
	eq(t, "Purple's bank", x.p(purple).Bank, Bank{Account: 6, Invest: 1})
	eq(t, "Blue's bank", x.p(blue).Bank, Bank{Account: 0, Invest: 0})
	eq(t, "Orange's bank", x.p(orange).Bank, Bank{Account: 0, Invest: -2})
	eq(t, "VP", []int{x.p(orange).VP, x.p(yellow).VP, x.p(blue).VP, x.p(purple).VP}, []int{-2, 0, -2, 0})
	eq(t, "who chooses", x.pending(), []engine.Seat{orange, blue})
	x.offers(orange, nil, "e1", "e2")
	x.apply(orange, "e2")
	eq(t, "Orange's Wineries", []int8{x.p(orange).Estates[0].Wineries, x.p(orange).Estates[1].Wineries}, []int8{1, 0})
	x.apply(blue, "e3")
	eq(t, "Blue's Enologists", []int8{x.p(blue).Estates[0].Enologists, x.p(blue).Estates[1].Enologists, x.p(blue).Estates[2].Enologists}, []int8{1, 1, 0})
	eq(t, "Enologists back on the board", x.s.Supply.Enologists, 1)
	eq(t, "VP after", []int{x.p(orange).VP, x.p(blue).VP}, []int{-2, -2})
	eq(t, "phase after", x.s.At, PhaseProduction)
}

// Unpaid interest takes the Winery the player chooses; its Enologist
// moves to a free Winery of the player's (AMB-21), where the empty account
// cannot pay it either. Without a Winery the interest takes a Vineyard,
// its Farmer goes back to the board, and an estate without Vineyards
// takes its Region marker back. An account already empty loses no VP.
func TestUnpaidInterestTakesAWineryThenAVineyard(t *testing.T) {
	x := newReserveExample(t, 2, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Bank = Bank{Account: 0, Invest: -2}
	o.Estates[0] = Estate{Region: Minho, Color: White, Vineyards: 1, Wineries: 1, Enologists: 1}
	o.Estates[1] = Estate{Wineries: 1}
	y := x.p(yellow)
	y.Bank = Bank{Account: 0, Invest: -1}
	y.Estates[2] = Estate{Region: Dao, Color: Red, Vineyards: 1, Farmers: 1}
	enologists, farmers := x.s.Supply.Enologists, x.s.Supply.Farmers
	x.endActions()
	x.apply(orange, "e1")
	eq(t, "Orange's Wineries", []int8{x.p(orange).Estates[0].Wineries, x.p(orange).Estates[1].Wineries}, []int8{0, 1})
	eq(t, "Orange's Enologists", int(x.p(orange).Estates[0].Enologists+x.p(orange).Estates[1].Enologists), 0)
	eq(t, "Enologists on the board", x.s.Supply.Enologists, enologists+1)
	eq(t, "Yellow's Dão estate", x.p(yellow).Estates[2], Estate{Color: Red})
	eq(t, "Farmers on the board", x.s.Supply.Farmers, farmers+1)
	eq(t, "VP lost on an empty account", []int{x.p(orange).VP, x.p(yellow).VP}, []int{0, 0})
}

// newRandomReserve sets up the seeded Reserve game that reservePlayouts
// play.
func newRandomReserve(t testing.TB, seed uint64, players int, variants string) engine.State {
	t.Helper()
	st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Mode: ModeReserve2010, Rules: LatestRules, Seed: seed,
		Players: []string{"Ana", "Bruno", "Carla", "Duarte"}[:players], Options: map[string]string{OptionVariants: variants}})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestReservePlayouts plays seeded 2010 Reserve games by random legal
// choices to their end, checking every invariant after every action:
// money and bank accounts within their limits, every component somewhere,
// at most 6 Experts, every placement rule. With -long 10,000 games at
// each player count, and 2,000 with each variant (spread over the counts);
// by default a fiftieth of them, 200 and 40, and with -short a
// two-hundredth (enginetest.Games). Each set runs in two parallel halves.
func TestReservePlayouts(t *testing.T) {
	sets := []struct {
		variant string
		games   int
	}{{"", 10000}, {"maintenance", 2000}, {"five-estates", 2000}}
	for _, set := range sets {
		games := enginetest.Games(set.games)
		for players := MinPlayers; players <= MaxPlayers; players++ {
			n := games
			if set.variant != "" {
				n = games / 3 // the variant's games, spread over the counts
			}
			for half := range 2 {
				t.Run(fmt.Sprintf("%s-%dp-half%d", cmp.Or(set.variant, "plain"), players, half+1), func(t *testing.T) {
					t.Parallel()
					winning, actions := 0, 0
					for g := half; g < n; g += 2 {
						seed := uint64(players*1_000_000 + g)
						final := playOut(t, newRandomReserve(t, seed, players, set.variant), seed, quickDecision, holdInvariants(t, seed, &actions))
						if final.Final == nil || len(final.Final.Bank) != players {
							t.Fatalf("seed %d: no Reserve final score", seed)
						}
						winning += final.Seats[final.Final.Ranking[0]].VP
					}
					games := (n + 1 - half) / 2
					t.Logf("%d games, %.1f actions and %.1f winning VP on average", games, float64(actions)/float64(games), float64(winning)/float64(games))
				})
			}
		}
	}
}

// The AI's fast playouts play the Reserve as the public path does: the
// playout's decisions replay through Apply to the same game (as
// TestRandomPlayoutsReplayThroughApply checks for 2016), from the setup
// and from every 30th move.
func TestReservePlayoutsReplayThroughApply(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := range uint64(3) {
			r := engine.NewRNG(seed)
			variants := []string{"", "maintenance", "five-estates"}[seed]
			enginetest.CheckPlayout(t, newRandomReserve(t, seed, players, variants), &r)
			playOut(t, newRandomReserve(t, seed, players, variants), seed, randomAction, func(s *State, move int) {
				if move%30 == 0 {
					r := engine.NewRNG(seed*10_000 + uint64(move))
					enginetest.CheckPlayout(t, s, &r)
				}
			})
		}
	}
}

// The AI's playouts run from samples of every third position of random
// Reserve games to the end, never reaching a step where nothing can be
// done: a dead end would panic. (One did, where a pair's cubes were taken
// as safe answers; weighing every placement of them then grew without
// bound, which these playouts would show as a hang.)
func TestReserveSamplesPlayOut(t *testing.T) {
	seeds := uint64(100)
	if testing.Short() {
		seeds = 20
	}
	for seed := range seeds {
		players := 2 + int(seed%3)
		playOut(t, newRandomReserve(t, seed, players, ""), seed, quickDecision, func(s *State, move int) {
			if move%3 != 0 || s.Over() {
				return
			}
			r := engine.NewRNG(seed*1000 + uint64(move))
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("seed %d, %d players, move %d (%s): %v", seed, players, move, s.Phase(), p)
				}
			}()
			s.Sample(0, &r).(*State).RandomPlayout(&r, nil)
		})
	}
}

// interestAndSalaries sets up the Maintenance example both editions print:
// Purple at +1 with 5 in the account; Blue at 0 with 2, and 3 Enologists;
// the player at −2 with 1 and a Winery (Orange in the Reserve, Red in the
// first edition).
func (x *example) interestAndSalaries(broke engine.Seat) {
	x.p(purple).Bank = Bank{Account: 5, Invest: 1}
	x.p(blue).Bank = Bank{Account: 2, Invest: 0}
	for e := range 3 {
		x.p(blue).Estates[e] = Estate{Region: RegionID(e + 1), Color: Red, Vineyards: 1, Wineries: 1, Enologists: 1}
	}
	x.p(broke).Bank = Bank{Account: 1, Invest: -2}
	x.p(broke).Estates[0] = Estate{Region: Minho, Color: White, Vineyards: 1, Wineries: 1}
}
