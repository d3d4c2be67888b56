package vinhos

import (
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/component"
)

// The EXAMPLEs of the first edition's rulebook (000), one test each, named
// after the example. Its players are Red, Yellow, Blue and Purple; they
// join in that order, so Red sits where the Deluxe examples' Orange does.
// The text counts money in thousands of Bagos: its 3,000 Bagos are 3 here.

const redPlayer = orange // the first edition's red player

// newClassicExample puts a 4-player first-edition game in round 1 of
// year's Actions phase with the given player order.
func newClassicExample(t *testing.T, year int, order ...engine.Seat) *example {
	t.Helper()
	return exampleOf(t, newClassic(t, 7, 4, "")).inYear(year, order...)
}

// EXAMPLE (Vineyards): Red has Vineyards in 3 Estates, Algarve white, Dão
// red and two in Alentejo white. He buys a red Minho for 3,000 Bagos and
// starts his 4th Estate: a Renown cube to Minho, his disc on its circle.
// He buys a white Algarve for 4,000 into his Algarve Estate: a cube to
// Algarve, no second disc. He can extend neither his red Dão Estate, the
// top Dão tile being white, nor his Alentejo one, which holds both white
// Alentejo tiles (2 Vineyards at most an Estate).
func TestFirstEditionExampleVineyards(t *testing.T) {
	x := newClassicExample(t, 2, redPlayer, yellow, blue, purple)
	r := x.p(redPlayer)
	r.Money, r.Cell = 10, CellTM
	r.Estates[0] = Estate{Region: Algarve, Color: White, Vineyards: 1}
	r.Estates[1] = Estate{Region: Dao, Color: Red, Vineyards: 1, Cellar: true}
	r.Estates[2] = Estate{Region: Alentejo, Color: White, Vineyards: 2}
	for _, region := range []RegionID{Minho, Algarve, Dao, Alentejo} {
		x.s.Regions[region].InPlay = true
	}
	x.deck(Minho, vy(Red, 3), vy(White, 2))
	x.deck(Algarve, vy(White, 4))
	x.deck(Dao, vy(White, 4), vy(Red, 3))
	x.deck(Alentejo, vy(Red, 4))
	minho, algarve := x.s.Regions[Minho].Cubes, x.s.Regions[Algarve].Cubes
	x.apply(redPlayer, "vineyards@tl", "minho", "e4") // the deck's next tile shows
	x.refuses(redPlayer, nil, "dao", "alentejo")
	x.deck(Dao, vy(Red, 3), vy(White, 4)) // a red on top would extend the Dão Estate
	x.offers(redPlayer, []string{"dao"}, "e2")
	x.deck(Dao, vy(White, 4), vy(Red, 3))
	x.apply(redPlayer, "algarve", "e1", "done", "done")
	r = x.p(redPlayer)
	eq(t, "Red's cash", r.Money, 10-3-4)
	eq(t, "the Minho Estate", []any{r.Estates[3].Region, r.Estates[3].Color, int(r.Estates[3].Vineyards)}, []any{Minho, Red, 1})
	eq(t, "the Algarve Estate's Vineyards", int(r.Estates[0].Vineyards), 2)
	eq(t, "cubes in Minho and Algarve", []int{x.s.Regions[Minho].Cubes, x.s.Regions[Algarve].Cubes}, []int{minho + 1, algarve + 1})
}

// EXAMPLE (Wine Value): Purple's wine of Production Value 5 in slot 3 of
// his Dão Cellar, with one of Dão's 4 Renown cubes: 5 + 3 + 1 = 9.
func TestFirstEditionExampleWineValue(t *testing.T) {
	x := newClassicExample(t, 4, purple, redPlayer, yellow, blue)
	x.p(purple).Estates[0] = Estate{Region: Dao, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, red(5))}
	x.s.Regions[Dao].Cubes = 4
	eq(t, "value before cubes", x.s.WineValue(purple, 0, 2), 8)
	eq(t, "value with one cube", x.s.WineValue(purple, 0, 2)+Regions[Dao].CubeValue, 9)
}

// EXAMPLE (Sales): Blue's red of Production Value 6 in slot 2 of his
// Setúbal Cellar is worth 7, Setúbal's 2 cubes unused; he puts a barrel on
// the Hotel's red 7, beside his earlier one, and his Bank Account Marker
// advances 7 spaces.
func TestFirstEditionExampleSales(t *testing.T) {
	x := newClassicExample(t, 4, blue, redPlayer, yellow, purple)
	b := x.p(blue)
	b.Bank.Account = 5
	b.Estates[0] = Estate{Region: Setubal, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, red(6))}
	x.s.Regions[Setubal].InPlay = true
	x.s.Regions[Setubal].Cubes = 2
	x.s.Sales[x.saleSlot(Hotel, White, 6)] = blue
	b.Barrels--
	x.apply(blue, "sales@bm", "w1-2", "hotel-red-7", "done")
	eq(t, "Blue's account", x.p(blue).Bank.Account, 5+7)
	eq(t, "Setúbal's cubes", x.s.Regions[Setubal].Cubes, 2)
}

