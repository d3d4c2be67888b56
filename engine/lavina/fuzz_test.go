package lavina

import (
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
)

// contract is what the engine contract plays of La Viña: 2 to 5 players,
// and 4 players with every flagged alternative reading on, with every
// invariant after every action.
var contract = enginetest.Config{
	Game: Game{},
	Setups: []engine.Setup{
		{Game: "lavina", Seed: 2, Players: names[:2]},
		{Game: "lavina", Seed: 3, Players: names[:3]},
		{Game: "lavina", Seed: 4, Players: names[:4]},
		{Game: "lavina", Seed: 5, Players: names[:5]},
		{Game: "lavina", Seed: 6, Players: names[:4], Options: alternatives(3 * 255)},
	},
	Games:      3,
	Invariants: func(s engine.State) error { return invariants(s.(*State)) },
	Seeds:      []string{"\x01take|left|basket-1|move|exit|done", "\x03move|exit|deliver-1|coop|0|done"},
}

func TestEngineContract(t *testing.T) { enginetest.Run(t, contract) }

// FuzzApply feeds arbitrary actions to Apply (enginetest.Fuzz).
func FuzzApply(f *testing.F) { enginetest.Fuzz(f, contract) }

// Every option the engine reads is one /lavina new offers, described, with
// its values (the default first) among the choices.
func TestEveryOptionIsOffered(t *testing.T) {
	offered := map[string]engine.SetupOption{}
	for _, o := range (Game{}).SetupOptions() {
		if o.Description == "" || len(o.Description) > 100 {
			t.Errorf("%s: description %q", o.Name, o.Description)
		}
		offered[o.Name] = o
	}
	for key, c := range choiceOptions {
		o, ok := offered[key]
		if !ok || len(o.Choices) != 2 || o.Choices[0].Value != c.values[0] || o.Choices[1].Value != c.values[1] {
			t.Errorf("%s offered as %+v", key, o)
		}
	}
	if _, ok := offered[OptionMaxRounds]; !ok || len(offered) != len(choiceOptions)+1 {
		t.Errorf("offered %d options", len(offered))
	}
}
