package vinhos

import (
	"encoding/json"
	"github.com/adega-bot/adega/engine/component"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The worked examples of the French 2010 Reserve rulebook, as RESERVE-2010.md
// §21 numbers them, one test each, named after the example. Each builds
// the example's position by hand and plays it through Choices and Apply.

// Example 1, "Start of year 4": the Vintage tile forecasts a bad year (each
// wine −1) and shows Appearance three times and Taste twice: the Appearance
// marker climbs 3 spaces and the Taste marker 2. Yellow flips his two
// face-down Experts face up.
func TestExampleStartOfYear4(t *testing.T) {
	x := newReserveExample(t, 3, orange, yellow, blue, purple)
	next := x.s.VintageDeck[0]
	x.s.data.Vintage[next].Weather = component.T(-1)
	x.s.data.Vintage[next].Features = component.T(FeatureSymbols{Appearance: 3, Taste: 2})
	x.s.Features = [NumFeatures]int{Taste: 2, Aroma: 1, Appearance: 1}
	x.p(yellow).Experts = []HeldExpert{{ID: x.expertID(Taste, ExpertCash)}, {ID: x.expertID(Aroma, ExpertCash)}}
	x.w.startYear(4)
	eq(t, "Vintage tile", x.s.Vintage, next)
	eq(t, "Feature markers", x.s.Features, [NumFeatures]int{Taste: 4, Aroma: 1, Appearance: 4})
	for _, e := range x.p(yellow).Experts {
		eq(t, "Yellow's Expert face up", e.FaceUp, true)
	}
	x.p(yellow).Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wineries: 1}
	eq(t, "next quality (2 + 1 − 1)", x.s.NextQuality(yellow, 0), 2)
}

// Example 3, "Year 4, first action": in the order Orange, Yellow, Blue,
// Purple, Orange moves from Export to Wine Experts, adjacent but taxed, for
// 1 Bago; Yellow moves from Cellars to Pass, takes the first slot of the
// bottom row and passes; Blue does the same into the last slot, paying
// nothing to Yellow; Purple moves from the Bank, bottom right, to Wine
// Experts: 2 Bagos to the supply (not adjacent, taxed) and 1 to Orange.
// The second actions go Yellow, Orange, Purple, Blue.
func TestExampleYear4FirstAction(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.p(orange).Cell, x.p(yellow).Cell, x.p(blue).Cell, x.p(purple).Cell = CellBL, CellTM, CellTM, CellBR
	for seat := range x.s.Seats {
		x.p(engine.Seat(seat)).Money = 10
	}
	x.apply(orange, "wine-experts@ml", "taste", "done", "done")
	eq(t, "Orange paid the tax and an Expert", x.p(orange).Money, 10-1-1)
	x.apply(yellow, "pass@c", "order-1", "done") // no wine to present: he passes
	x.apply(blue, "pass@c", "order-4", "done")
	eq(t, "Yellow's money", x.p(yellow).Money, 10)
	eq(t, "Purple's move", x.choice(purple, "wine-experts@ml").Cost, "3 Bagos")
	x.apply(purple, "wine-experts@ml", "aroma", "done", "done")
	eq(t, "Purple's money", x.p(purple).Money, 10-3-1)
	eq(t, "Orange's money", x.p(orange).Money, 10-1-1+1)
	eq(t, "order of the second actions", x.s.Order, []engine.Seat{yellow, orange, purple, blue})
}

// Example 4, "Vineyards": in one action Orange buys a red Dão Vineyard for
// 4 Bagos into her empty 4th Estate (its Region marker goes to Dão, with a
// Renown cube) and a white Ribatejo one for 4 into her white Ribatejo
// Estate (a cube, no marker). She cannot extend her red Lisboa Estate, the
// top Lisboa tile being white, nor her white Algarve Estate, which holds
// both white Algarve tiles.
func TestExampleVineyards10(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Money, o.Cell = 10, CellTM
	o.Estates[0] = Estate{Region: Lisboa, Color: Red, Vineyards: 1}
	o.Estates[1] = Estate{Region: Algarve, Color: White, Vineyards: 2}
	o.Estates[2] = Estate{Region: Ribatejo, Color: White, Vineyards: 1}
	x.deck(Dao, vy(Red, 4), vy(White, 5))
	x.deck(Ribatejo, vy(White, 4), vy(Red, 3))
	x.deck(Lisboa, vy(White, 3), vy(Red, 4))
	x.deck(Algarve, vy(Red, 3))
	for r := range x.s.Regions {
		x.s.Regions[r].Cubes = 0
	}
	x.offers(orange, []string{"vineyards@tl", "lisboa"}, "e4")
	x.offers(orange, []string{"vineyards@tl", "algarve"}, "e4")
	x.apply(orange, "vineyards@tl", "dao", "e4", "ribatejo", "e3", "done", "done")
	o = x.p(orange)
	eq(t, "Orange's money", o.Money, 10-4-4)
	eq(t, "the Dão estate", []any{o.Estates[3].Region, o.Estates[3].Color, int(o.Estates[3].Vineyards), o.Estates[3].Cellar}, []any{Dao, Red, 1, true})
	eq(t, "the Ribatejo estate's Vineyards", int(o.Estates[2].Vineyards), 2)
	eq(t, "cubes in Dão and Ribatejo", []int{x.s.Regions[Dao].Cubes, x.s.Regions[Ribatejo].Cubes}, []int{1, 1})
}