// EXAMPLE (take back the barrels, then Export): Purple has no barrel in
// front of him, and 2 at the Casa de Fados: he takes them back, placing 2
// cubes in 2 regions, and exports his wine of Production Value 7 from slot
// 2 of his Dão Warehouse. The 8 and 9 slots would need 1 and 2 Dão cubes;
// the 6 and 7 slots none, so no cube may go. He takes the 7 slot of the
// 1st column and receives 5 VP at once. At the end of the game Purple
// scores 6 VP for the 1st column, Blue 8 for the 2nd, Blue, Yellow and Red
// 3 each for the 3rd, Purple 12 for the 4th.
func TestFirstEditionExampleExport(t *testing.T) {
	x := newClassicExample(t, 4, purple, redPlayer, yellow, blue)
	p := x.p(purple)
	p.Barrels, p.Cell = 0, CellBM
	x.s.Sales[x.saleSlot(CasaDeFados, Red, 3)], x.s.Sales[x.saleSlot(CasaDeFados, White, 4)] = purple, purple
	p.Estates[0] = Estate{Region: Dao, Color: Red, Vineyards: 1, Wines: wines(Wine{}, red(7))}
	x.s.Regions[Dao].InPlay, x.s.Regions[Dao].Cubes = true, 2
	x.s.Regions[Douro].InPlay, x.s.Regions[Minho].InPlay = true, true
	slots := x.ids(purple, "pair-casa-de-fados", "douro", "minho", "export@bl", "w1-2")
	for _, id := range []string{"country1-row1", "country1-row2", "country1-row3", "country1-row4"} {
		if !slices.Contains(slots, id) {
			t.Errorf("the first column's %s is not offered: %v", id, slots)
		}
	}
	x.apply(purple, "pair-casa-de-fados", "douro", "minho", "export@bl", "w1-2", "country1-row3", "done")
	p = x.p(purple)
	eq(t, "Purple's VP", p.VP, 5)
	eq(t, "Purple's barrels", p.Barrels, 1)
	eq(t, "Dão's cubes", x.s.Regions[Dao].Cubes, 2)

	x.exporters([][]engine.Seat{{purple}, {blue}, {blue, yellow, redPlayer}, {purple}})
	x.endGame()
	eq(t, "majorities (Red, Yellow, Blue, Purple)", x.s.Final.Export, []int{3, 3, 8 + 3, 6 + 12})
}

// EXAMPLE (Bank): Yellow withdraws 3,000 Bagos (14 → 11), invests from −1
// to 0 (11 → 8) and from 0 to +1 (8 → 6); Red deposits 5,000 Bagos
// (19 → 24). At the end of the game Red scores 18 VP, Yellow 3, Blue and
// Purple, whose accounts are empty, nothing.
func TestFirstEditionExampleBank(t *testing.T) {
	x := newClassicExample(t, 2, yellow, redPlayer, blue, purple)
	y := x.p(yellow)
	y.Cell, y.Money, y.Bank = CellMR, 0, Bank{Account: 14, Invest: -1}
	x.apply(yellow, "bank@br", "withdraw", "3", "invest", "invest", "done", "done")
	eq(t, "Yellow's bank", x.p(yellow).Bank, Bank{Account: 6, Invest: 1})
	eq(t, "Yellow's cash", x.p(yellow).Money, 3)
	x.turn(redPlayer)
	r := x.p(redPlayer)
	r.Cell, r.Money, r.Bank = CellMR, 6, Bank{Account: 19, Invest: 1}
	x.apply(redPlayer, "bank@br", "deposit", "5", "done", "done") // 1 Bago to Yellow, there already
	eq(t, "Red's bank and cash", []int{x.p(redPlayer).Bank.Account, x.p(redPlayer).Money}, []int{24, 0})

	x.p(blue).Bank.Account, x.p(purple).Bank.Account = 0, 0
	x.endGame()
	eq(t, "bank VP (Red, Yellow, Blue, Purple)", x.s.Final.Bank, []int{18, 3, 0, 0})
}

// EXAMPLE (Press Release): in year 4 Red presents for the 2nd Fair his red
// of Production Value 5 in slot 4 of his Douro Cellar, with 2 Douro cubes:
// 5 + 5 + 2 = 12. He may play up to 4 Experts, takes his "4" Fair tile and
// gains 3 Fair Points for the value above 9 (14 → 17). On the Look/Taste
// slot, with the Taste marker in the "2" section and the Look marker in
// the "4", he gains 6 Fair Points (17 → 23) and the slot's 3,000 Bagos.
// On the 4th year's tile Alexandre wants white, Beatriz 9 or more and
// Constantino region 1 (Minho), 3 (Dão), 4 (Douro) or 7 (Setúbal): he
// meets Beatriz and Constantino and places a barrel beside Beatriz only.
func TestFirstEditionExamplePressRelease(t *testing.T) {
	x := newClassicExample(t, 4, redPlayer, yellow, blue, purple)
	x.s.Vintage = C10FourthYearTile
	x.s.Features = [NumFeatures]int{Taste: 4, Appearance: 8}
	eq(t, "the Taste and Look sections", []int{x.s.sectionFP(Taste), x.s.sectionFP(Appearance)}, []int{2, 4})
	r := x.p(redPlayer)
	r.Cell, r.Money, r.FairPoints = CellTL, 0, 14
	r.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, red(5))}
	x.s.Regions[Douro].InPlay, x.s.Regions[Douro].Cubes = true, 2
	turn := []string{"pass@c", "order-1", "press", "w1-4", "cubes-2", "appearance-taste"}
	x.offers(redPlayer, turn, "done", "bruno", "carolina")
	eq(t, "the Manager's name", x.choice(redPlayer, "bruno", turn...).Label, "Place a barrel beside the Manager Beatriz")
	x.apply(redPlayer, append(turn, "bruno", "done", "done")...)
	r = x.p(redPlayer)
	eq(t, "Red's Fair tile", x.s.FairSlots[0], FairSlot{Spot{true, redPlayer}, 4})
	eq(t, "Red's Fair Points (14 + 3 + 6)", r.FairPoints, 23)
	eq(t, "Red's cash", r.Money, 3)
	eq(t, "Red's barrels beside the Managers", r.Magnates, [NumMagnates]int8{Bruno: 1})
	eq(t, "the wine is gone", r.Estates[0].Wines[3], Wine{})
	eq(t, "Douro's cubes", x.s.Regions[Douro].Cubes, 0)

	// 5th year, phase 2: back on Pass/Press Release, his wine already
	// declared, he must pass.
	x.s.Year, x.s.Round = 5, 2
	x.turn(redPlayer)
	r = x.p(redPlayer)
	r.Cell, r.Money = CellTL, 5
	order := x.ids(redPlayer, "pass@c")[0]
	eq(t, "with his Fair tile out, Red's pass (no Press Release offered)", x.ids(redPlayer, "pass@c", order), []string{"done", "divest"})
}

