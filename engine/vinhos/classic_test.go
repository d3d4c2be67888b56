package vinhos

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The first edition (2010) as a mode: its setup and random games. Its
// differences from the Reserve are firstEdition's, in modes.go.

// newClassic starts a first-edition game of the given size.
func newClassic(t testing.TB, seed uint64, players int, regions string) *State {
	t.Helper()
	st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Mode: ModeClassic2010, Rules: LatestRules, Seed: seed,
		Players: []string{"Red", "Yellow", "Blue", "Purple"}[:players], Options: map[string]string{OptionRegions: regions}})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// 000 setup: 6/7/8 regions and never Ribatejo; 8 Enologists and no
// Farmers whatever the count; 15 Renown cubes; 11,000, 11,000 (12,000 with
// 2 players), 12,000 and 12,000 Bagos by the drawn order, which no initial
// region changes; the bank at 5 and +1; 8 barrels; the "0" Vintage tile.
func TestClassicSetup(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		s := newClassic(t, uint64(n), n, "")
		eq(t, "mode", s.Mode, Classic2010)
		regions := 0
		for r := range s.Regions {
			if s.Regions[r].InPlay {
				regions++
			}
		}
		eq(t, "regions in play", regions, n+4)
		eq(t, "Ribatejo", s.Regions[Ribatejo].InPlay, false)
		eq(t, "supply", []int{s.Supply.Enologists, s.Supply.Farmers, s.Supply.Cubes}, []int{8, 0, 15})
		eq(t, "Vintage tile", s.Vintage, VintageZero)
		order := slices.Clone(s.Order)
		var cash []int
		for _, seat := range s.Order {
			cash = append(cash, s.Seats[seat].Money)
			eq(t, "bank", s.Seats[seat].Bank, Bank{Account: 5, Invest: 1})
			eq(t, "barrels", s.Seats[seat].Barrels, 8)
		}
		eq(t, fmt.Sprintf("%d players' cash by order", n), cash, []int{11, 12, 11, 11, 12, 11, 11, 12, 12}[map[int]int{2: 0, 3: 2, 4: 5}[n]:][:n])
		var inPlay []RegionID // from the highest number down, so that a sort would reorder
		for r := RegionID(NumRegions); r > 0; r-- {
			if s.Regions[r].InPlay && r != Setubal && r != Douro { // they ask more
				inPlay = append(inPlay, r)
			}
		}
		for k, seat := range order {
			x := exampleOf(t, s)
			x.apply(seat, regionKey(inPlay[k]))
			s = x.s
		}
		eq(t, "the order stays as drawn", s.Order, order)
	}
	if _, _, err := (Game{}).New(engine.Setup{Game: "vinhos", Mode: ModeClassic2010, Seed: 1, Players: []string{"A", "B"},
		Options: map[string]string{OptionRegions: "1,2,3,4,ribatejo,6"}}); engine.CodeOf(err) != engine.CodeBadSetup {
		t.Errorf("Ribatejo in a first-edition game: %v", err)
	}
	eq(t, "first play with 2 players", newClassic(t, 1, 2, "first-play").Regions[Algarve].InPlay, false)
}

// Random first-edition games play to their end with every invariant
// holding after every action: 10,000 at each player count (200 with
// -short), in two parallel halves.
func TestClassicPlayouts(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 200
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for half := range uint64(2) {
			t.Run(fmt.Sprintf("%dp-half%d", players, half+1), func(t *testing.T) {
				t.Parallel()
				for seed := half; seed < uint64(games); seed += 2 {
					playOut(t, newClassic(t, seed, players, ""), seed, quickDecision, func(s *State, move int) {
						if err := invariants(s); err != nil {
							t.Fatalf("seed %d, move %d (%s): %v", seed, move, s.Phase(), err)
						}
					})
				}
			})
		}
	}
}

