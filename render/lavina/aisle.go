package lavina

import (
	"fmt"

	"github.com/adega-bot/adega/engine"

	"github.com/adega-bot/adega/render"
)

// The aisle panel runs from the entrance at the top, down the spaces, to
// the exit at the bottom: the way the pickers walk. Each space has its two
// stacks of cards on either side of the path and its two boxes on it, the
// back box above the front one.
const (
	aisleW     = 440
	aisleHeadH = 22 // the sides' names
	entranceH  = 52
	spaceH     = 88
	exitH      = 62
	pickerR    = 14
)

func aisleHeight(spaces int) float64 {
	return render.PanelTitle + aisleHeadH + entranceH + float64(spaces)*spaceH + exitH + 6
}

// aisleGeometry places the parts of the aisle panel r.
type aisleGeometry struct {
	r                  rect
	left, path, right  rect // columns: the left stacks, the path, the right stacks
	entrance, exit     rect
	spacesTop, boxesCX float64
}

func newAisleGeometry(r rect, spaces int) aisleGeometry {
	top := r.Y + render.PanelTitle + aisleHeadH
	g := aisleGeometry{r: r, spacesTop: top + entranceH}
	g.left = rect{X: r.X + 40, Y: g.spacesTop, W: cardW, H: float64(spaces) * spaceH}
	g.right = rect{X: r.Right() - 12 - cardW, Y: g.spacesTop, W: cardW, H: g.left.H}
	g.path = rect{X: g.left.Right() + 10, Y: g.spacesTop, W: g.right.X - g.left.Right() - 20, H: g.left.H}
	g.boxesCX = g.path.CX() + 14
	g.entrance = rect{X: r.X + 8, Y: top, W: r.W - 16, H: entranceH}
	g.exit = rect{X: r.X + 8, Y: g.left.Bottom(), W: r.W - 16, H: exitH}
	return g
}

// space is the row of aisle space i (from 0).
func (g aisleGeometry) space(i int) rect {
	return rect{X: g.r.X, Y: g.spacesTop + float64(i)*spaceH, W: g.r.W, H: spaceH}
}

// boxY is the center of a box of space row s.
func boxY(s rect, box int) float64 { return s.Y + 24 + float64(box)*40 }

// stack is the area of one side's stack in space row s.
func (g aisleGeometry) stack(s rect, side int) rect {
	col := g.left
	if side == 1 {
		col = g.right
	}
	return rect{X: col.X, Y: s.Y + 4, W: cardW, H: stripH + cardH - 2}
}

func aisleStatic(c *render.Canvas, r rect, spaces int) {
	g := newAisleGeometry(r, spaces)
	c.Panel(r, "The aisle")
	c.PanelNote(r, "entrance to exit")
	headY := r.Y + render.PanelTitle + aisleHeadH/2
	c.Text("left side", g.left.CX(), headY, 0.5, 0.5, small)
	c.Text("right side", g.right.CX(), headY, 0.5, 0.5, small)
	c.RoundRect(rect{X: g.path.X, Y: g.entrance.Y + 4, W: g.path.W, H: g.exit.Bottom() - g.entrance.Y - 8}, 10, pathFill)
	c.Text("Entrance", g.entrance.X+4, g.entrance.Y+14, 0, 0.5, bold)
	c.Text("Exit", g.exit.X+4, g.exit.Y+16, 0, 0.5, bold)
	for i := range spaces {
		s := g.space(i)
		c.SetColor(render.Rule)
		c.SetLineWidth(1)
		c.DrawLine(r.X+8, s.Y, r.Right()-8, s.Y)
		c.Stroke()
		c.Text(fmt.Sprint(i+1), r.X+22, s.CY(), 0.5, 0.5, heading)
		for box, name := range []string{"back", "front"} {
			c.Text(name, g.path.X+6, boxY(s, box), 0, 0.5, small)
			c.Disc(g.boxesCX, boxY(s, box), pickerR+1, render.Rule)
			c.Disc(g.boxesCX, boxY(s, box), pickerR, render.SlotFill)
		}
	}
}

func (v *view) aisle(c *render.Canvas, r rect) {
	g := newAisleGeometry(r, len(v.v.Aisle))
	for i, space := range v.v.Aisle {
		s := g.space(i)
		for side, stack := range space.Sides {
			cards(c, g.stack(s, side), stack)
		}
	}
	exit := len(v.v.Aisle) + 1
	for i, p := range v.v.Pickers {
		switch p.Space {
		case 0:
			v.picker(c, i, queueX(g.entrance, p.Slot), g.entrance.Y+14, pickerR)
		case exit:
		default:
			v.picker(c, i, g.boxesCX, boxY(g.space(p.Space-1), p.Slot), pickerR)
		}
	}
	if v.queued() > 1 {
		c.Text("the leftmost plays first", g.entrance.X+4, g.entrance.Y+38, 0, 0.5, small)
	}
	x := g.exit.X + 50
	if v.v.ExitWildcard {
		wildcard(c, x+pickerR, g.exit.Y+16, pickerR)
		c.Text("for the first out", x+pickerR, g.exit.Y+42, 0.5, 0.5, small)
		x += 122
	}
	for k, p := range v.v.ExitOrder {
		cx := x + pickerR + float64(k)*(2*pickerR+14)
		v.picker(c, p, cx, g.exit.Y+16, pickerR)
		c.Text(engine.Ordinal(k+1), cx, g.exit.Y+42, 0.5, 0.5, small)
	}
}

// queueX is the center of entrance queue position slot, from the back.
func queueX(r rect, slot int) float64 { return r.X + 104 + float64(slot)*(2*pickerR+10) }

// queued counts the pickers at the entrance.
func (v *view) queued() int {
	n := 0
	for _, p := range v.v.Pickers {
		if p.Space == 0 {
			n++
		}
	}
	return n
}

// cards draws one side's stack in r: the lower card's strip above the
// upper card, a lone card face up, or an empty place.
func cards(c *render.Canvas, r rect, stack []seenCard) {
	card := rect{X: r.X, Y: r.Y + stripH - 2, W: r.W, H: cardH}
	switch len(stack) {
	case 0:
		emptySlot(c, card)
		c.Text("no card", card.CX(), card.CY(), 0.5, 0.5, small)
	case 1:
		faceUp(c, card, stack[0].face())
	default:
		lowerStrip(c, rect{X: r.X, Y: r.Y, W: r.W, H: stripH}, stack[0])
		upper := stack[len(stack)-1]
		faceUp(c, card, upper.face())
	}
}