// EXAMPLE (Maintenance): Purple at +1 receives 1; Blue at 0 nothing, then
// pays 2 of his 3 Enologists, loses 2 VP and fires one; Red at −2 with 1
// in the account pays it, loses 2 VP, discards a Winery, and loses nothing
// more.
func TestFirstEditionExampleMaintenance(t *testing.T) {
	x := newClassicExample(t, 4, redPlayer, yellow, blue, purple)
	x.interestAndSalaries(redPlayer)
	x.endActions()
	eq(t, "banks (Red, Blue, Purple)", []Bank{x.p(redPlayer).Bank, x.p(blue).Bank, x.p(purple).Bank},
		[]Bank{{Account: 0, Invest: -2}, {Account: 0, Invest: 0}, {Account: 6, Invest: 1}})
	eq(t, "VP (Red, Blue)", []int{x.p(redPlayer).VP, x.p(blue).VP}, []int{-2, -2})
	x.apply(blue, "e3")
	eq(t, "Red's Winery is gone", int(x.p(redPlayer).Estates[0].Wineries), 0)
	eq(t, "Blue's Enologists", int(x.p(blue).Estates[2].Enologists), 0)
}

// EXAMPLE (Fair results): Blue 35 Fair Points, Purple 26, Red and Yellow 20
// at the 3rd Fair: 15, 10, and (5 + 0) / 2 = 2 each; Red and Yellow, tied
// last, each take an Expert; the order Blue, Red, Purple, Yellow becomes
// Red, Yellow, Purple, Blue.
func TestFirstEditionExampleFairResults(t *testing.T) {
	x := newClassicExample(t, 6, blue, redPlayer, purple, yellow)
	x.s.Fair = 2
	for seat, fp := range map[engine.Seat]int{blue: 35, purple: 26, redPlayer: 20, yellow: 20} {
		x.p(seat).FairPoints, x.p(seat).Pressed = fp, true
		x.s.FairSlots[seat] = FairSlot{Spot{true, seat}, 0}
	}
	x.s.startFair()
	x.w.Advance()
	eq(t, "VP (Red, Yellow, Blue, Purple)", []int{x.p(redPlayer).VP, x.p(yellow).VP, x.p(blue).VP, x.p(purple).VP}, []int{2, 2, 15, 10})
	x.apply(redPlayer, "taste")
	x.apply(yellow, "aroma")
	eq(t, "order", x.s.Order, []engine.Seat{redPlayer, yellow, purple, blue})
}

// The first edition pays a 2-player Fair's 1st and 2nd places (the Reserve
// introduced 1st and 3rd), and its cash Multiplier has no cap: 20 Bagos on
// the left slot score 20.
func TestFirstEditionTwoPlayerFairAndUncappedCash(t *testing.T) {
	s := newClassic(t, 3, 2, "")
	x := exampleOf(t, s)
	x.s.At, x.s.Year, x.s.Fair = PhaseActions, 3, 0
	for seat, fp := range map[engine.Seat]int{0: 10, 1: 5} {
		x.p(seat).FairPoints, x.p(seat).Pressed = fp, true
		x.s.FairSlots[seat] = FairSlot{Spot{true, seat}, 0}
	}
	x.s.startFair()
	x.w.Advance()
	eq(t, "VP", []int{x.p(0).VP, x.p(1).VP}, []int{9, 6})
	x.p(0).Money, x.p(0).Bank.Invest = 20, R10InvestMin
	x.s.Multipliers[Bruno][1][0] = Spot{true, 0}
	eq(t, "the cash Multiplier", x.s.endMultipliers(0), 20)
}

