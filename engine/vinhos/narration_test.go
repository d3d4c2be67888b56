package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The log is what players read between their turns: it must say exactly
// what happened, in plain words.

// play plays seat's whole turn and returns what it narrated.
func (x *example) play(seat engine.Seat, action ...string) []engine.Event {
	x.t.Helper()
	next, events, err := playThrough(x.state(), seat, action)
	if err != nil {
		x.t.Fatalf("%s %v: %v", x.s.Seats[seat].Name, action, err)
	}
	x.set(next)
	return events
}

// A player may be called Bruno, like a Magnate: the log names Magnates as
// such, so "Bruno takes a barrel back from Bruno" cannot happen.
func TestMagnatesAreNamedApartFromPlayers(t *testing.T) {
	x := newExample(t, 4, 1, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Name, o.Cell = "Bruno", CellBL
	o.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, red(3))}
	x.s.Regions[Douro].Cubes = 2
	release := []string{"pass@c", "order-1", "press", "w1-4", "cubes-2", "booth-2", "taste", "none"}
	eq(t, "choice", x.choice(orange, "bruno", release...).Label, "Take a barrel back from the Magnate Bruno")
	events := x.play(orange, append(release, "bruno", "done", "done")...)
	saidAll(t, events, "Bruno takes a barrel back from the Magnate Bruno.")
}

// The bottom row sets the next round's order, or next year's after the
// second round; in a Fair year the booths set next year's order instead.
func TestOrderSlotNarrationFollowsTheYear(t *testing.T) {
	for _, tc := range []struct {
		name        string
		year, round int
		want        string
	}{
		{"first round", 2, 1, "Orange will play 1st next round."},
		{"second round", 4, 2, "Orange will play 1st next year."},
		{"second round of a Fair year", 3, 2, "Orange takes the 1st place of the bottom row; the Fair's booths will set next year's order."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newExample(t, tc.year, 1, orange, yellow, blue, purple)
			x.s.Round = tc.round
			x.p(orange).Cell = CellTL
			saidAll(t, x.play(orange, "pass@c", "order-1"), tc.want)
		})
	}
}

// In solo each player takes both actions of the year in a row (RB solo
// "Play"): the phase names whose action it is.
func TestSoloPhaseNamesWhoseActionItIs(t *testing.T) {
	x := soloExample(t)
	eq(t, "phase", x.s.Phase(), "Year 2, Ana's action 1 of 2")
	x.apply(ana, "wine-experts@ml", "taste", "done")
	eq(t, "phase", x.s.Phase(), "Year 2, Ana's action 2 of 2")
}

// Articles and plurals agree with their words and numbers.
func TestNarrationArticlesAndPlurals(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	x.canDoAnything(yellow, CellC)
	saidAll(t, x.play(yellow, "enologists@mr", "enologist-e1", "done"), "Yellow hires an Enologist for")

	x = newExample(t, 3, 1, yellow, orange, blue, purple) // Vintage 1: Taste 3, Aroma 1
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	x.give(yellow, x.expertID(Aroma, ExpertCash), x.expertID(Taste, ExpertAddRenown))
	x.cubes(Douro, 1)
	eq(t, "cube label", x.choice(yellow, "douro", "expert-taste-add-renown").Label, "Douro (1 cube now)")
	x.fairPress()
	eq(t, "Aroma prompt", x.step(yellow, "w1-1", "booth-1", "none").Prompt, "Send an Aroma Expert to the Fair (1 symbol)?")
}

// A Multiplier taken in the draft gets a barrel from its player's supply,
// and the log says so.
func TestMultiplierBarrelIsNarrated(t *testing.T) {
	x := newExample(t, 3, 1, yellow, orange, blue, purple)
	x.p(yellow).Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	_, key := x.draftWithMultiplier()
	saidAll(t, x.play(yellow, key, "w1-1"), "and puts a barrel from their supply on it.")
}

// After a Fair of the 2010 Reserve or the first edition the last on the
// Fair Points track plays first (V1, "Adjust the order of play"): only
// 2016's booths set the order, and only its narration says so.
func TestOrderSlotNarrationNamesTheFairPointsTrackOutside2016(t *testing.T) {
	for _, x := range []*example{newReserveExample(t, 3, orange, yellow, blue, purple), newClassicExample(t, 3, orange, yellow, blue, purple)} {
		x.s.Round = 2
		x.p(orange).Cell = CellTL
		name := x.p(orange).Name
		saidAll(t, x.play(orange, "pass@c", "order-1", "done"),
			name+" takes the 1st place of the bottom row; after the Fair the last on the Fair Points track will play first.")
	}
}

// An unpaid Maintenance of the 2010 Reserve and the first edition waits
// for a Winery (or Vineyard) or an Enologist, not for a barrel from Sales
// as 2016's does.
func TestUnpaidMaintenanceAsksForWhatItTakesOutside2016(t *testing.T) {
	for _, x := range []*example{newReserveExample(t, 4, orange, yellow, blue, purple), newClassicExample(t, 4, orange, yellow, blue, purple)} {
		x.interestAndSalaries(orange)
		x.endActions()
		for _, p := range x.s.Pending() {
			eq(t, x.s.rules().terms.title+": "+x.p(p.Seat).Name+"'s prompt", p.Prompt, "give up what your account could not pay for at Maintenance")
		}
	}
}

// A sale of the 2010 Reserve pays into the seller's account: the choice
// says "your bank account", the narration whose it is.
func TestSaleNarrationNamesWhoseBankAccount(t *testing.T) {
	x := newClassicExample(t, 4, blue, redPlayer, yellow, purple)
	b := x.p(blue)
	b.Estates[0] = Estate{Region: Setubal, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, red(6))}
	x.s.Regions[Setubal].InPlay = true
	eq(t, "the slot's label", x.choice(blue, "hotel-red-7", "sales@bm", "w1-2").Label, "Hotel red 7 (+7 Bagos to your bank account)")
	events := x.play(blue, "sales@bm", "w1-2", "hotel-red-7", "done")
	saidAll(t, events, "in Hotel red 7 (+7 Bagos to Blue's bank account).")
	if said(events, "your") {
		t.Error("the narration speaks to the reader")
	}
}

// A Reserve estate that lost its last Vineyard has no region (AMB-21):
// its wines are named by their estate, never "from  (".
func TestWineOfAnEstateWithoutVineyardsIsNamedByItsEstate(t *testing.T) {
	x := newReserveExample(t, 4, orange, yellow, blue, purple)
	x.p(orange).Estates[1] = Estate{Color: Red, Wineries: 1, Wines: wines(Wine{}, red(6))}
	eq(t, "the wine's label", x.choice(orange, "w2-2", "sales@bm").Label, "red 6 from estate 2 (no Vineyard left; warehouse slot 2, value 6)")
}

// A Magnate benefit's narration names the Magnates as such: a player may
// be called Bruno too, so "Bruno moves a barrel from Bruno's space to
// Bruno's Cash Multiplier" cannot happen.
func TestBenefitNarrationNamesMagnatesAsSuch(t *testing.T) {
	x := blueForBenefits(t)
	x.p(blue).Name = "Bruno"
	x.s.Year = 5
	x.turn(blue)
	events := x.play(blue, "benefit", "w1-3", "bruno", "bruno-cash-left", "pass@c", "order-1", "pass", "done")
	saidAll(t, events, "Bruno moves a barrel from the Magnate Bruno's space to the Magnate Bruno's cash Multiplier")
}
