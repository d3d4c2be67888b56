package vinhos

import (
	"image/color"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// view is one render's reading of the state: the facts several areas use.
type view struct {
	s       *vinhos.State
	d       *vinhos.Data
	tags    []string // each seat's initials, unique at the table
	names   []string // each seat's name, drawable
	pending []engine.Pending
	acting  []bool // seats that must decide now
	board   []bool // seats drawn with a player board
	colors  []color.Color
}

func newView(s *vinhos.State, o Options) *view {
	n := len(s.Seats)
	v := &view{s: s, d: s.Data(), names: make([]string, n), pending: s.Pending(), acting: make([]bool, n), board: make([]bool, n), colors: seatColors(s)}
	for i, p := range s.Seats {
		v.names[i] = render.Printable(p.Name)
		v.board[i] = o.NoBoard == nil || !o.NoBoard(engine.Seat(i))
	}
	v.tags = render.Initials(v.names)
	for _, p := range v.pending {
		v.acting[p.Seat] = true
	}
	return v
}

func (v *view) noBoardMask() uint8 {
	var m uint8
	for i, b := range v.board {
		if !b {
			m |= 1 << i
		}
	}
	return m
}

// color is a seat's player color.
func (v *view) color(seat engine.Seat) color.Color { return v.colors[seat] }

// token draws seat's playing piece: its color with its initials.
func (v *view) token(c *render.Canvas, seat engine.Seat, x, y, r float64) {
	c.Token(x, y, r, v.color(seat), v.tags[seat])
}

// barrel draws one of seat's barrels.
func (v *view) barrel(c *render.Canvas, seat engine.Seat, x, y, w, h float64) {
	c.Barrel(x, y, w, h, v.color(seat), v.tags[seat])
}
