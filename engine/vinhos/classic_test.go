package vinhos

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/component"
	"github.com/adega-bot/adega/engine/enginetest"
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
// holding after every action: 200 at each player count, 10,000 with -long,
// 50 with -short (enginetest.Games), in two parallel halves.
func TestClassicPlayouts(t *testing.T) {
	games := enginetest.Games(10000)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for half := range uint64(2) {
			t.Run(fmt.Sprintf("%dp-half%d", players, half+1), func(t *testing.T) {
				t.Parallel()
				actions := 0
				for seed := half; seed < uint64(games); seed += 2 {
					playOut(t, newClassic(t, seed, players, ""), seed, quickDecision, holdInvariants(t, seed, &actions))
				}
				n := (games + 1 - int(half)) / 2
				t.Logf("%d games, %.1f actions on average", n, float64(actions)/float64(n))
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

// The first edition has no Ribatejo, and none of its Vintage tiles names
// it: whatever tile a year flips, Constantino asks for a wine of 4 of the
// first edition's regions, as in its printed example, and the year's
// narration names all 4. Each of its 8 regions is asked for on 4 tiles.
func TestFirstEditionVintageTilesNameOnlyItsRegions(t *testing.T) {
	s := newClassic(t, 7, 4, "")
	box := rulesets[Classic2010].boxRegions
	asked := map[RegionID]int{}
	for _, tile := range s.VintageDeck { // every tile a year 2 to 6 may flip
		s.Vintage = tile
		regions := s.VintageTile().Carolina.V
		if regions&^box != 0 || len(regionsInOrder(Classic2010, regions)) != 4 {
			t.Errorf("tile %d: Constantino asks for %v; the first edition's regions are %v", tile, regions, box)
		}
		for _, r := range regionsInOrder(Classic2010, regions) {
			asked[r]++
		}
		_, wants, _ := strings.Cut(s.vintageText(), ", Constantino ")
		if names := strings.Split(wants, "/"); len(names) != 4 {
			t.Errorf("tile %d: Constantino asks for %q", tile, wants)
		}
	}
	eq(t, "tiles in the deck", len(s.VintageDeck), NumVintageTiles-1)
	for _, r := range regionsInOrder(Classic2010, box) {
		eq(t, "tiles asking for "+Regions[r].Name, asked[r], 4)
	}
}

// The first edition's Press Release example prints its 4th year's tile:
// "Alexandre requests a White Wine, Beatriz requests a wine valued at
// least 9, Constantino requests a wine from region 1 (Minho), 3 (Dão), 4
// (Douro) or 7 (Setúbal)" (V1), the year's weather −1 and Look ×3, Taste
// ×2 (E32, E33). Its games have that tile, as text, and read it out in
// the example's order.
func TestFirstEditionVintageTileOfThePressReleaseExample(t *testing.T) {
	x := newClassicExample(t, 3, redPlayer, yellow, blue, purple)
	x.s.VintageDeck[0] = C10FourthYearTile
	x.w.startYear(4)
	saidAll(t, x.w.Events, "Year 4 begins. The Vintage tile is weather -1; features Taste 2, Look 3; "+
		"Alexandre wants white, Beatriz a value of 9+, Constantino Minho/Dão/Douro/Setúbal.")
	tile := x.s.VintageTile()
	eq(t, "the tile", tile, VintageTile{component.T(-1), component.T(FeatureSymbols{Appearance: 3, Taste: 2}), component.T(White), component.T(9),
		component.T(NewRegionSet(Minho, Dao, Douro, Setubal))})
	var numbers []int
	for _, r := range regionsInOrder(Classic2010, tile.Carolina.V) {
		numbers = append(numbers, RegionNumber(Classic2010, r))
	}
	eq(t, "Constantino's region numbers", numbers, []int{1, 3, 4, 7})
}

// An operator whose group owns the first edition may replace its Vintage
// tiles' reconstructed values with a data file, as printed on its tiles:
// [classic.vintage.N] with the first edition's Managers and region
// numbers. The 4th year's tile is text; the tiles must keep the −2 of the
// Production example and a tile besides the 4th year's naming Setúbal
// (the 5th-year Fair); a region the first edition lacks has no number.
func TestFirstEditionVintageDataFile(t *testing.T) {
	d, err := LoadData(strings.NewReader("[classic.vintage.4]\nweather = 1\nfeatures = { taste = 1, alcohol = 3 }\n" +
		"alexandre = \"white\"\nbeatriz = 7\nconstantino = [2, 5, 6, 8]\n"))
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "tile 4", d.Classic.Vintage[4], VintageTile{
		component.Sourced[int]{V: 1, Src: component.DataFile},
		component.Sourced[FeatureSymbols]{V: FeatureSymbols{Taste: 1, Alcohol: 3}, Src: component.DataFile},
		component.Sourced[Color]{V: White, Src: component.DataFile},
		component.Sourced[int]{V: 7, Src: component.DataFile},
		component.Sourced[RegionSet]{V: NewRegionSet(TrasOsMontes, Lisboa, Alentejo, Algarve), Src: component.DataFile},
	})
	eq(t, "the Deluxe tile 4", d.Vintage[4], DefaultData().Vintage[4])
	st, _, err := Game{Data: d}.New(engine.Setup{Game: "vinhos", Mode: ModeClassic2010, Rules: LatestRules, Seed: 7,
		Players: []string{"Red", "Yellow"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.Vintage = 4
	if text := s.vintageText(); !strings.HasSuffix(text, "Beatriz a value of 7+, Constantino Trás-os-Montes/Lisboa/Alentejo/Algarve") {
		t.Errorf("tile 4 from the data file reads %q", text)
	}

	for name, c := range map[string]struct{ src, key string }{
		"no region 9":           {"[classic.vintage.4]\nconstantino = [1, 9]\n", "classic.vintage.4.constantino[1]"},
		"the Deluxe names":      {"[classic.vintage.4]\ncarolina = [1, 2]\n", "classic.vintage.4.carolina"},
		"the 4th year's tile":   {"[classic.vintage.2]\nconstantino = [1, 2, 4, 7]\n", "classic.vintage.2.constantino"},
		"no −2":                 {"[classic.vintage.1]\nweather = -1\n", "classic.vintage"},
		"no Setúbal in year 5":  {"[classic.vintage.1]\nconstantino = [1]\n[classic.vintage.4]\nconstantino = [1]\n[classic.vintage.6]\nconstantino = [1]\n", "classic.vintage"},
		"a Manager's colour":    {"[classic.vintage.3]\nalexandre = \"rose\"\n", "classic.vintage.3.alexandre"},
		"a region listed twice": {"[classic.vintage.3]\nconstantino = [3, 3]\n", "classic.vintage.3.constantino"},
	} {
		t.Run(name, func(t *testing.T) { loadErr(t, c.src, c.key) })
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
	b.Magnates = [NumMagnates]int8{Anabela: 1}
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
	barrel := "expert-taste-retrieve-barrel"
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
