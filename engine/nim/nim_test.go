package nim

import (
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
)

var contract = enginetest.Config{
	Game: Game{},
	Setups: []engine.Setup{
		{Game: "nim", Seed: 1, Players: []string{"Ana", "Bruno"}},
		{Game: "nim", Seed: 2, Players: []string{"Ana", "Bruno", "Carla"}},
	},
	Games: 20,
	Probe: 1,
}

func TestEngineContract(t *testing.T) { enginetest.Run(t, contract) }

func FuzzApply(f *testing.F) { enginetest.Fuzz(f, contract) }

// Nim's fast playout plays the game Choices and Apply would, from every
// setup and from positions on the way, at 2 and 3 players.
func TestRandomPlayoutsReplayThroughApply(t *testing.T) {
	for _, setup := range contract.Setups {
		for seed := range uint64(30) {
			setup.Seed = seed
			s, _, err := Game{}.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRNG(seed)
			for !s.Over() {
				enginetest.CheckPlayout(t, s, &r)
				seat := s.Pending()[0].Seat
				act, err := engine.Complete(s, seat, nil, func(step engine.Step, _ int) engine.Choice { return step.Choices[r.IntN(len(step.Choices))] })
				if err != nil {
					t.Fatal(err)
				}
				if s, _, err = s.Apply(seat, act); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
