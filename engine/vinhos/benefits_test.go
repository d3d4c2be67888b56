package vinhos

import (
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The R10 Magnate benefits (RESERVE-2010.md §10), the 6-Expert limit
// (§9), the barrel ability in the Magnates area and the end's benefit
// rounds (§14.1).

// reserveExample puts a 4-player Reserve game in round 1 of year's
// Actions phase with the given player order. Every Action marker is on
// Pass, no region has Renown cubes, and nobody has a barrel anywhere.
func reserveExample(t *testing.T, year int, order ...engine.Seat) *example {
	t.Helper()
	x := newReserve(t, 4, "")
	x.s.At, x.s.Year, x.s.Round, x.s.Turn = PhaseActions, year, 1, 0
	x.s.Order = order
	for r := range x.s.Regions {
		x.s.Supply.Cubes += x.s.Regions[r].Cubes
		x.s.Regions[r].Cubes = 0
	}
	for _, y := range FairYears[1:] {
		if y < year {
			x.s.Fair++
		}
	}
	return x
}

// blueForBenefits gives Blue the position of example 25 after his Press
// Release of year 4: 2 barrels on Anabela and 1 on Bruno, a Douro Estate
// with a Winery and a Cellar holding four reds, an Alentejo Estate with
// two whites in its Warehouse, and 10 Bagos.
func blueForBenefits(t *testing.T) *example {
	x := reserveExample(t, 4, orange, yellow, blue, purple)
	b := x.p(blue)
	b.Money = 10
	b.Magnates = [NumMagnates]int{Anabela: 2, Bruno: 1}
	b.Barrels -= 3
	b.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wineries: 1, Enologists: 1, Cellar: true, Wines: wines(red(7), red(3), red(2), red(4))}
	b.Estates[1] = Estate{Region: Alentejo, Color: White, Vineyards: 1, Wines: wines(white(5), white(2))}
	return x
}

// Example 25, "Magnate benefits", from Blue's first benefit on. Year 4,
// round 1, after his action (here a pass): he discards a wine and moves a
// barrel from Anabela to her Sales Additional Action, and sells a red 7
// to the Hotel (his account 5 → 12). Round 2, before moving: another wine,
// the barrel Sales → Winery, a Winery for 1 Bago (a Douro cube), then the
// Enologists action. Year 5, round 1: a wine, Bruno → the Cash Multiplier
// (scored at the end), then Vineyards. Round 2: Cellars, then a wine and
// the barrel Winery → the Wine Multiplier, scoring his white 5 with an
// Alentejo cube: 7 VP.
func TestExampleMagnateBenefits(t *testing.T) {
	x := blueForBenefits(t)
	x.p(blue).Cell = CellTL
	x.turn(blue)

	// Year 4, round 1: the benefit comes after the action.
	if !slices.Contains(x.ids(blue), "benefit") {
		t.Error("no benefit is offered before the move")
	}
	x.offers(blue, []string{"pass@c", "order-1", "pass", "benefit", "w2-2"}, "anabela", "bruno")
	x.offers(blue, []string{"pass@c", "order-1", "pass", "benefit", "w2-2", "anabela"},
		"anabela-winery", "anabela-sales", "anabela-cellars-left", "anabela-cellars-right",
		"anabela-vineyards-left", "anabela-vineyards-right", "anabela-wine-left", "anabela-wine-right")
	x.apply(blue, "pass@c", "order-1", "pass", "benefit", "w2-2", "anabela", "anabela-sales", "w1-1", "hotel-red-7", "done", "done")
	b := x.p(blue)
	eq(t, "Blue's account", b.Bank.Account, 12)
	eq(t, "Blue's barrels on Anabela", b.Magnates[Anabela], 1)
	eq(t, "Blue's barrels on Anabela's Sales", b.OnActions[Anabela][1], 1)
	eq(t, "Hotel red 7", x.s.Sales[x.saleSlot(Hotel, Red, 7)], blue)
	eq(t, "Blue's Douro wines", b.Estates[0].Wines, wines(Wine{}, red(3), red(2), red(4)))
	eq(t, "Blue's Alentejo wines", b.Estates[1].Wines, wines(white(5)))

	// Round 2: the benefit before the move, then the Enologist.
	x.s.Round = 2
	x.turn(blue)
	x.offers(blue, []string{"benefit", "w1-2", "anabela-sales"},
		"anabela-winery", "anabela-cellars-left", "anabela-cellars-right",
		"anabela-vineyards-left", "anabela-vineyards-right", "anabela-wine-left", "anabela-wine-right")
	x.apply(blue, "benefit", "w1-2", "anabela-sales", "anabela-winery", "e1", "enologists@mr", "enologist-e1", "done", "done")
	b = x.p(blue)
	eq(t, "Blue's cash after a Winery for 1 and an Enologist for 1", b.Money, 8)
	eq(t, "Blue's Douro Estate", [3]int{b.Estates[0].Vineyards, b.Estates[0].Wineries, b.Estates[0].Enologists}, [3]int{1, 2, 2})
	eq(t, "Douro cubes", x.s.Regions[Douro].Cubes, 1)
	eq(t, "Blue's barrels on Anabela's Winery", b.OnActions[Anabela], [2]int{1, 0})

	// Year 5, round 1: Bruno → Cash Multiplier, then Vineyards.
	x.s.Year, x.s.Round = 5, 1
	x.deck(Minho, vy(White, 2))
	x.turn(blue)
	x.apply(blue, "benefit", "w1-3", "bruno", "bruno-cash-left", "vineyards@tl", "minho", "e3", "done", "done")
	b = x.p(blue)
	eq(t, "Cash Multiplier's left slot", x.s.Multipliers[Bruno][1][0], Spot{Taken: true, Seat: blue})
	eq(t, "Blue's barrels on Bruno", b.Magnates[Bruno], 0)
	eq(t, "Blue's VP (the Cash Multiplier scores at the end)", b.VP, 0)
	eq(t, "Blue's cash after a 1-Bago move and a 2-Bago vineyard", b.Money, 5)

	// Round 2: Cellars, then Winery → Wine Multiplier.
	x.s.Round = 2
	x.turn(blue)
	cellars := []string{"cellars@tm", "e2", "benefit", "w1-4", "anabela-winery", "anabela-wine-left"}
	x.offers(blue, cellars, "w2-1")
	x.offers(blue, append(cellars, "w2-1"), "cubes-0", "cubes-1")
	if c := x.choice(blue, "cubes-1", append(cellars, "w2-1")...); c.Label != "1 cube: 7 VP" {
		t.Errorf("the Alentejo cube is offered as %q", c.Label)
	}
	x.apply(blue, append(cellars, "w2-1", "cubes-1", "done")...)
	b = x.p(blue)
	eq(t, "Blue's cash after a Cellar", b.Money, 3)
	eq(t, "Blue's VP from the Wine Multiplier", b.VP, 7)
	eq(t, "Blue's VP from Magnate benefits", b.VPFrom[SourceBenefits], 7)
	eq(t, "Alentejo cubes", x.s.Regions[Alentejo].Cubes, 0)
	eq(t, "Wine Multiplier's left slot", x.s.Multipliers[Anabela][2][0], Spot{Taken: true, Seat: blue})
	eq(t, "Blue's barrels in Anabela's row", b.OnActions[Anabela], [2]int{0, 0})
	eq(t, "Blue's wines", len(x.s.wines(blue)), 0)
}
