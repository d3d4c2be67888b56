package lavina

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

// The supply panel: the baskets for sale, the tool bank, the wildcards
// and the grape cards out of the aisle.
const (
	supplyH     = render.PanelTitle + 4*supplyLineH + 6
	supplyLineH = 26
)

func supplyStatic(c *render.Canvas, r rect) {
	c.Panel(r, "Supply")
	for i, name := range []string{"Baskets", "Tool bank", "Wildcards", "Grapes"} {
		c.Text(name, r.X+12, supplyLine(r, i), 0, 0.5, bold)
	}
}

func supplyLine(r rect, i int) float64 {
	return r.Y + render.PanelTitle + supplyLineH/2 + float64(i)*supplyLineH
}

// supplyX is where the supply panel's values start, right of its names.
const supplyX = 100

func (v *view) supply(c *render.Canvas, r rect) {
	x := r.X + supplyX
	for _, z := range []lavina.Size{lavina.Medium, lavina.Large} {
		kind := v.d.Baskets[z]
		text := fmt.Sprintf("%d %s, value %d", v.v.BasketSupply[z], z, kind.Price.V)
		x += c.Text(text, x, supplyLine(r, 0), 0, 0.5, normal) + 16
	}
	x = r.X + supplyX
	for _, t := range lavina.Tools {
		x += toolPill(c, x, supplyLine(r, 1), t, 0) + 4
		x += c.Text(fmt.Sprintf("x %d", v.v.ToolBank[t]), x, supplyLine(r, 1), 0, 0.5, normal) + 16
	}
	x = r.X + supplyX
	wildcard(c, x+10, supplyLine(r, 2), 10)
	at := ""
	if v.v.ExitWildcard {
		at = ", 1 at the exit"
	}
	c.Text(fmt.Sprintf("%d in the supply%s", v.v.WildcardSupply, at), x+26, supplyLine(r, 2), 0, 0.5, normal)
	grapes := fmt.Sprintf("deck %d face down, discard %d", v.v.Deck, len(v.v.Discard))
	c.Text(grapes, r.X+supplyX, supplyLine(r, 3), 0, 0.5, normal)
}

// The trades panel: each trade the looking seat's empty baskets may make
// at the exit, a line each, with how many such baskets the supply has
// left and the price in prestige, struck out where their prestige does
// not pay it.
const tradeLineH = 26

func tradesHeight(n int) float64 {
	if n == 0 {
		return 0
	}
	return render.PanelTitle + float64(n)*tradeLineH + 6
}

func (v *view) trades(c *render.Canvas, seat engine.Seat, r rect) {
	c.Panel(r, "Your basket trades")
	c.PanelNote(r, "at the exit, empty baskets")
	for i, t := range v.v.Trades {
		y := r.Y + render.PanelTitle + tradeLineH/2 + float64(i)*tradeLineH
		from := v.v.Seats[seat].Baskets[t.Basket].Size
		line := fmt.Sprintf("Basket %d: %s → %s (holds %d, %d left)", t.Basket+1, from, t.Size, v.d.Baskets[t.Size].Capacity.V, v.v.BasketSupply[t.Size])
		c.Text(line, r.X+12, y, 0, 0.5, normal)
		price := fmt.Sprintf("%d prestige", t.Prestige)
		if !t.Affordable {
			c.Struck(price, r.Right()-12, y, 1, 0.5, bold.In(render.Accent))
			continue
		}
		c.Text(price, r.Right()-12, y, 1, 0.5, bold)
	}
}