// The first edition numbers its regions its own way (C-1: 1 Minho,
// 2 Trás-os-Montes, 3 Dão, 4 Douro, 5 Lisboa, 6 Alentejo, 7 Setúbal,
// 8 Algarve): its players name them so in the setup option, and read them
// so in the choices.
func TestFirstEditionRegionNumbers(t *testing.T) {
	s := newClassic(t, 1, 2, "1,2,3,4,5,6")
	var in []RegionID
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if s.Regions[r].InPlay {
			in = append(in, r)
		}
	}
	eq(t, "regions 1 to 6 of the first edition", in, []RegionID{TrasOsMontes, Minho, Douro, Dao, Lisboa, Alentejo})
	x := exampleOf(t, s)
	if label := x.choice(x.s.Order[0], "minho").Label; !strings.HasPrefix(label, "1 Minho") {
		t.Errorf("Minho reads %q", label)
	}
}

// The first edition's 2-player Export frame is a reconstruction [R], which
// a data file may correct, as long as it holds more slots than the
// Reserve's (the Reserve "reduced" it); a 2-player first-edition game
// exports into it.
func TestFirstEditionExportFrame(t *testing.T) {
	d, err := LoadData(strings.NewReader("[classic.export]\ntwo_player = [[true,true,true,true],[true,true,true,true],[true,true,true,true],[true,true,true,true]]\n"))
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "the frame read", d.Classic.TwoPlayerExport.V[0][0], true)
	if _, err := LoadData(strings.NewReader("[classic.export]\ntwo_player = [[false,false,false,false],[true,true,true,true],[true,true,true,true],[false,false,false,false]]\n")); err == nil {
		t.Error("a first-edition frame no larger than the Reserve's was accepted")
	}
	s := newClassic(t, 1, 2, "")
	x, ok := s.exportSlot(3, 0)
	eq(t, "the bottom row in the first edition's frame", ok && x.twoPlayer, true)
	r := newReserve(t, 2, "").s
	x, ok = r.exportSlot(3, 0)
	eq(t, "the bottom row out of the Reserve's", ok && !x.twoPlayer, true)
}

// A refusal speaks the first edition's words: its Managers, not the
// Deluxe Magnates.
func TestFirstEditionRefusalsNameTheManagers(t *testing.T) {
	x := newClassicExample(t, 1, redPlayer, yellow, blue, purple)
	r := x.p(redPlayer)
	r.Cell, r.Estates[0] = CellTL, Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(5))}
	x.s.Regions[Douro].InPlay = true
	press := []string{"pass@c", "order-1", "press", "w1-1"}
	slot := x.ids(redPlayer, press...)[0]
	eq(t, "the refusal", x.s.Refusal(redPlayer, append(press, slot), "anabela"),
		"The Managers have no interest in start-ups: no barrel goes to them in year 1.")
}

// The first edition's cash Multiplier has no cap ("no cap on the cash
// Multiplier", RESERVE-2010.md §17.2), so its slots do not say "(at most
// 16)"; the Reserve's do.
func TestFirstEditionCashMultiplierHasNoCap(t *testing.T) {
	first := newClassic(t, 7, 4, "")
	for slot := range R10MultiplierSlots {
		if text := first.multiplierSlotText(R10MultCash, slot); strings.Contains(text, "at most") {
			t.Errorf("the first edition's cash Multiplier, slot %d: %q", slot, text)
		}
	}
	if text := newReserve(t, 4, "").s.multiplierSlotText(R10MultCash, 0); !strings.HasSuffix(text, "(at most 16)") {
		t.Errorf("the Reserve's cash Multiplier: %q", text)
	}
	s := newClassic(t, 7, 4, "")
	s.Seats[0].Money = 40
	if vp := s.MultiplierScore(0, R10MultCash, 0); vp <= R10CashMultiplierCap {
		t.Errorf("the first edition's cash Multiplier, 40 Bagos, left slot: %d VP", vp)
	}
}

