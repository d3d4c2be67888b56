package vinhos

// What the game says to players: announcements and labels.

import (
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A tie on VP goes to more Export barrels, then more money [T] (SV
// p. 16): the winner's announcement says which broke it (issue 32).
func TestWinnerAnnouncementSaysHowTheTieWasBroken(t *testing.T) {
	x := newExample(t, 6, 1, yellow, orange, blue, purple)
	x.p(yellow).VP, x.p(orange).VP = 61, 61
	x.p(yellow).Money, x.p(orange).Money = 9, 12
	ranking := []engine.Seat{orange, yellow}
	eq(t, "a tie broken by money", x.s.winText(ranking),
		"Orange wins with 61 VP, tied with Yellow on VP and Export barrels (0): the tie goes to more money, 12 Bagos to 9 Bagos.")
	x.s.Export[0][0] = orange
	eq(t, "a tie broken by Export barrels", x.s.winText(ranking),
		"Orange wins with 61 VP, tied with Yellow on VP: the tie goes to more Export barrels, 1 to 0.")
	x.p(yellow).VP = 60
	eq(t, "no tie", x.s.winText(ranking), "Orange wins with 61 VP.")
}

// Hiring a Wine Expert states its price, in the choice and in the
// narration (issue 32).
func TestHiringAnExpertStatesThePrice(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Cell, y.Money = CellTL, 5
	label := x.choice(yellow, "taste", "wine-experts@ml").Label
	if !strings.HasSuffix(label, "; hire it for 1 Bago") {
		t.Errorf("the choice reads %q", label)
	}
	_, events, err := playThrough(x.state(), yellow, []string{"wine-experts@ml", "taste", "done", "done"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(events, func(e engine.Event) bool {
		return strings.HasPrefix(e.Text, "Yellow hires the Taste Expert") && strings.HasSuffix(e.Text, ", for 1 Bago.")
	}) {
		t.Errorf("the narration: %v", events)
	}
}
