package ai

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A search looks further ahead along the line it expects: its best
// choice, the best reply to it, and so on. Vinhos offers many choices a
// step (actions, regions, wines); on eight positions of a 2-player game
// at 400 iterations, a node that tried every choice before any twice
// made 4.6 choices of that line on average, a widened one 5.8.
func TestSearchLooksFurtherAheadOnWideSteps(t *testing.T) {
	start := newGame(t, "vinhos", 3, 2)
	depth, searched := 0, 0
	for _, s := range positions(t, start, 3, 10)[:8] {
		seat := next(s)
		sample, err := sampler(s, seat)
		if err != nil {
			t.Fatal(err)
		}
		sr := &search{seat: seat, sample: sample, rng: engine.NewRNG(1), players: len(s.Players()), mast: newMast()}
		root := &node{}
		if _, err := sr.run(root, nil, limit{iterations: 400}); err != nil {
			t.Fatal(err)
		}
		depth += lineDepth(root)
		searched++
	}
	mean := float64(depth) / float64(searched)
	t.Logf("the expected line is %.1f choices deep on average", mean)
	if mean < 5 {
		t.Errorf("the expected line is %.1f choices deep on average, want 5 at least", mean)
	}
}

// lineDepth is how many choices the most visited line from at makes,
// each visited twice at least (once is a playout's start, not a search);
// a step of one choice counts for nothing.
func lineDepth(at *node) int {
	depth := 0
	for {
		var best *edge
		for _, e := range at.children {
			if best == nil || e.visits > best.visits {
				best = e
			}
		}
		if best == nil || best.visits < 2 {
			return depth
		}
		if len(at.children) > 1 {
			depth++
		}
		at = &best.next
	}
}

// A node opens a choice never credited first (nothing is known of it),
// then the one whose moves did best, for its seat.
func TestNodeOpensTheMostPromisingChoiceFirst(t *testing.T) {
	m := newMast()
	creditActions(m, moveResult{"sales", 0.9}, moveResult{"export", 0.2}, moveResult{"pass", 0.5})
	rng := engine.NewRNG(1)
	if got := m.promising(0, "action", []string{"export", "sales", "vineyards", "pass"}, &rng); got != "vineyards" {
		t.Errorf("opened %s first, want vineyards, never tried", got)
	}
	if got := m.promising(0, "action", []string{"export", "pass", "sales"}, &rng); got != "sales" {
		t.Errorf("opened %s first, want sales, which did best", got)
	}
	if got := m.promising(1, "action", []string{"export", "pass", "sales"}, &rng); got == "" {
		t.Error("seat 1, which knows nothing, opened no choice")
	}
}
