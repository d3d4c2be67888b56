package vinhos

import (
	"flag"
	"runtime/debug"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/rusage"
)

// benchGC is the GC target the benchmarks run at. The bot sets none, so it
// runs at Go's default of 100; TestMain raises it to 400 for the playout
// tests, which would otherwise spend a third more CPU.
var benchGC = flag.Int("benchgc", 100, "GC percent for the benchmarks (100: the bot's; the tests run at 400)")

// atBenchGC sets the GC target to -benchgc for the rest of the benchmark,
// and returns a function that reports the process's CPU time per
// iteration from then on (cpu-ms/op, from getrusage: the collector's
// background work included, and meaningful when other work shares the
// machine).
func atBenchGC(b *testing.B) (reportCPU func()) {
	old := debug.SetGCPercent(*benchGC)
	b.Cleanup(func() { debug.SetGCPercent(old) })
	start := rusage.CPU()
	return func() {
		b.ReportMetric(float64(rusage.CPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkRandomGame4p plays one whole random 4-player game per iteration
// the way the playout tests do: each decision is built by stepping one
// copy of the state forward through the engine's internal steps
// (quickRandomAction), then applied with Apply. It does not go through
// Choices; BenchmarkPublicGame4p does.
func BenchmarkRandomGame4p(b *testing.B) {
	benchGame(b, quickDecision, func(seed uint64) engine.State { return newRandomGame(b, seed, 4) })
}

// BenchmarkRandomReserveGame4p is BenchmarkRandomGame4p for the 2010
// Reserve, without variants: the games of TestReservePlayouts.
func BenchmarkRandomReserveGame4p(b *testing.B) {
	benchGame(b, quickDecision, func(seed uint64) engine.State { return newRandomReserve(b, seed, 4, "") })
}

// BenchmarkRandomClassicGame4p is BenchmarkRandomGame4p for the first
// edition: the games of TestClassicPlayouts.
func BenchmarkRandomClassicGame4p(b *testing.B) {
	benchGame(b, quickDecision, func(seed uint64) engine.State { return newClassic(b, seed, 4, "") })
}

// BenchmarkPublicGame4p plays one whole random 4-player game per iteration
// through the public API only, as autocomplete, the buttons and the bot's
// own moves do: each decision is built step by step from Choices (with the
// prefix so far) until the step is Complete, then applied with Apply.
func BenchmarkPublicGame4p(b *testing.B) {
	benchGame(b, randomAction, func(seed uint64) engine.State { return newRandomGame(b, seed, 4) })
}

// BenchmarkPublicReserveGame4p is BenchmarkPublicGame4p for the 2010
// Reserve, without variants.
func BenchmarkPublicReserveGame4p(b *testing.B) {
	benchGame(b, randomAction, func(seed uint64) engine.State { return newRandomReserve(b, seed, 4, "") })
}

// BenchmarkPublicClassicGame4p is BenchmarkPublicGame4p for the first
// edition.
func BenchmarkPublicClassicGame4p(b *testing.B) {
	benchGame(b, randomAction, func(seed uint64) engine.State { return newClassic(b, seed, 4, "") })
}

// BenchmarkPlayout4p plays the games of BenchmarkPublicGame4p through the
// state's RandomPlayout (engine.Playout): one quiet copy of the state
// stepped forward through every decision, without Choices or Apply.
func BenchmarkPlayout4p(b *testing.B) {
	reportCPU := atBenchGC(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := randomGameRNG(uint64(i))
		newRandomGame(b, uint64(i), 4).(*State).RandomPlayout(&r, nil)
	}
	reportCPU()
}

func benchGame(b *testing.B, decide decide, start func(seed uint64) engine.State) {
	reportCPU := atBenchGC(b)
	b.ReportAllocs()
	moves := 0
	for i := 0; b.Loop(); i++ {
		playOut(b, start(uint64(i)), uint64(i), decide, func(*State, int) { moves++ })
	}
	reportCPU()
	b.ReportMetric(float64(moves)/float64(b.N), "actions/game")
}

// BenchmarkChoicesApply measures one decision of a mid-game 4-player state
// (move 60 of seed 7) through the public API: listing each step's choices
// with Choices, then applying the whole action with Apply.
func BenchmarkChoicesApply(b *testing.B) {
	var mid engine.State
	playRandom(b, 7, 4, func(s *State, move int) {
		if move == 60 {
			mid = s
		}
	})
	reportCPU := atBenchGC(b)
	r := engine.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		seat := mid.Pending()[0].Seat
		act := randomAction(b, mid, seat, &r)
		if _, _, err := mid.Apply(seat, act); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU()
}
