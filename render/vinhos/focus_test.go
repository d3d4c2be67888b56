package vinhos

import (
	"maps"
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render/rendertest"
)

// focusCases returns, for every focus, a moment of the seeded random games
// where a step is about it: the first from year 3 on, when boards have
// filled, or the first at all. -update-states plays the games again.
func focusCases(t testing.TB) map[string]rendertest.FocusCase {
	t.Helper()
	return rendertest.FocusCases(t, slices.Sorted(maps.Keys(focusBlocks)), *updateStates, func() map[string]rendertest.FocusCase {
		finder := rendertest.FocusFinder{From: 3}
		for _, g := range []struct {
			seed    uint64
			players int
		}{{47, 4}, {23, 3}} {
			walkSteps(t, g.seed, g.players, func(s *vinhos.State, seat engine.Seat, step engine.Step) {
				finder.See(t, step.Focus, s.Year, seat, s)
			})
		}
		return finder.Found
	})
}

// walkSteps plays a seeded random game to its end, calling see at every
// step of every decision with the state the decision starts from.
func walkSteps(t testing.TB, seed uint64, players int, see func(*vinhos.State, engine.Seat, engine.Step)) {
	rendertest.WalkSteps(t, newGame(t, seed, players), seed, func(s engine.State, seat engine.Seat, step engine.Step) {
		see(s.(*vinhos.State), seat, step)
	})
}

func decodeState(t testing.TB, b []byte) *vinhos.State {
	t.Helper()
	s, err := vinhos.Game{}.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*vinhos.State)
}

// TestFocusedViewGolden keeps one focused view per kind of step, each
// drawn from a moment of a seeded game whose step is about it.
func TestFocusedViewGolden(t *testing.T) {
	for f, c := range focusCases(t) {
		t.Run(f, func(t *testing.T) {
			img := Focus(decodeState(t, c.State), c.Seat, f)
			golden(t, "focus-"+f, img)
		})
	}
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
	for f := range focusBlocks {
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
			for _, p := range rendertest.CheckText(c.Boxes(), img.Bounds()) {
				t.Errorf("%s, seat %d: %s", f, seat, p)
			}
		}
	}
}

// TestEveryStepHasAFocusedView: every step of a whole game names a focus
// the renderer knows, so no player gets the fallback view by accident.
func TestEveryStepHasAFocusedView(t *testing.T) {
	seen := map[string]bool{}
	walkSteps(t, 47, 4, func(_ *vinhos.State, _ engine.Seat, step engine.Step) {
		if _, ok := focusBlocks[step.Focus]; !ok {
			t.Fatalf("step %q (%s) has focus %q, which has no view", step.Name, step.Prompt, step.Focus)
		}
		seen[step.Focus] = true
	})
	if len(seen) < 6 {
		t.Errorf("a whole game's steps used only %d foci: %v", len(seen), seen)
	}
}
