package lavina

import (
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// Every move is told in plain English: at least one event, each a sentence
// that ends with a full stop, the player's own events naming him. The exit
// is told to everyone: deliveries, rewards, seals and upgrades.
func TestEveryMoveIsNarrated(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		var st engine.State = newGame(t, uint64(players), players, nil)
		r := engine.NewRNG(3)
		for !st.Over() {
			seat := st.Pending()[0].Seat
			act := quickRandomAction(t, st, seat, &r)
			next, events, err := st.Apply(seat, act)
			if err != nil {
				t.Fatal(err)
			}
			if len(events) == 0 {
				t.Fatalf("%v is not narrated", act)
			}
			for _, e := range events {
				if e.Text == "" || !strings.HasSuffix(e.Text, ".") && !strings.Contains(e.Text, ": ") {
					t.Fatalf("%v: event %q", act, e.Text)
				}
				if e.Seat == seat && e.Seat != engine.NoSeat && !strings.Contains(e.Text, names[seat]) && !strings.HasPrefix(e.Text, "The ") {
					t.Fatalf("%v: %q does not name %s", act, e.Text, names[seat])
				}
			}
			st = next
		}
	}
}
