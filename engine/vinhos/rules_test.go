package vinhos

import (
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A game keeps the rules revision it was set up under, so that its moves
// replay as they were played: one begun under the first rules plays by
// them to its end, while new games take every fix.
func TestGamesKeepTheRulesTheyStartedUnder(t *testing.T) {
	first := func(x *example) *example { x.s.Rules = 0; return x }

	// The first rules: the free move waived Lacerda's bribe.
	x := first(soloExample(t))
	x.s.Solo.Bribes[CellML] = true
	x.p(LacerdaSeat).Cell = CellML
	x.give(ana, x.expertID(Alcohol, ExpertFreeMove))
	x.apply(ana, "wine-experts@ml", "expert-alcohol-free-move", "taste", "done")
	eq(t, "Ana's money by the first rules", x.p(ana).Money, 20-1)

	// The first rules: no Wine Expert inside a Sales action, so without a
	// barrel for a second wine the action ends; the barrel comes back
	// only after it.
	x = first(newExample(t, 2, 1, yellow, orange, blue, purple))
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(6), red(5))}
	y.Barrels = 1
	x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel))
	eq(t, "the step after one sale", x.step(yellow, "sales@bm", "w1-1", "hotel-red-6").Name, "after")

	// The first rules: a tie for first place took no trophy.
	x = first(soloExample(t))
	x.fair(map[engine.Seat]int{ana: 20, LacerdaSeat: 20})
	saidAll(t, x.w.Events, "Nobody wins the Fair alone: no trophy.")
	eq(t, "trophies", x.s.Trophies(ana), 0)

	// Revision 1: a first edition player at the Expert limit discarded
	// one before hiring.
	x = newClassicExample(t, 3, purple, redPlayer, yellow, blue)
	x.s.Rules = 1
	for _, a := range []ExpertAbility{ExpertFreeMove, ExpertRearrangeDeck, ExpertCash} {
		x.give(purple, x.expertID(Taste, a), x.expertID(Aroma, a))
	}
	x.refuses(purple, []string{"wine-experts@ml"}, "aroma")
	x.apply(purple, "wine-experts@ml", "discard-"+x.s.expertKey(x.expertID(Taste, ExpertCash)), "aroma", "done", "done")
	eq(t, "Purple's Experts by revision 1", len(x.p(purple).Experts), R10ExpertLimit)

	// Before the first edition had its own Vintage tiles, its games
	// flipped the Deluxe box's, whose tile 4 names Ribatejo: Constantino
	// asked for three of its regions.
	x = newClassicExample(t, 4, purple, redPlayer, yellow, blue)
	x.s.Rules, x.s.Vintage = firstEditionVintageRules-1, 4
	eq(t, "Constantino's regions on tile 4", x.s.VintageTile().Carolina.V, NewRegionSet(Douro, Ribatejo, Alentejo, Algarve))
	if text := x.s.vintageText(); !strings.HasSuffix(text, "Constantino Douro/Alentejo/Algarve") {
		t.Errorf("tile 4 by the earlier rules reads %q", text)
	}

	// Revision 2: a first edition barrel Expert came back between the
	// wines of a Sales action, and a free Expert at the limit could be
	// declined.
	x = newClassicExample(t, 2, yellow, redPlayer, blue, purple)
	x.s.Rules = 2
	y = x.p(yellow)
	y.Estates[0] = Estate{Region: Douro, Color: White, Vineyards: 1, Wines: wines(white(9), white(9))}
	y.Barrels = 2
	x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel))
	x.apply(yellow, "sales@bm", "w1-1", "enoteca-white-9", "expert-taste-retrieve-barrel", "enoteca-white-9", "w1-2", "enoteca-white-9", "done")
	eq(t, "Yellow's wines sold by revision 2", x.p(yellow).Estates[0].Wines, wines())
	sixExpertsBeforeSetubal(x)
	if got := x.ids(yellow, "vineyards@tl", "setubal", "e2"); !slices.Contains(got, "decline") {
		t.Errorf("revision 2: Setúbal's free Expert at 6 offers %v, want decline", got)
	}
}

// A rules revision newer than this engine knows is refused, not guessed.
func TestUnknownRulesRevisionIsRefused(t *testing.T) {
	_, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules + 1, Seed: 1, Players: []string{"Ana", "Bruno"}})
	if engine.CodeOf(err) != engine.CodeBadSetup || !strings.Contains(err.Error(), "update adega") {
		t.Errorf("got %v", err)
	}
}
