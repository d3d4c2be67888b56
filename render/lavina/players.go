package lavina

import (
	"fmt"
	"strconv"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

// A player's panel: their picker card with its two baskets, their tools,
// wildcards and barrels, and their prestige where the view shows it.
const (
	seatH   = 200
	basketH = miniH + 8
	labelW  = 70 // a basket's size, left of its cards
)

func seatStatic(c *render.Canvas, r rect) { c.Box(r, 8, render.PanelFill, render.Rule) }

func (v *view) seat(c *render.Canvas, seat engine.Seat, r rect) {
	p := &v.v.Seats[seat]
	y := r.Y + 16
	c.Token(r.X+20, y, 11, v.color(seat), v.tags[seat])
	note := ""
	if seat == v.v.First {
		note = "first player"
	}
	if place := v.place(seat); place > 0 {
		note = engine.Ordinal(place)
	}
	noteW := 0.0
	if note != "" {
		noteW = c.Text(note, r.Right()-10, y, 1, 0.5, small) + 8
	}
	c.Text(c.Fit(v.names[seat], r.W-44-noteW, heading), r.X+38, y, 0, 0.5, heading)

	y += 28
	x := r.X + 12
	v.barrel(c, seat, x+8, y, 16, 20)
	x += 20 + c.Text(fmt.Sprintf("%d %s", p.Barrels, plural(p.Barrels, "barrel", "barrels")), x+20, y, 0, 0.5, normal)
	x += 12
	wildcard(c, x+10, y, 10)
	c.Text(strconv.Itoa(p.Wildcards), x+24, y, 0, 0.5, normal)
	if prestige, ok := v.prestige(seat); ok {
		c.Text(fmt.Sprintf("%d prestige", prestige), r.Right()-10, y, 1, 0.5, bold)
	} else {
		c.Text("prestige private", r.Right()-10, y, 1, 0.5, small)
	}

	y += 26
	x = r.X + 12
	if len(p.Tools) == 0 {
		x += c.Text("no tools", x, y, 0, 0.5, small)
	}
	for _, t := range p.Tools {
		x += toolPill(c, x, y, t, 0) + 6
	}
	if held := v.held(seat); held != nil {
		c.Text("taking:", x+10, y, 0, 0.5, small)
		c.Text(label(*held), r.Right()-10, y, 1, 0.5, smallB)
	}

	y += 16
	for b, basket := range p.Baskets {
		v.basket(c, rect{X: r.X + 8, Y: y + float64(b)*(basketH+6), W: r.W - 16, H: basketH}, basket)
	}
}

// basket draws a basket: its size, a place per card it holds, its cards
// and their value.
func (v *view) basket(c *render.Canvas, r rect, b lavina.Basket) {
	c.Box(r, 6, basketFill, render.Rule)
	c.Text(b.Size.String(), r.X+8, r.CY(), 0, 0.5, bold)
	capacity := v.d.Baskets[b.Size].Capacity.V
	value := 0
	for k := range capacity {
		cell := rect{X: r.X + labelW, Y: r.Y + 4, W: miniW, H: miniH}.Grid(k, 0, miniW, miniH, 4)
		if k < len(b.Cards) {
			miniCard(c, cell, b.Cards[k])
			value += b.Cards[k].Value
		} else {
			emptySlot(c, cell)
		}
	}
	if len(b.Cards) > 0 {
		c.Text(fmt.Sprintf("= %d", value), r.Right()-8, r.CY(), 1, 0.5, bold)
	}
}

// place is seat's final place once the game is over, else 0.
func (v *view) place(seat engine.Seat) int {
	for i, s := range v.v.Standings {
		if s == seat {
			return i + 1
		}
	}
	return 0
}

// held is the card seat has taken and not placed yet, if any.
func (v *view) held(seat engine.Seat) *lavina.Card {
	t := v.v.Turn
	if t == nil || t.Held == nil || v.v.Pickers[t.Picker].Owner != seat {
		return nil
	}
	return t.Held
}
