package rendertest

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/render"
)

// Play plays on from st by seeded random legal choices until stop says so:
// a random pending seat decides, each step a random choice. Test states
// come from such games, through the engine's public API only. It fails the
// test if the game ends before stop.
func Play(t testing.TB, st engine.State, seed uint64, stop func(engine.State) bool) engine.State {
	t.Helper()
	rng := engine.NewRNG(seed)
	for !stop(st) {
		pending := st.Pending()
		if len(pending) == 0 {
			t.Fatalf("the game ended before the recipe stopped, at %s", st.Phase())
		}
		seat := pending[rng.IntN(len(pending))].Seat
		var act engine.Action
		for {
			step, err := st.Choices(seat, act)
			if err != nil {
				t.Fatal(err)
			}
			if step.Complete {
				break
			}
			act = append(act, step.Choices[rng.IntN(len(step.Choices))].ID)
		}
		var err error
		if st, _, err = st.Apply(seat, act); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// WalkSteps plays from st to the game's end as Play does, calling see at
// every step of every pending seat's decision with the state the decision
// starts from.
func WalkSteps(t testing.TB, st engine.State, seed uint64, see func(engine.State, engine.Seat, engine.Step)) {
	t.Helper()
	rng := engine.NewRNG(seed)
	Play(t, st, seed, func(s engine.State) bool {
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
	})
}

// Snapshot returns the test state kept in testdata/NAME.state.json; with
// update, it first writes there the JSON of what replay returns, so that
// goldens change only when drawing does.
func Snapshot(t testing.TB, name string, update bool, replay func() engine.State) []byte {
	t.Helper()
	path := filepath.Join("testdata", name+".state.json")
	if update {
		b, err := json.MarshalIndent(replay(), "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update-states to create it)", err)
	}
	return b
}

// FocusCase is a moment of a game where a step of a seat's decision is
// about one focus (engine.Step.Focus): the state the decision starts from,
// and the seat deciding.
type FocusCase struct {
	Seat  engine.Seat     `json:"seat"`
	State json.RawMessage `json:"state"`
}

// FocusCases reads the case of every focus from testdata/focus-NAME.json;
// with update, it first writes them from what find returns, which must
// hold every focus.
func FocusCases(t testing.TB, foci []string, update bool, find func() map[string]FocusCase) map[string]FocusCase {
	t.Helper()
	path := func(focus string) string { return filepath.Join("testdata", "focus-"+focus+".json") }
	if update {
		found := find()
		for _, f := range foci {
			c, ok := found[f]
			if !ok {
				t.Fatalf("no step of the seeded games is about %q", f)
			}
			b, err := json.MarshalIndent(c, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path(f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	cases := map[string]FocusCase{}
	for _, f := range foci {
		b, err := os.ReadFile(path(f))
		if err != nil {
			t.Fatalf("%v (run with -update-states to create it)", err)
		}
		var c FocusCase
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		cases[f] = c
	}
	return cases
}

// FocusFinder keeps, for each focus, the first case seen from stage From
// on (a year, a round: when the table has filled), or else the first case
// seen at all: what FocusCases' find returns.
type FocusFinder struct {
	From  int
	Found map[string]FocusCase
	stage map[string]int
}

// See offers the case of a step about focus at stage: the state s its
// decision starts from, and the seat deciding.
func (f *FocusFinder) See(t testing.TB, focus string, stage int, seat engine.Seat, s engine.State) {
	t.Helper()
	if _, ok := f.Found[focus]; ok && (f.stage[focus] >= f.From || stage < f.From) {
		return
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if f.Found == nil {
		f.Found, f.stage = map[string]FocusCase{}, map[string]int{}
	}
	f.Found[focus], f.stage[focus] = FocusCase{Seat: seat, State: b}, stage
}

// BenchEncode measures drawing and encoding an image as PNG, reporting
// besides wall time the process's CPU time per image (cpu-ms/op), which
// stays meaningful when other work shares the machine, and the image's
// size.
func BenchEncode(b *testing.B, draw func() image.Image) {
	b.ReportAllocs()
	var size int
	rusage.Measure(b, func() {
		png, err := render.EncodePNG(draw())
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	})
	b.ReportMetric(float64(size), "bytes/image")
}

// Whole hides from EncodePNG that a layer made img, so that it encodes
// every band: a board sharing nothing with the boards before it.
func Whole(img image.Image) image.Image {
	m := *img.(*image.RGBA)
	return &m
}