// Example 6, "Enologists": Purple has one empty Winery and hires one
// Enologist for 1 Bago; no Farmer can be hired in the Reserve.
func TestExampleEnologists10(t *testing.T) {
	x := newReserveExample(t, 2, orange, yellow, blue, purple)
	x.turn(purple)
	p := x.p(purple)
	p.Money = 5
	p.Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wineries: 1}
	p.Estates[1] = Estate{Region: Dao, Color: Red, Vineyards: 2, Wineries: 1, Enologists: 1}
	for _, id := range x.ids(purple, "enologists@mr") {
		if strings.HasPrefix(id, "enologist-") && id != "enologist-e1" || strings.HasPrefix(id, "farmer-") {
			t.Errorf("%s is offered", id)
		}
	}
	x.apply(purple, "enologists@mr", "enologist-e1", "done", "done")
	eq(t, "Purple's money", x.p(purple).Money, 5-1)
	eq(t, "Purple's Enologists", int(x.p(purple).Estates[0].Enologists), 1)
}

// Example 8, "Wine Value": a wine of quality 4 in slot 3 of an Algarve
// Cellar, one of the region's 3 Renown cubes used: 4 + 3 + 1 + 1 = 9.
// The text names no action; a sale shows the value: the Enoteca's white 9
// takes the wine with one cube, and the account gains 9.
func TestExampleWineValue10(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Bank.Account = 0
	o.Estates[0] = Estate{Region: Algarve, Color: White, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, white(4))}
	x.s.Regions[Algarve].Cubes = 3
	eq(t, "value before cubes", x.s.WineValue(orange, 0, 2), 8)
	sell := []string{"sales@bm", "w1-3"}
	if label := x.choice(orange, "enoteca-white-9", sell...).Label; !strings.Contains(label, "1 Renown cube") {
		t.Errorf("the white 9 is offered as %q, without its one Renown cube", label)
	}
	x.apply(orange, append(sell, "enoteca-white-9", "done")...)
	eq(t, "Orange's account", x.p(orange).Bank.Account, 9)
	eq(t, "Algarve's cubes", x.s.Regions[Algarve].Cubes, 2)
}

// Examples 10 and 11, "Sales": Blue's red 6 in slot 2 of his Setúbal
// Cellar is worth 7 (Setúbal's 2 cubes unused) and goes on the Hotel's red
// 7: his account gains 7, his cash nothing. Yellow's white 5 in slot 3 of
// his Dão Cellar is worth 8; the white 8 and 9 are taken, so Dão's cube may
// not be used; the Hotel's white 7 pays his account 7.
func TestExampleSales10(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.turn(blue)
	b := x.p(blue)
	b.Money, b.Bank.Account = 3, 5
	b.Estates[0] = Estate{Region: Setubal, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, red(6))}
	x.s.Regions[Setubal].Cubes = 2
	x.apply(blue, "sales@bm", "w1-2", "hotel-red-7", "done")
	eq(t, "Blue's account", x.p(blue).Bank.Account, 5+7)
	eq(t, "Blue's cash", x.p(blue).Money, 3)
	eq(t, "Setúbal's cubes", x.s.Regions[Setubal].Cubes, 2)

	x.turn(yellow)
	y := x.p(yellow)
	y.Bank.Account = 20
	y.Estates[1] = Estate{Region: Dao, Color: White, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, white(5))}
	x.s.Regions[Dao].Cubes = 1
	x.s.Sales[x.saleSlot(Enoteca, White, 9)] = orange
	x.s.Sales[x.saleSlot(Hotel, White, 8)] = purple
	for _, c := range x.step(yellow, "sales@bm", "w2-3").Choices {
		if strings.Contains(c.Label, "cube") {
			t.Errorf("%s uses a Renown cube it does not need", c.ID)
		}
	}
	x.apply(yellow, "sales@bm", "w2-3", "hotel-white-7", "done")
	eq(t, "Yellow's account, stopped at 24", x.p(yellow).Bank.Account, 24)
	eq(t, "Dão's cube", x.s.Regions[Dao].Cubes, 1)
}

