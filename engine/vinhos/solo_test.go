package vinhos

import (
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/component"
)

// The solo rules against Lacerda (RB "Solitaire rules", COMPONENTS.md §18
// and C22-C24), one test per rule, each with Lacerda's decks stacked.

const ana = SoloSeat

// soloGame sets up a solo game for Ana on the first-play regions (no
// Setúbal, no Algarve) with the first seed that puts first in turn order.
func soloGame(t *testing.T, first engine.Seat) *example {
	t.Helper()
	for seed := uint64(1); ; seed++ {
		st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules, Mode: ModeSolo, Seed: seed, Players: []string{"Ana"},
			Options: map[string]string{OptionRegions: "first-play"}})
		if err != nil {
			t.Fatal(err)
		}
		if s := st.(*State); s.Order[0] == first {
			return exampleOf(t, s)
		}
	}
}

// soloExample puts a solo game in year 2's Actions phase (Cellars taxed),
// Ana to play first, on Vintage tile 1: Taste 3 and Aroma 1,
// Anabela wants white, Bruno 8. Both markers are on Pass, no region has
// Renown cubes, Ana has 20 Bagos and estates in Douro and Dão, and
// Lacerda holds no Wine Expert.
func soloExample(t *testing.T) *example {
	t.Helper()
	x := soloGame(t, ana)
	s := x.s
	s.At, s.Year, s.Round, s.Turn, s.Vintage = PhaseActions, 2, 1, 0, 1
	s.VintageDeck = s.VintageDeck[1:]
	x.p(ana).Money = 20
	x.estate(0, Douro)
	x.estate(1, Dao)
	for _, e := range x.p(LacerdaSeat).Experts {
		f := e.ID / ExpertsPerDeck
		s.Experts[f] = append(slices.Clone(s.Experts[f]), e.ID)
	}
	x.p(LacerdaSeat).Experts = nil
	return x
}

// estate gives Ana estate e with the top Vineyard of region r.
func (x *example) estate(e int, r RegionID) {
	tile := x.s.Regions[r].Deck[0]
	x.s.Regions[r].Deck = x.s.Regions[r].Deck[1:]
	x.p(ana).Estates[e] = Estate{Region: r, Color: tile.Color, Vineyards: 1}
}

// cubes puts n Renown cubes from the supply on region r.
func (x *example) cubes(r RegionID, n int) {
	x.s.Supply.Cubes -= n - x.s.Regions[r].Cubes
	x.s.Regions[r].Cubes = n
}

// stackNumbers puts the Number cards on top of Lacerda's deck, in order,
// the others still in the deck below them.
func (x *example) stackNumbers(top ...int) {
	rest := slices.DeleteFunc(slices.Clone(NumberCards[:]), func(n int) bool {
		return slices.Contains(top, n) || slices.Contains(x.s.Solo.Drawn, n)
	})
	x.s.Solo.Numbers = append(slices.Clone(top), rest...)
}

// stackActions puts the Action cards on top of Lacerda's deck, in order,
// the others below them, none drawn yet.
func (x *example) stackActions(top ...Cell) {
	rest := slices.DeleteFunc(slices.Clone(ActionCards[:]), func(c Cell) bool { return slices.Contains(top, c) })
	x.s.Solo.Actions, x.s.Solo.Played = append(slices.Clone(top), rest...), nil
}

// lacerda has Lacerda draw the Action card c and play it, and returns the
// narration.
func (x *example) lacerda(c Cell) []engine.Event {
	x.t.Helper()
	x.stackActions(c)
	x.w.Events = nil
	x.w.lacerdaTurn()
	x.s.returnNumbers() // at the end of his action, as lacerdaDecides does
	return x.w.Events
}

func (x *example) check() {
	x.t.Helper()
	if err := invariants(x.s); err != nil {
		x.t.Fatal(err)
	}
}

// sold puts seat's barrels on the Sales slots.
func (x *example) sold(seat engine.Seat, slots ...int) {
	for _, i := range slots {
		x.s.Sales[i] = seat
		x.p(seat).Barrels--
	}
}

// taken fills the Sales slots whose values are in [lo, hi], barrels
// uncounted.
func (x *example) taken(lo, hi int) {
	for i, slot := range x.s.data.Sales {
		if v := slot.Value.V; v >= lo && v <= hi {
			x.s.Sales[i] = ana
		}
	}
}

// said reports whether some event's text contains text.
func said(events []engine.Event, text string) bool {
	return slices.ContainsFunc(events, func(e engine.Event) bool { return strings.Contains(e.Text, text) })
}

// saidAll fails the test unless each text is narrated.
func saidAll(t *testing.T, events []engine.Event, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if !said(events, text) {
			t.Errorf("nobody said %q; the narration is:", text)
			for _, e := range events {
				t.Logf("  %s", e.Text)
			}
		}
	}
}

// --- Mode and setup ----------------------------------------------------------

// The solo mode comes after the 2-4 player mode and takes one player.
func TestSoloModeTakesOnePlayer(t *testing.T) {
	modes := Game{}.Modes()
	eq(t, "modes", []string{modes[0].Name, modes[1].Name}, []string{ModeSpecial2016, ModeSolo})
	eq(t, "solo title", modes[1].Title, "Solo against Lacerda")
	_, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules, Mode: ModeSolo, Players: []string{"Ana", "Bruno"}})
	eq(t, "2 players in solo", engine.CodeOf(err), engine.CodeBadSetup)
	if !strings.Contains(err.Error(), "needs exactly 1 player, not 2") {
		t.Errorf("refusal %q", err)
	}
}

