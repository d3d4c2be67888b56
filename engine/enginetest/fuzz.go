package enginetest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// Fuzz feeds Apply arbitrary actions at positions across seeded random
// games of c. Nothing may panic; Apply accepts exactly what the choice
// lists offer (engine.Validate); a refusal has a code and a message and
// leaves the state byte for byte as it was; an accepted action keeps the
// invariants. The input's first byte picks the position and the seat; the
// rest, split at "|", are the steps, where "#N" stands for the Nth choice
// offered there, so that the fuzzer reaches deep into legal actions.
func Fuzz(f *testing.F, c Config) {
	positions := fuzzPositions(f, c)
	for _, seed := range append([]string{"", "\x00#0|#0|#0", "\x01#1|#0|#2", "\x02#0|#9|nonsense", "\x03|", "\x04#0|#0|#0|#0|#0|#0|extra"}, c.Seeds...) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		pick := 0
		if len(input) > 0 {
			pick, input = int(input[0]), input[1:]
		}
		s := positions[pick%len(positions)]
		seat := engine.Seat(pick % len(s.Players()))
		if pending := s.Pending(); len(pending) > 0 && pick%3 != 0 {
			seat = pending[pick%len(pending)].Seat
		}
		var action engine.Action
		for _, part := range strings.Split(input, "|") {
			if strings.HasPrefix(part, "#") && len(part) > 1 {
				if step, err := s.Choices(seat, action); err == nil && len(step.Choices) > 0 {
					part = step.Choices[int(part[1])%len(step.Choices)].ID
				}
			}
			action = append(action, part)
		}
		before := encode(t, s)
		next, _, err := s.Apply(seat, action)
		if !bytes.Equal(before, encode(t, s)) {
			t.Fatalf("Apply changed its receiver (err %v)", err)
		}
		if offered := engine.Validate(s, seat, action); (err == nil) != (offered == nil) {
			t.Fatalf("%v: Apply says %v, the choice lists say %v", action, err, offered)
		}
		if err != nil {
			if engine.CodeOf(err) == "" || strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("a refusal without a code or a message: %v", err)
			}
			return
		}
		if c.Invariants != nil {
			if err := c.Invariants(next); err != nil {
				t.Fatalf("the accepted %v broke an invariant: %v", action, err)
			}
		}
	})
}

// fuzzPositions are states every few decisions of one seeded random game
// per setup.
func fuzzPositions(tb tester, c Config) []engine.State {
	var out []engine.State
	for _, setup := range c.Setups {
		s := newState(tb, c, setup)
		rng := engine.NewRNG(setup.Seed)
		for k := 0; !s.Over(); k++ {
			if k%7 == 0 {
				out = append(out, s)
			}
			seat := s.Pending()[0].Seat
			next, _, err := s.Apply(seat, complete(tb, s, seat, nil, &rng))
			if err != nil {
				tb.Fatal(err)
			}
			s = next
		}
		out = append(out, s) // the end, where every action is refused
	}
	return out
}
