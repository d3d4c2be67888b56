package lavina

import (
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
	"github.com/adega-bot/adega/internal/rusage"
)

// BenchmarkRandomGame5p plays one seeded 5-player game by random legal
// choices, each decision built through Choices as a player's menu does.
func BenchmarkRandomGame5p(b *testing.B) {
	for i := range b.N {
		playWith(b, uint64(i), 5, nil, randomAction, nil)
	}
}

// The AI's playouts: a seeded game from its setup to its end by uniform
// random choices, through the public path (enginetest.RandomGame: Choices for
// each step, then Apply) or through RandomPlayout. Seeded alike, both play
// the same games (TestPlayoutPlaysLikeRandomGame). The setups are made
// before the timing starts. Besides the wall clock they report the
// process's CPU time (the collector's included), as the machine is shared.
func BenchmarkPublicGame4p(b *testing.B) { benchGames(b, 4, false) }
func BenchmarkPlayout4p(b *testing.B)    { benchGames(b, 4, true) }
func BenchmarkPublicGame5p(b *testing.B) { benchGames(b, 5, false) }
func BenchmarkPlayout5p(b *testing.B)    { benchGames(b, 5, true) }

func benchGames(b *testing.B, players int, fast bool) {
	games := make([]*State, b.N)
	for i := range games {
		games[i] = newGame(b, uint64(i), players, nil)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := rusage.CPU()
	defer func() {
		b.ReportMetric(float64(rusage.CPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}()
	for i, s := range games {
		r := engine.NewRNG(uint64(i))
		if fast {
			s.RandomPlayout(&r, nil)
		} else if _, err := enginetest.RandomGame(s, &r, nil); err != nil {
			b.Fatal(err)
		}
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
