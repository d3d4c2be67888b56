package vinhos

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// /vinhos vineyards moves to the cheaper of the two Vineyards spaces,
// whatever words the choices put the cost in: the shortcut compares the
// costs as numbers, never the text a player reads.
func TestShortcutTakesTheCheaperSpaceWhateverTheWording(t *testing.T) {
	words := bagoTexts
	t.Cleanup(func() { bagoTexts = words })
	for n := range bagoTexts {
		bagoTexts[n] = "Bagos: " + strconv.Itoa(n)
	}
	x := newExample(t, 1, 1, yellow, orange, blue, purple)
	x.p(yellow).Cell = CellBM // beside Vineyards bottom right, two spaces from top left
	step, err := x.state().Choices(yellow, nil)
	if err != nil {
		t.Fatal(err)
	}
	tl, _ := step.Find("vineyards@tl")
	br, _ := step.Find("vineyards@br")
	if tl.Cost == "" || br.Cost != "" {
		t.Fatalf("the moves cost %q and %q, want some Bagos and nothing", tl.Cost, br.Cost)
	}
	start, err := Game{}.Shortcuts()[0].Start(x.state(), yellow)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "the vineyards shortcut", start, engine.Action{"vineyards@br"})
}

// A Press Release, or two wines at once, is confirmed before it is played;
// one wine, or a move without one, is not (engine.Confirmations).
func TestNeedsConfirmation(t *testing.T) {
	for _, tc := range []struct {
		action engine.Action
		want   bool
	}{
		{engine.Action{"sales", "press", "w1-1"}, true},
		{engine.Action{"sales", "w1-1", "w2-1"}, true},
		{engine.Action{"sales", "w1-1", "done"}, false},
		{engine.Action{"vineyards", "plant", "done"}, false},
		{engine.Action{"wages"}, false},
	} {
		if got := (Game{}).NeedsConfirmation(tc.action); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.action, got, tc.want)
		}
	}
}

// /vinhos export refused says why: the rule that leaves the Export space
// out, not only the moves that are legal (issue 32).
func TestShortcutRefusedSaysWhy(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Cell, y.Money = CellTL, 5
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	export := slices.IndexFunc(shortcuts, func(sc struct {
		name   string
		action Action
	}) bool {
		return sc.name == "export"
	})
	_, err := Game{}.Shortcuts()[export].Start(x.state(), yellow)
	want := `You cannot take the export action now. After that, nothing would answer "Which wine do you export?": You have no wine to export. Legal now:`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want %s", err, want)
	}
}