// EXAMPLE (4th year): the Vintage tile foretells a bad year (−1); Look
// shows 3 times and Taste twice: the Look marker moves 3 spaces, the
// Taste marker 2. Yellow turns his 2 face-down Experts face up.
func TestFirstEditionExample4thYear(t *testing.T) {
	x := newClassicExample(t, 3, redPlayer, yellow, blue, purple)
	x.s.VintageDeck[0] = C10FourthYearTile
	x.p(yellow).Experts = []HeldExpert{{ID: x.expertID(Taste, ExpertCash)}, {ID: x.expertID(Aroma, ExpertCash)}}
	x.w.startYear(4)
	eq(t, "Feature markers", x.s.Features, [NumFeatures]int{Taste: 2, Appearance: 3})
	eq(t, "weather", x.s.VintageTile().Weather.V, -1)
	for _, e := range x.p(yellow).Experts {
		eq(t, "Yellow's Expert face up", e.FaceUp, true)
	}
}

// EXAMPLE (Taking Actions, 4th year, Phase 1): Red moves from Export to
// Wine Experts, adjacent, paying the 1,000 Bagos tax; Purple moves from
// Enologists to Pass and takes the first bottom slot; Blue from Cellars to
// Pass, paying Purple nothing, takes the last; Yellow from the Bank to Wine
// Experts, not adjacent, with Red and the tax there: 2,000 to the supply
// and 1,000 to Red. Phase 2 goes Purple, Red, Yellow, Blue.
func TestFirstEditionExampleTakingActions(t *testing.T) {
	x := newClassicExample(t, 4, redPlayer, purple, blue, yellow)
	x.p(redPlayer).Cell, x.p(purple).Cell, x.p(blue).Cell, x.p(yellow).Cell = CellBL, CellMR, CellTM, CellBR
	for seat := range x.s.Seats {
		x.p(engine.Seat(seat)).Money = 10
	}
	x.apply(redPlayer, "wine-experts@ml", "taste", "done", "done")
	x.apply(purple, "pass@c", "order-1", "done")
	x.apply(blue, "pass@c", "order-4", "done")
	eq(t, "Yellow's move", x.choice(yellow, "wine-experts@ml").Cost, "3 Bagos")
	x.apply(yellow, "wine-experts@ml", "aroma", "done", "done")
	eq(t, "cash (Red, Yellow, Blue, Purple)", x.money(), []int{10 - 1 - 1 + 1, 10 - 3 - 1, 10, 10})
	eq(t, "Phase 2's order", x.s.Order, []engine.Seat{purple, redPlayer, yellow, blue})
}

// EXAMPLE (Cellars): Yellow's Alentejo Warehouse holds a "4" and a "5"; a
// Cellar for 2,000 Bagos covers it, the 4 in its first slot and the 5 in
// its second, and a Renown cube goes to Alentejo.
func TestFirstEditionExampleCellars(t *testing.T) {
	x := newClassicExample(t, 4, yellow, redPlayer, blue, purple)
	y := x.p(yellow)
	y.Money = 5
	y.Estates[0] = Estate{Region: Alentejo, Color: White, Vineyards: 1, Wines: wines(white(4), white(5))}
	x.s.Regions[Alentejo].InPlay = true
	cubes := x.s.Regions[Alentejo].Cubes
	x.apply(yellow, "cellars@tm", "e1", "done")
	eq(t, "Yellow's cash", x.p(yellow).Money, 5-2)
	eq(t, "the Cellar's wines", x.p(yellow).Estates[0].Wines, wines(white(4), white(5)))
	eq(t, "Alentejo's cubes", x.s.Regions[Alentejo].Cubes, cubes+1)
}

// EXAMPLE (Divesting): Blue lacks the cash for a move; he divests 4 times,
// from +3 to −1, and receives 11,000 Bagos, then moves to the Vineyards.
func TestFirstEditionExampleDivesting(t *testing.T) {
	newClassicExample(t, 2, blue, redPlayer, yellow, purple).divestsForVineyards(blue)
}

// EXAMPLE (Wine Experts): Purple buys a Taste Expert for 1,000 Bagos, then
// a second from the same deck for 1,000 more; both face up.
func TestFirstEditionExampleWineExperts(t *testing.T) {
	x := newClassicExample(t, 2, purple, redPlayer, yellow, blue)
	p := x.p(purple)
	p.Money = 4
	x.apply(purple, "wine-experts@ml", "taste", "taste", "done")
	p = x.p(purple)
	eq(t, "Purple's cash", p.Money, 4-2)
	eq(t, "Purple's Experts", len(p.Experts), 2)
	for _, e := range p.Experts {
		f, _ := x.s.expertTile(e.ID)
		eq(t, "a face-up Taste Expert", []any{f, e.FaceUp}, []any{Taste, true})
	}
}

// EXAMPLE (Wineries): Blue buys 2 Wineries for 6,000 Bagos, one in his
// Douro Estate (a cube to Douro), one in an empty Estate (its cube waits on
// the Winery); later an Alentejo Vineyard there sends the cube to Alentejo.
func TestFirstEditionExampleWineries(t *testing.T) {
	x := newClassicExample(t, 2, blue, redPlayer, yellow, purple)
	b := x.p(blue)
	b.Money = 10
	b.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	x.s.Regions[Douro].InPlay, x.s.Regions[Alentejo].InPlay = true, true
	douro, alentejo := x.s.Regions[Douro].Cubes, x.s.Regions[Alentejo].Cubes
	x.apply(blue, "wineries@tr", "e1", "e2", "done")
	eq(t, "Blue's cash", x.p(blue).Money, 10-6)
	eq(t, "Douro's cubes", x.s.Regions[Douro].Cubes, douro+1)
	eq(t, "the cube waiting on the Winery", int(x.p(blue).Estates[1].Waiting), 1)
	x.deck(Alentejo, vy(White, 3), vy(Red, 5))
	x.turn(blue)
	x.apply(blue, "vineyards@tl", "alentejo", "e2", "done", "done")
	eq(t, "Alentejo's cubes (the waiting one and the Vineyard's)", x.s.Regions[Alentejo].Cubes, alentejo+2)
}

