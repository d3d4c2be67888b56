package ai

import (
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
)

// A search on a clock starts no iteration that one as long as the
// longest so far would carry past its limit: iterations vary (a playout
// from early in a 2010 Reserve may take twenty times the usual), and a
// search that stopped only once past its limit overran it by such a
// playout. Here each iteration costs what its sample costs on a clock of
// the test's: 30 ms, then 10 ms a time, with another of 30 ms to come.
func TestSearchStopsBeforeAnIterationWouldOverrun(t *testing.T) {
	costs := []time.Duration{30, 10, 10, 10, 10, 10, 30, 10, 10}
	var now time.Duration
	clock := func() time.Duration { return now }
	s, iteration := nimAt(4, 5, 6), 0
	sr := &search{seat: 0, rng: engine.NewRNG(1), players: 2, mast: newMast(), sample: func(*engine.RNG) engine.State {
		now += costs[iteration%len(costs)] * time.Millisecond
		iteration++
		return s
	}}
	done, err := sr.run(&node{}, nil, limit{clock: clock, until: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if now > 100*time.Millisecond {
		t.Errorf("the search ran to %v of its 100 ms, %d iterations", now, done)
	}
	if done != 6 {
		t.Errorf("%d iterations, to %v; want 6, to 80 ms, short of a 30 ms one", done, now)
	}
}
