package ai

import (
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// idMoves is how far into each game TestChoiceIDsUseOneSeparator plays.
const idMoves = 600

// The IDs players see and type join their words with "-" only
// ("expert-appearance-free-move", "wine-experts@ml"), in every game and
// mode, including the steps answered on their own.
func TestChoiceIDsUseOneSeparator(t *testing.T) {
	for _, game := range []struct {
		name    string
		players int
	}{{"vinhos", 1}, {"vinhos", 3}, {"reserve", 3}, {"classic", 2}, {"lavina", 4}, {"nim", 2}} {
		for seed := uint64(1); seed <= 3; seed++ {
			s := newGame(t, game.name, seed, game.players)
			rng := engine.NewRNG(seed)
			for move := 0; !s.Over() && move < idMoves; move++ {
				seat := next(s)
				act, err := engine.Complete(s, seat, nil, func(step engine.Step, _ int) engine.Choice {
					for _, c := range step.Choices {
						checkShownID(t, game.name, c.ID)
					}
					for _, taken := range step.Taken {
						checkShownID(t, game.name, taken.Choice.ID)
					}
					return step.Choices[rng.IntN(len(step.Choices))]
				})
				if err != nil {
					t.Fatal(err)
				}
				if s, _, err = s.Apply(seat, act); err != nil {
					t.Fatalf("%s seed %d move %d: %v refused: %v", game.name, seed, move, act, err)
				}
			}
		}
	}
}

func checkShownID(t *testing.T, game, id string) {
	t.Helper()
	if strings.Contains(id, "_") {
		t.Fatalf("%s lists the choice ID %q, with a \"_\"", game, id)
	}
}