// EXAMPLE (Enologists): Purple has one empty Winery and hires one Enologist
// for 1,000 Bagos.
func TestFirstEditionExampleEnologists(t *testing.T) {
	x := newClassicExample(t, 2, purple, redPlayer, yellow, blue)
	p := x.p(purple)
	p.Money = 3
	p.Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wineries: 1}
	p.Estates[1] = Estate{Region: Dao, Color: Red, Vineyards: 1, Wineries: 1, Enologists: 1}
	x.apply(purple, "enologists@mr", "enologist-e1", "done", "done")
	eq(t, "Purple's cash", x.p(purple).Money, 3-1)
	eq(t, "Purple's Enologists", []int8{x.p(purple).Estates[0].Enologists, x.p(purple).Estates[1].Enologists}, []int8{1, 1})
}

// EXAMPLEs (Production step; aging and production; production): with the
// Vintage at −2, Blue's Lisboa wine ages a slot and his Estate without
// Vineyards makes nothing. Purple's 3 in the last slot of his Algarve
// Warehouse is lost; he moves an Enologist from Minho to his empty Algarve
// Winery; each new wine goes to the leftmost slot of its Warehouse or
// Cellar: Production Value = 2 a Vineyard + 1 a Winery + 2 an Enologist −
// 2, and no Farmers in the first edition.
func TestFirstEditionExampleProduction(t *testing.T) {
	x := newClassicExample(t, 4, blue, redPlayer, yellow, purple)
	x.s.Vintage = 1 // weather −2
	b := x.p(blue)
	b.Bank.Account = 10
	b.Estates[0] = Estate{Region: Lisboa, Color: Red, Vineyards: 1, Wineries: 2, Enologists: 1, Wines: wines(red(4))}
	b.Estates[1] = Estate{Wineries: 1}
	p := x.p(purple)
	p.Bank.Account = 10
	p.Estates[0] = Estate{Region: Algarve, Color: Red, Vineyards: 1, Wineries: 1, Wines: wines(Wine{}, red(3))}
	p.Estates[1] = Estate{Region: Minho, Color: Red, Vineyards: 2, Wineries: 1, Enologists: 1}
	p.Estates[2] = Estate{Region: Dao, Color: White, Vineyards: 1, Cellar: true}
	x.endActions()
	eq(t, "Blue's Lisboa wine aged", x.p(blue).Estates[0].Wines, wines(Wine{}, red(4)))
	eq(t, "Purple's Algarve wine lost", x.p(purple).Estates[0].Wines, wines())
	eq(t, "the question, without Farmers", x.step(blue).Prompt, "Before the wine is made: move Enologists or use Porto?")
	x.apply(blue, "done")
	x.apply(purple, "enologist-e2-e1", "done")
	b, p = x.p(blue), x.p(purple)
	eq(t, "Blue's wines", []Wine{b.Estates[0].Wines[0], b.Estates[1].Wines[0]}, []Wine{red(2 + 2 + 2 - 2), {}})
	eq(t, "Purple's wines", []Wine{p.Estates[0].Wines[0], p.Estates[1].Wines[0], p.Estates[2].Wines[0]},
		[]Wine{red(2 + 1 + 2 - 2), red(4 + 1 - 2), {}})
}

