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
