package lavina

import (
	"strconv"

	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

type rect = render.Rect

// Grape cards, in user units: a face-up card beside the aisle, the strip
// of the card under it, and a card in a basket.
const (
	cardW  = 100
	cardH  = 62
	stripH = 20
	miniW  = 34
	miniH  = 40
)

// varietyNames are short enough for a winery card.
var varietyNames = [...]string{
	lavina.EmptyVine: "empty vine", lavina.PinotNoir: "Pinot Noir", lavina.Garnacha: "Garnacha",
	lavina.Chardonnay: "Chardonnay", lavina.Cabernet: "Cabernet",
}

// label is a card's variety code and value: "GA 3", or "vine" for an
// empty vine, which has no grapes.
func label(card lavina.Card) string {
	if card.Variety == lavina.EmptyVine {
		return "vine"
	}
	return varietyCodes[card.Variety] + " " + strconv.Itoa(card.Value)
}

// faceUp draws an upper card: its variety band, its value large and its
// tool (text l.151: the upper card lies face up).
func faceUp(c *render.Canvas, r rect, card lavina.Card) {
	fill := varietyColors[card.Variety]
	c.Box(r, 5, cardFill, render.Ink)
	c.RoundRect(rect{X: r.X + 1, Y: r.Y + 1, W: r.W - 2, H: 20}, 4, fill)
	name := varietyNames[card.Variety]
	c.Text(c.Fit(name, r.W-10, smallB), r.CX(), r.Y+11, 0.5, 0.5, smallB.In(render.InkOn(fill)))
	if card.Variety != lavina.EmptyVine {
		c.Text(strconv.Itoa(card.Value), r.X+8, r.Bottom()-11, 0, 0.5, render.Style{Size: 22, Bold: true, Color: render.Ink})
	}
	if card.Tool != lavina.NoTool {
		toolPill(c, r.Right()-6, r.Bottom()-11, card.Tool, 1)
	}
}

// lowerStrip draws the edge of the card under the upper one: its variety
// and value are shown, its tool only if the view has it (text l.151,
// A-14), else a question mark. r is the strip the upper card leaves
// visible; the card goes on under it.
func lowerStrip(c *render.Canvas, r rect, card seenCard) {
	fill := varietyColors[card.Variety]
	c.Box(rect{X: r.X, Y: r.Y, W: r.W, H: r.H + 8}, 4, fill, render.Ink)
	ink := smallB.In(render.InkOn(fill))
	c.Text(label(card.Card), r.X+6, r.CY(), 0, 0.5, ink)
	switch tool := card.face().Tool; {
	case !card.Known:
		c.Text("tool ?", r.Right()-6, r.CY(), 1, 0.5, ink)
	case tool != lavina.NoTool:
		toolPill(c, r.Right()-3, r.CY(), tool, 1)
	}
}

// miniCard draws a card in a basket: its code above its value.
func miniCard(c *render.Canvas, r rect, card lavina.Card) {
	fill := varietyColors[card.Variety]
	c.Box(r, 4, cardFill, render.Ink)
	c.RoundRect(rect{X: r.X + 1, Y: r.Y + 1, W: r.W - 2, H: 16}, 3, fill)
	c.Text(varietyCodes[card.Variety], r.CX(), r.Y+9, 0.5, 0.5, smallB.In(render.InkOn(fill)))
	c.Text(strconv.Itoa(card.Value), r.CX(), r.Bottom()-11, 0.5, 0.5, bold)
}

// emptySlot draws a place a card or barrel may go.
func emptySlot(c *render.Canvas, r rect) { c.Box(r, 4, render.SlotFill, render.Rule) }

// toolPill draws a tool's name on its color, anchored at x by ax (0 left,
// 1 right), centered on y; it returns its width.
func toolPill(c *render.Canvas, x, y float64, t lavina.Tool, ax float64) float64 {
	name := t.String()
	w := c.Measure(name, smallB) + 10
	r := rect{X: x - ax*w, Y: y - 8, W: w, H: 16}
	c.Box(r, 8, toolColors[t], render.Ink)
	c.Text(name, r.CX(), y, 0.5, 0.5, smallB)
	return w
}

// wildcard draws a wildcard grape counter: it adds 1 to a delivery's value.
func wildcard(c *render.Canvas, x, y, r float64) { c.Token(x, y, r, wildColor, "+1") }
