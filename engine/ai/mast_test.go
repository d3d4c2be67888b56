package ai

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A steered playout takes the move that has done best in the search half
// the time, and any move at random otherwise; a move never credited is
// never the greedy pick. Each seat's moves are its own.
func TestMastPrefersTheMoveThatDidBest(t *testing.T) {
	m := newMast()
	creditActions(m, moveResult{"sales", 0.9}, moveResult{"sales", 0.7}, moveResult{"export", 0.2})
	ids := []string{"vineyards", "export", "sales", "pass"}
	rng := engine.NewRNG(1)
	count := map[string]int{}
	const picks = 4000
	for range picks {
		count[ids[m.Pick(0, "action", ids, &rng)]]++
	}
	// Greedy half the time, a quarter of the random half: 62.5%.
	if got := float64(count["sales"]) / picks; got < 0.58 || got > 0.67 {
		t.Errorf("the best move taken %.1f%% of the time, want 62.5%%", 100*got)
	}
	for _, id := range []string{"vineyards", "export", "pass"} {
		if got := float64(count[id]) / picks; got < 0.09 || got > 0.16 {
			t.Errorf("%s taken %.1f%% of the time, want 12.5%%", id, 100*got)
		}
	}
	// Seat 1 has no credit: it picks at random.
	count = map[string]int{}
	for range picks {
		count[ids[m.Pick(1, "action", ids, &rng)]]++
	}
	if got := float64(count["sales"]) / picks; got > 0.3 {
		t.Errorf("seat 1 took seat 0's best move %.1f%% of the time, want 25%%", 100*got)
	}
}

// moveResult is one iteration of seat 0's: the action it took, its result.
type moveResult struct {
	id     string
	reward float64
}

// creditActions credits m with seat 0's iterations, one action each.
func creditActions(m *mast, iterations ...moveResult) {
	for _, it := range iterations {
		m.Took(0, "action", it.id)
		m.credit(result{reward: []float64{it.reward, 0}})
	}
}
