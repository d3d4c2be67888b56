package vinhos

import (
	"fmt"
	"image"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
)

// focusCases returns, for every focus, a moment of the seeded random games
// where a step is about it: the first from year 3 on, when boards have
// filled, or the first at all. -update-states plays the games again.
func focusCases(t testing.TB) map[string]rendertest.FocusCase {
	t.Helper()
	search := rendertest.FocusSearch{
		From:  3,
		Stage: func(s engine.State) int { return s.(*vinhos.State).Year },
		Games: func(t testing.TB) []rendertest.Seeded {
			return []rendertest.Seeded{{State: newGame(t, 47, 4), Seed: 47}, {State: newGame(t, 23, 3), Seed: 23}}
		},
	}
	return search.Cases(t, slices.Sorted(maps.Keys(focusBlocks)), *updateStates)
}

// everyFocus names every focus a view is drawn for, the Reserve's own
// (the bank) too.
func everyFocus() []string {
	return slices.Compact(slices.Sorted(func(yield func(string) bool) {
		for f := range maps.Keys(focusBlocks) {
			yield(f)
		}
		for f := range maps.Keys(reserveFocusBlocks) {
			yield(f)
		}
	}))
}

// TestFocusedViewGolden keeps one focused view per kind of step, each
// drawn from a moment of a seeded game whose step is about it.
func TestFocusedViewGolden(t *testing.T) {
	rendertest.FocusGoldens(t, focusCases(t), *update, func(t testing.TB, f string, c rendertest.FocusCase) image.Image {
		return Focus(decodeState(t, c.State), c.Seat, f)
	})
}

// TestFocusedViewsReadOnAPhone checks what makes a focused view readable
// 400 pixels wide: the column is one panel wide, so the smallest text
// keeps 11 of its 13 units; it is never taller than a phone shows at
// once by much; its text stays clear of other text and of the edges,
// however crowded the board.
func TestFocusedViewsReadOnAPhone(t *testing.T) {
	for _, crowded := range []*vinhos.State{fullest(t), reserveFullest(t)} {
		readOnAPhone(t, crowded)
	}
}

func readOnAPhone(t *testing.T, crowded *vinhos.State) {
	for _, f := range everyFocus() {
		for seat := range crowded.Seats {
			c := drawFocus(crowded, engine.Seat(seat), f, true)
			img := c.RGBA()
			if w := img.Bounds().Dx(); w != focusWidth*focusScale {
				t.Errorf("%s: %d pixels wide", f, w)
			}
			if shown := 13 * 400.0 / focusWidth; shown < 11 {
				t.Errorf("the smallest text shows %.1f pixels high at a phone's width", shown)
			}
			if h, w := img.Bounds().Dy(), img.Bounds().Dx(); h > 2*w {
				t.Errorf("%s: %dx%d is more than twice as tall as wide", f, w, h)
			}
			rendertest.CheckText(t, fmt.Sprintf("%s, seat %d", f, seat), c, nil)
		}
	}
}

// TestEveryStepHasAFocusedView: every step of a whole game names a focus
// the renderer knows, so no player gets the fallback view by accident.
func TestEveryStepHasAFocusedView(t *testing.T) {
	seen := map[string]bool{}
	rendertest.WalkSteps(t, newGame(t, 47, 4), 47, func(_ engine.State, _ engine.Seat, step engine.Step) {
		if _, ok := focusBlocks[step.Focus]; !ok {
			t.Fatalf("step %q (%s) has focus %q, which has no view", step.Name, step.Prompt, step.Focus)
		}
		seen[step.Focus] = true
	})
	if len(seen) < 6 {
		t.Errorf("a whole game's steps used only %d foci: %v", len(seen), seen)
	}
}

// At every decision the focused view shows the player's money and every
// wine they hold, by color and quality: what they weigh when choosing
// the Sales or the Export, at the action choice too.
func TestEveryFocusShowsThePlayersWinesAndMoney(t *testing.T) {
	for _, s := range []*vinhos.State{state(t, "mid-3p"), reserveMid(t)} {
		for seat, p := range s.Seats {
			for _, f := range append(everyFocus(), "") {
				showsWinesAndMoney(t, fmt.Sprintf("%s, the %q focus", p.Name, f), drawFocus(s, engine.Seat(seat), f, true), p)
			}
		}
	}
}

// A player's own board (/vinhos me) reads on a phone as a focused view
// does: shown 400 pixels wide, its smallest text (13 units) is 11 pixels
// high; and it shows the player's money and every wine.
func TestPlayerBoardReadsOnAPhone(t *testing.T) {
	for _, s := range []*vinhos.State{state(t, "mid-3p"), reserveMid(t), reserveFullest(t)} {
		for seat, p := range s.Seats {
			c := drawPlayer(s, engine.Seat(seat), true)
			w := c.RGBA().Bounds().Dx()
			if shown := small.Size * meScale * 400 / float64(w); shown < 11 {
				t.Errorf("%s's board is %d pixels wide: 400 pixels wide, its smallest text is %.1f pixels high", p.Name, w, shown)
			}
			showsWinesAndMoney(t, p.Name+"'s board", c, p)
			rendertest.CheckText(t, p.Name+"'s board", c, nil)
		}
	}
}

// showsWinesAndMoney checks that a view drawn on c shows p's money and
// each of p's wines.
func showsWinesAndMoney(t *testing.T, name string, c *render.Canvas, p vinhos.Player) {
	t.Helper()
	var wines []string
	for _, est := range p.Estates {
		for _, w := range est.Wines {
			if w.Quality > 0 {
				wines = append(wines, fmt.Sprintf("%s%d", wineLetter[w.Color], w.Quality))
			}
		}
	}
	money := fmt.Sprintf("%d %s", p.Money, plural(p.Money, "Bago", "Bagos"))
	shown := map[string]bool{}
	for _, b := range c.Boxes() {
		shown[b.Text] = true
		if strings.HasPrefix(b.Text, money+" ") {
			shown[money] = true
		}
	}
	for _, want := range append(wines, money) {
		if !shown[want] {
			t.Errorf("%s does not show %s (of %v)", name, want, wines)
		}
	}
}
