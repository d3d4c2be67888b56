package vinhos

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// focusCase is a moment of a seeded game where a step is about a focus:
// the state before the decision, and the seat deciding.
type focusCase struct {
	Seat  engine.Seat     `json:"seat"`
	State json.RawMessage `json:"state"`
}

func focusPath(focus string) string { return filepath.Join("testdata", "focus-"+focus+".json") }

// focusCases returns, for every focus, a moment of the seeded random games
// where a step is about it: the first from year 3 on, when boards have
// filled, or the first at all. -update-states plays the games again.
func focusCases(t testing.TB) map[string]focusCase {
	t.Helper()
	foci := slices.Sorted(maps.Keys(focusBlocks))
	if *updateStates {
		found := map[string]focusCase{}
		years := map[string]int{}
		for _, g := range []struct {
			seed    uint64
			players int
		}{{47, 4}, {23, 3}} {
			walkSteps(t, g.seed, g.players, func(s *vinhos.State, seat engine.Seat, step engine.Step) {
				if _, ok := found[step.Focus]; ok && (years[step.Focus] >= 3 || s.Year < 3) {
					return
				}
				b, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				found[step.Focus], years[step.Focus] = focusCase{seat, b}, s.Year
			})
		}
		for _, f := range foci {
			c, ok := found[f]
			if !ok {
				t.Fatalf("no step of the seeded games is about %q", f)
			}
			b, err := json.MarshalIndent(c, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(focusPath(f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	cases := map[string]focusCase{}
	for _, f := range foci {
		b, err := os.ReadFile(focusPath(f))
		if err != nil {
			t.Fatalf("%v (run with -update-states to create it)", err)
		}
		var c focusCase
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		cases[f] = c
	}
	return cases
}

// walkSteps plays a seeded random game to its end, calling see at every
// step of every decision with the state the decision starts from.
func walkSteps(t testing.TB, seed uint64, players int, see func(*vinhos.State, engine.Seat, engine.Step)) {
	rng := engine.NewRNG(seed)
	play(t, recipe{seed, players, func(s *vinhos.State) bool {
		for _, p := range s.Pending() {
			var act engine.Action
			for {
				step, err := s.Choices(p.Seat, act)
				if err != nil {
					t.Fatal(err)
				}
				if step.Complete {
					break
				}
				see(s, p.Seat, step)
				act = append(act, step.Choices[rng.IntN(len(step.Choices))].ID)
			}
		}
		return s.Over()
	}})
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
	crowded := fullest(t)
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
			for _, p := range render.CheckText(c.Boxes(), img.Bounds()) {
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
