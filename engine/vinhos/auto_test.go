package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The bot's automatic play (for absent players and bot seats) finishes
// whole games with legal moves only.
func TestAutoPlaysWholeGames(t *testing.T) {
	for players := 2; players <= 4; players++ {
		names := []string{"Ana", "Bruno", "Carla", "Duarte"}[:players]
		var st engine.State
		st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules, Seed: uint64(players), Players: names})
		if err != nil {
			t.Fatal(err)
		}
		for moves := 0; !st.Over(); moves++ {
			if moves > 1000 {
				t.Fatalf("%d players: automatic play does not end", players)
			}
			seat := st.Pending()[0].Seat
			act, err := engine.Auto(st, seat)
			if err != nil {
				t.Fatal(err)
			}
			if st, _, err = st.Apply(seat, act); err != nil {
				t.Fatalf("the automatic move %v was refused: %v", act, err)
			}
			if err := invariants(st.(*State)); err != nil {
				t.Fatal(err)
			}
		}
	}
}
