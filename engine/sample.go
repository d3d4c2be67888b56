package engine

import "slices"

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

// Shuffled is a shuffled copy of deck, put in order by compare first, so
// that it depends on which items the deck holds and on rng, never on the
// deck's order: how a Sampler draws a hidden deck again. Decks are shared
// between copies of a state, so deck is left as it was.
func Shuffled[T any](rng *RNG, deck []T, compare func(a, b T) int) []T {
	out := slices.SortedFunc(slices.Values(deck), compare)
	Shuffle(rng, out)
	return out
}
