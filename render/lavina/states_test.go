package lavina

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
)

// The test states are snapshots in testdata, so that the goldens change
// only when drawing changes. -update-states replays the seeded random games
// they come from, through the engine's public API.
var updateStates = flag.Bool("update-states", false, "replay the random games behind testdata/*.state.json")

// recipe is a seeded random game and the moment to stop it.
type recipe struct {
	seed    uint64
	players int
	options map[string]string
	stop    func(s *lavina.State) bool
}

// midRound stops in round n once half the pickers have exited.
func midRound(n int) func(s *lavina.State) bool {
	return func(s *lavina.State) bool {
		return s.Round == n && s.Turn == nil && 2*len(s.ExitOrder) >= len(s.Pickers)
	}
}

var recipes = map[string]recipe{
	// Covered cards forget their tools (A-14's alternative), so that lower
	// cards with hidden tools show.
	"mid-2p":    {7, 2, map[string]string{lavina.OptionRememberTools: "false"}, midRound(3)},
	"mid-5p":    {29, 5, nil, midRound(4)},
	"public-3p": {13, 3, map[string]string{lavina.OptionPublicScores: "true"}, midRound(2)},
	"end-5p":    {29, 5, nil, func(s *lavina.State) bool { return s.Over() }},
}

// state loads a test state, replaying its game first if asked to.
func state(t testing.TB, name string) *lavina.State {
	t.Helper()
	path := filepath.Join("testdata", name+".state.json")
	if *updateStates {
		b, err := json.MarshalIndent(play(t, recipes[name]), "", " ")
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
	return decode(t, b)
}

func decode(t testing.TB, b []byte) *lavina.State {
	t.Helper()
	s, err := lavina.Game{}.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*lavina.State)
}

// play plays a seeded game by random legal choices until the recipe stops.
func play(t testing.TB, r recipe) *lavina.State {
	names := []string{"Ana", "Bruno", "Carla", "Duarte", "Eva"}[:r.players]
	st, _, err := lavina.Game{}.New(engine.Setup{Game: "lavina", Mode: lavina.ModeStandard, Seed: r.seed, Players: names, Options: r.options})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(r.seed)
	for !r.stop(st.(*lavina.State)) {
		pending := st.Pending()
		if len(pending) == 0 {
			t.Fatalf("the game ended before the recipe stopped, at %s", st.Phase())
		}
		seat := pending[0].Seat
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
		if st, _, err = st.Apply(seat, act); err != nil {
			t.Fatal(err)
		}
	}
	return st.(*lavina.State)
}
