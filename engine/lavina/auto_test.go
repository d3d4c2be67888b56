package lavina

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// engine.Auto plays a seat nobody is playing: it always finds a legal
// decision, so a game of bot seats reaches its end.
func TestAutoPlaysWholeGames(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		var st engine.State = newGame(t, uint64(players), players, nil)
		for moves := 0; !st.Over(); moves++ {
			if moves > 2000 {
				t.Fatalf("%d players: no end", players)
			}
			seat := st.Pending()[0].Seat
			act, err := engine.Auto(st, seat)
			if err != nil {
				t.Fatal(err)
			}
			next, _, err := st.Apply(seat, act)
			if err != nil {
				t.Fatalf("%v: %v", act, err)
			}
			st = next
		}
	}
}

// Commands build decisions from step names and values, declining what can
// be declined: "move exit" ends the turn at the exit.
func TestCommandsBuildDecisions(t *testing.T) {
	s := newGame(t, 4, 3, nil)
	seat := s.Pending()[0].Seat
	act, err := engine.Build(s, seat, []string{"move", "exit"}, nil)
	if err != nil || len(act) != 3 || act[2] != "done" {
		t.Fatalf("%v, %v", act, err)
	}
	act, err = engine.Build(s, seat, nil, map[string]string{"action": "move", "to": "s2-front"})
	if err != nil || act[1] != "s2-front" {
		t.Fatalf("%v, %v", act, err)
	}
	if _, err := engine.Build(s, seat, []string{"move", "s0-front"}, nil); err == nil {
		t.Fatal("a move backwards was built")
	}
}