// EXAMPLE (the Managers, 4th and 5th years): Blue presents his Minho white
// 9, which meets all three Managers' requests, and places a barrel beside
// Alexandre (his second there) and one beside Beatriz. He discards a wine
// to move a barrel from Alexandre to the Sales Bonus Action and sells.
// Round 2: a wine, Sales → Winery Bonus Action, a Winery for 1,000 Bagos,
// then the Enologists action. Year 5: a wine, Beatriz → the Cash
// Multiplier (scored at the end; that barrel moves no more), then
// Vineyards; then Cellars, a wine, Winery → the Wine Multiplier: a wine
// discarded for its value in VP at once.
func TestFirstEditionExampleManagers(t *testing.T) {
	x := newClassicExample(t, 4, blue, redPlayer, yellow, purple)
	x.s.Vintage = C10FourthYearTile
	b := x.p(blue)
	b.Money, b.Cell, b.Bank.Account = 10, CellTL, 5
	b.Magnates = [NumMagnates]int8{Anabela: 1}
	b.Barrels--
	b.Estates[0] = Estate{Region: Minho, Color: White, Vineyards: 1, Wineries: 1, Enologists: 1, Wines: wines(white(9))}
	b.Estates[1] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wineries: 1, Cellar: true, Wines: wines(red(7), red(3), red(2), red(4))}
	b.Estates[2] = Estate{Region: Alentejo, Color: White, Vineyards: 1, Wines: wines(white(5), white(2))}
	x.s.Regions[Minho].InPlay, x.s.Regions[Douro].InPlay, x.s.Regions[Alentejo].InPlay = true, true, true

	press := []string{"pass@c", "order-1", "press", "w1-1", "taste-aroma"}
	x.offers(blue, press, "done", "anabela", "bruno", "carolina")
	benefit := append(press, "anabela", "bruno", "benefit", "w2-1", "anabela")
	if label := x.choice(blue, "anabela-sales", benefit...).Label; !strings.HasPrefix(label, "Bonus Action: ") {
		t.Errorf("the Sales space is offered as %q, not in the first edition's words", label)
	}
	x.apply(blue, append(press, "anabela", "bruno", "benefit", "w2-1", "anabela", "anabela-sales", "w2-2", "casa-de-fados-red-4", "done", "done")...)
	b = x.p(blue)
	eq(t, "Blue's barrels beside the Managers", b.Magnates, [NumMagnates]int8{Anabela: 1, Bruno: 1})
	eq(t, "Blue's barrels on Alexandre's Bonus Actions (Winery, Sales)", b.OnActions[Anabela], [2]int8{0, 1})
	eq(t, "Blue's account after selling a 4", b.Bank.Account, 5+4)

	x.s.Round = 2
	x.turn(blue)
	x.apply(blue, "benefit", "w2-3", "anabela-sales", "anabela-winery", "e1", "enologists@mr", "enologist-e1", "done", "done")
	b = x.p(blue)
	eq(t, "Blue's cash after a Winery for 1 and an Enologist for 1", b.Money, 10-1-1)
	eq(t, "Blue's Minho Estate (Wineries, Enologists)", []int8{b.Estates[0].Wineries, b.Estates[0].Enologists}, []int8{2, 2})
	eq(t, "Blue's barrels on Alexandre's Bonus Actions", b.OnActions[Anabela], [2]int8{1, 0})

	x.s.Year, x.s.Round = 5, 1
	x.deck(Minho, vy(White, 2))
	x.turn(blue)
	x.apply(blue, "benefit", "w2-4", "bruno", "bruno-cash-left", "vineyards@tl", "minho", "e4", "done", "done")
	b = x.p(blue)
	eq(t, "the Cash Multiplier's left slot", x.s.Multipliers[Bruno][1][0], Spot{Taken: true, Seat: blue})
	eq(t, "Blue's VP (the Cash Multiplier scores at the end)", b.VP, 0)

	x.s.Round = 2
	x.turn(blue)
	cellars := []string{"cellars@tm", "e3", "benefit", "w3-2"}
	x.offers(blue, cellars, "anabela", "anabela-winery") // not the barrel on the Cash Multiplier
	x.apply(blue, append(cellars, "anabela-winery", "anabela-wine-left", "w3-1", "cubes-0", "done")...)
	b = x.p(blue)
	eq(t, "Blue's VP from the Wine Multiplier", b.VP, 5)
	eq(t, "the Wine Multiplier's left slot", x.s.Multipliers[Anabela][2][0], Spot{Taken: true, Seat: blue})
}

// EXAMPLE (the Expert limit): in year 2 Purple holds 5 Experts, 4 face up
// and 1 face down; performing the Export action he uses one's ability (a
// free move there) and turns it down: 3 up, 2 down. In year 3 he hires 2
// and, past 6, discards a face-down one: 5 up, 1 down. At the year's Fair
// he plays 3 of his face-up Experts, which he then discards: 2 up, 1 down.
// In year 4 he turns the face-down one up.
func TestFirstEditionExampleExpertLimit(t *testing.T) {
	x := newClassicExample(t, 2, purple, redPlayer, yellow, blue)
	p := x.p(purple)
	p.Money, p.Cell, p.Bank.Invest = 5, CellTR, R10InvestMin
	p.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(7))}
	x.s.Regions[Douro].InPlay = true
	freeMove, down := x.expertID(Aroma, ExpertFreeMove), x.expertID(Taste, ExpertFreeMove)
	x.give(purple, x.expertID(Taste, ExpertRearrangeDeck), x.expertID(Aroma, ExpertRearrangeDeck),
		x.expertID(Appearance, ExpertRearrangeDeck), freeMove, down)
	p.Experts[4].FaceUp = false
	faces := func(what string, up, down int) {
		t.Helper()
		n := 0
		for _, e := range x.p(purple).Experts {
			if e.FaceUp {
				n++
			}
		}
		eq(t, what+": Purple's Experts face up, face down", []int{n, len(x.p(purple).Experts) - n}, []int{up, down})
	}
	faces("year 2", 4, 1)
	x.apply(purple, "export@bl", x.s.expertKey(freeMove), "w1-1", "country1-row3")
	faces("after the Export", 3, 2)
	eq(t, "Purple's cash after the free move", x.p(purple).Money, 5)

	x.inYear(3, purple, redPlayer, yellow, blue)
	x.apply(purple, "wine-experts@ml", "aroma", "aroma", "discard-"+x.s.expertKey(down)) // the cube and barrel Experts hired wait for an action
	faces("year 3, after hiring", 5, 1)
	eq(t, "Purple's cash", x.p(purple).Money, 5-2)

	for seat, fp := range map[engine.Seat]int{purple: 10, redPlayer: 3, yellow: 2, blue: 1} {
		x.p(seat).FairPoints, x.p(seat).Pressed = fp, true
		x.s.FairSlots[seat] = FairSlot{Spot{true, seat}, 0}
	}
	x.s.FairSlots[purple] = FairSlot{} // Purple's "3" tile is on Taste/Aroma
	x.s.FairSlots[3] = FairSlot{Spot{true, purple}, 3}
	x.s.startFair()
	x.w.Advance()
	x.passFairOpening() // his face-up cube Expert is offered as the Fair opens
	eq(t, "choosing Experts", x.pending(), []engine.Seat{purple})
	x.apply(purple, x.faceUp(purple, Taste, Aroma)[:3]...) // his "3" tile allows three: the choice ends there
	faces("after the Fair", 2, 1)
	eq(t, "last place chooses an Expert", x.pending(), []engine.Seat{blue})
	x.apply(blue, "taste")
	eq(t, "year", x.s.Year, 4)
	faces("year 4", 3, 0)
}

