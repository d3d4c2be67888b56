package vinhos

import (
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// completeRandomly finishes a decision that starts with prefix by random
// offered choices.
func completeRandomly(t testing.TB, s engine.State, seat engine.Seat, prefix engine.Action, r *engine.RNG) engine.Action {
	t.Helper()
	act, err := engine.Complete(s, seat, prefix, func(step engine.Step, _ int) engine.Choice {
		return step.Choices[r.IntN(len(step.Choices))]
	})
	if err != nil {
		t.Fatalf("after the offered steps %v: %v", prefix, err)
	}
	return act
}

// Over random games, solo and with 2 to 4 players, every choice offered at
// every step can be completed into an action that applies, and answers that
// were not offered (IDs seen elsewhere, junk, a seat with nothing to
// decide, such as Lacerda's) are refused.
func TestOfferedChoicesApplyAndOthersAreRefused(t *testing.T) {
	r := engine.NewRNG(99)
	seen := map[string]bool{"zzz": true, "": true}
	for players := 1; players <= 4; players++ { // 1: solo against Lacerda
		for seed := uint64(300); seed < 303; seed++ {
			playRandom(t, seed, players, func(s *State, move int) {
				pending := s.Pending()
				if len(pending) == 0 {
					return
				}
				for seat := range s.Seats {
					if !engine.MustDecide(s, engine.Seat(seat)) {
						if _, err := s.Choices(engine.Seat(seat), nil); engine.CodeOf(err) != engine.CodeNotYourTurn {
							t.Fatalf("a seat with nothing to decide got %v", err)
						}
					}
				}
				seat := pending[0].Seat
				var prefix engine.Action
				for depth := 0; depth < 4; depth++ {
					step, err := s.Choices(seat, prefix)
					if err != nil || step.Complete {
						return
					}
					offered := map[string]bool{}
					for i, c := range step.Choices {
						offered[c.ID] = true
						if i%3 != move%3 {
							continue // a third of the choices, by turns
						}
						act := completeRandomly(t, s, seat, append(slices.Clone(prefix), c.ID), &r)
						if _, _, err := s.Apply(seat, act); err != nil {
							t.Fatalf("offered action %v refused: %v", act, err)
						}
					}
					for id := range seen {
						if offered[id] {
							continue
						}
						bad := append(slices.Clone(prefix), id)
						if _, _, err := s.Apply(seat, bad); err == nil {
							t.Fatalf("%v was not offered at %q but applied", bad, step.Prompt)
						}
						if _, err := s.Choices(seat, bad); err == nil {
							t.Fatalf("%v was not offered at %q but Choices went on", bad, step.Prompt)
						}
					}
					for id := range offered {
						seen[id] = true
					}
					prefix = append(prefix, step.Choices[r.IntN(len(step.Choices))].ID)
				}
			})
		}
	}
}
