package lavina

import "github.com/adega-bot/adega/engine"

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout, steps.Machine.Playout); SteeredPlayout lets p pick the
// steps that shape a turn (engine.Steered). Every option a step lists is
// legal, so a playout draws among them as enginetest.RandomGame draws
// among the choices, from the same random numbers: the same generator
// plays the same game.
//
// Only a last barrel ends a game (text l.313), and random players may
// take hundreds of rounds to deliver them all: a playout stops looking
// ahead after playoutRounds rounds and ranks the seats by their prestige
// as they stand (State.Cut). That is the AI's estimate of the game, not a
// rule of it: the decisions it recorded replay through Apply to the same
// round's end, where the game goes on.
func (s *State) RandomPlayout(rng *engine.RNG, record func(engine.Seat, engine.Action)) engine.State {
	return s.SteeredPlayout(rng, nil, record)
}

func (s *State) SteeredPlayout(rng *engine.RNG, p engine.Policy, record func(engine.Seat, engine.Action)) engine.State {
	c := s.walker()
	c.cutAt = s.Round + playoutRounds
	machine.Playout(c, rng, p, record)
	return &c.State
}

// playoutRounds is how many rounds a playout looks ahead at most, beyond
// the one it starts in: as many as the first rules' round limit allowed a
// whole game (DefaultMaxRounds), which a game's own limit may cut shorter.
const playoutRounds = DefaultMaxRounds

// cut ends a playout that looked as far ahead as it may: the seats are
// ranked as the game's end ranks them, by prestige and then by the order
// they came out this round (State.Cut).
func (s *walker) cut() {
	s.Cut = true
	s.score()
}

var (
	_ engine.Playout = (*State)(nil)
	_ engine.Steered = (*State)(nil)
)