// Solo setup (RB): a 2-player game; Lacerda has no money, all 8 barrels in
// his area and none on the Magnates, the top Expert of each deck, both
// decks, and barrels on the top 2-player slots of Export columns 1 and 2
// for 19 VP. The player's money follows the random turn order.
func TestSoloSetupGivesLacerdaHisArea(t *testing.T) {
	x := soloGame(t, ana)
	l := x.p(LacerdaSeat)
	eq(t, "seats", []string{x.p(ana).Name, l.Name}, []string{"Ana", LacerdaName})
	eq(t, "colors", []PlayerColor{x.p(ana).Color, l.Color}, []PlayerColor{Orange, Yellow})
	eq(t, "Ana's money, first", x.p(ana).Money, StartingCash[0])
	eq(t, "Lacerda's money", l.Money, 0)
	eq(t, "his barrels in his area", l.Barrels, Box.BarrelsPerColor-LacerdaInitialExports)
	eq(t, "his barrels on the Magnates", l.Magnates, [NumMagnates]int8{})
	eq(t, "his VP", l.VP, 19)
	eq(t, "his exports", []engine.Seat{x.s.Export[1][0], x.s.Export[1][1], x.s.Export[2][0]}, []engine.Seat{LacerdaSeat, LacerdaSeat, engine.NoSeat})
	for f := range NumFeatures {
		if held, _ := x.s.expertTile(l.Experts[f].ID); held != Feature(f) || !l.Experts[f].FaceUp {
			t.Errorf("his Expert %d is %+v", f, l.Experts[f])
		}
	}
	eq(t, "Action deck", len(x.s.Solo.Actions), len(ActionCards))
	eq(t, "pending", x.pending(), []engine.Seat{ana})
	x.check()
}

// C22: Lacerda's initial vineyard is a Number card's region; a card
// naming a region not in play is redrawn. The region's top Vineyard is
// discarded and a cube goes there.
func TestLacerdaInitialVineyardRedrawsRegionNotInPlay(t *testing.T) {
	x := soloGame(t, ana)
	top := x.s.Regions[Dao].Deck[1]
	x.stackNumbers(7, 9, 4)
	next, events, err := playThrough(x.s, ana, engine.Action{"douro", "table"})
	if err != nil {
		t.Fatal(err)
	}
	x.set(next)
	saidAll(t, events, "Number card 7: Setúbal is not in play", "Number card 9: Algarve is not in play", "Number card 4: Dão.")
	eq(t, "Dão's top vineyard", x.s.Regions[Dao].Deck[0], top)
	eq(t, "Dão's cubes", x.s.Regions[Dao].Cubes, 1)
	eq(t, "discarded vineyards", x.s.Solo.Discarded.Vineyards, 1)
	x.check()
}

// Lacerda's first Magnate tile: Number cards until one of 1-6 names a
// space that still holds a tile, which he discards.
func TestLacerdaInitialMagnateTileByNumberCards(t *testing.T) {
	x := soloGame(t, LacerdaSeat)
	x.apply(ana, "douro", "table")
	eq(t, "Ana picks first", x.pending(), []engine.Seat{ana})
	third, fifth := x.s.Display[2], x.s.Display[4]
	x.stackNumbers(9, 3, 5)
	key := x.s.tileKey(third, 2)
	next, events, err := x.s.Apply(ana, engine.Action{key})
	if err != nil {
		t.Fatal(err)
	}
	x.set(next.(*State))
	saidAll(t, events, "Number card 9: no display space", "Number card 3: display space 3 is empty", "Number card 5: display space 5.")
	eq(t, "his discarded tile", x.s.Solo.Discarded.Tiles, []int{fifth})
	eq(t, "his tiles", len(x.p(LacerdaSeat).Tiles), 0)
	eq(t, "display refilled", slices.Contains(x.s.Display, NoTile), false)
	x.check()
}

// --- Movement ----------------------------------------------------------------

// The bank pays Lacerda's fees, and pays you 1 when he lands on your space.
// He leaves a Bago bribe on the space he leaves, except the centre.
func TestLacerdaMovementBankPaysAndHeLeavesBribes(t *testing.T) {
	x := soloExample(t)
	x.p(ana).Cell = CellTM
	events := x.lacerda(CellTM) // adjacent, taxed in year 2, Ana there
	saidAll(t, events, "the bank pays his 2 Bagos, 1 of them to Ana")
	eq(t, "Ana's money", x.p(ana).Money, 21)
	eq(t, "Lacerda's money", x.p(LacerdaSeat).Money, 0)
	eq(t, "no bribe on the centre", x.s.Solo.Bribes, [NumCells]bool{})

	events = x.lacerda(CellBR) // not adjacent
	saidAll(t, events, "the bank pays his 1 Bago", "Lacerda leaves a Bago bribe on Cellars")
	eq(t, "bribes", x.s.Solo.Bribes, [NumCells]bool{CellTM: true})

	x.s.Solo.Bribes[CellBR] = true
	events = x.lacerda(CellBM)
	if said(events, "bribe") {
		t.Error("a second bribe on Vineyards (bottom right)")
	}
	eq(t, "bribes", x.s.Solo.Bribes, [NumCells]bool{CellTM: true, CellBR: true})
	x.check()
}

// Entering a space with a bribe costs you 1 Bago more, to the bank: the
// move is offered only if you can pay it, and the bribe goes back.
func TestEnteringBribedSpaceCostsOneMore(t *testing.T) {
	x := soloExample(t)
	x.s.Solo.Bribes[CellML] = true
	x.p(LacerdaSeat).Cell = CellML
	eq(t, "fee", x.s.MovePrice(ana, CellML).Bagos, 2)
	eq(t, "label", x.choice(ana, "wine-experts@ml").Label, "Wine Experts, move 2 Bagos (1 for Lacerda's bribe)")

	x.p(ana).Money = 2 // the move, but no Expert after it
	x.refuses(ana, nil, "wine-experts@ml")
	x.p(ana).Money = 3
	x.apply(ana, "wine-experts@ml", "taste")
	eq(t, "Ana's money", x.p(ana).Money, 0)
	eq(t, "Lacerda's money", x.p(LacerdaSeat).Money, 1)
	eq(t, "bribe", x.s.Solo.Bribes[CellML], false)
	x.check()
}

