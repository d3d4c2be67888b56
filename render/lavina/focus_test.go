package lavina

import (
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
	return rendertest.FocusCases(t, slices.Sorted(maps.Keys(focusBlocks)), *updateStates, func() map[string]rendertest.FocusCase {
		finder := rendertest.FocusFinder{From: 3}
		walkSteps(t, 41, 4, func(s *lavina.State, seat engine.Seat, step engine.Step) {
			finder.See(t, step.Focus, s.Round, seat, s)
		})
		return finder.Found
	})
}

// walkSteps plays a seeded random game to its end, calling see at every
// step of every decision with the state the decision starts from.
func walkSteps(t testing.TB, seed uint64, players int, see func(*lavina.State, engine.Seat, engine.Step)) {
	rendertest.WalkSteps(t, newGame(t, recipe{seed: seed, players: players}), seed, func(s engine.State, seat engine.Seat, step engine.Step) {
		see(s.(*lavina.State), seat, step)
	})
}

// TestFocusedViewGolden keeps one focused view per focus, each drawn from
// a moment of a seeded game whose step is about it.
func TestFocusedViewGolden(t *testing.T) {
	for f, c := range focusCases(t) {
		t.Run(f, func(t *testing.T) {
			golden(t, "focus-"+f, Focus(decode(t, c.State), c.Seat, f))
		})
	}
}

// TestFocusedViewsReadOnAPhone checks what makes a column view readable
// 400 pixels wide: it is one panel wide, so the smallest text keeps 10 of
// its 12 units, and never taller than a phone's screen, about 2.2 times
// as tall as wide.
func TestFocusedViewsReadOnAPhone(t *testing.T) {
	if shown := small.Size * 400 / columnW; shown < 10 {
		t.Errorf("the smallest text shows %.1f pixels high at a phone's width", shown)
	}
	s := crowded(t, false)
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
	walkSteps(t, 41, 4, func(_ *lavina.State, _ engine.Seat, step engine.Step) {
		if _, ok := focusBlocks[step.Focus]; !ok {
			t.Fatalf("step %q is about %q, which has no focused view", step.Name, step.Focus)
		}
	})
}
