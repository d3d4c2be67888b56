package vinhos

import (
	"os"
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/component"
)

// Retrieving pairs of barrels (RESERVE-2010.md §8).

// Example 12, "Pairs": Orange takes back a pair from the Hotel and a pair
// from the Enoteca, but not the lone barrel left there, places 4 Renown
// cubes (each pair's two in different regions), then uses the barrels for
// her Sales action.
func TestExamplePairs(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Cell = CellTL
	o.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(7))}
	for _, slot := range []int{x.saleSlot(Hotel, Red, 6), x.saleSlot(Hotel, White, 7),
		x.saleSlot(Enoteca, Red, 9), x.saleSlot(Enoteca, Red, 10), x.saleSlot(Enoteca, White, 9)} {
		x.s.Sales[slot] = orange
		o.Barrels--
	}
	x.s.Sales[x.saleSlot(Hotel, Red, 8)] = blue
	x.turn(orange)
	barrels, cubes := o.Barrels, x.s.Supply.Cubes

	if got := x.ids(orange); !slices.Contains(got, "pair-hotel") || !slices.Contains(got, "pair-enoteca") || slices.Contains(got, "pair-casa-de-fados") {
		t.Errorf("the pairs offered are %v", got)
	}
	// The pair's second cube goes to another region than its first.
	x.refuses(orange, []string{"pair-hotel", "douro"}, "douro")
	// With 3 barrels on the Enoteca, Orange chooses the 2.
	x.offers(orange, []string{"pair-hotel", "douro", "minho", "pair-enoteca"}, "enoteca-red-9", "enoteca-red-10", "enoteca-white-9")
	pairs := []string{"pair-hotel", "douro", "minho", "pair-enoteca", "enoteca-red-9", "enoteca-red-10", "douro", "dao"}
	// The lone barrel left on the Enoteca is no pair.
	x.refuses(orange, pairs, "pair-enoteca", "pair-hotel")
	x.apply(orange, append(pairs, "sales@bm", "w1-1", "hotel-red-7", "done")...)

	o = x.p(orange)
	eq(t, "Orange's barrels", o.Barrels, barrels+4-1)
	eq(t, "Renown cubes placed", cubes-x.s.Supply.Cubes, 4)
	eq(t, "cubes in Douro, Minho, Dão", []int{x.s.Regions[Douro].Cubes, x.s.Regions[Minho].Cubes, x.s.Regions[Dao].Cubes}, []int{2, 1, 1})
	eq(t, "Enoteca white 9", x.s.Sales[x.saleSlot(Enoteca, White, 9)], orange)
	eq(t, "Enoteca red 9", x.s.Sales[x.saleSlot(Enoteca, Red, 9)], engine.NoSeat)
	eq(t, "Hotel red 6", x.s.Sales[x.saleSlot(Hotel, Red, 6)], engine.NoSeat)
	eq(t, "Hotel red 7", x.s.Sales[x.saleSlot(Hotel, Red, 7)], orange)
	eq(t, "Orange's account", o.Bank.Account, 5+7)
}

// A lone barrel is no pair, nor are two on different establishments, nor
// two of different players; pairs come back before the action only, and
// not in the 2016 mode.
func TestLoneBarrelIsNoPair(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.p(orange).Cell = CellTL
	x.s.Sales[x.saleSlot(Hotel, Red, 6)] = orange
	x.s.Sales[x.saleSlot(Hotel, Red, 7)] = blue
	x.s.Sales[x.saleSlot(Enoteca, Red, 9)] = orange
	x.turn(orange)
	x.refuses(orange, nil, "pair-hotel", "pair-enoteca", "pair-casa-de-fados")

	x.s.Sales[x.saleSlot(Hotel, Red, 8)] = orange
	if !slices.Contains(x.ids(orange), "pair-hotel") {
		t.Error("no pair is offered with 2 barrels on the Hotel")
	}
	x.refuses(orange, []string{"pass@c", "order-1"}, "pair-hotel")

	sv := newExample(t, 4, 1, orange, yellow, blue, purple)
	sv.p(orange).Cell = CellTL
	sv.s.Sales[sv.saleSlot(Hotel, Red, 6)] = orange
	sv.s.Sales[sv.saleSlot(Hotel, Red, 8)] = orange
	sv.refuses(orange, nil, "pair-hotel")
}

