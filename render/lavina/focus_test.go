package lavina

import (
	"image"
	"maps"
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render/rendertest"
)

// focusCases returns, for every focus, a moment of a seeded 4-player game
// where a step is about it: the first from round 3 on, when the table has
// filled, or the first at all. -update-states plays the game again.
func focusCases(t testing.TB) map[string]rendertest.FocusCase {
	t.Helper()
	search := rendertest.FocusSearch{
		From:  3,
		Stage: func(s engine.State) int { return s.(*lavina.State).Round },
		Games: func(t testing.TB) []rendertest.Seeded {
			return []rendertest.Seeded{{State: newGame(t, recipe{seed: 41, players: 4}), Seed: 41}}
		},
	}
	return search.Cases(t, slices.Sorted(maps.Keys(focusBlocks)), *updateStates)
}

// TestFocusedViewGolden keeps one focused view per focus, each drawn from
// a moment of a seeded game whose step is about it.
func TestFocusedViewGolden(t *testing.T) {
	rendertest.FocusGoldens(t, focusCases(t), *update, func(t testing.TB, f string, c rendertest.FocusCase) image.Image {
		return Focus(decode(t, c.State), c.Seat, f)
	})
}

// TestFocusedViewsReadOnAPhone checks what makes a column view readable
// 400 pixels wide: it is one panel wide, so the smallest text keeps 10 of
// its 12 units, and never taller than a phone's screen, about 2.2 times
// as tall as wide, with every winery in play and every basket trade the
// player could make listed.
func TestFocusedViewsReadOnAPhone(t *testing.T) {
	if shown := small.Size * 400 / columnW; shown < 10 {
		t.Errorf("the smallest text shows %.1f pixels high at a phone's width", shown)
	}
	s := crowded(t, false)
	// Seat 0's baskets empty and small, bigger ones in the supply: the
	// most trades to list.
	s.Seats[0].Baskets = [2]lavina.Basket{{Size: lavina.Small}, {Size: lavina.Small}}
	s.BasketSupply[lavina.Medium], s.BasketSupply[lavina.Large] = 1, 1
	if len(s.Trades(0)) != 4 {
		t.Fatalf("trades %v", s.Trades(0))
	}
	for f := range focusBlocks {
		img := Focus(s, 0, f)
		if w := img.Bounds().Dx(); w != columnW*columnScale {
			t.Errorf("%s: %d pixels wide", f, w)
		}
		if h, w := img.Bounds().Dy(), img.Bounds().Dx(); 10*h > 22*w {
			t.Errorf("%s: %dx%d is taller than a phone's screen", f, w, h)
		}
	}
}

// TestEveryStepHasAFocusedView: every step of a whole game names a focus
// the renderer knows, so no player gets the fallback view by accident.
func TestEveryStepHasAFocusedView(t *testing.T) {
	rendertest.WalkSteps(t, newGame(t, recipe{seed: 41, players: 4}), 41, func(_ engine.State, _ engine.Seat, step engine.Step) {
		if _, ok := focusBlocks[step.Focus]; !ok {
			t.Fatalf("step %q is about %q, which has no focused view", step.Name, step.Focus)
		}
	})
}
