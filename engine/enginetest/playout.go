package enginetest

import (
	"bytes"

	"github.com/adega-bot/adega/engine"
)

// CheckPlayout checks a game's fast playout (engine.Playout) from s, drawn
// from rng: it ends the game, leaves s as it was, and the decisions it
// records are each one Choices offers and replay through Apply to the same
// final state, byte for byte. So the shortcut plays the game the public
// path would. A steered playout (engine.Steered) is checked the same way,
// steered by a policy that always picks the last answer, so that the
// answers a policy picks are legal too. It does nothing for a state
// without a fast playout.
func CheckPlayout(t tester, s engine.State, rng *engine.RNG) {
	t.Helper()
	if fast, ok := s.(engine.Playout); ok {
		checkReplays(t, s, "playout", func(record func(engine.Seat, engine.Action)) engine.State {
			return fast.RandomPlayout(rng, record)
		})
	}
	if steered, ok := s.(engine.Steered); ok {
		checkReplays(t, s, "steered playout", func(record func(engine.Seat, engine.Action)) engine.State {
			return steered.SteeredPlayout(rng, lastAnswer{}, record)
		})
	}
}

// lastAnswer is a policy that picks the last answer offered.
type lastAnswer struct{}

func (lastAnswer) Pick(_ engine.Seat, _ string, ids []string, _ *engine.RNG) int { return len(ids) - 1 }
func (lastAnswer) Took(engine.Seat, string, string)                              {}

// checkReplays checks one playout from s, which play runs.
func checkReplays(t tester, s engine.State, what string, play func(record func(engine.Seat, engine.Action)) engine.State) {
	t.Helper()
	before := encode(t, s)
	var log []engine.Move
	final := play(func(seat engine.Seat, a engine.Action) {
		log = append(log, engine.Move{Seat: seat, Action: a})
	})
	if !final.Over() {
		t.Fatalf("%s: the %s stopped before the end", final.Phase(), what)
	}
	if !bytes.Equal(encode(t, s), before) {
		t.Fatalf("%s: the %s changed the state it started from", s.Phase(), what)
	}
	replayed := s
	for i, m := range log {
		if err := engine.Validate(replayed, m.Seat, m.Action); err != nil {
			t.Fatalf("%s: decision %d of the %s, %v by seat %d, is not offered: %v", replayed.Phase(), i, what, m.Action, m.Seat, err)
		}
		next, _, err := replayed.Apply(m.Seat, m.Action)
		if err != nil {
			t.Fatalf("%s: decision %d of the %s, %v by seat %d, is refused: %v", replayed.Phase(), i, what, m.Action, m.Seat, err)
		}
		replayed = next
	}
	if !bytes.Equal(encode(t, replayed), encode(t, final)) {
		t.Fatalf("%s: the %s's %d decisions replay through Apply to another state", s.Phase(), what, len(log))
	}
}

// CheckSteering plays a steered playout from s with a policy that picks at
// random and checks that the playout asked it at least atLeast times and took
// its picks: each answer the playout reports taking is the policy's last
// pick at that step. It fails where a game offers steering but does not
// wire the policy in.
func CheckSteering(t tester, s engine.State, rng *engine.RNG, atLeast int) {
	t.Helper()
	steered, ok := s.(engine.Steered)
	if !ok {
		t.Fatal("the state offers no steered playout (engine.Steered)")
	}
	p := &pickChecker{t: t}
	if final := steered.SteeredPlayout(rng, p, nil); !final.Over() {
		t.Fatal("the steered playout stopped before the end")
	}
	if p.took < atLeast {
		t.Fatalf("the policy picked %d answers, want %d at least", p.took, atLeast)
	}
}

// pickChecker picks at random and fails the test when the playout takes
// another answer than its pick.
type pickChecker struct {
	t            tester
	step, picked string
	took         int
}

func (p *pickChecker) Pick(_ engine.Seat, step string, ids []string, rng *engine.RNG) int {
	i := rng.IntN(len(ids))
	p.step, p.picked = step, ids[i]
	return i
}

func (p *pickChecker) Took(_ engine.Seat, step, id string) {
	p.t.Helper()
	if step != p.step || id != p.picked {
		p.t.Fatalf("the playout took %s %q where the policy picked %s %q", step, id, p.step, p.picked)
	}
	p.took++
}
