package lavina

import (
	"flag"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render/rendertest"
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
	return decode(t, rendertest.Snapshot(t, name, *updateStates, func() engine.State { return play(t, recipes[name]) }))
}

func decode(t testing.TB, b []byte) *lavina.State {
	return rendertest.Decode[*lavina.State](t, lavina.Game{}, b)
}

// play plays a seeded game by random legal choices until the recipe stops.
func play(t testing.TB, r recipe) *lavina.State {
	return rendertest.Play(t, newGame(t, r), r.seed, func(s engine.State) bool { return r.stop(s.(*lavina.State)) }).(*lavina.State)
}

func newGame(t testing.TB, r recipe) engine.State {
	names := []string{"Ana", "Bruno", "Carla", "Duarte", "Eva"}[:r.players]
	st, _, err := lavina.Game{}.New(engine.Setup{Game: "lavina", Mode: lavina.ModeStandard, Seed: r.seed, Players: names, Options: r.options})
	if err != nil {
		t.Fatal(err)
	}
	return st
}
