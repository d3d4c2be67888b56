package engine

// An AI judges a move by playing many games from it to their end at
// random: playouts. Any game can be played so through the public path,
// Choices and Apply (enginetest.RandomGame does); a game can offer a
// faster way (Playout).

// Playout is implemented by states that play a random game to its end
// faster than through Choices and Apply. Each decision is one Choices
// offers, drawn as enginetest.RandomGame draws them: the seat among the
// pending ones, then each step's answer among its choices, all equally
// likely, except where the game knows an answer scores more at once and
// takes it (a Vinhos playout's Press Release); the random numbers may be
// drawn otherwise, so the same generator need not play the same game.
type Playout interface {
	// RandomPlayout plays from the state to the end of the game and
	// returns the final state, leaving the receiver as it was. A game
	// whose rules may let it run on for ever (La Viña's, which only a last
	// barrel ends) cuts its own look-ahead instead: it returns a state
	// that is over and ranks the seats as they stand, the AI's estimate,
	// where the rules go on. record, if
	// not nil, is called with each decision played, as Apply takes it: the
	// decisions replayed through Apply give the same final state.
	RandomPlayout(rng *RNG, record func(seat Seat, action Action)) State
}

// A Policy steers a playout's answers at the steps a game submits to it
// (Steered): an AI's search steers its playouts by what it has learnt.
type Policy interface {
	// Pick returns the index among ids of seat's answer to the step named
	// step.
	Pick(seat Seat, step string, ids []string, rng *RNG) int
	// Took tells the policy the answer the playout took there: a pick the
	// game finds leads nowhere is dropped and Pick asked again.
	Took(seat Seat, step, id string)
}

// Steered is a Playout whose answers a Policy may steer at some steps (a
// Vinhos turn's action), each as Choices would offer it; the game draws
// the other answers as RandomPlayout does. record is as RandomPlayout's.
type Steered interface {
	SteeredPlayout(rng *RNG, p Policy, record func(seat Seat, action Action)) State
}
