package enginetest

import (
	"bytes"

	"github.com/adega-bot/adega/engine"
)

// CheckPlayout checks a game's fast playout (engine.Playout) from s, drawn
// from rng: it ends the game, leaves s as it was, and the decisions it
// records are each one Choices offers and replay through Apply to the same
// final state, byte for byte. So the shortcut plays the game the public
// path would. It does nothing for a state without one.
func CheckPlayout(t tester, s engine.State, rng *engine.RNG) {
	t.Helper()
	fast, ok := s.(engine.Playout)
	if !ok {
		return
	}
	before := encode(t, s)
	var log []engine.Move
	final := fast.RandomPlayout(rng, func(seat engine.Seat, a engine.Action) {
		log = append(log, engine.Move{Seat: seat, Action: a})
	})
	if !final.Over() {
		t.Fatalf("%s: the playout stopped before the end", final.Phase())
	}
	if !bytes.Equal(encode(t, s), before) {
		t.Fatalf("%s: the playout changed the state it started from", s.Phase())
	}
	replayed := s
	for i, m := range log {
		if err := engine.Validate(replayed, m.Seat, m.Action); err != nil {
			t.Fatalf("%s: decision %d of the playout, %v by seat %d, is not offered: %v", replayed.Phase(), i, m.Action, m.Seat, err)
		}
		next, _, err := replayed.Apply(m.Seat, m.Action)
		if err != nil {
			t.Fatalf("%s: decision %d of the playout, %v by seat %d, is refused: %v", replayed.Phase(), i, m.Action, m.Seat, err)
		}
		replayed = next
	}
	if !bytes.Equal(encode(t, replayed), encode(t, final)) {
		t.Fatalf("%s: the playout's %d decisions replay through Apply to another state", s.Phase(), len(log))
	}
}
