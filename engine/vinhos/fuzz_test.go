package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
)

// contract is what the engine contract plays of Vinhos: solo against
// Lacerda, 2 to 4 players, the 2010 Reserve with its variants and the
// first edition, with every invariant after every action.
var contract = enginetest.Config{
	Game: Game{},
	Setups: []engine.Setup{
		{Game: "vinhos", Mode: ModeSolo, Rules: LatestRules, Seed: 1, Players: []string{"Ana"}},
		{Game: "vinhos", Rules: LatestRules, Seed: 2, Players: []string{"Ana", "Bruno"}},
		{Game: "vinhos", Rules: LatestRules, Seed: 3, Players: []string{"Ana", "Bruno", "Carla"}},
		{Game: "vinhos", Rules: LatestRules, Seed: 4, Players: []string{"Ana", "Bruno", "Carla", "Duarte"}},
		{Game: "vinhos", Mode: ModeReserve2010, Rules: LatestRules, Seed: 5, Players: []string{"Ana", "Bruno"}},
		{Game: "vinhos", Mode: ModeReserve2010, Rules: LatestRules, Seed: 6, Players: []string{"Ana", "Bruno", "Carla"},
			Options: map[string]string{OptionVariants: "maintenance"}},
		{Game: "vinhos", Mode: ModeReserve2010, Rules: LatestRules, Seed: 7, Players: []string{"Ana", "Bruno", "Carla", "Duarte"},
			Options: map[string]string{OptionVariants: "five-estates"}},
		{Game: "vinhos", Mode: ModeClassic2010, Rules: LatestRules, Seed: 8, Players: []string{"Ana", "Bruno", "Carla"}},
	},
	Games:      3,
	Invariants: func(s engine.State) error { return invariants(s.(*State)) },
	Seeds:      []string{"\x01pass@c|order-1|pass", "\x02#1|#0|done|#2", "\x03sales@bm|w1-1|hotel-red-7"},
}

func TestEngineContract(t *testing.T) { enginetest.Run(t, contract) }

// FuzzApply feeds arbitrary actions to Apply (enginetest.Fuzz).
func FuzzApply(f *testing.F) { enginetest.Fuzz(f, contract) }
