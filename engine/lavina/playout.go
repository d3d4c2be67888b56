package lavina

import "github.com/adega-bot/adega/engine"

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout, steps.Machine.Playout); SteeredPlayout lets p pick the
// steps that shape a turn (engine.Steered). Every option a step lists is
// legal, so a playout draws among them as enginetest.RandomGame draws
// among the choices, from the same random numbers: the same generator
// plays the same game.
func (s *State) RandomPlayout(rng *engine.RNG, record func(engine.Seat, engine.Action)) engine.State {
	return s.SteeredPlayout(rng, nil, record)
}

func (s *State) SteeredPlayout(rng *engine.RNG, p engine.Policy, record func(engine.Seat, engine.Action)) engine.State {
	c := s.walker()
	machine.Playout(c, rng, p, record)
	return &c.State
}

var (
	_ engine.Playout = (*State)(nil)
	_ engine.Steered = (*State)(nil)
)