// AMB-8: with room in one region only, a pair places 1 cube; with an empty
// supply, none.
func TestPairCubesWhereThereIsRoom(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.p(orange).Cell = CellTL
	x.s.Sales[x.saleSlot(Hotel, Red, 6)] = orange
	x.s.Sales[x.saleSlot(Hotel, Red, 8)] = orange
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if r != Minho {
			x.s.Regions[r].Cubes = x.s.data.Insets[r].CubeSpaces.V
		}
	}
	x.turn(orange)
	x.offers(orange, []string{"pair-hotel"}, "minho")
	st := x.step(orange, "pair-hotel", "minho")
	if st.Name == "cube" {
		t.Errorf("a second cube is asked with no other region free: %v", x.ids(orange, "pair-hotel", "minho"))
	}
	barrels := x.p(orange).Barrels
	x.apply(orange, "pair-hotel", "minho", "pass@c", "order-1", "done")
	eq(t, "Minho cubes", x.s.Regions[Minho].Cubes, 1)
	eq(t, "Orange's barrels", x.p(orange).Barrels, barrels+2)

	x.s.Sales[x.saleSlot(Hotel, White, 6)] = orange
	x.s.Sales[x.saleSlot(Hotel, White, 8)] = orange
	x.s.Supply.Cubes = 0
	x.s.Round = 2
	x.turn(orange)
	if st := x.step(orange, "pair-hotel"); st.Name == "cube" {
		t.Errorf("a cube is asked from an empty supply: %v", x.ids(orange, "pair-hotel"))
	}
}

// AMB-7: a pair may come back before a benefit's Additional Action, even
// after the turn's action, and its barrels serve that action at once.
func TestPairBeforeAnAdditionalAction(t *testing.T) {
	x := blueForBenefits(t)
	b := x.p(blue)
	b.Barrels = 0
	x.s.Sales[x.saleSlot(Hotel, Red, 6)] = blue
	x.s.Sales[x.saleSlot(Hotel, Red, 8)] = blue
	x.turn(blue)
	after := []string{"pass@c", "order-1", "pass", "benefit", "w2-2", "anabela"}
	x.refuses(blue, after[:3], "pair-hotel")
	x.apply(blue, append(after, "pair-hotel", "douro", "minho", "anabela-sales", "w1-1", "hotel-red-8", "done", "done")...)
	eq(t, "Hotel red 8", x.s.Sales[x.saleSlot(Hotel, Red, 8)], blue)
	eq(t, "Hotel red 6", x.s.Sales[x.saleSlot(Hotel, Red, 6)], engine.NoSeat)
	eq(t, "Blue's barrels", x.p(blue).Barrels, 1)
	eq(t, "Blue's account", x.p(blue).Bank.Account, 5+8)
}

// pairsStep, for the Fair's opening, offers the pairs and a way to stop.
func TestPairsStep(t *testing.T) {
	x := newReserveExample(t, 5, orange, yellow, blue, purple)
	x.s.Sales[x.saleSlot(Enoteca, Red, 9)] = orange
	x.s.Sales[x.saleSlot(Enoteca, White, 9)] = orange
	x.s.Sales[x.saleSlot(Hotel, Red, 6)] = orange
	x.w.work = work{active: true, seat: orange}
	var ids []string
	for _, o := range x.w.pairsStep(func(*walker) {}).Opts {
		ids = append(ids, o.ID)
	}
	eq(t, "choices", ids, []string{"done", "pair-enoteca"})
	eq(t, "Orange has a pair", x.s.hasPair(orange), true)
	eq(t, "Yellow has a pair", x.s.hasPair(yellow), false)
}

// The maintenance variant (§16.1, AMB-9): at Maintenance, in player order,
// each player with a pair takes at least one back, and more if they like;
// a lone barrel is asked nothing. Then the banks pay their upkeep.
func TestMaintenanceVariantTakesAPairBack(t *testing.T) {
	st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Mode: ModeReserve2010, Rules: LatestRules, Seed: 7,
		Players: []string{"Orange", "Yellow", "Blue", "Purple"}, Options: map[string]string{OptionVariants: "maintenance"}})
	if err != nil {
		t.Fatal(err)
	}
	x := exampleOf(t, st.(*State))
	x.s.At, x.s.Year, x.s.Order = PhaseActions, 2, []engine.Seat{orange, yellow, blue, purple}
	for _, slot := range []int{x.saleSlot(Hotel, Red, 6), x.saleSlot(Hotel, White, 7), x.saleSlot(Enoteca, Red, 9), x.saleSlot(Enoteca, Red, 10)} {
		x.s.Sales[slot] = yellow
		x.p(yellow).Barrels--
	}
	x.s.Sales[x.saleSlot(CasaDeFados, Red, 3)] = blue
	x.p(blue).Barrels--
	x.endActions()
	eq(t, "phase", x.s.At, PhaseMaintenancePairs)
	eq(t, "asked", x.pending(), []engine.Seat{yellow})
	if got := x.ids(yellow); slices.Contains(got, "done") {
		t.Errorf("the first pair is compulsory, yet Yellow is offered %v", got)
	}
	x.offers(yellow, []string{"pair-hotel", "douro", "minho"}, "done", "pair-enoteca")
	x.apply(yellow, "pair-hotel", "douro", "minho", "done")
	eq(t, "Yellow's barrels", x.p(yellow).Barrels, 8-4+2)
	eq(t, "Blue's lone barrel stays", x.s.Sales[x.saleSlot(CasaDeFados, Red, 3)], blue)
	eq(t, "the year after the upkeep", []any{x.s.Year, x.p(yellow).Bank.Account}, []any{3, 5 + 1})
}

