package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// RNG is the seeded random generator a game keeps in its state. Its whole
// position is serialized with the state, so replay and snapshots agree.
type RNG struct {
	pcg rand.PCG
}

// NewRNG returns a generator seeded from seed.
func NewRNG(seed uint64) RNG {
	// The second PCG word is a fixed odd constant so one uint64 seeds it.
	return RNG{pcg: *rand.NewPCG(seed, 0x9e3779b97f4a7c15)}
}

// IntN returns a uniform integer in [0, n). It panics if n <= 0.
func (r *RNG) IntN(n int) int { return rand.New(&r.pcg).IntN(n) }

// Uint64 returns a uniform random 64-bit number, to seed another generator.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// Shuffle permutes s in place.
func Shuffle[T any](r *RNG, s []T) {
	rand.New(&r.pcg).Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// MarshalJSON encodes the generator's position.
func (r RNG) MarshalJSON() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a position written by MarshalJSON.
func (r *RNG) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return fmt.Errorf("engine: rng: %w", err)
	}
	return r.pcg.UnmarshalBinary(b)
}
