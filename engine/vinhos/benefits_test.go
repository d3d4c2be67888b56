package vinhos

import (
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The R10 Magnate benefits (RESERVE-2010.md §10), the 6-Expert limit
// (§9), the barrel ability in the Magnates area and the end's benefit
// rounds (§14.1).

// blueForBenefits gives Blue the position of example 25 after his Press
// Release of year 4: 2 barrels on Anabela and 1 on Bruno, a Douro Estate
// with a Winery and a Cellar holding four reds, an Alentejo Estate with
// two whites in its Warehouse, and 10 Bagos; his Action marker is on the
// top left Vineyards.
func blueForBenefits(t *testing.T) *example {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	b := x.p(blue)
	b.Money, b.Cell = 10, CellTL
	b.Magnates = [NumMagnates]int8{Anabela: 2, Bruno: 1}
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
	eq(t, "Blue's barrels on Anabela", int(b.Magnates[Anabela]), 1)
	eq(t, "Blue's barrels on Anabela's Sales", int(b.OnActions[Anabela][1]), 1)
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
	eq(t, "Blue's Douro Estate", [3]int8{b.Estates[0].Vineyards, b.Estates[0].Wineries, b.Estates[0].Enologists}, [3]int8{1, 2, 2})
	eq(t, "Douro cubes", x.s.Regions[Douro].Cubes, 1)
	eq(t, "Blue's barrels on Anabela's Winery", b.OnActions[Anabela], [2]int8{1, 0})

	// Year 5, round 1: Bruno → Cash Multiplier, then Vineyards.
	x.s.Year, x.s.Round = 5, 1
	x.deck(Minho, vy(White, 2))
	x.turn(blue)
	x.apply(blue, "benefit", "w1-3", "bruno", "bruno-cash-left", "vineyards@tl", "minho", "e3", "done", "done")
	b = x.p(blue)
	eq(t, "Cash Multiplier's left slot", x.s.Multipliers[Bruno][1][0], Spot{Taken: true, Seat: blue})
	eq(t, "Blue's barrels on Bruno", int(b.Magnates[Bruno]), 0)
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
	eq(t, "Blue's VP from Magnate benefits", int(b.VPFrom[SourceBenefits]), 7)
	eq(t, "Alentejo cubes", x.s.Regions[Alentejo].Cubes, 0)
	eq(t, "Wine Multiplier's left slot", x.s.Multipliers[Anabela][2][0], Spot{Taken: true, Seat: blue})
	eq(t, "Blue's barrels in Anabela's row", b.OnActions[Anabela], [2]int8{0, 0})
	eq(t, "Blue's wines", len(x.s.wines(blue)), 0)
}

// One benefit a turn: after a benefit before the move, none is offered
// after the action.
func TestBenefitOncePerTurn(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	before := []string{"benefit", "w2-2", "anabela", "anabela-sales", "w1-1", "hotel-red-7", "done"}
	x.refuses(blue, append(before, "pass@c", "order-1", "pass"), "benefit")
	// Without the first benefit, one is there after the action.
	if !slices.Contains(x.ids(blue, "pass@c", "order-1", "pass"), "benefit") {
		t.Error("no benefit is offered after the action")
	}
}

// Never during an action: not between the wines of a Sales action, only
// once it is done.
func TestNoBenefitDuringAnAction(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	x.refuses(blue, []string{"sales@bm"}, "benefit")
	x.refuses(blue, []string{"sales@bm", "w1-1", "hotel-red-7"}, "benefit")
	if !slices.Contains(x.ids(blue, "sales@bm", "w1-1", "hotel-red-7", "done"), "benefit") {
		t.Error("no benefit is offered after the Sales action")
	}
}

// A benefit costs a wine and a barrel in a row; a player without either
// is offered none.
func TestBenefitNeedsAWineAndABarrel(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	x.p(blue).Estates[0].Wines, x.p(blue).Estates[1].Wines = wines(), wines()
	x.refuses(blue, nil, "benefit")
	x = blueForBenefits(t)
	x.turn(blue)
	x.p(blue).Magnates = [NumMagnates]int8{}
	x.refuses(blue, nil, "benefit")
}

// One slot of a Multiplier each: Blue, on the Wine Multiplier's left
// slot, is not offered its right one; a slot another player holds is
// not offered either.
func TestOneSlotOfEachMultiplier(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	x.s.Multipliers[Anabela][2][0] = Spot{Taken: true, Seat: blue}
	x.s.Multipliers[Anabela][0][0] = Spot{Taken: true, Seat: orange}
	x.offers(blue, []string{"benefit", "w2-2", "anabela"},
		"anabela-winery", "anabela-sales", "anabela-cellars-right", "anabela-vineyards-left", "anabela-vineyards-right")
}

// The Experts Multiplier takes a barrel only from a player with face-up
// Wine Experts of all 4 features, and pays 8 VP at once.
func TestExpertsMultiplierNeedsAllFourFeatures(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	x.give(blue, x.expertID(Taste, ExpertCash), x.expertID(Aroma, ExpertCash), x.expertID(Appearance, ExpertCash), x.expertID(Alcohol, ExpertCash))
	x.p(blue).Experts[3].FaceUp = false
	x.refuses(blue, []string{"benefit", "w2-2", "bruno"}, "bruno-experts-left", "bruno-experts-right")
	x.p(blue).Experts[3].FaceUp = true
	x.apply(blue, "benefit", "w2-2", "bruno", "bruno-experts-right", "pass@c", "order-1", "pass", "done")
	eq(t, "Blue's VP", x.p(blue).VP, R10ExpertsMultiplierVP)
	eq(t, "Blue's VP from Magnate benefits", int(x.p(blue).VPFrom[SourceBenefits]), 8)
	eq(t, "Experts Multiplier's right slot", x.s.Multipliers[Bruno][2][1], Spot{Taken: true, Seat: blue})
}

// The Renown Multiplier pays 1 VP per Renown cube in the regions of the
// player's Estates, each region once; other regions' cubes do not count.
func TestRenownMultiplier(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	x.p(blue).Magnates = [NumMagnates]int8{Carolina: 1}
	x.p(blue).Estates[2] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	x.s.Regions[Douro].Cubes, x.s.Regions[Alentejo].Cubes, x.s.Regions[Minho].Cubes = 3, 2, 4
	x.apply(blue, "benefit", "w2-2", "carolina", "carolina-renown-left", "pass@c", "order-1", "pass", "done")
	eq(t, "Blue's VP", x.p(blue).VP, 5)
}

// A benefit is offered only if it can be completed: Blue's one wine pays
// for it, and then his barrel on Anabela's Sales space can neither sell
// (no wine left) nor buy a Winery (no Bago, nothing to divest), and every Multiplier slot of
// the row is taken. With 1 Bago the Winery makes it possible.
func TestBenefitOnlyIfItCanFinish(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	b := x.p(blue)
	b.Money, b.Bank.Invest = 0, R10InvestMin // nothing to divest
	b.Magnates = [NumMagnates]int8{}
	b.OnActions[Anabela][1] = 1
	b.Estates[0].Wines, b.Estates[1].Wines = wines(red(7)), wines()
	for i := range x.s.Multipliers[Anabela] {
		x.s.Multipliers[Anabela][i] = [R10MultiplierSlots]Spot{{true, orange}, {true, yellow}}
	}
	x.refuses(blue, nil, "benefit")
	b.Money = 1
	x.offers(blue, []string{"benefit", "w1-1", "anabela-sales"}, "anabela-winery")
	x.apply(blue, "benefit", "w1-1", "anabela-sales", "anabela-winery", "e1", "pass@c", "order-1")
	eq(t, "Blue's cash", x.p(blue).Money, 0)
	eq(t, "Blue's Wineries in Douro", int(x.p(blue).Estates[0].Wineries), 2)
}

// Carolina's Additional Actions: a free Wine Expert, which at the limit
// of 6 needs a discard first, and the Investment marker 1 space right for
// free.
func TestCarolinasAdditionalActions(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	x.p(blue).Magnates = [NumMagnates]int8{Carolina: 1}
	for f := range Feature(NumFeatures) {
		x.give(blue, x.expertID(f, ExpertCash))
	}
	x.give(blue, x.expertID(Taste, ExpertFreeMove), x.expertID(Aroma, ExpertFreeMove))
	discard := engine.ShownID("discard-" + x.s.expertKey(x.expertID(Taste, ExpertFreeMove)))
	got := x.ids(blue, "benefit", "w2-2", "carolina", "carolina-expert")
	if slices.Contains(got, "taste") || !slices.Contains(got, discard) {
		t.Errorf("at 6 Experts the free Expert offers %v, want discards and no deck", got)
	}
	x.apply(blue, "benefit", "w2-2", "carolina", "carolina-expert", discard, "alcohol", "pass@c", "order-1", "pass", "done")
	eq(t, "Blue's Experts", len(x.p(blue).Experts), R10ExpertLimit)
	eq(t, "Blue's cash", x.p(blue).Money, 10)
	eq(t, "Blue's barrels on Carolina's Expert space", x.p(blue).OnActions[Carolina], [2]int8{1, 0})

	x.turn(blue)
	x.p(blue).Bank.Invest = 1
	x.p(blue).Cell = CellTL
	x.apply(blue, "benefit", "w2-1", "carolina-expert", "carolina-investment", "pass@c", "order-2", "pass", "done")
	eq(t, "Blue's investment", x.p(blue).Bank.Invest, 2)
	eq(t, "Blue's barrels on Carolina's spaces", x.p(blue).OnActions[Carolina], [2]int8{0, 1})
}

// §9, AMB-10, AMB-27: in R10 the barrel Expert takes a barrel back from
// a Magnate's space, an Additional Action space or a Multiplier slot,
// which empties; VP its Multiplier scored stay.
func TestBarrelExpertInTheMagnatesArea(t *testing.T) {
	x := blueForBenefits(t)
	x.turn(blue)
	b := x.p(blue)
	b.OnActions[Anabela][1] = 1
	x.s.Multipliers[Bruno][2][0] = Spot{Taken: true, Seat: blue}
	b.VP, b.VPFrom[SourceBenefits] = 8, 8
	x.give(blue, x.expertID(Taste, ExpertRetrieveBarrel))
	key := x.s.expertKey(x.expertID(Taste, ExpertRetrieveBarrel))
	x.offers(blue, []string{key}, "anabela", "bruno", "anabela-sales", "bruno-experts-left")
	barrels := b.Barrels
	x.apply(blue, key, "bruno-experts-left", "pass@c", "order-1", "pass", "done")
	eq(t, "Experts Multiplier's left slot", x.s.Multipliers[Bruno][2][0], Spot{})
	eq(t, "Blue's barrels", x.p(blue).Barrels, barrels+1)
	eq(t, "Blue's VP", x.p(blue).VP, 8)
}

// §14.1, AMB-11: after the third Fair, rounds in player order, one benefit
// a turn, until everyone has passed; a player who passed is out. Then the
// game is scored.
func TestBenefitRounds(t *testing.T) {
	x := blueForBenefits(t)
	x.s.Year = 6
	x.w.startBenefitRounds()
	x.w.Advance()
	eq(t, "phase", x.s.At, PhaseBenefits)
	eq(t, "first", x.pending(), []engine.Seat{orange})
	x.refuses(orange, nil, "benefit", "vineyards@tl", "pair-hotel")
	x.apply(orange, "pass")
	x.apply(yellow, "pass")
	eq(t, "next", x.pending(), []engine.Seat{blue})
	x.apply(blue, "benefit", "w2-2", "anabela", "anabela-sales", "w1-1", "hotel-red-7", "done", "done")
	eq(t, "Blue's account", x.p(blue).Bank.Account, 12)
	x.apply(purple, "pass")
	eq(t, "Blue again, the others out", x.pending(), []engine.Seat{blue})
	x.apply(blue, "benefit", "w1-2", "bruno", "bruno-cash-left", "done")
	eq(t, "Blue once more", x.pending(), []engine.Seat{blue})
	x.apply(blue, "pass")
	eq(t, "phase", x.s.At, PhaseOver)
}

// Example 17, "Experts", the 6-Expert limit: Yellow holds 5 Experts, 3
// face up and 2 face down, and hires 2 in year 3. The first makes 6; for
// the second he must first discard one, a face-down one here, under its
// deck. He ends with 5 face up and 1 face down, 2 Bagos poorer.
func TestExampleExpertLimit(t *testing.T) {
	x := newReserveExample(t, 3, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Money, y.Bank.Invest = 5, R10InvestMin // no cash ability, nothing to divest
	x.give(yellow, x.expertID(Taste, ExpertRearrangeDeck), x.expertID(Aroma, ExpertRearrangeDeck), x.expertID(Appearance, ExpertRearrangeDeck),
		x.expertID(Alcohol, ExpertRearrangeDeck), x.expertID(Taste, ExpertFreeMove))
	y.Experts[3].FaceUp, y.Experts[4].FaceUp = false, false
	down := x.expertID(Taste, ExpertFreeMove)
	discard := engine.ShownID("discard-" + x.s.expertKey(down))
	x.s.Experts[Aroma] = x.s.Experts[Aroma][:1] // no tile turns up under the one hired
	x.turn(yellow)

	x.offers(yellow, []string{"wine-experts@ml"}, "taste", "aroma", "appearance", "alcohol")
	second := x.ids(yellow, "wine-experts@ml", "aroma")
	if slices.Contains(second, "taste") || !slices.Contains(second, discard) || !slices.Contains(second, "done") || len(second) != 1+R10ExpertLimit {
		t.Errorf("at 6 Experts the second hire offers %v, want done and the 6 discards", second)
	}
	x.offers(yellow, []string{"wine-experts@ml", "aroma", discard}, "done", "taste", "appearance", "alcohol")
	x.apply(yellow, "wine-experts@ml", "aroma", discard, "appearance") // the cube and barrel Experts hired wait for an action

	y = x.p(yellow)
	up := 0
	for _, e := range y.Experts {
		if e.FaceUp {
			up++
		}
	}
	eq(t, "Yellow's Experts face up, face down", []int{up, len(y.Experts) - up}, []int{5, 1})
	eq(t, "Yellow's cash", y.Money, 3)
	eq(t, "the discarded Expert, under its deck", x.s.Experts[Taste][len(x.s.Experts[Taste])-1], down)
}

// sixExpertsBeforeSetubal gives Yellow 6 Experts and 10 Bagos next to the
// Vineyards space, a white Setúbal Vineyard for 3 on its deck, and her
// turn; it returns the ID that discards her Taste free-move Expert.
func sixExpertsBeforeSetubal(x *example) string {
	y := x.p(yellow)
	y.Money, y.Cell, y.Experts = 10, CellTM, nil
	for f := range Feature(NumFeatures) {
		x.give(yellow, x.expertID(f, ExpertCash))
	}
	x.give(yellow, x.expertID(Taste, ExpertFreeMove), x.expertID(Aroma, ExpertFreeMove))
	x.deck(Setubal, vy(White, 3))
	x.s.Regions[Setubal].InPlay = true
	x.turn(yellow)
	return engine.ShownID("discard-" + x.s.expertKey(x.expertID(Taste, ExpertFreeMove)))
}

// AMB-19, AMB-23: Setúbal's 2 free Experts respect the limit; at 6 a
// player may decline them, or discard one to take one.
func TestSetubalExpertsAtTheLimit(t *testing.T) {
	x := newReserveExample(t, 3, yellow, orange, blue, purple)
	discard := sixExpertsBeforeSetubal(x)
	got := x.ids(yellow, "vineyards@tl", "setubal", "e1")
	if !slices.Contains(got, "decline") || !slices.Contains(got, discard) || slices.Contains(got, "taste") {
		t.Errorf("Setúbal's first free Expert at 6 offers %v", got)
	}
	x.apply(yellow, "vineyards@tl", "setubal", "e1", "decline", discard, "alcohol", "done", "done")
	eq(t, "Yellow's Experts", len(x.p(yellow).Experts), R10ExpertLimit)
	eq(t, "Yellow's cash", x.p(yellow).Money, 7)
}

// A turn that pauses where a free Expert turned up the next one keeps its
// benefit used, through the snapshot too: the rest of the turn offers no
// second one.
func TestPausedTurnKeepsItsBenefit(t *testing.T) {
	x := blueForBenefits(t)
	x.p(blue).Magnates = [NumMagnates]int8{Carolina: 1}
	x.turn(blue)
	x.apply(blue, "benefit", "w2-2", "carolina", "carolina-expert", "taste")
	if x.s.Paused == nil || !x.s.Paused.benefitUsed {
		t.Fatalf("the turn did not pause with its benefit used: %+v", x.s.Paused)
	}
	roundTrip(t, x.s)
	b, err := Game{}.Decode(mustEncode(t, x.s))
	if err != nil {
		t.Fatal(err)
	}
	x.set(b.(*State))
	x.refuses(blue, nil, "benefit")
}
