package lavina

import (
	"bytes"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// fuzzStates are positions across games of 2 to 5 players, paused turns
// included, for the fuzzer to act on.
func fuzzStates(tb testing.TB) []*State {
	var states []*State
	for players := MinPlayers; players <= MaxPlayers; players++ {
		playRandom(tb, uint64(players), players, nil, func(s *State, move int) {
			if move%5 == 0 || s.Turn != nil {
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
	for _, seed := range []string{"", "\x00#0|#0|#0", "\x01take|left|basket-1|move|exit|done", "\x02#1|#0|done|#2", "\x03move|exit|deliver-1|coop|0|done", "\x04#0|#9|nonsense"} {
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
			seat = pending[0].Seat
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