// Example 13, "Export": Purple's red 7 in slot 2 of her Douro Warehouse
// (no aging): the first country's "8" and "9" slots need 1 and 2 Douro
// cubes, its "6" and "7" none, so no cube may be used there. She takes the
// "8" slot with one cube and scores 7 VP at once, the VP of its row.
// "End-of-game situation": Purple alone in the first country scores 6,
// Blue alone in the second 8, Blue, Yellow and Orange 3 each in the third,
// Purple alone in the fourth 12.
func TestExampleExport10(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.turn(purple)
	p := x.p(purple)
	p.Cell = CellBM
	p.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(Wine{}, red(7))}
	x.s.Regions[Douro].Cubes = 2
	labels := map[string]string{}
	for _, c := range x.step(purple, "export@bl", "w1-2").Choices {
		labels[c.ID] = c.Label
	}
	for id, cubes := range map[string]string{"country1-row1": "2 Renown cubes", "country1-row2": "1 Renown cube", "country1-row3": "", "country1-row4": ""} {
		if label, ok := labels[id]; !ok || (cubes == "") == strings.Contains(label, "cube") || !strings.Contains(label, cubes) {
			t.Errorf("%s: %q, want %q", id, label, cubes)
		}
	}
	x.apply(purple, "export@bl", "w1-2", "country1-row2", "done")
	eq(t, "Purple's VP", x.p(purple).VP, 7)
	eq(t, "Douro's cubes", x.s.Regions[Douro].Cubes, 1)

	x.exporters([][]engine.Seat{{purple}, {blue}, {blue, yellow, orange}, {purple}})
	x.endGame()
	eq(t, "majorities (Orange, Yellow, Blue, Purple)", x.s.Final.Export, []int{3, 3, 8 + 3, 6 + 12})
}

// endGame plays a Reserve or first-edition game to its end from after the
// third Fair: everyone passes the benefit rounds, and the game is scored.
func (x *example) endGame() {
	x.t.Helper()
	x.s.Year, x.s.Fair = NumYears, NumFairs
	x.w.startBenefitRounds()
	x.w.Advance()
	for !x.s.Over() {
		x.apply(x.pending()[0], "pass")
	}
}

// Example 18, "Press Release": in year 4 Orange presents her red Douro of
// quality 3 from slot 4 of her Cellar for the 2nd Fair, with Douro's 2
// cubes: value 3 + 5 + 2 = 10, which takes the "4" Fair tile and gains 1
// Fair Point (15 → 16). The tile goes on the Appearance + Taste slot: 3
// Bagos, then Taste's section 2 and Appearance's 3 add 5 (16 → 21). The
// Vintage tile wants white (Anabela), 8 or more (Bruno) and regions 1, 4,
// 7, 8 read as 1, 3, 7, 8 (Carolina): she meets Bruno and Carolina and
// places one barrel beside Bruno only.
func TestExamplePressRelease10(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.s.Vintage = 1 // Anabela white, Bruno 8, Carolina 1, 3, 7, 8
	x.s.Features = [NumFeatures]int{Taste: 4, Appearance: 6}
	o := x.p(orange)
	o.Money, o.FairPoints, o.Cell = 2, 15, CellTL
	o.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, red(3))}
	x.s.Regions[Douro].Cubes = 2
	// AMB-6: one cube changes nothing (value 9: no Fair Point, the same
	// tile, Bruno met already); two make 10.
	x.offers(orange, []string{"pass@c", "order-1", "press", "w1-4"}, "cubes-0", "cubes-2")
	x.offers(orange, []string{"pass@c", "order-1", "press", "w1-4", "cubes-2", "appearance-taste"}, "done", "bruno", "carolina")
	x.apply(orange, "pass@c", "order-1", "press", "w1-4", "cubes-2", "appearance-taste", "bruno", "done", "done")
	o = x.p(orange)
	eq(t, "Fair Points", o.FairPoints, 21)
	eq(t, "cash", o.Money, 2+3)
	eq(t, "Fair slot", x.s.FairSlots[0], FairSlot{Spot{true, orange}, 4})
	eq(t, "barrels beside the Magnates", o.Magnates, [NumMagnates]int8{Bruno: 1})
	eq(t, "barrels in supply", o.Barrels, 7)
	eq(t, "the wine is gone", o.Estates[0].Wines[3], Wine{})
	eq(t, "Douro's cubes", x.s.Regions[Douro].Cubes, 0)
}

