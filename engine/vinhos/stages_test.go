package vinhos

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The Wine Tasting Fairs are the game's stages (engine.Staged): a whole
// game ends three, each at the move whose events score it, in order.
func TestFairsAreTheStages(t *testing.T) {
	var st engine.State
	st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules, Seed: 4, Players: []string{"Ana", "Bruno"}})
	if err != nil {
		t.Fatal(err)
	}
	var ended []string
	for !st.Over() {
		seat := st.Pending()[0].Seat
		act, err := engine.Auto(st, seat)
		if err != nil {
			t.Fatal(err)
		}
		next, events, err := st.Apply(seat, act)
		if err != nil {
			t.Fatal(err)
		}
		stage, ok := engine.StageEnded(st, next)
		scored := slices.ContainsFunc(events, func(e engine.Event) bool {
			return strings.HasPrefix(e.Text, fmt.Sprintf("Fair %d: the Fair Points stand at", len(ended)+1))
		})
		if ok != scored {
			t.Fatalf("move %v: stage ended %v (%q), Fair scored %v", act, ok, stage, scored)
		}
		if ok {
			ended = append(ended, stage)
		}
		st = next
	}
	if want := []string{"Wine Tasting Fair 1", "Wine Tasting Fair 2", "Wine Tasting Fair 3"}; !slices.Equal(ended, want) {
		t.Fatalf("stages ended: %q, want %q", ended, want)
	}
}
