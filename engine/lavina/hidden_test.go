package lavina

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

func viewJSON(t testing.TB, s *State, seat engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The view shows the deck's size but not its cards, a lower card's variety
// and value but not its tool or ID (text l.151, A-14), no generator, and a
// player's prestige to him alone (text l.251, A-36).
func TestViewHidesDeckLowerToolsAndOthersPrestige(t *testing.T) {
	s := newGame(t, 1, 3, nil)
	var v struct {
		Deck    any `json:"deck"`
		RNG     any `json:"rng"`
		Players []struct {
			Prestige *int `json:"prestige"`
		} `json:"players"`
		Aisle []struct {
			Sides [2][]map[string]any `json:"sides"`
		} `json:"aisle"`
	}
	if err := json.Unmarshal([]byte(viewJSON(t, s, 1)), &v); err != nil {
		t.Fatal(err)
	}
	if n, ok := v.Deck.(float64); !ok || int(n) != len(s.Deck) || v.RNG != nil {
		t.Fatalf("deck %v, rng %v", v.Deck, v.RNG)
	}
	for seat, p := range v.Players {
		if (p.Prestige != nil) != (seat == 1) {
			t.Errorf("seat 1 sees seat %d's prestige: %v", seat, p.Prestige)
		}
	}
	for i, space := range v.Aisle {
		for side, stack := range space.Sides {
			lower, upper := stack[0], stack[1]
			if _, ok := lower["id"]; ok || lower["tool"] != nil || lower["variety"] == nil {
				t.Errorf("space %d %s: the lower card shows %v", i+1, sideNames[side], lower)
			}
			if upper["id"] == nil {
				t.Errorf("space %d %s: the upper card is hidden: %v", i+1, sideNames[side], upper)
			}
		}
	}
	public := newGame(t, 1, 3, map[string]string{OptionPublicScores: "true"})
	if strings.Count(viewJSON(t, public, engine.NoSeat), `"prestige"`) != 3 {
		t.Error("public scores (A-36 option) do not show everyone's prestige")
	}
}

// Prestige is private in the players' summaries until the end, or
// public with the option.
func TestPrestigeIsPrivateUntilTheEndA36(t *testing.T) {
	hasPrestige := func(s engine.State) bool {
		_, ok := s.Players()[0].Stat("prestige")
		return ok
	}
	s := newGame(t, 2, 2, nil)
	if hasPrestige(s) {
		t.Error("prestige is in the public summary during the game")
	}
	if !hasPrestige(newGame(t, 2, 2, map[string]string{OptionPublicScores: "true"})) {
		t.Error("public scores do not show prestige")
	}
	if !hasPrestige(playRandom(t, 2, 2, nil, nil)) {
		t.Error("prestige is not shown at the end")
	}
}

// twin is s with its hidden information changed: each lower card whose
// tool nobody has seen swapped with a deck card of the same variety and
// value but another tool, the deck reversed, another generator.
func twin(s *State) (*State, bool) {
	c := s.clone()
	changed := false
	for i := range c.Aisle {
		for side := range c.Aisle[i].Sides {
			stack := c.Aisle[i].Sides[side]
			if len(stack) < 2 || stack[0].Known {
				continue
			}
			k := slices.IndexFunc(c.Deck, func(d Card) bool {
				return d.Variety == stack[0].Variety && d.Value == stack[0].Value && d.Tool != stack[0].Tool
			})
			if k >= 0 {
				stack[0].Card, c.Deck[k] = c.Deck[k], stack[0].Card
				changed = true
			}
		}
	}
	slices.Reverse(c.Deck)
	c.RNG = engine.NewRNG(99)
	return c, changed
}

// Hidden information never shows: two games that differ only in what
// nobody may see give every seat the same view, offer the same choices
// with the same labels, and narrate the same action the same way until
// something is revealed.
func TestHiddenInformationNeverShows(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		r := engine.NewRNG(uint64(players))
		compared := 0
		playRandom(t, uint64(players*3), players, nil, func(s *State, move int) {
			if s.Over() || move%3 != 0 {
				return
			}
			other, changed := twin(s)
			if !changed {
				return
			}
			compared++
			for seat := engine.NoSeat; int(seat) < players; seat++ {
				if viewJSON(t, s, seat) != viewJSON(t, other, seat) {
					t.Fatalf("move %d: seat %d's view shows hidden information", move, seat)
				}
			}
			seat := s.Pending()[0].Seat
			act := quickRandomAction(t, s, seat, &r)
			for k := 0; k <= len(act); k++ {
				a, errA := s.Choices(seat, act[:k])
				b, errB := other.Choices(seat, act[:k])
				if (errA == nil) != (errB == nil) || !sameStep(a, b) {
					t.Fatalf("move %d: the choices after %v depend on hidden information:\n%+v\n%+v", move, act[:k], a, b)
				}
			}
			_, evA, errA := s.Apply(seat, act)
			_, evB, errB := other.Apply(seat, act)
			if errA != nil || errB != nil {
				t.Fatalf("move %d: %v / %v", move, errA, errB)
			}
			if !engine.Revealed(evA) && !slices.Equal(evA, evB) {
				t.Fatalf("move %d: the narration of %v shows hidden information:\n%v\n%v", move, act, evA, evB)
			}
		})
		if compared == 0 {
			t.Errorf("%d players: no position compared", players)
		}
	}
}

func sameStep(a, b engine.Step) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
