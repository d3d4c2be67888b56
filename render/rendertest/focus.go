package rendertest

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// FocusCase is a moment of a game where a step of a seat's decision is
// about one focus (engine.Step.Focus): the state the decision starts from,
// and the seat deciding.
type FocusCase struct {
	Seat  engine.Seat     `json:"seat"`
	State json.RawMessage `json:"state"`
}

// Seeded is a new game and the seed of the random choices played in it.
type Seeded struct {
	State engine.State
	Seed  uint64
}

// FocusSearch finds, for each focus, a moment of seeded random games
// where a step is about it: the first from stage From on (a year, a
// round: when the table has filled), or else the first at all.
type FocusSearch struct {
	From  int
	Stage func(engine.State) int
	// Games are the games walked, in order; made only when searched.
	Games func(t testing.TB) []Seeded
}

// Cases reads the case of every focus from testdata/focus-NAME.json; with
// update, it first searches the games again and writes the cases there.
func (f FocusSearch) Cases(t testing.TB, foci []string, update bool) map[string]FocusCase {
	t.Helper()
	path := func(focus string) string { return filepath.Join("testdata", "focus-"+focus+".json") }
	if update {
		found := f.search(t)
		for _, focus := range foci {
			c, ok := found[focus]
			if !ok {
				t.Fatalf("no step of the seeded games is about %q", focus)
			}
			b, err := json.MarshalIndent(c, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path(focus), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	cases := map[string]FocusCase{}
	for _, focus := range foci {
		b, err := os.ReadFile(path(focus))
		if err != nil {
			t.Fatalf("%v (run with -update-states to create it)", err)
		}
		var c FocusCase
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		cases[focus] = c
	}
	return cases
}

// search walks the games, keeping for each focus the case it prefers.
func (f FocusSearch) search(t testing.TB) map[string]FocusCase {
	found, stages := map[string]FocusCase{}, map[string]int{}
	for _, g := range f.Games(t) {
		WalkSteps(t, g.State, g.Seed, func(s engine.State, seat engine.Seat, step engine.Step) {
			stage := f.Stage(s)
			if _, ok := found[step.Focus]; ok && (stages[step.Focus] >= f.From || stage < f.From) {
				return
			}
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			found[step.Focus], stages[step.Focus] = FocusCase{Seat: seat, State: b}, stage
		})
	}
	return found
}

// FocusGoldens checks the focused view of each case, drawn by draw,
// against testdata/focus-FOCUS.png, as Goldens does.
func FocusGoldens(t *testing.T, cases map[string]FocusCase, update bool, draw func(t testing.TB, focus string, c FocusCase) image.Image) {
	for focus, c := range cases {
		t.Run(focus, func(t *testing.T) { Golden(t, TestdataPNG("focus-"+focus), draw(t, focus, c), update) })
	}
}
