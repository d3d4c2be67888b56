package vinhos

import (
	"encoding/json"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A sample draws the hidden parts again: over random games, solo and with
// 4 players, each sample has a new generator, and the samples' decks
// differ from the state's below their tops. (The engine contract checks
// that a sample keeps the view, depends on nothing hidden and plays on.)
func TestSampleRedrawsTheHidden(t *testing.T) {
	rng := engine.NewRNG(5)
	for _, players := range []int{1, 4} {
		redrawn := 0
		playRandom(t, 40+uint64(players), players, func(s *State, move int) {
			if move%7 != 0 || s.Over() {
				return
			}
			seat := s.Pending()[0].Seat
			sample := s.Sample(seat, &rng).(*State)
			if sample.RNG == s.RNG {
				t.Fatalf("%dp move %d: the sample keeps the generator", players, move)
			}
			if decks(t, sample) != decks(t, s) {
				redrawn++
			}
		})
		if redrawn == 0 {
			t.Errorf("%dp: no sample drew anything again", players)
		}
	}
}

// decks are the state's face-down decks, in order.
func decks(t *testing.T, s *State) string {
	t.Helper()
	data, err := json.Marshal([]any{s.Regions, s.Experts, s.VintageDeck, s.Deck, s.Solo})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
