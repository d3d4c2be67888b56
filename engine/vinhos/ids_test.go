package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// Logs, exports and typed commands from before the choice IDs used "-"
// only say "wine_experts@ml" and "expert-appearance-free_move": they still
// apply, to the same effect, and name the answers listed today.
func TestOldIDsWithUnderscoresStillApply(t *testing.T) {
	x := soloExample(t)
	x.s.Solo.Bribes[CellML] = true
	x.p(LacerdaSeat).Cell = CellML
	x.give(ana, x.expertID(Alcohol, ExpertFreeMove))
	old := engine.Action{"wine_experts@ml", "expert-alcohol-free_move", "taste"}
	if err := engine.Validate(x.s, ana, old); err != nil {
		t.Fatalf("the old log %v is refused: %v", old, err)
	}
	act, _, err := engine.Resolve(x.s, ana, old, nil)
	if err != nil {
		t.Fatalf("typing %v: %v", old, err)
	}
	eq(t, "the old IDs typed", act, engine.Action{"wine-experts@ml", "expert-alcohol-free-move", "taste"})
	x.apply(ana, append(old, "done")...)
	eq(t, "Ana's money (the bribe, then the Expert)", x.p(ana).Money, 20-1-1)
	eq(t, "bribe", x.s.Solo.Bribes[CellML], false)

	fair := secondFair(t)
	fair.apply(blue, "w1-1", "booth-4", "expert-aroma-cash", "expert-appearance-free_move", "carolina")
	eq(t, "Blue's Fair Points", fair.p(blue).FairPoints, 17+11)
}