// The free-move Expert pays no "taxes, other players, or for distance"
// (RB); the bribe is none of these, so it is still paid, to the bank.
func TestFreeMoveStillPaysLacerdasBribe(t *testing.T) {
	x := soloExample(t)
	x.s.Solo.Bribes[CellML] = true
	x.p(LacerdaSeat).Cell = CellML // a Bago owed to him, which the Expert waives
	x.give(ana, x.expertID(Alcohol, ExpertFreeMove))
	eq(t, "payment label", x.choice(ana, "expert-alcohol-free-move", "wine-experts@ml").Label,
		"Flip your Alcohol Expert: move for free (arrow) (Lacerda's bribe of 1 Bago is still due)")
	x.apply(ana, "wine-experts@ml", "expert-alcohol-free-move", "taste", "done")
	eq(t, "Ana's money (the bribe, then the Expert)", x.p(ana).Money, 20-1-1)
	eq(t, "Lacerda's money", x.p(LacerdaSeat).Money, 0)
	eq(t, "bribe", x.s.Solo.Bribes[CellML], false)
	x.check()
}

// "If you cannot pay to enter the space, you cannot take that Action"
// (RB): with no Bago for the bribe, a free move does not open it.
func TestBribedSpaceClosedWithoutABagoEvenForAFreeMove(t *testing.T) {
	x := soloExample(t)
	x.s.Solo.Bribes[CellBM] = true
	x.p(ana).Money = 0
	x.p(ana).Estates[0].Wines = wines(red(6))
	x.give(ana, x.expertID(Alcohol, ExpertFreeMove))
	x.p(LacerdaSeat).Cell = CellBM // a Bago owed to him, which the Expert waives
	x.refuses(ana, nil, "sales@bm")
	x.p(ana).Money = 1
	x.choice(ana, "sales@bm")
}

// C23: an Action card naming Lacerda's own space is discarded and another
// drawn.
func TestLacerdaActionCardNamingHisSpaceIsRedrawn(t *testing.T) {
	x := soloExample(t)
	x.p(LacerdaSeat).Cell = CellTL
	x.stackActions(CellTL, CellBR)
	x.w.Events = nil
	x.w.lacerdaTurn()
	saidAll(t, x.w.Events, "Action card Vineyards (top left)", "He is already there, so he draws again", "Action card Vineyards (bottom right)")
	eq(t, "his space", x.p(LacerdaSeat).Cell, CellBR)
	eq(t, "drawn", x.s.Solo.Played, []Cell{CellTL, CellBR})
}

// --- Actions -----------------------------------------------------------------

// Vineyards: 2 Number cards (C22: regions not in play redrawn); each
// region's top Vineyard is discarded with a cube there. A region with no
// Vineyard left takes no cube, nor does a full inset.
func TestLacerdaVineyards(t *testing.T) {
	x := soloExample(t)
	minho := x.s.Regions[Minho].Deck[1]
	x.stackNumbers(9, 2, 5)
	events := x.lacerda(CellTL)
	saidAll(t, events, "Number card 9: Algarve is not in play", "Number card 2: Minho.", "Number card 5: Ribatejo.")
	eq(t, "Minho's top vineyard", x.s.Regions[Minho].Deck[0], minho)
	eq(t, "vineyards left", []int{len(x.s.Regions[Minho].Deck), len(x.s.Regions[Ribatejo].Deck)}, []int{3, 3})
	eq(t, "cubes", []int{x.s.Regions[Minho].Cubes, x.s.Regions[Ribatejo].Cubes}, []int{1, 1})
	eq(t, "discarded", x.s.Solo.Discarded.Vineyards, 2)

	x.s.Solo.Discarded.Vineyards += len(x.s.Regions[Minho].Deck)
	x.s.Regions[Minho].Deck = nil
	x.cubes(TrasOsMontes, 4) // a full inset
	x.stackNumbers(2, 1)
	events = x.lacerda(CellBR)
	saidAll(t, events, "No Minho vineyard is left to discard", "Lacerda discards the top Trás-os-Montes vineyard", "No Renown cube can go to Trás-os-Montes")
	eq(t, "cubes", []int{x.s.Regions[Minho].Cubes, x.s.Regions[TrasOsMontes].Cubes}, []int{1, 4})
	eq(t, "discarded", x.s.Solo.Discarded.Vineyards, 2+3+1)
	x.check()
}

// Cellars and Wineries: 2 Number cards add a cube each, even with fewer
// than 2 buildings left; 2 buildings are discarded, or all that are left.
func TestLacerdaCellarsAndWineries(t *testing.T) {
	for _, c := range []struct {
		name   string
		cell   Cell
		supply func(s *State) *int
	}{
		{"cellars", CellTM, func(s *State) *int { return &s.Supply.Cellars }},
		{"wineries", CellTR, func(s *State) *int { return &s.Supply.Wineries }},
	} {
		for _, left := range []int{5, 1, 0} {
			x := soloExample(t)
			supply := c.supply(x.s)
			discarded := *supply - left
			*supply = left
			if c.name == "cellars" {
				x.s.Solo.Discarded.Cellars = discarded
			} else {
				x.s.Solo.Discarded.Wineries = discarded
			}
			x.stackNumbers(3, 8)
			x.lacerda(c.cell)
			eq(t, c.name+" cubes", []int{x.s.Regions[Douro].Cubes, x.s.Regions[Alentejo].Cubes}, []int{1, 1})
			eq(t, c.name+" left", *c.supply(x.s), max(0, left-2))
			x.check()
		}
	}
}

// Wine Experts: the top Expert of each feature on the Vintage tile (Taste
// and Aroma), none from an empty deck.
func TestLacerdaWineExperts(t *testing.T) {
	x := soloExample(t)
	taste, aroma := x.s.Experts[Taste][0], x.s.Experts[Aroma][0]
	x.lacerda(CellML)
	eq(t, "his Experts", x.p(LacerdaSeat).Experts, []HeldExpert{{taste, true}, {aroma, true}})

	x.give(ana, x.s.Experts[Aroma]...)
	x.lacerda(CellTL)
	x.lacerda(CellML)
	eq(t, "his Experts", len(x.p(LacerdaSeat).Experts), 3)
	x.check()
}

