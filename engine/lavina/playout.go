package lavina

import "github.com/adega-bot/adega/engine"

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout, steps.Machine.Playout). Every option a step lists is
// legal, so it draws among them as enginetest.RandomGame draws among the
// choices, from the same random numbers: the same generator plays the
// same game.
func (s *State) RandomPlayout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action)) engine.State {
	return s.playout(rng, record, nil)
}

// SteeredPlayout is RandomPlayout with the steps that shape a turn
// (steeredSteps) picked by p (engine.Steered).
func (s *State) SteeredPlayout(rng *engine.RNG, p engine.Policy, record func(seat engine.Seat, action engine.Action)) engine.State {
	return s.playout(rng, record, p)
}

// steeredSteps are the steps a policy picks in a steered playout: what the
// picker does next (take, move, dump, deliver, end) and where it moves,
// which decide how far it runs ahead and what it can reach. Which card and
// which basket follow from them, and stay random.
var steeredSteps = []string{"action", "to"}

// playout plays a copy of s to the end, steered by p if not nil.
func (s *State) playout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action), p engine.Policy) engine.State {
	c := s.walker()
	machine.Playout(c, rng, p, record)
	return &c.State
}

var (
	_ engine.Playout = (*State)(nil)
	_ engine.Steered = (*State)(nil)
)