// Example 22, "Last-minute Press Release": at the Fair of year 5 Blue
// presents a white of quality 4 from Alentejo without cubes: value 4, the
// "1" tile, so one Expert at most. On the Appearance + Alcohol slot it
// gains 4 Fair Points for the features and 2 for the slot, and meets
// Carolina only: one barrel goes beside her, and it cannot move now, the
// Fair being no Actions phase. The year's tile is one of the box whose
// Carolina takes Alentejo and whose Anabela and Bruno do not take this
// wine.
func TestExampleLastMinutePressRelease(t *testing.T) {
	x := newReserveExample(t, 5, orange, yellow, blue, purple)
	x.s.Vintage = x.vintageWhere(func(v VintageTile) bool {
		return v.Carolina.V.Has(Alentejo) && v.Anabela.V != White && v.Bruno.V > 4
	})
	x.s.Features = [NumFeatures]int{Appearance: 5, Alcohol: 4} // sections 2 and 2
	for seat := range x.s.Seats {
		x.p(engine.Seat(seat)).Pressed = seat != int(blue)
	}
	b := x.p(blue)
	b.Estates[0] = Estate{Region: Alentejo, Color: White, Vineyards: 1, Wines: wines(white(4))}
	x.give(blue, x.expertID(Alcohol, ExpertRearrangeDeck)) // the Fair then waits for his secret pick
	x.s.startFair()
	x.w.Advance()
	eq(t, "presenting", x.pending(), []engine.Seat{blue})
	eq(t, "the wine's value", x.s.WineValue(blue, 0, 0), 4)
	present := []string{"w1-1", "appearance-alcohol"}
	x.offers(blue, present, "done", "carolina")
	x.offers(blue, append(present, "carolina")) // the Press Release is over: no benefit
	x.apply(blue, append(present, "carolina")...)
	eq(t, "the Fair's secret picks", x.s.At, PhaseFairPicks)
	b = x.p(blue)
	eq(t, "Blue's Fair tile", x.s.FairSlots[1], FairSlot{Spot{true, blue}, 1})
	eq(t, "Blue's Fair Points", b.FairPoints, 4+2)
	eq(t, "Blue's barrels beside the Magnates", b.Magnates, [NumMagnates]int8{Carolina: 1})
}

// vintageWhere is the first of the mode's Vintage tiles that fits an
// example, which then plays on a tile of the box rather than on patched
// data.
func (x *example) vintageWhere(fits func(VintageTile) bool) int {
	x.t.Helper()
	for i, v := range x.s.rules().vintage(x.s.data) {
		if fits(v) {
			return i
		}
	}
	x.t.Fatalf("no Vintage tile fits the example")
	return 0
}

// secondReserveFair is example 23's Fair of year 5 before the secret
// choice, with Fair Points Blue 11, Purple 2, Orange 1, Yellow 0, and
// Purple's "2" tile.
func secondReserveFair(t *testing.T) *example {
	return secondBankFair(newReserveExample(t, 5, blue, orange, purple, yellow), [4]int{11, 2, 1, 0}, 2)
}

// secondBankFair sets up the 2nd Fair both bank-board texts print, before the secret
// choice: Blue's 5 Experts are all face down; Purple has 3 up and 1 down
// and a purpleTile tile on Appearance + Taste; Orange (the first
// edition's Red) has a Taste Expert and a "4" tile on Appearance + Aroma;
// Yellow has 6 face up and a "4" tile on Aroma + Taste. fairPoints are
// Blue's, Purple's, Orange's and Yellow's. The Taste marker is one space
// short of the "4" section, Aroma two short of the "3" one.
func secondBankFair(x *example, fairPoints [4]int, purpleTile int) *example {
	t := x.t
	x.s.Features = [NumFeatures]int{Taste: 6, Aroma: 5, Appearance: 2}
	// take hands out a Wine Expert of feature f, with an arrow or without,
	// that nobody holds yet, face up or down.
	var taken []int
	take := func(f Feature, arrow, up bool) HeldExpert {
		for id := range NumFeatures * ExpertsPerDeck {
			if g, tile := x.s.expertTile(id); g == f && tile.Arrow.V == arrow && !slices.Contains(taken, id) {
				taken = append(taken, id)
				return HeldExpert{ID: id, FaceUp: up}
			}
		}
		t.Fatalf("no more %s Experts", f)
		return HeldExpert{}
	}
	for i, seat := range []engine.Seat{blue, purple, orange, yellow} {
		x.p(seat).FairPoints = fairPoints[i]
	}
	x.p(blue).Experts = []HeldExpert{take(Alcohol, false, false), take(Appearance, false, false), take(Taste, true, false), take(Aroma, false, false), take(Alcohol, true, false)}
	x.p(purple).Experts = []HeldExpert{take(Taste, true, true), take(Taste, true, true), take(Alcohol, false, true), take(Appearance, false, false)}
	x.p(orange).Experts = []HeldExpert{take(Taste, false, true)}
	x.p(yellow).Experts = []HeldExpert{take(Taste, false, true), take(Aroma, true, true), take(Aroma, false, true), take(Aroma, false, true), take(Alcohol, false, true), take(Appearance, true, true)}
	for _, id := range taken { // the decks hold the rest
		f, _ := x.s.expertTile(id)
		x.s.Experts[f] = slices.DeleteFunc(x.s.Experts[f], func(d int) bool { return d == id })
	}
	x.s.FairSlots[0] = FairSlot{Spot{true, purple}, purpleTile}
	x.s.FairSlots[2] = FairSlot{Spot{true, orange}, 4}
	x.s.FairSlots[3] = FairSlot{Spot{true, yellow}, 4}
	x.s.FairSlots[4] = FairSlot{Spot{true, blue}, 1}
	for seat := range x.s.Seats {
		x.p(engine.Seat(seat)).Pressed = true
	}
	x.s.startFair()
	x.w.Advance()
	x.passFairOpening()
	return x
}