// Enologists/Farmers: 2 of each discarded, or all that are left.
func TestLacerdaEnologistsAndFarmers(t *testing.T) {
	x := soloExample(t)
	x.lacerda(CellMR)
	eq(t, "left", []int{x.s.Supply.Enologists, x.s.Supply.Farmers}, []int{5, 7})
	x.s.Supply.Enologists, x.s.Solo.Discarded.Enologists = 1, 6
	x.lacerda(CellTL)
	x.lacerda(CellMR)
	eq(t, "left", []int{x.s.Supply.Enologists, x.s.Supply.Farmers}, []int{0, 5})
	eq(t, "discarded", []int{x.s.Solo.Discarded.Enologists, x.s.Solo.Discarded.Farmers}, []int{7, 4})
	x.check()
}

// He takes Renown cubes from your region with the most cubes, among the
// regions of your estates, 2 or all that are left.
func TestLacerdaTakesCubesFromYourRichestRegion(t *testing.T) {
	x := soloExample(t)
	x.cubes(TrasOsMontes, 4) // not Ana's
	x.cubes(Douro, 2)
	x.cubes(Dao, 3)
	for _, want := range []int{2, 2, 1, 0} { // Dão, Douro, Dão, none
		eq(t, "taken", x.w.lacerdaCubes(), want)
	}
	eq(t, "cubes", []int{x.s.Regions[TrasOsMontes].Cubes, x.s.Regions[Douro].Cubes, x.s.Regions[Dao].Cubes}, []int{4, 0, 0})
	x.check()
}

// A tie for your richest region is broken by drawing Number cards until
// one names a tied region.
func TestLacerdaCubeTieBrokenByNumberCards(t *testing.T) {
	x := soloExample(t)
	x.cubes(Douro, 2)
	x.cubes(Dao, 2)
	x.p(LacerdaSeat).Barrels = 1
	x.stackNumbers(1, 4)
	events := x.lacerda(CellBL)
	saidAll(t, events, "Number card 1: Trás-os-Montes is not among the tied regions", "Number card 4: Dão.", "Lacerda takes 2 Renown cubes from Dão")
	eq(t, "cubes", []int{x.s.Regions[Douro].Cubes, x.s.Regions[Dao].Cubes}, []int{2, 0})
}

// Export, twice: the highest free 2-player slot, the leftmost column of
// equal values, scoring the slot plus 1 VP per cube taken (C24: an
// Alentejo cube too).
func TestLacerdaExportHighestSlotLeftmostOnTies(t *testing.T) {
	x := soloExample(t)
	x.p(ana).Estates[2] = Estate{}
	x.estate(2, Alentejo)
	x.cubes(Alentejo, 3)
	x.s.Export[1][1] = engine.NoSeat // his column-2 barrel comes home
	x.p(LacerdaSeat).Barrels++
	x.s.Export[2][0], x.s.Export[2][1] = ana, ana // the 9 of column 1, the 8 of column 2
	x.p(ana).Barrels -= 2
	vp := x.p(LacerdaSeat).VP
	x.lacerda(CellBL)
	eq(t, "column 2's 9", x.s.Export[1][1], LacerdaSeat)
	eq(t, "column 3's 8, not column 4's", []engine.Seat{x.s.Export[1][2], x.s.Export[1][3]}, []engine.Seat{LacerdaSeat, engine.NoSeat})
	eq(t, "VP", x.p(LacerdaSeat).VP, vp+9+2+8+1)
	x.check()
}

// Export stops when he has no barrel left or no slot is free: no cubes
// are taken for it.
func TestLacerdaExportWithoutBarrelOrSlot(t *testing.T) {
	x := soloExample(t)
	x.cubes(Douro, 4)
	x.p(LacerdaSeat).Barrels = 1
	events := x.lacerda(CellBL)
	saidAll(t, events, "no barrel or no free Export slot")
	eq(t, "Douro's cubes", x.s.Regions[Douro].Cubes, 2)
	eq(t, "barrels", x.p(LacerdaSeat).Barrels, 0)

	x = soloExample(t)
	x.cubes(Douro, 4)
	for r := range ExportRows {
		for c := range ExportColumns {
			if x.s.data.Export.TwoPlayer.V[r][c] && x.s.Export[r][c] == engine.NoSeat {
				x.s.Export[r][c] = ana // barrels uncounted
			}
		}
	}
	vp := x.p(LacerdaSeat).VP
	events = x.lacerda(CellBL)
	saidAll(t, events, "no barrel or no free Export slot")
	eq(t, "Douro's cubes", x.s.Regions[Douro].Cubes, 4)
	eq(t, "his VP", x.p(LacerdaSeat).VP, vp)
}

// Sales: Number cards until one above 2; value = card + cubes; the slot of
// that value in Anabela's colour; he keeps the Bagos.
func TestLacerdaSalesValueIsCardPlusCubes(t *testing.T) {
	x := soloExample(t)
	x.cubes(Dao, 2)
	x.p(LacerdaSeat).Barrels = 1
	x.stackNumbers(2, 1, 5)
	events := x.lacerda(CellBM)
	saidAll(t, events, "Number card 2: below 3", "Number card 1: below 3", "Number card 5: a wine of 7.", "Hotel white 7")
	eq(t, "Hotel white 7", x.s.Sales[x.saleSlot(Hotel, White, 7)], LacerdaSeat)
	eq(t, "his money", x.p(LacerdaSeat).Money, 7)
}

// Sales 5a: the same value in the other colour when Anabela's is taken;
// 5b: both taken, the next lower value, Anabela's colour first.
func TestLacerdaSalesFallBackToOtherColourThenLowerValue(t *testing.T) {
	x := soloExample(t)
	x.p(LacerdaSeat).Barrels = 2
	x.sold(ana, x.saleSlot(Hotel, White, 7))
	x.stackNumbers(7)
	x.lacerda(CellBM) // the second sale draws from a shuffled deck
	eq(t, "Hotel red 7", x.s.Sales[x.saleSlot(Hotel, Red, 7)], LacerdaSeat)

	x = soloExample(t)
	x.s.Vintage = 3 // Anabela wants red
	x.p(LacerdaSeat).Barrels = 1
	x.stackNumbers(7)
	x.lacerda(CellBM)
	eq(t, "Hotel red 7", x.s.Sales[x.saleSlot(Hotel, Red, 7)], LacerdaSeat)

	x = soloExample(t)
	x.p(LacerdaSeat).Barrels = 1
	x.sold(ana, x.saleSlot(Hotel, White, 7), x.saleSlot(Hotel, Red, 7))
	x.stackNumbers(7)
	x.lacerda(CellBM)
	eq(t, "Hotel white 6", x.s.Sales[x.saleSlot(Hotel, White, 6)], LacerdaSeat)
	eq(t, "his money", x.p(LacerdaSeat).Money, 6)
}

