package engine

// Sampler is implemented by states with hidden information (see Viewer). An
// AI searches samples instead of the state itself, so that it decides from
// what its seat may see and never from the hidden parts.
type Sampler interface {
	// Sample returns a state equal to the receiver in everything seat may
	// see (its View is the same), with every hidden part drawn again at
	// random from rng, consistently with what seat knows: the order of
	// face-down decks, the generator that decides the draws to come. Of
	// the hidden parts it keeps only what seat knows of them, such as which
	// tiles a deck holds, never their order or the generator's position.
	Sample(seat Seat, rng *RNG) State
}
