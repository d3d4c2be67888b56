package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// BenchmarkRandomGame4p plays one whole 4-player game per iteration, every
// decision built step by step from Choices and then applied.
func BenchmarkRandomGame4p(b *testing.B) {
	b.ReportAllocs()
	moves := 0
	for i := 0; b.Loop(); i++ {
		s := playRandom(b, uint64(i), 4, func(*State, int) { moves++ })
		_ = s
	}
	b.ReportMetric(float64(moves)/float64(b.N), "actions/game")
}

// BenchmarkChoicesApply measures one decision of a mid-game 4-player state:
// listing each step's choices, then applying the whole action.
func BenchmarkChoicesApply(b *testing.B) {
	var mid engine.State
	playRandom(b, 7, 4, func(s *State, move int) {
		if move == 60 {
			mid = s
		}
	})
	r := engine.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		seat := mid.Pending()[0].Seat
		act := randomAction(b, mid, seat, &r)
		if _, _, err := mid.Apply(seat, act); err != nil {
			b.Fatal(err)
		}
	}
}