// Sales 5c: when every slot of that value and below is taken, he keeps
// drawing until a card finds one.
func TestLacerdaSalesKeepsDrawingWhenEverySlotIsTaken(t *testing.T) {
	x := soloExample(t)
	x.p(LacerdaSeat).Barrels = 1
	x.taken(3, 6)
	x.stackNumbers(4, 6, 3, 8)
	events := x.lacerda(CellBM)
	saidAll(t, events, "Number card 4: a wine of 4 finds no free Sales slot", "Number card 6: a wine of 6 finds no free",
		"Number card 3: a wine of 3 finds no free", "Number card 8: a wine of 8.")
	eq(t, "Hotel white 8", x.s.Sales[x.saleSlot(Hotel, White, 8)], LacerdaSeat)
}

// With every Sales slot taken he does not sell, nor take cubes.
func TestLacerdaSalesWithoutFreeSlot(t *testing.T) {
	x := soloExample(t)
	x.cubes(Douro, 2)
	x.taken(0, 99)
	events := x.lacerda(CellBM)
	saidAll(t, events, "no barrel or no free Sales slot")
	eq(t, "Douro's cubes", x.s.Regions[Douro].Cubes, 2)
	eq(t, "his money", x.p(LacerdaSeat).Money, 0)
}

// Sales twice; and when no card can find a slot, no sale: the barrel stays
// home and the cubes stay spent. "Repeat Steps 1-6 to place and sell a
// second barrel, if any barrels and spaces left" (RB): a first sale that
// fails still leaves him the second, with cubes taken again.
func TestLacerdaSecondSaleAfterAFailedFirst(t *testing.T) {
	x := soloExample(t)
	x.taken(4, 10)
	x.s.Sales[x.saleSlot(CasaDeFados, White, 3)] = ana
	events := x.lacerda(CellBM) // any card falls back to red 3; then only 11s are free
	eq(t, "Casa de Fados red 3", x.s.Sales[x.saleSlot(CasaDeFados, Red, 3)], LacerdaSeat)
	saidAll(t, events, "No Number card left finds Lacerda a Sales slot: this sale fails")
	eq(t, "barrels", x.p(LacerdaSeat).Barrels, 5)

	// With a cube from Douro no card reaches a free slot (only 11s are
	// left): the first sale draws the whole deck and fails; the second
	// still takes its cube, now from Dão, and finds no card.
	x.lacerda(CellML) // away and back
	x.cubes(Douro, 1)
	x.cubes(Dao, 1)
	x.stackNumbers(3) // breaks the tie between Douro and Dão
	events = x.lacerda(CellBM)
	saidAll(t, events, "Number card 3: Douro", "Lacerda takes 1 Renown cube from Douro", "Number card 9: a wine of 10 finds no free Sales slot",
		"this sale fails", "Lacerda takes 1 Renown cube from Dão")
	eq(t, "failed sales", strings.Count(strings.Join(texts(events), "\n"), "this sale fails"), 2)
	eq(t, "barrels", x.p(LacerdaSeat).Barrels, 5)
	eq(t, "cubes left in Douro and Dão", []int{x.s.Regions[Douro].Cubes, x.s.Regions[Dao].Cubes}, []int{0, 0})
	eq(t, "Number cards back in the deck", len(x.s.Solo.Numbers), len(NumberCards))
}

// Pass / Press Release: the first free order slot; Bruno's value in Fair
// Points; cubes from your richest region; the "3 FP" booth; one matching
// face-up Expert per Vintage feature, the one worth most.
func TestLacerdaPassAndPressRelease(t *testing.T) {
	x := soloExample(t)
	x.s.Bottom[0] = ana
	x.p(LacerdaSeat).Cell = CellTL
	x.cubes(Douro, 3)
	// Taste shows 3 symbols: the retrieving Taste Expert has no arrow (3
	// FP), the free-move one has (4); Aroma 1 symbol, no arrow.
	x.give(LacerdaSeat, x.expertID(Taste, ExpertRetrieveBarrel), x.expertID(Taste, ExpertFreeMove), x.expertID(Aroma, ExpertCash))
	events := x.lacerda(CellC)
	saidAll(t, events, "Lacerda will play 2nd", "worth Bruno's 8 Fair Points", "Lacerda takes 2 Renown cubes from Douro", "Lacerda takes Fair booth 4")
	eq(t, "order row", x.s.Bottom, []engine.Seat{ana, LacerdaSeat})
	eq(t, "his booth", x.s.Booths[3], LacerdaSeat)
	eq(t, "his Fair Points", x.p(LacerdaSeat).FairPoints, 8+3+4+1)
	eq(t, "his Experts left", x.p(LacerdaSeat).Experts, []HeldExpert{{x.expertID(Taste, ExpertRetrieveBarrel), true}})
	eq(t, "pressed", x.p(LacerdaSeat).Pressed, true)
	x.check()
}

// If your disc is on the "3 FP" booth he takes the "3 Bagos" booth; once
// he has made his Press Release for the Fair he only passes.
func TestLacerdaPressTakesBagosBoothThenOnlyPasses(t *testing.T) {
	x := soloExample(t)
	x.s.Booths[3] = ana
	x.p(ana).Pressed = true
	x.p(LacerdaSeat).Cell = CellTL
	x.lacerda(CellC)
	eq(t, "his booth", x.s.Booths[2], LacerdaSeat)
	eq(t, "his money", x.p(LacerdaSeat).Money, 3)

	fp := x.p(LacerdaSeat).FairPoints
	x.s.Bottom = []engine.Seat{engine.NoSeat, engine.NoSeat}
	x.lacerda(CellTL)
	events := x.lacerda(CellC)
	saidAll(t, events, "Lacerda will play 1st", "Lacerda passes.")
	eq(t, "his Fair Points", x.p(LacerdaSeat).FairPoints, fp)
}

