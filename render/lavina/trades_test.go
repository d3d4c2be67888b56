package lavina

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
)

// A basket trade's price as the view draws it, and whether it is struck
// out.
type drawnTrade struct {
	text   string
	struck bool
}

// At the exit (the menu, then the new basket's size) the focused view
// shows each trade the player's empty baskets may make and its price in
// prestige, the engine's (lavina.State.Trades, which the exit offers by),
// struck out where the player's prestige does not pay it: drawn with
// their prestige at 0, at 4 and at 100, with one basket or both empty.
// A spectator's view shows no one's.
func TestTheExitShowsWhatEachBasketTradeCosts(t *testing.T) {
	trade, prices := regexp.MustCompile(`^Basket [0-9]+: `), regexp.MustCompile(`^[0-9]+ prestige$`)
	checked := map[bool]int{}
	for _, full := range []bool{false, true} {
		s := state(t, "mid-2p")
		const seat = 0
		p := &s.Seats[seat]
		p.Baskets[0] = lavina.Basket{Size: lavina.Small}
		p.Baskets[1] = lavina.Basket{Size: lavina.Medium}
		if full {
			p.Baskets[1].Cards = []lavina.Card{{ID: "x", Variety: lavina.Garnacha, Value: 3}}
		}
		for _, prestige := range []int{0, 4, 100} {
			p.Prestige = prestige
			var want []drawnTrade
			for _, tr := range s.Trades(seat) {
				want = append(want, drawnTrade{fmt.Sprintf("%d prestige", tr.Prestige), !tr.Affordable})
				checked[tr.Affordable]++
			}
			if len(want) == 0 {
				t.Fatalf("with %d prestige, no trade to check", prestige)
			}
			for _, focus := range []string{lavina.FocusExit, lavina.FocusSupply} {
				c := drawFocus(s, seat, focus, true)
				// A price on a trade's line, not the player's own prestige.
				var got []drawnTrade
				boxes := c.Boxes()
				for _, line := range boxes {
					if !trade.MatchString(line.Text) {
						continue
					}
					for _, b := range boxes {
						if prices.MatchString(b.Text) && b.Box.Min.Y < line.Box.Max.Y && line.Box.Min.Y < b.Box.Max.Y {
							got = append(got, drawnTrade{b.Text, b.Struck})
						}
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s, %d prestige, basket 2 full %v: the view draws %v, the engine's trades are %v", focus, prestige, full, got, want)
				}
			}
		}
		if seen := look(s, engine.NoSeat).Trades; len(seen) > 0 {
			t.Errorf("a spectator sees the trades %v", seen)
		}
	}
	if checked[true] == 0 || checked[false] == 0 {
		t.Errorf("the trades checked were all affordable or all not: %v", checked)
	}
}
