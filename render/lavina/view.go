package lavina

import (
	"image/color"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

// view is one render's reading of the state: what the looking seat may
// see, and the facts several areas use.
type view struct {
	v       *seen
	d       *lavina.Data
	phase   string
	pending []engine.Pending
	acting  int      // the picker whose turn it is, or -1
	names   []string // each seat's name, drawable
	tags    []string // each seat's initials, unique at the table
}

func newView(s *lavina.State, seat engine.Seat) *view {
	v := &view{v: look(s, seat), d: s.Data(), phase: s.Phase(), pending: s.Pending()}
	for _, p := range s.Seats {
		v.names = append(v.names, render.Printable(p.Name))
	}
	v.tags = render.Initials(v.names)
	v.acting = v.actingPicker()
	return v
}

// actingPicker is the picker of the turn in progress, or else the rearmost
// one, which plays next; -1 when the game is over.
func (v *view) actingPicker() int {
	if v.v.Ended {
		return -1
	}
	if v.v.Turn != nil {
		return v.v.Turn.Picker
	}
	exit := len(v.v.Aisle) + 1
	best := -1
	for i, p := range v.v.Pickers {
		if p.Space < exit && (best < 0 || behind(p, v.v.Pickers[best])) {
			best = i
		}
	}
	return best
}

// behind reports whether picker a stands behind picker b: in an earlier
// space, or in the same one nearer its back.
func behind(a, b lavina.Picker) bool {
	return a.Space < b.Space || a.Space == b.Space && a.Slot < b.Slot
}

// color is a seat's color.
func (v *view) color(seat engine.Seat) color.Color { return seatColors[seat] }

// picker draws a picker: its owner's color and initials, ringed when it
// plays now.
func (v *view) picker(c *render.Canvas, i int, x, y, r float64) {
	seat := v.v.Pickers[i].Owner
	if i == v.acting {
		c.Disc(x, y, r+4, render.Accent)
	}
	c.Token(x, y, r, v.color(seat), v.tags[seat])
}

// barrel draws one of seat's barrels.
func (v *view) barrel(c *render.Canvas, seat engine.Seat, x, y, w, h float64) {
	c.Barrel(x, y, w, h, v.color(seat), v.tags[seat])
}

// status says who plays now, or how the game ended.
func (v *view) status() string {
	if v.v.Ended {
		var names []string
		for _, seat := range v.v.Standings {
			names = append(names, v.names[seat])
		}
		if len(names) > 0 {
			return "Game over: " + names[0] + " wins."
		}
		return "Game over."
	}
	var names []string
	for _, p := range v.pending {
		names = append(names, v.names[p.Seat])
	}
	if len(names) == 0 {
		return v.phase + "."
	}
	return v.phase + ": " + strings.Join(names, ", ") + " to play."
}

// prestige is seat's prestige as the looking seat may see it.
func (v *view) prestige(seat engine.Seat) (int, bool) {
	p := v.v.Seats[seat].Prestige
	if p == nil {
		return 0, false
	}
	return *p, true
}