// 000 takes back pairs "before performing an Action or before the Fair
// Step", where its Experts add "before performing a Bonus Action": after
// the action, a benefit's Bonus Action comes with no pair first. The
// Reserve's reading (AMB-7) allows one there (TestPairBeforeAnAdditionalAction).
func TestFirstEditionPairsOnlyBeforeAnActionOrTheFair(t *testing.T) {
	x := blueBeforeABonusAction(t)
	if !slices.Contains(x.ids(blue), "pair-hotel") {
		t.Errorf("before the action Blue is offered %v, want the Hotel pair", x.ids(blue))
	}
	x.refuses(blue, bonusAction, "pair-hotel")
}

// blueBeforeABonusAction is a first edition year 4 where Blue, on the
// Vineyards space with a barrel on Alexandre's space, two on the Hotel
// and none in his supply, has the turn.
func blueBeforeABonusAction(t *testing.T) *example {
	x := newClassicExample(t, 4, orange, yellow, blue, purple)
	b := x.p(blue)
	b.Money, b.Cell, b.Barrels = 10, CellTL, 0
	b.Magnates = [NumMagnates]int{Anabela: 1}
	b.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(7), red(3))}
	x.s.Sales[x.saleSlot(Hotel, Red, 6)] = blue
	x.s.Sales[x.saleSlot(Hotel, Red, 8)] = blue
	x.turn(blue)
	return x
}

// bonusAction passes, then discards a wine to move Blue's barrel along
// Alexandre's row: the Bonus Action is chosen next.
var bonusAction = []string{"pass@c", "order-1", "pass", "benefit", "w1-2", "anabela"}

// The cube and barrel Experts may be flipped "before performing a Bonus
// Action" (000): after the action, not at its end, but as the Bonus
// Sales action begins, and not between its wines.
func TestFirstEditionExpertsBeforeABonusAction(t *testing.T) {
	x := blueBeforeABonusAction(t)
	x.give(blue, x.expertID(Taste, ExpertRetrieveBarrel))
	barrel := "expert-taste-retrieve_barrel"
	x.refuses(blue, bonusAction[:3], barrel)
	sales := append(slices.Clone(bonusAction), "anabela-sales")
	if !slices.Contains(x.ids(blue, sales...), barrel) {
		t.Errorf("as the Bonus Sales action begins Blue is offered %v, want the barrel Expert", x.ids(blue, sales...))
	}
}

// 000 lets a free Expert be declined only by the last place ("he must
// choose whether or not to take the free Tile"): Setúbal's are taken,
// a player at 6 discarding one to make room.
func TestFirstEditionFreeExpertsAreTakenAtTheLimit(t *testing.T) {
	x := newClassicExample(t, 3, yellow, orange, blue, purple)
	discard := sixExpertsBeforeSetubal(x)
	got := x.ids(yellow, "vineyards@tl", "setubal", "e1")
	if slices.Contains(got, "decline") || !slices.Contains(got, discard) {
		t.Errorf("Setúbal's first free Expert at 6 offers %v, want discards and no decline", got)
	}
}

// "Players cannot build cellars in Minho Estates." (V1 L1406): an Estate
// that has a Cellar and no Vineyard takes no Minho Vineyard, whose region
// would make it a Minho Estate with a Cellar; an empty Estate may.
func TestFirstEditionNoMinhoVineyardInAnEstateWithACellar(t *testing.T) {
	x := newClassicExample(t, 2, redPlayer, yellow, blue, purple)
	r := x.p(redPlayer)
	r.Money, r.Cell = 10, CellTM
	r.Estates[0] = Estate{Cellar: true}
	r.Estates[1] = Estate{}
	x.deck(Minho, vy(Red, 3))
	x.s.Regions[Minho].InPlay = true
	x.turn(redPlayer)
	x.refuses(redPlayer, []string{"vineyards@tl", "minho"}, "e1")
	if !slices.Contains(x.ids(redPlayer, "vineyards@tl", "minho"), "e2") {
		t.Errorf("an empty Estate refuses the Minho Vineyard: %v", x.ids(redPlayer, "vineyards@tl", "minho"))
	}
}
