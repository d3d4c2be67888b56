package enginetest

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// Build reads a command that holds one whole decision, as
// engine.BuildPart does, and refuses values left for a decision after it.
func Build(s engine.State, seat engine.Seat, positional []string, named map[string]string) (engine.Action, error) {
	part, err := engine.BuildPart(s, seat, positional, named)
	if err == nil {
		err = part.RefuseRest(s, seat)
	}
	return part.Action, err
}

// RandomGame plays s to the end of the game by random legal decisions
// through Pending, Choices and Apply: the seat to decide is drawn among
// the pending ones, then each step's answer among its choices. record, if
// not nil, is called with each decision played. A game's fast playout
// (engine.Playout) is checked against the path it takes.
func RandomGame(s engine.State, rng *engine.RNG, record func(seat engine.Seat, action engine.Action)) (engine.State, error) {
	for !s.Over() {
		pending := s.Pending()
		if len(pending) == 0 {
			return nil, engine.Errorf(engine.CodeIllegal, "Nobody has anything to decide at %s, and the game is not over.", s.Phase())
		}
		seat := pending[rng.IntN(len(pending))].Seat
		act, err := engine.Complete(s, seat, nil, func(step engine.Step, _ int) engine.Choice { return step.Choices[rng.IntN(len(step.Choices))] })
		if err != nil {
			return nil, err
		}
		if record != nil {
			record(seat, act)
		}
		if s, _, err = s.Apply(seat, act); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Play plays st to the end of the game: next says which seat decides and
// what, and check, if not nil, sees the state after each move. It fails
// the test on a decision Apply refuses, or after limit moves without an
// end.
func Play(t testing.TB, st engine.State, limit int, next func(st engine.State) (engine.Seat, engine.Action), check func(st engine.State, move int)) engine.State {
	t.Helper()
	for move := 0; !st.Over(); move++ {
		if move > limit {
			t.Fatalf("no end after %d moves, at %s", move, st.Phase())
		}
		seat, act := next(st)
		after, _, err := st.Apply(seat, act)
		if err != nil {
			t.Fatalf("move %d: offered action %v refused: %v", move, act, err)
		}
		st = after
		if check != nil {
			check(st, move)
		}
	}
	return st
}

// Auto is Play's next for a game every seat of which engine.Auto plays:
// the first seat pending decides.
func Auto(t testing.TB) func(st engine.State) (engine.Seat, engine.Action) {
	return func(st engine.State) (engine.Seat, engine.Action) {
		t.Helper()
		seat := st.Pending()[0].Seat
		act, err := engine.Auto(st, seat)
		if err != nil {
			t.Fatal(err)
		}
		return seat, act
	}
}
