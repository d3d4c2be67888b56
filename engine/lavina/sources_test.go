package lavina

import (
	"regexp"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// citation is how the code cites the rulebook ("text l.185"), LA-VINA.md's
// readings ("A-10") and its sections ("§2.11").
var citation = regexp.MustCompile(`text l\.|\bl\.\d|\bA-\d|§`)

// probes are answers a player might type at any step, wrong at most: one
// of each kind whose refusal says why.
var probes = []string{"take", "take-billhook", "take-boots-boots", "take-spade", "done", "move", "s1-front",
	"s99-back", "s1-left-under", "basket-1", "basket-2", "dump-1", "deliver-1", "deliver-2", "upgrade-1",
	"return-boots", "W01", "9", "large", "rear"}

// A refusal never tells players where its rule comes from: the rulings
// page (docs/RULINGS-LAVINA.md) and the code's comments cite the rulebook,
// and a refusal says what the rule is.
func TestRefusalsCiteNoSource(t *testing.T) {
	check := func(what, text string) {
		t.Helper()
		if citation.MatchString(text) {
			t.Fatalf("%s cites a source: %q", what, text)
		}
	}
	for _, c := range []struct {
		players int
		options map[string]string
	}{
		{2, map[string]string{OptionTwoPlayerMove: "either", OptionMaxRounds: "3", OptionBoxChoice: "first_arrival_front"}},
		{5, map[string]string{OptionMaxRounds: "2"}},
	} {
		var st engine.State = newGame(t, uint64(c.players), c.players, c.options)
		r := engine.NewRNG(5)
		for !st.Over() {
			seat := st.Pending()[0].Seat
			other := (seat + 1) % engine.Seat(c.players)
			if _, _, err := st.Apply(other, engine.Action{"move"}); err != nil && other != seat {
				check("a refusal to another seat", err.Error())
			}
			var prefix engine.Action
			act, err := engine.Complete(st, seat, nil, func(step engine.Step, _ int) engine.Choice {
				for _, v := range probes {
					check("a refusal of "+v, st.(engine.Explainer).Refusal(seat, prefix, v))
				}
				c := step.Choices[r.IntN(len(step.Choices))]
				prefix = append(prefix, c.ID)
				return c
			})
			if err != nil {
				t.Fatal(err)
			}
			next, _, err := st.Apply(seat, act)
			if err != nil {
				t.Fatal(err)
			}
			st = next
		}
	}
}