// EXAMPLE (5th year, Fair step): Blue alone has no Fair tile out; he
// presents his Terras do Sado (Setúbal) white of Wine Value 4: the "1"
// tile, so 1 Expert at most, on the Look/Alcohol Content slot, which
// gives the features' Fair Points and 2 for its bonus. The wine meets
// Constantino: a barrel beside him, and no barrel moves, this being no
// Taking Actions step. The text prints no feature sections, so the test
// takes them from the markers.
func TestFirstEditionExampleFairStep(t *testing.T) {
	x := newClassicExample(t, 5, blue, redPlayer, yellow, purple)
	x.s.Vintage = 1
	v := &x.s.data.Classic.Vintage[1]
	v.Anabela, v.Bruno, v.Carolina = component.T(Red), component.T(9), component.T(NewRegionSet(Setubal))
	x.s.Features = [NumFeatures]int{Appearance: 5, Alcohol: 4}
	for seat := range x.s.Seats {
		x.p(engine.Seat(seat)).Pressed = seat != int(blue)
	}
	b := x.p(blue)
	b.Estates[0] = Estate{Region: Setubal, Color: White, Vineyards: 1, Wines: wines(white(4))}
	b.Magnates[Anabela], b.Barrels = 1, b.Barrels-1
	x.give(blue, x.expertID(Alcohol, ExpertRearrangeDeck)) // the Fair then waits for his secret pick
	x.s.startFair()
	x.w.Advance()
	eq(t, "presenting", x.pending(), []engine.Seat{blue})
	x.offers(blue, []string{"w1-1", "appearance-alcohol"}, "done", "carolina")
	if ids := x.ids(blue, "w1-1", "appearance-alcohol", "carolina"); len(ids) != 0 {
		t.Errorf("after the barrel beside Constantino Blue is offered %v, want the Press Release over (no benefit)", ids)
	}
	x.apply(blue, "w1-1", "appearance-alcohol", "carolina")
	b = x.p(blue)
	slot := slices.IndexFunc(x.s.FairSlots[:], func(f FairSlot) bool { return f.Taken && f.Seat == blue })
	eq(t, "Blue's Fair tile", x.s.FairSlots[slot].Tile, 1)
	eq(t, "Blue's Fair Points", b.FairPoints, x.s.sectionFP(Appearance)+x.s.sectionFP(Alcohol)+2)
	eq(t, "Blue's barrels beside the Managers", b.Magnates, [NumMagnates]int8{Anabela: 1, Carolina: 1})
	eq(t, "the Fair's secret picks", x.s.At, PhaseFairPicks)
}

// EXAMPLE (take back the barrels from a hangout, then Sales): Purple takes
// back 2 barrels from the Hotel and 2 of his 3 from the Enoteca (never the
// single one left), placing 4 cubes in pairs of different regions, and
// sells at once: his red Douro of value 3 to the Casa de Fados "3" slot,
// his white Lisboa of value 12 to the Enoteca "10" slot. His Bank Account
// Marker advances 13 spaces.
func TestFirstEditionExamplePairsThenSales(t *testing.T) {
	x := newClassicExample(t, 4, purple, redPlayer, yellow, blue)
	p := x.p(purple)
	p.Barrels, p.Cell, p.Bank.Account = 0, CellBL, 2
	for _, s := range []int{x.saleSlot(Hotel, Red, 6), x.saleSlot(Hotel, White, 7),
		x.saleSlot(Enoteca, Red, 9), x.saleSlot(Enoteca, Red, 10), x.saleSlot(Enoteca, Red, 11)} {
		x.s.Sales[s] = purple
	}
	p.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(3))}
	p.Estates[1] = Estate{Region: Lisboa, Color: White, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, white(7))}
	for _, r := range []RegionID{Douro, Lisboa, Minho, Dao} {
		x.s.Regions[r].InPlay = true
	}
	minho, dao := x.s.Regions[Minho].Cubes, x.s.Regions[Dao].Cubes
	x.refuses(purple, []string{"pair-hotel", "minho"}, "minho") // two different regions a pair
	pairs := []string{"pair-hotel", "minho", "dao", "pair-enoteca", "enoteca-red-9", "enoteca-red-10", "minho", "dao"}
	x.refuses(purple, pairs, "pair-enoteca", "pair-hotel")
	eq(t, "the wines' values", []int{x.s.WineValue(purple, 0, 0), x.s.WineValue(purple, 1, 3)}, []int{3, 12})
	x.apply(purple, append(pairs, "sales@bm", "w1-1", "casa-de-fados-red-3", "w2-4", "enoteca-white-10", "done")...)
	eq(t, "cubes in Minho and Dão", []int{x.s.Regions[Minho].Cubes, x.s.Regions[Dao].Cubes}, []int{minho + 2, dao + 2})
	eq(t, "Purple's account", x.p(purple).Bank.Account, 2+13)
	eq(t, "Purple's barrels: 4 back, 2 sold", x.p(purple).Barrels, 2)
	eq(t, "the single barrel left at the Enoteca", x.s.Sales[x.saleSlot(Enoteca, Red, 11)], purple)
}

