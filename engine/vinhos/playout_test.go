package vinhos

import (
	"fmt"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// randomAction builds a whole decision for seat by random legal choices.
func randomAction(t testing.TB, s engine.State, seat engine.Seat, r *engine.RNG) engine.Action {
	t.Helper()
	var act engine.Action
	for {
		step, err := s.Choices(seat, act)
		if err != nil {
			t.Fatalf("Choices(%v): %v", act, err)
		}
		if step.Complete {
			return act
		}
		if len(step.Choices) == 0 {
			t.Fatalf("dead end after %v at step %q (%s)", act, step.Name, step.Prompt)
		}
		act = append(act, step.Choices[r.IntN(len(step.Choices))].ID)
	}
}

// playRandom plays a seeded game to its end, calling check after each move.
func playRandom(t testing.TB, seed uint64, players int, check func(s *State, move int)) *State {
	t.Helper()
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}[:players]
	st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Seed: seed, Players: names})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRNG(seed ^ 0xabcdef)
	for move := 0; !st.Over(); move++ {
		if move > 2000 {
			t.Fatalf("seed %d: no end after %d moves, at %s", seed, move, st.Phase())
		}
		pending := st.Pending()
		if len(pending) == 0 {
			t.Fatalf("seed %d: nobody to act at %s", seed, st.Phase())
		}
		seat := pending[r.IntN(len(pending))].Seat
		act := randomAction(t, st, seat, &r)
		next, _, err := st.Apply(seat, act)
		if err != nil {
			t.Fatalf("seed %d move %d: offered action %v refused: %v", seed, move, act, err)
		}
		st = next
		if check != nil {
			check(st.(*State), move)
		}
	}
	return st.(*State)
}

func TestRandomGamesQuick(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 20; seed++ {
			t.Run(fmt.Sprintf("%dp-%d", players, seed), func(t *testing.T) {
				s := playRandom(t, seed, players, nil)
				if s.Final == nil {
					t.Fatal("no final score")
				}
			})
		}
	}
}

func TestRandomGamesKeepInvariants(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for seed := uint64(100); seed < 110; seed++ {
			playRandom(t, seed, players, func(s *State, move int) {
				if err := invariants(s); err != nil {
					t.Fatalf("%d players, seed %d, move %d (%s): %v", players, seed, move, s.Phase(), err)
				}
			})
		}
	}
}
