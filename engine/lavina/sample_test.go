package lavina

import (
	"encoding/json"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A sample draws the hidden parts again: over random games at 2 to 5
// players, each sample keeps the invariants and has a new generator, and
// the deck, the hidden covered cards and the others' prestige are drawn
// again. (The engine contract checks that a sample keeps the view,
// depends on nothing hidden and plays on.)
func TestSampleRedrawsTheHidden(t *testing.T) {
	rng := engine.NewRNG(5)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		cards, covered, prestige := 0, 0, 0
		playRandom(t, 60+uint64(players), players, nil, func(s *State, move int) {
			if move%5 != 0 || s.Over() {
				return
			}
			seat := s.Pending()[0].Seat
			sample := s.Sample(seat, &rng).(*State)
			if err := invariants(sample); err != nil {
				t.Fatalf("%dp move %d: the sample breaks an invariant: %v", players, move, err)
			}
			if sample.RNG == s.RNG {
				t.Fatalf("%dp move %d: the sample keeps the generator", players, move)
			}
			if hiddenJSON(t, sample.Deck) != hiddenJSON(t, s.Deck) {
				cards++
			}
			if hiddenJSON(t, coveredCards(sample)) != hiddenJSON(t, coveredCards(s)) {
				covered++
			}
			for i := range s.Seats {
				if engine.Seat(i) != seat && sample.Seats[i].Prestige != s.Seats[i].Prestige {
					prestige++
				}
			}
		})
		t.Logf("%dp: redrawn decks %d, covered cards %d, prestige %d times", players, cards, covered, prestige)
		if cards == 0 || covered == 0 || prestige == 0 {
			t.Errorf("%dp: redrawn decks %d, covered cards %d, prestige %d times", players, cards, covered, prestige)
		}
	}
}

// With public scores and for a seat's own prestige, a sample keeps
// the prestige: the view shows it.
func TestSampleKeepsPrestigeThatShows(t *testing.T) {
	rng := engine.NewRNG(6)
	playRandom(t, 7, 4, map[string]string{OptionPublicScores: "true"}, func(s *State, move int) {
		if s.Over() {
			return
		}
		sample := s.Sample(s.Pending()[0].Seat, &rng).(*State)
		for i := range s.Seats {
			if sample.Seats[i].Prestige != s.Seats[i].Prestige {
				t.Fatalf("move %d: seat %d's public prestige %d becomes %d", move, i, s.Seats[i].Prestige, sample.Seats[i].Prestige)
			}
		}
	})
}

// coveredCards are the cards under the aisle's top cards, in aisle order.
func coveredCards(s *State) []Card {
	var out []Card
	for _, space := range s.Aisle {
		for _, stack := range space.Sides {
			for _, p := range stack {
				if !p.Known {
					out = append(out, p.Card)
				}
			}
		}
	}
	return out
}

func hiddenJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
