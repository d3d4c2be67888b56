package lavina

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// BenchmarkRandomGame5p plays one seeded 5-player game by random legal
// choices, each decision built through Choices as a player's menu does.
func BenchmarkRandomGame5p(b *testing.B) {
	for i := range b.N {
		playWith(b, uint64(i), 5, nil, randomAction, nil)
	}
}

// BenchmarkMove times one decision's Choices and Apply in a 5-player game.
func BenchmarkMove(b *testing.B) {
	s := newGame(b, 1, 5, nil)
	r := engine.NewRNG(1)
	seat := s.Pending()[0].Seat
	act := randomAction(b, s, seat, &r)
	b.ResetTimer()
	for range b.N {
		if _, _, err := s.Apply(seat, act); err != nil {
			b.Fatal(err)
		}
	}
}