// EXAMPLE (the 2nd Fair, 5th year): Blue's Experts are all face down; Red's
// one Taste Expert does not fit his Look/Aroma slot; Purple's "3" tile on
// Look/Taste and Yellow's "4" on Taste/Aroma. At 15, 6, 5 and 4 Fair
// Points, Purple plays 2 Taste Experts, Yellow 3 Aroma and 1 Taste, all
// revealed together: the arrows move Taste into its "4" section and Aroma
// into its "3"; Purple gains 8, Yellow 13. Yellow 17, Blue 15, Purple 14
// and Red 5 score 12, 8, 4 and 0 VP; Red takes a Look Expert; the order
// becomes Red, Purple, Blue, Yellow.
func TestFirstEditionExampleSecondFair(t *testing.T) {
	x := secondBankFair(newClassicExample(t, 5, blue, redPlayer, purple, yellow), [4]int{15, 6, 5, 4}, 3)
	eq(t, "choosing in secret (not Blue, all face down, nor Red, no Expert for his slot)", x.pending(), []engine.Seat{purple, yellow})
	x.apply(purple, x.faceUp(purple, Taste)...) // his third, an Alcohol Expert, does not fit his slot
	x.apply(yellow, x.faceUp(yellow, Taste, Aroma)...)
	eq(t, "Fair Points (Red, Yellow, Blue, Purple)", []int{x.p(redPlayer).FairPoints, x.p(yellow).FairPoints, x.p(blue).FairPoints, x.p(purple).FairPoints}, []int{5, 17, 15, 14})
	eq(t, "VP (Red, Yellow, Blue, Purple)", []int{x.p(redPlayer).VP, x.p(yellow).VP, x.p(blue).VP, x.p(purple).VP}, []int{0, 12, 8, 4})
	eq(t, "last place chooses an Expert", x.pending(), []engine.Seat{redPlayer})
	x.apply(redPlayer, "appearance")
	f, _ := x.s.expertTile(x.p(redPlayer).Experts[1].ID)
	eq(t, "Red's new Expert", f, Appearance)
	eq(t, "order", x.s.Order, []engine.Seat{redPlayer, purple, blue, yellow})
}

// faceUp lists the choice IDs of seat's face-up Experts of the features.
func (x *example) faceUp(seat engine.Seat, fs ...Feature) []string {
	var ids []string
	for _, e := range x.p(seat).Experts {
		if f, _ := x.s.expertTile(e.ID); e.FaceUp && slices.Contains(fs, f) {
			ids = append(ids, x.s.expertKey(e.ID))
		}
	}
	return ids
}

// The first edition's Expert limit: "If a Player has already 6 Tiles, and
// purchases others, he must discard excess Tiles ... at the bottom of the
// appropriate decks" (000), and its example buys 2, then discards 1. A
// player at 6 buys first, so an Expert discarded under an empty deck
// cannot be bought back face up in the same action.
func TestFirstEditionBuysThenDiscardsAtTheExpertLimit(t *testing.T) {
	x := newClassicExample(t, 3, purple, redPlayer, yellow, blue)
	p := x.p(purple)
	p.Money = 10
	down := x.expertID(Taste, ExpertFreeMove)
	x.give(purple, down, x.expertID(Aroma, ExpertRearrangeDeck), x.expertID(Appearance, ExpertRearrangeDeck),
		x.expertID(Alcohol, ExpertRearrangeDeck), x.expertID(Aroma, ExpertCash), x.expertID(Appearance, ExpertCash))
	p.Experts[0].FaceUp = false
	x.s.Experts[Taste] = nil // the Taste deck is empty
	x.turn(purple)
	discard := engine.ShownID("discard-" + x.s.expertKey(down))
	hire := x.ids(purple, "wine-experts@ml")
	if slices.Contains(hire, discard) || !slices.Contains(hire, "aroma") || slices.Contains(hire, "taste") {
		t.Fatalf("at 6 Experts the hire offers %v: the decks, no discard first", hire)
	}
	x.apply(purple, "wine-experts@ml", "aroma") // the deck's next tile shows
	if next := x.ids(purple); !slices.Contains(next, "done") || slices.Contains(next, discard) {
		t.Fatalf("after one purchase the hire offers %v: another, or done", next)
	}
	if excess := x.ids(purple, "done"); len(excess) != R10ExpertLimit+1 || !slices.Contains(excess, discard) {
		t.Fatalf("done at 7 Experts, the hire offers %v: each held Expert to discard", excess)
	}
	x.apply(purple, "done", discard, "done")
	p = x.p(purple)
	eq(t, "Purple's Experts", len(p.Experts), R10ExpertLimit)
	eq(t, "the Taste deck", x.s.Experts[Taste], []int{down})
	eq(t, "Purple's cash", p.Money, 10-1)
}
