package ai

import (
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/rusage"
)

// BenchmarkDecision times one decision at each level's iteration cap, at
// the start of a 4-player game and in its middle, in CPU time: the
// machine is shared.
func BenchmarkDecision(b *testing.B) {
	start := newGame(b, "vinhos", 1, 4)
	middle := positions(b, start, 1, 60)[1]
	for _, l := range []Level{Easy, Normal, Hard} {
		for name, s := range map[string]engine.State{"start": start, "middle": middle} {
			b.Run(l.String()+"/"+name, func(b *testing.B) {
				seed, iterations := uint64(0), 0
				rusage.Measure(b, func() {
					seed++
					d, err := Decide(s, next(s), Config{Iterations: l.Iterations(), Seed: seed, ShareStretch: l.ShareStretch()})
					if err != nil {
						b.Fatal(err)
					}
					iterations += d.Iterations
				})
				b.ReportMetric(float64(iterations)/float64(seed), "iterations/op")
			})
		}
	}
}
