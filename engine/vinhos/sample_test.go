package vinhos

import (
	"encoding/json"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A sample keeps everything the table sees and draws the hidden parts
// again: over random games, solo and with 4 players, the view of each
// sample is the view of the state, a new generator, and the samples'
// decks differ from the state's below their tops. (The engine contract
// checks that samples depend on nothing hidden and play on.)
func TestSampleKeepsTheViewAndRedrawsTheHidden(t *testing.T) {
	rng := engine.NewRNG(5)
	for _, players := range []int{1, 4} {
		redrawn := 0
		playRandom(t, 40+uint64(players), players, func(s *State, move int) {
			if move%7 != 0 || s.Over() {
				return
			}
			seat := s.Pending()[0].Seat
			want := viewJSON(t, s, seat)
			sample := s.Sample(seat, &rng).(*State)
			if got := viewJSON(t, sample, seat); got != want {
				t.Fatalf("%dp move %d: the sample's view differs:\n%s\n%s", players, move, got, want)
			}
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

func viewJSON(t *testing.T, s *State, seat engine.Seat) string {
	t.Helper()
	data, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
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
