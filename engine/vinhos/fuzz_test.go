package vinhos

import (
	"bytes"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// fuzzStates are positions across a game, for the fuzzer to act on: solo
// (1 player against Lacerda) and 2 to 4 players.
func fuzzStates(tb testing.TB) []*State {
	var states []*State
	for players := 1; players <= 4; players++ {
		playRandom(tb, uint64(players), players, func(s *State, move int) {
			if move%7 == 0 {
				states = append(states, s)
			}
		})
	}
	return states
}

// FuzzApply feeds arbitrary actions to Apply. Nothing may panic; a refused
// action must leave the state byte for byte as it was, and an accepted one
// must keep every invariant. The action is the input split at "|"; its
// first byte picks the position and the seat, and a step written "#N"
// stands for the Nth choice offered at that point, so that the fuzzer also
// reaches deep into legal actions.
func FuzzApply(f *testing.F) {
	states := fuzzStates(f)
	for _, seed := range []string{"", "\x00#0|#0|#0", "\x01pass@c|order-1|pass", "\x02#1|#0|done|#2", "\x03sales@bm|w1-1|hotel-red-7", "\x04#0|#9|nonsense"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		pick := 0
		if len(input) > 0 {
			pick, input = int(input[0]), input[1:]
		}
		s := states[pick%len(states)]
		seat := engine.Seat(pick % len(s.Seats))
		if pending := s.Pending(); len(pending) > 0 && pick%3 != 0 {
			seat = pending[pick%len(pending)].Seat
		}
		var action engine.Action
		for _, part := range strings.Split(input, "|") {
			if strings.HasPrefix(part, "#") && len(part) > 1 {
				step, err := s.Choices(seat, action)
				if err == nil && len(step.Choices) > 0 {
					part = step.Choices[int(part[1])%len(step.Choices)].ID
				}
			}
			action = append(action, part)
		}
		before, _ := engine.Encode(s)
		next, _, err := s.Apply(seat, action)
		after, _ := engine.Encode(s)
		if !bytes.Equal(before, after) {
			t.Fatalf("Apply changed its receiver (err %v)", err)
		}
		if err != nil {
			if engine.CodeOf(err) == "" || err.Error() == "" {
				t.Fatalf("refusal without a code or message: %v", err)
			}
			return
		}
		if err := invariants(next.(*State)); err != nil {
			t.Fatalf("accepted %v broke an invariant: %v", action, err)
		}
	})
}