// fairYetToPress is a Reserve year-3 Fair about to open, where every
// player but seat has made a Press Release; seat has a Douro red wine of
// value q to present.
func fairYetToPress(t *testing.T, seat engine.Seat, q int) *example {
	x := newReserveExample(t, 3, orange, yellow, blue, purple)
	for s := range x.s.Seats {
		x.p(engine.Seat(s)).Pressed = engine.Seat(s) != seat
	}
	x.p(seat).Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(q))}
	return x
}

// passFairOpening answers that they do nothing more for each player the
// Fair's opening asks, in order.
func (x *example) passFairOpening() {
	for x.s.At == PhaseFairOpening {
		x.apply(x.pending()[0], "done")
	}
}

// Pairs come back "before the Fair Step" (V1 L702), whose last-minute Press
// Releases follow its Round marker (V1 L1155-1161; AMB-7: "before
// last-minute Press Releases"): every player's pairs come before anyone's
// Press Release. Orange, first, may raise her Douro red 9 with a cube that
// Yellow's pair, after her in order, placed in Douro.
func TestEveryPairBeforeAnyLastMinutePressRelease(t *testing.T) {
	x := fairYetToPress(t, orange, 9)
	x.s.Regions[Douro].Cubes = 0
	x.s.Sales[x.saleSlot(Hotel, Red, 6)], x.s.Sales[x.saleSlot(Hotel, White, 7)] = yellow, yellow
	x.s.startFair()
	x.w.Advance()
	eq(t, "first asked", x.pending(), []engine.Seat{yellow})
	x.apply(yellow, "pair-hotel", "douro", "minho")
	eq(t, "then", x.s.Pending(), []engine.Pending{{Seat: orange, Prompt: "present a wine at the Fair"}})
	x.offers(orange, []string{"w1-1"}, "cubes-0", "cubes-1")
}

// As a Fair opens, a player who made a Press Release already may take back
// pairs of barrels; one who did not takes pairs first, then presents a
// wine, and may place the barrels just taken back beside the Magnates.
func TestPairsAsTheFairOpens(t *testing.T) {
	x := fairYetToPress(t, yellow, 6)
	x.p(yellow).Barrels = 0
	x.p(orange).Barrels = 6
	for _, slot := range []int{x.saleSlot(Hotel, Red, 6), x.saleSlot(Hotel, White, 7)} {
		x.s.Sales[slot] = yellow
	}
	x.s.Sales[x.saleSlot(Enoteca, Red, 9)], x.s.Sales[x.saleSlot(Enoteca, Red, 10)] = orange, orange
	x.s.Vintage = 1
	x.s.data.Vintage[1].Anabela = component.T(Red)
	x.s.startFair()
	x.w.Advance()
	eq(t, "first asked", x.pending(), []engine.Seat{orange})
	eq(t, "Orange's question", x.s.Pending()[0].Prompt, "take back pairs of barrels or use Wine Experts before the Fair")
	x.apply(orange, "pair-enoteca", "douro", "minho") // no more pairs: that is all
	eq(t, "Orange's barrels", x.p(orange).Barrels, 8)
	eq(t, "then", x.pending(), []engine.Seat{yellow})
	x.apply(yellow, "pair-hotel", "dao", "lisboa")
	x.apply(yellow, "w1-1", "appearance-taste", "anabela", "done")
	eq(t, "Yellow's barrels", []int{x.p(yellow).Barrels, int(x.p(yellow).Magnates[Anabela])}, []int{1, 1})
}

// A pair of barrels offered before a benefit's Additional Action is
// offered only if the action can still be done after it. In this recorded
// position (a random game the AI searched), after a Sales action Orange
// could use a benefit on Anabela's row: her barrel on the Winery space can
// only move to the Sales one, and she would have no wine left to sell
// after discarding one for the benefit. Taking back a pair first leads
// nowhere either, so no benefit is offered. The pair's cube regions were
// once taken as safe answers, which let the benefit through to a dead end.
func TestNoPairThatLeadsNowhere(t *testing.T) {
	data, err := os.ReadFile("testdata/reserve-pair-dead-end.json")
	if err != nil {
		t.Fatal(err)
	}
	st, err := Game{}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	x := exampleOf(t, st.(*State))
	seat := x.s.Pending()[0].Seat
	sales := []string{"sales@bm", "w2-1", "casa-de-fados-red-3", "w2-2", "casa-de-fados-red-4", "done"}
	if got := x.ids(seat, sales...); slices.Contains(got, "benefit") {
		t.Errorf("a benefit that leads nowhere is offered: %v", got)
	}
}