// Play: you take both your actions, then Lacerda both of his; the Pass
// row's new order applies after both.
func TestSoloEachPlayerTakesBothActions(t *testing.T) {
	x := soloExample(t)
	x.p(ana).Cell = CellTL
	x.apply(ana, "pass@c", "order-2") // no wine, so no Press Release to ask about
	eq(t, "pending", x.s.Pending(), []engine.Pending{{Seat: ana, Prompt: "take action 2 of year 2"}})
	eq(t, "order row", x.s.Bottom, []engine.Seat{engine.NoSeat, ana})
	x.stackActions(CellTL, CellC, CellBR, CellTM)
	x.apply(ana, "wine-experts@ml", "taste", "done")
	eq(t, "year", x.s.Year, 3)
	// He passed on his second action, taking the slot Ana left him, and
	// the order changed only then.
	eq(t, "order", x.s.Order, []engine.Seat{LacerdaSeat, ana})
	eq(t, "his cards this year and next", x.s.Solo.Played, []Cell{CellTL, CellC, CellBR, CellTM})
	eq(t, "pending", x.s.Pending(), []engine.Pending{{Seat: ana, Prompt: "take action 1 of year 3"}})
	x.check()
}

// A solo player who passed already this year keeps her order slot if she
// must stay on Pass: no second slot is offered.
func TestSoloSecondPassKeepsOrderSlot(t *testing.T) {
	x := soloExample(t)
	x.s.Turn, x.s.Round = 0, 2
	x.s.Bottom[0] = ana
	x.p(ana).Money = 0
	x.p(ana).Estates[0].Wines = wines(Wine{Color: x.p(ana).Estates[0].Color, Quality: 2}) // worth too little to sell
	x.offers(ana, nil, "pass@c")
	x.offers(ana, []string{"pass@c"}, "pass", "press")
}

// Lacerda never has a decision to make, and may not be asked one.
func TestLacerdaIsNeverPending(t *testing.T) {
	x := soloExample(t)
	if _, err := x.s.Choices(LacerdaSeat, nil); engine.CodeOf(err) != engine.CodeNotYourTurn {
		t.Errorf("Lacerda's choices: %v", err)
	}
	if _, _, err := x.s.Apply(LacerdaSeat, engine.Action{"pass@c"}); engine.CodeOf(err) != engine.CodeNotYourTurn {
		t.Errorf("Lacerda's action: %v", err)
	}
}

// --- Other phases --------------------------------------------------------

// Maintenance: his lowest Sales barrel comes back; of two of the same
// value, the one in Anabela's colour.
func TestLacerdaMaintenanceLowestBarrelTiesByAnabela(t *testing.T) {
	for _, c := range []struct {
		vintage int
		want    SaleSlot
	}{
		{1, SaleSlot{Hotel, White, component.T(7)}}, // Anabela wants white
		{3, SaleSlot{Hotel, Red, component.T(7)}},   // Anabela wants red
	} {
		x := soloExample(t)
		x.s.Vintage = c.vintage
		x.sold(LacerdaSeat, x.saleSlot(Enoteca, Red, 9), x.saleSlot(Hotel, Red, 7), x.saleSlot(Hotel, White, 7))
		x.w.lacerdaMaintenance()
		back := x.saleSlot(c.want.Establishment, c.want.Color, c.want.Value.V)
		eq(t, "taken back", x.s.Sales[back], engine.NoSeat)
		eq(t, "his barrels", x.p(LacerdaSeat).Barrels, 4)
	}
	x := soloExample(t)
	x.sold(LacerdaSeat, x.saleSlot(Hotel, White, 7), x.saleSlot(CasaDeFados, Red, 5))
	x.w.lacerdaMaintenance()
	eq(t, "the lowest", x.s.Sales[x.saleSlot(CasaDeFados, Red, 5)], engine.NoSeat)
}

// fair holds Fair 1 at the end of year 3, the given Press Releases made
// already, and plays on until Ana must decide.
func (x *example) fair(presses map[engine.Seat]int) {
	x.s.Year, x.s.Order = 3, []engine.Seat{ana, LacerdaSeat}
	x.s.VintageDeck = x.s.VintageDeck[1:]
	for seat, fp := range presses {
		x.p(seat).Pressed, x.p(seat).FairPoints = true, fp
		x.s.Booths[int(seat)] = seat
	}
	x.w.Events = nil
	x.s.startFair()
	x.w.Advance()
	x.check()
}

// The Fair: Lacerda makes his Press Release if he has not; 2-player VP (1st
// and 3rd); the winner takes a trophy.
func TestSoloFairForcedPressAndTrophy(t *testing.T) {
	x := soloExample(t)
	x.fair(map[engine.Seat]int{ana: 1})
	saidAll(t, x.w.Events, "worth Bruno's 8 Fair Points", "Lacerda places 1st and scores 9 VP", "Lacerda places first at the Fair and takes a trophy")
	eq(t, "Ana's VP", x.p(ana).VP, 3)
	eq(t, "trophies", x.s.Solo.Trophies, [][]engine.Seat{{LacerdaSeat}})
	eq(t, "Lacerda's trophies", x.s.Trophies(LacerdaSeat), 1)
}

// Reading: "give the winner a trophy" goes to everyone placed first who
// presented a wine, so a tie for first (which splits the VP) gives each a
// trophy; first place without a wine presented takes none.
func TestSoloFairTrophyForEveryoneFirstWhoPresented(t *testing.T) {
	x := soloExample(t)
	x.fair(map[engine.Seat]int{ana: 30, LacerdaSeat: 20})
	eq(t, "trophies", x.s.Solo.Trophies, [][]engine.Seat{{ana}})
	eq(t, "Ana's trophies", x.s.Trophies(ana), 1)

	x = soloExample(t)
	x.fair(map[engine.Seat]int{ana: 20, LacerdaSeat: 20})
	saidAll(t, x.w.Events, "Lacerda places 1st and scores 6 VP", "Ana places first at the Fair and takes a trophy", "Lacerda places first at the Fair and takes a trophy")
	eq(t, "Ana's VP", x.p(ana).VP, 6)
	eq(t, "Ana's trophies", x.s.Trophies(ana), 1)
	eq(t, "Lacerda's trophies", x.s.Trophies(LacerdaSeat), 1)

	x = soloExample(t)
	x.p(ana).FairPoints = 40 // from earlier Fairs; no wine now
	x.fair(nil)
	saidAll(t, x.w.Events, "Ana presented no wine", "Nobody placed first with a wine presented: no trophy")
	eq(t, "trophies", x.s.Solo.Trophies, [][]engine.Seat{nil})
}