// Example 23, "2nd Fair": only Purple and Yellow have Experts to play, and
// choose in secret: neither sees the other's choice before both have
// chosen. Purple plays her 2 Taste Experts, Yellow 1 Taste and 3 Aroma.
// The arrows (2 Taste, 1 Aroma) move Taste into its "4" section and Aroma
// into its "3": Purple gains 8, Yellow 13. Yellow 13, Blue 11, Purple 10
// and Orange 1 score 12, 8, 4 and 0 VP (C-3: the text's "1" for Purple is
// 10); Orange, last of four, takes the top Appearance Expert. The order
// becomes Orange, Purple, Blue, Yellow.
func TestExampleSecondFair(t *testing.T) {
	x := secondReserveFair(t)
	eq(t, "choosing in secret", x.pending(), []engine.Seat{purple, yellow})
	purplePicks := x.ids(purple)
	eq(t, "Purple's choices", len(purplePicks), 3) // done, and two Taste Experts
	purpleIDs := []string{}
	for _, id := range purplePicks {
		if id != "done" {
			purpleIDs = append(purpleIDs, id)
		}
	}
	x.apply(purple, purpleIDs...) // her "2" tile allows two: the choice ends there
	if view := mustJSON(t, x.s.View(yellow)); strings.Contains(view, `"fair_picks":[`) {
		t.Errorf("Yellow's view shows Purple's picks")
	}
	// The view keeps stored keys, "_" and all: compare in the shown form.
	if view := mustJSON(t, x.s.View(purple)); !strings.Contains(engine.ShownID(view), `"fair-picks":["`+purpleIDs[0]) {
		t.Errorf("Purple's view hides her own picks")
	}
	eq(t, "still choosing", x.pending(), []engine.Seat{yellow})
	eq(t, "no Fair Points before the reveal", x.p(purple).FairPoints, 2)
	x.apply(yellow, x.faceUp(yellow, Taste, Aroma)...)
	eq(t, "Feature markers", []int{x.s.Features[Taste], x.s.Features[Aroma]}, []int{8, 6})
	eq(t, "Fair Points (Orange, Yellow, Blue, Purple)", []int{x.p(orange).FairPoints, x.p(yellow).FairPoints, x.p(blue).FairPoints, x.p(purple).FairPoints}, []int{1, 13, 11, 10})
	eq(t, "VP (Orange, Yellow, Blue, Purple)", []int{x.p(orange).VP, x.p(yellow).VP, x.p(blue).VP, x.p(purple).VP}, []int{0, 12, 8, 4})
	eq(t, "played Experts discarded", []int{len(x.p(purple).Experts), len(x.p(yellow).Experts)}, []int{2, 2})
	eq(t, "last place chooses an Expert", x.pending(), []engine.Seat{orange})
	x.apply(orange, "appearance")
	eq(t, "Orange's Experts", len(x.p(orange).Experts), 2)
	eq(t, "order", x.s.Order, []engine.Seat{orange, purple, blue, yellow})
	eq(t, "year", x.s.Year, 6)
	eq(t, "Fair tiles back", x.s.FairSlots, [R10FairSlots]FairSlot{})
}

