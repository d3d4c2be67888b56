package vinhos

import (
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// Wine Expert timing (RB "Wine Expert tiles", V1): +2 Bagos "at any time",
// a Renown cube and a barrel back "before performing an Action ... or
// before the Fair Step"; SV's example flips one while "currently
// performing the Export Action". One Expert per turn (SV p. 11).

// fairPress opens the Fair's last-minute Press Releases in player order.
func (x *example) fairPress() {
	x.s.At, x.s.Turn = PhaseFairPress, 0
	x.s.FairOrder = slices.Clone(x.s.Order)
}

// draftWithMultiplier puts a 2 VP Wineries Multiplier on display space 4
// and opens the draft after Fair 1; it returns the tile and its choice ID.
func (x *example) draftWithMultiplier() (int, string) {
	mult := x.multTile(MultWineries, 2)
	x.s.Deck = slices.DeleteFunc(slices.Clone(x.s.Deck), func(id int) bool { return id == mult })
	x.s.Retired = append(x.s.Retired, x.s.Display[3])
	x.s.Display[3] = mult
	x.s.At, x.s.Fair, x.s.Turn = PhaseDraft, 1, 0
	x.s.FairOrder, x.s.DraftPassed = slices.Clone(x.s.Order), make([]bool, len(x.s.Seats))
	return mult, x.s.tileKey(mult, 3)
}

// A cube added before the Fair's Press Release raises the wine presented:
// Yellow's Minho red 2 is presented at value 3.
func TestExpertCubeBeforeTheFairsPressRelease(t *testing.T) {
	x := newExample(t, 3, 1, yellow, orange, blue, purple)
	x.p(yellow).Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	x.give(yellow, x.expertID(Taste, ExpertAddRenown))
	x.fairPress()
	x.offers(yellow, nil, "w1-1", "expert-taste-add-renown")
	x.refuses(yellow, []string{"w1-1"}, "expert-taste-add-renown") // once presented, too late
	x.apply(yellow, "expert-taste-add-renown", "minho", "w1-1", "cubes-1", "booth-1")
	eq(t, "Yellow's Fair Points", x.p(yellow).FairPoints, 3+Regions[Minho].FairPoints)
	eq(t, "Minho's cubes, spent", x.s.Regions[Minho].Cubes, 0)
}

// A barrel taken back in the Magnate draft pays for a Multiplier: "To buy
// a Multiplier tile you must have a barrel available" (RB).
func TestExpertBarrelBackBuysAMultiplierInTheDraft(t *testing.T) {
	x := newExample(t, 3, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	y.Barrels = 0
	sold := x.saleSlot(CasaDeFados, Red, 3)
	x.s.Sales[sold] = yellow
	x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel))
	mult, key := x.draftWithMultiplier()

	x.refuses(yellow, nil, key)
	x.choice(yellow, key, "expert-taste-retrieve-barrel", "casa-de-fados-red-3")
	x.apply(yellow, "expert-taste-retrieve-barrel", "casa-de-fados-red-3", key, "w1-1")
	eq(t, "Yellow's tiles", x.p(yellow).Tiles, []HeldTile{{ID: mult, FaceUp: true, Barrel: true}})
	eq(t, "the Sales slot", x.s.Sales[sold], engine.NoSeat)
}

// Between the two wines of a Sales action, a barrel comes back for the
// second sale.
func TestExpertBarrelBackBetweenTwoSales(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(6), red(5))}
	y.Barrels = 1
	money := y.Money
	x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel))
	first := []string{"sales@bm", "w1-1", "hotel-red-6"}
	x.offers(yellow, first, "done", "expert-taste-retrieve-barrel")
	x.apply(yellow, append(first, "expert-taste-retrieve-barrel", "hotel-red-6", "w1-2", "casa-de-fados-red-5")...)
	y = x.p(yellow)
	eq(t, "Yellow's money", y.Money, money+6+5)
	eq(t, "Yellow's barrels", y.Barrels, 0)
	eq(t, "the Sales slots", []engine.Seat{x.s.Sales[x.saleSlot(Hotel, Red, 6)], x.s.Sales[x.saleSlot(CasaDeFados, Red, 5)]},
		[]engine.Seat{engine.NoSeat, yellow})
}

// +2 Bagos between two Wineries pays for the second; the turn's one Expert
// is then spent, so the other is not offered after the action.
func TestExpertCashBetweenTwoWineriesAndOnlyOnePerTurn(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Money = 5
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	x.give(yellow, x.expertID(Taste, ExpertCash), x.expertID(Aroma, ExpertCash))
	x.offers(yellow, []string{"wineries@tr", "e1"}, "done", "expert-taste-cash", "expert-aroma-cash")
	turn := []string{"wineries@tr", "e1", "expert-taste-cash", "e1"}
	if st := x.step(yellow, turn...); !st.Complete {
		t.Errorf("after %v Yellow is asked %q, offered %v; one Expert per turn", turn, st.Prompt, x.ids(yellow, turn...))
	}
	x.apply(yellow, turn...)
	y = x.p(yellow)
	eq(t, "Yellow's money", y.Money, 5-3+2-3)
	eq(t, "Yellow's Wineries", int(y.Estates[0].Wineries), 2)
}