// The draft: Number cards 1-6 name display spaces; he discards an Action
// tile and keeps a Multiplier with a barrel on it.
func TestLacerdaDraftByNumberCards(t *testing.T) {
	x := soloExample(t)
	x.s.At, x.s.DraftPassed, x.s.FairOrder = PhaseDraft, make([]bool, 2), []engine.Seat{ana, LacerdaSeat}
	action, mult := x.s.Display[1], x.multTile(MultWineries, 2)
	x.s.Deck = slices.DeleteFunc(slices.Clone(x.s.Deck), func(id int) bool { return id == mult })
	x.s.Retired = append(x.s.Retired, x.s.Display[3])
	x.s.Display[3] = mult
	x.stackNumbers(8, 2)
	x.w.lacerdaDraftPick()
	eq(t, "discarded", x.s.Solo.Discarded.Tiles, []int{action})
	x.stackNumbers(4)
	x.w.lacerdaDraftPick()
	eq(t, "his tiles", x.p(LacerdaSeat).Tiles, []HeldTile{{ID: mult, FaceUp: true, Barrel: true}})
	eq(t, "his barrels", x.p(LacerdaSeat).Barrels, Box.BarrelsPerColor-LacerdaInitialExports-1)
	x.check()
}

// "Return them to the deck at the end of the action, then shuffle the
// deck" (RB solo): a draft pick is not the end of his draft, whose picks
// draw "until either he gets a tile, or the Number deck runs out"; the
// cards go back when the draft ends.
func TestLacerdaNumberCardsStayOutUntilTheDraftEnds(t *testing.T) {
	x := soloExample(t)
	x.s.At, x.s.DraftPassed, x.s.FairOrder = PhaseDraft, make([]bool, 2), []engine.Seat{ana, LacerdaSeat}
	x.s.Retired = append(x.s.Retired, x.s.Display[1])
	x.s.Display[1] = NoTile // space 2
	x.stackNumbers(2, 8, 1)
	x.w.lacerdaDecides()
	eq(t, "cards out after his first pick", x.s.Solo.Drawn, []int{2, 8, 1})
	x.stackNumbers(3)
	x.w.lacerdaDraftPick()
	eq(t, "cards out after his second pick", x.s.Solo.Drawn, []int{2, 8, 1, 3})
	eq(t, "cards left to draw", len(x.s.Solo.Numbers), len(NumberCards)-4)
	x.w.endDraft()
	eq(t, "cards out after the draft", len(x.s.Solo.Drawn), 0)
	eq(t, "the deck after the draft", slices.Sorted(slices.Values(x.s.Solo.Numbers)), NumberCards[:])
}

// Within one action no Number card repeats, and all of them go back at its
// end: the two regions of his Vineyards action differ even when the
// first card is drawn again after a region not in play.
func TestLacerdaNumberCardsReturnAtTheEndOfHisAction(t *testing.T) {
	x := soloExample(t)
	x.s.Regions[Setubal].InPlay = false
	x.stackNumbers(7, 2, 5)
	events := x.lacerda(CellTL)
	saidAll(t, events, "Number card 7: Setúbal is not in play", "Number card 2: Minho.", "Number card 5: Ribatejo.")
	eq(t, "cards out after his action", len(x.s.Solo.Drawn), 0)
	eq(t, "the deck after his action", slices.Sorted(slices.Values(x.s.Solo.Numbers)), NumberCards[:])
}

// A gap: his second sale may need a tie broken between regions whose
// cards the first sale drew already. The drawn cards are then shuffled
// back and the draw goes on, since the tie must be broken.
func TestLacerdaTieBreakReshufflesWhenTheTiedCardsAreOut(t *testing.T) {
	x := soloExample(t)
	x.estate(2, Minho)
	x.cubes(Douro, 2)
	x.cubes(Dao, 2)
	x.cubes(Minho, 2)
	x.taken(3, 6)
	x.stackNumbers(2, 3, 4, 9) // Minho; then wines of 5 and 6 find no slot, 11 does
	events := x.lacerda(CellBM)
	saidAll(t, events, "Number card 2: Minho.", "Lacerda takes 2 Renown cubes from Minho", "Number card 9: a wine of 11.",
		"The Number deck ran out before the tie was broken; the drawn cards are shuffled back.")
	eq(t, "Douro and Dão cubes", x.s.Regions[Douro].Cubes+x.s.Regions[Dao].Cubes, 2)
	eq(t, "the deck after his action", slices.Sorted(slices.Values(x.s.Solo.Numbers)), NumberCards[:])
}

// He passes for good when the Number deck runs out without naming a tile,
// and when he is out of barrels.
func TestLacerdaDraftPassesWhenNumbersOrBarrelsRunOut(t *testing.T) {
	x := soloExample(t)
	x.s.At, x.s.DraftPassed, x.s.FairOrder = PhaseDraft, make([]bool, 2), []engine.Seat{ana, LacerdaSeat}
	for i := range x.s.Display {
		x.s.Retired = append(x.s.Retired, x.s.Display[i])
		x.s.Display[i] = NoTile
	}
	x.w.Events = nil
	x.w.lacerdaDraftPick()
	eq(t, "cards drawn", strings.Count(strings.Join(texts(x.w.Events), "\n"), "draws the Number card"), len(NumberCards))
	eq(t, "passed", x.s.DraftPassed, []bool{false, true})

	x = soloExample(t)
	x.s.At, x.s.DraftPassed, x.s.FairOrder = PhaseDraft, make([]bool, 2), []engine.Seat{ana, LacerdaSeat}
	x.p(LacerdaSeat).Barrels = 0
	x.w.Events = nil
	x.w.lacerdaDraftPick()
	eq(t, "passed", x.s.DraftPassed, []bool{false, true})
	eq(t, "display untouched", slices.Contains(x.s.Display, NoTile), false)
	if said(x.w.Events, "Number card") {
		t.Error("he drew a Number card without a barrel")
	}
}