// Example 24, "Tie at the 3rd Fair": Blue 35, Purple 30, Orange and Yellow
// 27 score 15, 10, 2 and 2 VP; Orange and Yellow each take an Expert; the
// order Blue, Orange, Purple, Yellow becomes Orange, Yellow, Purple, Blue.
func TestExampleTieAtTheThirdFair(t *testing.T) {
	x := newReserveExample(t, 6, blue, orange, purple, yellow)
	x.s.Fair = 2
	for seat, fp := range map[engine.Seat]int{blue: 35, purple: 30, orange: 27, yellow: 27} {
		x.p(seat).FairPoints = fp
		x.p(seat).Pressed = true
		x.s.FairSlots[seat] = FairSlot{Spot{true, seat}, 0}
	}
	x.s.startFair()
	x.w.Advance()
	eq(t, "VP (Orange, Yellow, Blue, Purple)", []int{x.p(orange).VP, x.p(yellow).VP, x.p(blue).VP, x.p(purple).VP}, []int{2, 2, 15, 10})
	eq(t, "last places choose Experts in order", x.pending(), []engine.Seat{orange})
	x.apply(orange, "taste")
	x.apply(yellow, "aroma")
	eq(t, "order", x.s.Order, []engine.Seat{orange, yellow, purple, blue})
}

// Examples 16, "Bank at game end", and 26, "Final scoring": the accounts
// of Orange (0), Yellow (8), Purple (15) and Blue (24) score 0, 7, 12
// and 18 VP, whatever their cash and investment; Blue's barrel on the left
// slot of the Cash Multiplier counts 12 Bagos and the 8 divesting would
// bring, 20, and scores its cap of 16; Purple's 5 Wineries on the
// Wineries Multiplier's left slot score 10, Orange's 5 on its right slot
// 5. Majorities: Purple 6 for the first country, Blue and Purple 4 each
// for the second, Blue, Yellow and Orange 3 each for the third, Yellow 12
// for the fourth.
func TestExampleFinalScoring10(t *testing.T) {
	x := newReserveExample(t, 6, orange, yellow, blue, purple)
	for seat, account := range map[engine.Seat]int{orange: 0, yellow: 8, purple: 15, blue: 24} {
		x.p(seat).Bank = Bank{Account: account, Invest: 1}
	}
	b := x.p(blue)
	b.Money, b.Bank.Invest = 12, 2 // divesting +2 → −2 brings 3 + 2 + 2 + 1 = 8
	x.s.Multipliers[Bruno][1][0] = Spot{true, blue}
	wineries := func(seat engine.Seat) {
		for e := range 3 {
			x.p(seat).Estates[e] = Estate{Region: RegionID(e + 1), Color: Red, Vineyards: 1, Wineries: 2}
		}
		x.p(seat).Estates[2].Wineries = 1
	}
	wineries(purple)
	wineries(orange)
	x.s.Multipliers[Carolina][1][0] = Spot{true, purple}
	x.s.Multipliers[Carolina][1][1] = Spot{true, orange}
	for _, e := range []struct {
		r, c int
		seat engine.Seat
	}{{0, 0, purple}, {0, 1, blue}, {1, 1, purple}, {0, 2, blue}, {1, 2, yellow}, {2, 2, orange}, {0, 3, yellow}} {
		x.s.Export[e.r][e.c] = e.seat
	}
	x.endGame()
	f := x.s.Final
	eq(t, "bank VP (Orange, Yellow, Blue, Purple)", f.Bank, []int{0, 7, 18, 12})
	eq(t, "majorities", f.Export, []int{3, 3 + 12, 4 + 3, 6 + 4})
	eq(t, "Multipliers", f.Multipliers, []int{5, 0, 16, 10})
	eq(t, "VP", []int{x.p(orange).VP, x.p(yellow).VP, x.p(blue).VP, x.p(purple).VP}, []int{8, 22, 41, 32})
	eq(t, "winner", f.Ranking[0], blue)
	x.p(blue).Bank.Invest = R10InvestMin
	eq(t, "Blue's Cash Multiplier with nothing to divest", x.s.endMultipliers(blue), 12)
}

// mustJSON encodes a view.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Example 14, "Bank", played on the Bank space: Yellow withdraws 3 (his
// account 11 → 8, 3 Bagos in cash), invests from −1 to 0 for 3 (8 → 5)
// and from 0 to +1 for 2 (5 → 3). The /vinhos bank shortcut moves there.
func TestExampleBank(t *testing.T) {
	x := newReserveExample(t, 2, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Cell, y.Money, y.Bank = CellMR, 0, Bank{Account: 11, Invest: -1}
	start, err := Game{}.Shortcuts()[len(shortcuts)-1].Start(x.state(), yellow)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "the bank shortcut", start, engine.Action{"bank@br"})
	x.offers(yellow, []string{"bank@br"}, "withdraw", "invest", "divest")
	// A payment that would empty the account says the 2 VP it costs.
	for _, c := range []struct {
		id     string
		prefix []string
		empty  bool
	}{{"11", []string{"bank@br", "withdraw"}, true}, {"10", []string{"bank@br", "withdraw"}, false},
		{"invest", []string{"bank@br", "withdraw", "8"}, true}, {"invest", []string{"bank@br", "withdraw", "3"}, false}} {
		if label := x.choice(yellow, c.id, c.prefix...).Label; strings.HasSuffix(label, "emptying the account: −2 VP") != c.empty {
			t.Errorf("after %v, %q reads %q", c.prefix, c.id, label)
		}
	}
	x.apply(yellow, "bank@br", "withdraw", "3", "invest", "invest", "done", "done")
	y = x.p(yellow)
	eq(t, "Yellow's bank", y.Bank, Bank{Account: 3, Invest: 1})
	eq(t, "Yellow's cash", y.Money, 3)
	eq(t, "Yellow's VP", y.VP, 0)
}

