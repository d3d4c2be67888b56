package lavina

import (
	"fmt"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render/rendertest"
)

// crowded fills a 5-player game as far as the components allow, and
// further: long names, full large baskets of 5s, two tools each, every
// winery slot taken, many seals, high prestige shown to all, the queue
// full at the entrance (or, exited, everyone at the exit with its
// wildcard), and a card in hand.
func crowded(t testing.TB, exited bool) *lavina.State {
	s := state(t, "mid-5p")
	s.Options.PublicScores = true
	names := []string{"Maximiliana Wolfeschlegel", "Bartholomew Worthington", "Wwwwwwwwwwwwwwww", "Maximiliano W", "Ｍａｘ 🍇 Ünïcödé"}
	for i := range s.Seats {
		p := &s.Seats[i]
		p.Name, p.Prestige, p.Wildcards, p.Barrels = names[i], 188, 8, 7
		p.Tools = []lavina.Tool{lavina.Billhook, lavina.Shears}
		for b := range p.Baskets {
			p.Baskets[b].Size = lavina.Large
			p.Baskets[b].Cards = nil
			for k := range 4 {
				p.Baskets[b].Cards = append(p.Baskets[b].Cards, lavina.Card{ID: fmt.Sprint(i, b, k), Variety: lavina.Varieties[k], Value: 5})
			}
		}
	}
	for i := range s.Wineries {
		w := &s.Wineries[i]
		w.Barrels = nil
		for k := range w.Card.Slots {
			w.Barrels = append(w.Barrels, engine.Seat((i+k)%5))
		}
		w.Seals = 12
	}
	s.ExitOrder = nil
	for i := range s.Pickers {
		s.Pickers[i].Space, s.Pickers[i].Slot = 0, i
		if exited {
			s.Pickers[i].Space = len(s.Aisle) + 1
			s.ExitOrder = append(s.ExitOrder, i)
		}
	}
	s.ExitWildcard = exited
	s.Turn = &lavina.Turn{Picker: 0, Held: &lavina.Card{ID: "GA-5a", Variety: lavina.Garnacha, Value: 5}}
	return s
}

// TestLayout checks that no text overlaps other text or leaves the canvas,
// in the crowded states and the test states, on every board and view.
func TestLayout(t *testing.T) {
	cases := map[string]*lavina.State{"crowded": crowded(t, false), "crowded-exited": crowded(t, true)}
	for name := range recipes {
		cases[name] = state(t, name)
	}
	for focus, c := range focusCases(t) {
		cases["focus-"+focus] = decode(t, c.State)
	}
	for name, s := range cases {
		for _, compact := range []bool{false, true} {
			c, bg := drawBoard(s, compact, true)
			rendertest.CheckText(t, fmt.Sprintf("%s board (compact %v)", name, compact), c, bg.Boxes())
		}
		for seat := range s.Seats {
			for focus := range focusBlocks {
				c := drawFocus(s, engine.Seat(seat), focus, true)
				rendertest.CheckText(t, fmt.Sprintf("%s seat %d %s view", name, seat, focus), c, nil)
			}
			c := drawColumn(s, engine.Seat(seat), ownBoard, true)
			rendertest.CheckText(t, fmt.Sprintf("%s seat %d own board", name, seat), c, nil)
		}
	}
}
