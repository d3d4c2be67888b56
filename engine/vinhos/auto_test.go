package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
)

// The bot's automatic play (for absent players and bot seats) finishes
// whole games with legal moves only.
func TestAutoPlaysWholeGames(t *testing.T) {
	for players := 2; players <= 4; players++ {
		names := []string{"Ana", "Bruno", "Carla", "Duarte"}[:players]
		st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules, Seed: uint64(players), Players: names})
		if err != nil {
			t.Fatal(err)
		}
		enginetest.Play(t, st, 1000, enginetest.Auto(t), func(st engine.State, _ int) {
			if err := invariants(st.(*State)); err != nil {
				t.Fatal(err)
			}
		})
	}
}