// Example 2, "Movement": a neighbouring space is free; one that is not
// costs 1 Bago; with Blue on it, 1 more to Blue; with Blue and Orange on
// it and the Year/Taxation marker, 4: 1 to each of them and 2 to the
// supply.
func TestExampleMovementCosts(t *testing.T) {
	x := newReserveExample(t, 1, purple, orange, yellow, blue) // year 1 taxes the top-left Vineyards
	x.p(purple).Cell, x.p(purple).Money = CellBR, 10
	x.p(purple).Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wineries: 1, Wines: wines(red(6))}
	x.deck(Minho, vy(Red, 2), vy(Red, 3))
	costs := func() map[string]string {
		out := map[string]string{}
		for _, c := range x.step(purple).Choices {
			out[c.ID] = c.Cost
		}
		return out
	}
	got := costs()
	eq(t, "to Sales, next to the Bank", got["sales@bm"], "")
	eq(t, "to Wineries, not next to it", got["wineries@tr"], "1 Bago")
	x.p(blue).Cell = CellTR
	eq(t, "to Wineries with Blue there", costs()["wineries@tr"], "2 Bagos")
	x.p(blue).Cell, x.p(orange).Cell = CellTL, CellTL
	eq(t, "to the taxed Vineyards with Blue and Orange there", costs()["vineyards@tl"], "4 Bagos")
	before := x.money()
	x.apply(purple, "vineyards@tl", "minho", "e1", "done", "done")
	eq(t, "Purple's cash", x.p(purple).Money, 10-4-2)
	eq(t, "Blue's and Orange's cash", []int{x.p(blue).Money, x.p(orange).Money}, []int{before[blue] + 1, before[orange] + 1})
}

// Example 15, "Divesting": Purple lacks the cash to move to the
// Vineyards, two spaces away; she divests 4 times, from +3 to −1,
// receives 11 Bagos, pays the move and buys a Vineyard. (TestExampleDivest
// checks the Investment bar alone.)
func TestExampleDivesting10(t *testing.T) {
	newReserveExample(t, 2, purple, orange, yellow, blue).divestsForVineyards(purple)
}

// divestsForVineyards plays the divesting example both editions print:
// seat, without cash on the Bank space, may not move to the Vineyards, two
// spaces away; divesting 4 times, from +3 to −1, brings 11 Bagos, which
// pay the move's 1 and a Minho Vineyard's 3.
func (x *example) divestsForVineyards(seat engine.Seat) {
	t := x.t
	t.Helper()
	p := x.p(seat)
	p.Money, p.Cell, p.Bank = 0, CellBR, Bank{Account: 5, Invest: 3}
	x.deck(Minho, vy(Red, 3), vy(White, 2))
	x.s.Regions[Minho].InPlay = true
	x.refuses(seat, nil, "vineyards@tl")
	divest := []string{"divest", "divest", "divest", "divest"}
	eq(t, "the move after divesting", x.choice(seat, "vineyards@tl", divest...).Cost, "1 Bago")
	x.apply(seat, append(divest, "vineyards@tl", "minho", "e1", "done", "done")...)
	p = x.p(seat)
	eq(t, "the investment", p.Bank.Invest, -1)
	eq(t, "the account", p.Bank.Account, 5)
	eq(t, "the cash: 11 less the move and the Vineyard", p.Money, 11-1-3)
	eq(t, "the Minho Vineyard", []any{p.Estates[0].Region, int(p.Estates[0].Vineyards)}, []any{Minho, 1})
}