func texts(events []engine.Event) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.Text)
	}
	return out
}

// After each Fair his Action cards are shuffled back into his deck.
func TestLacerdaActionDeckReshuffledAfterFair(t *testing.T) {
	x := soloExample(t)
	x.stackActions(CellTL, CellTM, CellTR)
	x.s.Solo.Actions, x.s.Solo.Played = x.s.Solo.Actions[3:], x.s.Solo.Actions[:3]
	x.s.At, x.s.Fair, x.s.Year = PhaseDraft, 1, 3
	x.w.endDraft()
	eq(t, "cards", len(x.s.Solo.Actions), len(ActionCards))
	eq(t, "drawn", len(x.s.Solo.Played), 0)
}

// His final action, outside the Quadrel years, is a pass; then the game is
// scored.
func TestLacerdaFinalActionIsAPass(t *testing.T) {
	x := soloExample(t)
	x.s.At, x.s.Fair, x.s.Year, x.s.Turn = PhaseFinalAction, NumFairs, NumYears, 0
	x.s.VintageDeck = x.s.VintageDeck[len(x.s.VintageDeck)-(NumVintageTiles-1-NumYears):]
	x.s.Solo.Trophies = [][]engine.Seat{nil, nil, nil}
	x.s.Order = []engine.Seat{ana, LacerdaSeat}
	x.p(LacerdaSeat).Cell = CellBM
	x.apply(ana, "wine-experts@ml", "taste", "done")
	eq(t, "his space", x.p(LacerdaSeat).Cell, CellC)
	eq(t, "his bribe", x.s.Solo.Bribes[CellBM], true)
	eq(t, "over", x.s.Over(), true)
	x.check()
}

// --- Solitaire scoring -----------------------------------------------------

// Lacerda scores his Export majorities, his money and 10 VP per Multiplier
// with a barrel, whatever it counts.
func TestLacerdaFinalScoring(t *testing.T) {
	x := soloExample(t)
	l := x.p(LacerdaSeat)
	l.Money, l.Barrels = 14, l.Barrels-2
	l.Tiles = []HeldTile{{ID: x.multTile(MultMoney, 0), FaceUp: true, Barrel: true}, {ID: x.multTile(MultWines, 2), FaceUp: true, Barrel: true}}
	vp := l.VP
	x.w.scoreFinal()
	f := x.s.Final
	eq(t, "his scores", []int{f.Money[LacerdaSeat], f.Wines[LacerdaSeat], f.Export[LacerdaSeat], f.Multipliers[LacerdaSeat]}, []int{7, 0, 14 + 12, 20})
	eq(t, "his VP", x.p(LacerdaSeat).VP, vp+7+26+20)
}

// Accolades: 4 for more VP, 2 for more money, 1 per trophy, 1 per full
// estate, 1 for more end-game Export VP, 1 for no barrel left with the
// Magnates; the title follows the total.
func TestSoloAccolades(t *testing.T) {
	x := soloExample(t)
	x.s.Solo.Trophies = [][]engine.Seat{{ana}, {LacerdaSeat}, {ana}}
	a := x.p(ana)
	a.VP, a.Money, a.Magnates = 200, 30, [NumMagnates]int8{}
	a.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 2, Wineries: 1}
	a.Estates[1] = Estate{Region: Dao, Color: White, Vineyards: 1, Wineries: 2}
	a.Estates[2] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wineries: 1} // 2 of 3 slots
	for c := 2; c < ExportColumns; c++ {
		x.s.Export[1][c] = ana
	}
	x.w.scoreFinal()
	sc := x.s.SoloScore()
	eq(t, "accolades", sc.Accolades, [numAccolades]int{
		AccoladeMoreVP: 4, AccoladeMoreMoney: 2, AccoladeFairTrophy: 2,
		AccoladeFullEstate: 2, AccoladeMoreExportVP: 0, AccoladeNoMagnateBarrels: 1,
	})
	eq(t, "total", sc.Total, 11)
	eq(t, "title", sc.Title, "Wine Producer")
	eq(t, "stat", x.s.Players()[ana].Stats[len(x.s.Players()[ana].Stats)-1], engine.Stat{Key: "accolades", Label: "Accolades", Value: 11})

	x = soloExample(t)
	x.s.Solo.Trophies = [][]engine.Seat{}
	for c := range ExportColumns {
		for r := 1; r <= 2; r++ {
			if x.s.Export[r][c] == engine.NoSeat && c > 0 {
				x.s.Export[r][c] = ana
			}
		}
	}
	x.w.scoreFinal()
	sc = x.s.SoloScore()
	eq(t, "accolades", sc.Accolades, [numAccolades]int{AccoladeMoreVP: 4, AccoladeMoreMoney: 2, AccoladeMoreExportVP: 1})
	eq(t, "title", sc.Title, "Wine Snob")
}

// The titles: 15+ Wine Magnate, 10+ Wine Producer, 5+ Wine Snob, 0-4
// Single-Carboy Winemaker.
func TestSoloTitleThresholds(t *testing.T) {
	for total, want := range map[int]string{
		0: "Single-Carboy Winemaker", 4: "Single-Carboy Winemaker", 5: "Wine Snob", 9: "Wine Snob",
		10: "Wine Producer", 14: "Wine Producer", 15: "Wine Magnate", 17: "Wine Magnate",
	} {
		eq(t, "title", soloTitle(total), want)
	}
}

// A solo state survives its snapshot.
func TestSoloSnapshotRoundTrip(t *testing.T) {
	var mid *State
	playRandom(t, 3, 1, func(s *State, move int) {
		if move == 20 {
			mid = s
		}
	})
	b := mustEncode(t, mid)
	back, err := Game{}.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "snapshot", string(mustEncode(t, back)), string(b))
}
