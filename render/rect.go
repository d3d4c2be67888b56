package render

import "image/color"

// Rect is an area in user units.
type Rect struct{ X, Y, W, H float64 }

// Right is the x of the right edge.
func (r Rect) Right() float64 { return r.X + r.W }

// Bottom is the y of the bottom edge.
func (r Rect) Bottom() float64 { return r.Y + r.H }

// CX is the x of the center.
func (r Rect) CX() float64 { return r.X + r.W/2 }

// CY is the y of the center.
func (r Rect) CY() float64 { return r.Y + r.H/2 }

// Inset shrinks r by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Grid is the cell at column i, row j of a grid of cells w x h with gap
// between them, starting at r's top-left corner.
func (r Rect) Grid(i, j int, w, h, gap float64) Rect {
	return Rect{r.X + float64(i)*(w+gap), r.Y + float64(j)*(h+gap), w, h}
}

// Box fills r with fill, rounded by radius, inside a one-unit outline in
// line.
func (c *Canvas) Box(r Rect, radius float64, fill, line color.Color) {
	c.RoundRect(r, radius, line)
	c.RoundRect(r.Inset(1), max(radius-1, 0), fill)
}

// PanelTitle is the height of a panel's title band.
const PanelTitle = 30

// Panel draws a titled card: the frame that groups one area of a board.
// Its content goes below PanelTitle.
func (c *Canvas) Panel(r Rect, title string) {
	c.Box(r, 8, PanelFill, Rule)
	c.Text(title, r.X+12, r.Y+PanelTitle/2+1, 0, 0.5, Style{Size: 16, Bold: true, Color: Accent})
}

// PanelNote writes a short note at the right of a panel's title band.
func (c *Canvas) PanelNote(r Rect, note string) {
	c.Text(note, r.Right()-12, r.Y+PanelTitle/2+1, 1, 0.5, Style{Size: 13, Color: Muted})
}
