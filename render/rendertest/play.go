package rendertest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
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

// Decode rebuilds a test state of game g from its JSON.
func Decode[S engine.State](t testing.TB, g engine.Game, b []byte) S {
	t.Helper()
	s, err := g.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return s.(S)
}