// Example 5, "Wineries": Blue builds 2 Wineries for 6 Bagos, one in his
// Douro Estate (its Renown cube goes to Douro), one in an empty Estate,
// where the cube waits on the Winery until a Ribatejo Vineyard there sends
// it to Ribatejo.
func TestExampleWineries10(t *testing.T) {
	x := newReserveExample(t, 2, blue, orange, yellow, purple)
	b := x.p(blue)
	b.Money = 10
	b.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	x.apply(blue, "wineries@tr", "e1", "e2", "done")
	b = x.p(blue)
	eq(t, "Blue's cash", b.Money, 10-6)
	eq(t, "Douro's cube", x.s.Regions[Douro].Cubes, 1)
	eq(t, "the cube waiting on the new Winery", int(b.Estates[1].Waiting), 1)
	x.deck(Ribatejo, vy(White, 3), vy(Red, 4))
	x.turn(blue)
	x.apply(blue, "vineyards@tl", "ribatejo", "e2", "done", "done")
	eq(t, "Ribatejo's cubes (the waiting one and the Vineyard's)", x.s.Regions[Ribatejo].Cubes, 2)
	eq(t, "nothing waits", int(x.p(blue).Estates[1].Waiting), 0)
}

// Example 9, "Cellar": Yellow builds a Cellar, exactly one, for 2 Bagos
// over his Alentejo Warehouse, whose 5 (slot 1) and 4 (slot 2) keep their
// slots; a Renown cube goes to Alentejo.
func TestExampleCellar10(t *testing.T) {
	x := newReserveExample(t, 4, yellow, orange, blue, purple) // year 4 taxes Wine Experts
	y := x.p(yellow)
	y.Money = 5
	y.Estates[0] = Estate{Region: Alentejo, Color: White, Vineyards: 1, Wines: wines(white(5), white(4))}
	y.Estates[1] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	x.apply(yellow, "cellars@tm", "e1", "done")
	y = x.p(yellow)
	eq(t, "Yellow's cash", y.Money, 5-2)
	eq(t, "the Cellar keeps the slots", y.Estates[0].Wines, wines(white(5), white(4)))
	eq(t, "one Cellar only", y.Estates[1].Cellar, false)
	eq(t, "Alentejo's cube", x.s.Regions[Alentejo].Cubes, 1)
}

// Examples 7 and 21, "Production", after a Maintenance: with the Vintage
// at −2, Blue's Lisboa wine ages a slot, his Estate without Vineyards and
// his Minho one (2 − 2 = 0) make nothing, and Lisboa makes a red 5 (2 + 1
// Farmer + 2 Wineries + 2 Enologist − 2). Purple's red 3 in the last slot
// of her Algarve Warehouse is lost; she moves an Enologist from Algarve to
// her empty Douro Winery and a Farmer from Dão to Minho before the wine is
// made.
func TestExampleProduction10(t *testing.T) {
	x := newReserveExample(t, 4, blue, orange, yellow, purple)
	x.s.Vintage = 1 // weather −2
	b := x.p(blue)
	b.Bank.Account = 10 // enough for the Enologist's salary
	b.Estates[0] = Estate{Region: Lisboa, Color: Red, Vineyards: 1, Farmers: 1, Wineries: 2, Enologists: 1, Wines: wines(red(4))}
	b.Estates[1] = Estate{Wineries: 1}
	b.Estates[2] = Estate{Region: Minho, Color: White, Vineyards: 1}
	p := x.p(purple)
	p.Bank.Account = 10
	p.Estates[0] = Estate{Region: Algarve, Color: Red, Vineyards: 1, Wineries: 1, Enologists: 1, Wines: wines(Wine{}, red(3))}
	p.Estates[1] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wineries: 1}
	p.Estates[2] = Estate{Region: Dao, Color: White, Vineyards: 2, Farmers: 2, Cellar: true}
	p.Estates[3] = Estate{Region: Minho, Color: Red, Vineyards: 1}
	x.endActions()
	eq(t, "phase", x.s.At, PhaseProduction)
	eq(t, "Blue's Lisboa Warehouse after aging", x.p(blue).Estates[0].Wines, wines(Wine{}, red(4)))
	eq(t, "Purple's Algarve Warehouse after aging", x.p(purple).Estates[0].Wines, wines())
	x.apply(blue, "done")
	x.apply(purple, "enologist-e1-e2", "farmer-e3-e4", "done")
	b, p = x.p(blue), x.p(purple)
	eq(t, "Blue's wines", []Wine{b.Estates[0].Wines[0], b.Estates[1].Wines[0], b.Estates[2].Wines[0]}, []Wine{red(5), {}, {}})
	eq(t, "Purple's new wines", []Wine{p.Estates[0].Wines[0], p.Estates[1].Wines[0], p.Estates[2].Wines[0], p.Estates[3].Wines[0]},
		[]Wine{red(2 + 1 - 2), red(2 + 1 + 2 - 2), white(4 + 1 - 2), red(2 + 1 - 2)})
}