// "You cannot stay in the same space" unless you "have no way to take any
// other Action" (SV): what a face-up Expert or Magnate Action tile makes
// possible counts.
func TestStayOnPassOnlyWhenNothingElseIsPossible(t *testing.T) {
	stay := cellKeys[SpecialVintage2016][CellC]
	stuck := func(t *testing.T) *example {
		x := newExample(t, 2, 1, yellow, orange, blue, purple)
		y := x.p(yellow)
		y.Money, y.Barrels = 0, 1
		y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Farmers: 1, Wines: wines(red(6))}
		// Sales costs 2 to enter, Export 1: Orange and Blue are on
		// Sales, Purple on Export.
		x.p(orange).Cell, x.p(blue).Cell, x.p(purple).Cell = CellBM, CellBM, CellBL
		return x
	}
	t.Run("nothing helps", func(t *testing.T) {
		x := stuck(t)
		x.offers(yellow, nil, stay)
	})
	t.Run("+2 Bagos pays for a Wine Expert", func(t *testing.T) {
		x := stuck(t)
		x.give(yellow, x.expertID(Taste, ExpertCash))
		x.refuses(yellow, nil, stay)
		x.choice(yellow, "wine-experts@ml", "expert-taste-cash")
	})
	t.Run("a barrel back lets him sell, then move", func(t *testing.T) {
		x := stuck(t)
		x.s.Sales[x.saleSlot(CasaDeFados, Red, 3)] = yellow
		x.p(yellow).Barrels = 0
		x.p(orange).Cell, x.p(blue).Cell = CellC, CellC // Sales is free now
		x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel))
		x.refuses(yellow, nil, stay)
		x.choice(yellow, "sales@bm", "expert-taste-retrieve-barrel", "casa-de-fados-red-3")
	})
	t.Run("a Sales tile raises the Bagos to move", func(t *testing.T) {
		x := stuck(t)
		x.p(yellow).Tiles = []HeldTile{{ID: x.actionTile(MagnateSales, 0), FaceUp: true}}
		x.refuses(yellow, nil, stay)
		x.choice(yellow, "wine-experts@ml", "tile-sales", "w1-1", "hotel-red-6")
	})
}

// First edition: the cube and barrel Experts "can be used before
// performing an Action, before performing a Bonus Action or before the
// Fair Step" (000, Wine Experts abilities). Before the move both are
// offered; once a Sales action has sold a wine, neither is, between its
// wines or after it; the +2 Bagos is usable "at any time".
func TestFirstEditionExpertsOnlyBeforeAnActionABonusOrTheFair(t *testing.T) {
	x := newClassicExample(t, 2, yellow, redPlayer, blue, purple)
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Douro, Color: White, Vineyards: 1, Wines: wines(white(9), white(8))}
	y.Barrels = 2
	x.s.Sales[x.saleSlot(Hotel, White, 6)] = yellow
	barrel, cube, cash := "expert-taste-retrieve-barrel", "expert-aroma-add-renown", "expert-alcohol-cash"
	x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel), x.expertID(Aroma, ExpertAddRenown), x.expertID(Alcohol, ExpertCash))
	if ids := x.ids(yellow); !slices.Contains(ids, barrel) || !slices.Contains(ids, cube) {
		t.Errorf("before the move Yellow is offered %v, want both Experts", ids)
	}
	sold := []string{"sales@bm", "w1-1", "enoteca-white-9"}
	x.refuses(yellow, sold, barrel, cube)
	x.refuses(yellow, append(sold, "done"), barrel, cube)
	x.offers(yellow, append(sold, "done"), "done", "divest", cash)
}

// The exploit of issue 31: one Sales action sold two wines of value 9 on
// the same Enoteca white 9 slot, taking back the barrel just placed
// between them. The first edition refuses it and says why.
func TestFirstEditionSalesNeverUseOneSlotTwice(t *testing.T) {
	x := newClassicExample(t, 2, yellow, redPlayer, blue, purple)
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Douro, Color: White, Vineyards: 1, Wines: wines(white(9), white(9))}
	y.Barrels = 2
	x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel))
	before := x.s.Sales
	sold := engine.Action{"sales@bm", "w1-1", "enoteca-white-9"}
	if _, _, err := x.s.Apply(yellow, append(sold, "expert-taste-retrieve-barrel", "enoteca-white-9", "w1-2", "enoteca-white-9", "done")); err == nil {
		t.Error("one Sales action sold two wines on the Enoteca white 9 slot")
	}
	eq(t, "the Sales slots", x.s.Sales, before)
	eq(t, "the refusal", x.s.Refusal(yellow, sold, "expert-taste-retrieve-barrel"),
		"You flip the Wine Experts that add a Renown cube or take back a barrel only before actions, Bonus Actions or the Fair: never during an action nor after it.")
}
