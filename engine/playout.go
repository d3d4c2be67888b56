package engine

// An AI judges a move by playing many games from it to their end at
// random: playouts. RandomGame plays one through the public path, which
// every game has; a game can offer a faster one (Playout).

// Playout is implemented by states that play a random game to its end
// faster than RandomGame. Each decision is one Choices offers, drawn as
// RandomGame draws them: the seat among the pending ones, then each step's
// answer among its choices, all equally likely, except where the game
// knows an answer scores more at once and takes it (a Vinhos playout's
// Press Release); the random numbers may be drawn otherwise, so the same
// generator need not play the same game.
type Playout interface {
	// RandomPlayout plays from the state to the end of the game and
	// returns the final state, leaving the receiver as it was. record, if
	// not nil, is called with each decision played, as Apply takes it: the
	// decisions replayed through Apply give the same final state.
	RandomPlayout(rng *RNG, record func(seat Seat, action Action)) State
}

// RandomGame plays s to the end of the game by random legal decisions
// through Pending, Choices and Apply: the seat to decide is drawn among
// the pending ones, then each step's answer among its choices. record, if
// not nil, is called with each decision played.
func RandomGame(s State, rng *RNG, record func(seat Seat, action Action)) (State, error) {
	for !s.Over() {
		pending := s.Pending()
		if len(pending) == 0 {
			return nil, Errorf(CodeIllegal, "Nobody has anything to decide at %s, and the game is not over.", s.Phase())
		}
		seat := pending[rng.IntN(len(pending))].Seat
		act, err := Complete(s, seat, nil, func(step Step, _ int) Choice { return step.Choices[rng.IntN(len(step.Choices))] })
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
