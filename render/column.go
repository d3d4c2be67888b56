package render

import (
	"image"

	"github.com/adega-bot/adega/engine"
)

// The spacing every game's boards share, in units: the margin at a board's
// edges and the gap between its areas and panels.
const (
	Margin = 16
	Gap    = 14
)

// Column is the frame of a column view, such as a focused view: blocks one
// above the other, Width units wide with Margin on each side, under a top
// band Top units high, drawn at Scale pixels a unit on Paper.
type Column struct {
	Width, Scale, Top, Margin, Gap float64
}

// Block is one panel of a column view, drawn for a seat from a renderer's
// view V of the game: its height, and how to draw it (background and
// pieces at once: a column is small and drawn once).
type Block[V any] struct {
	Height func(v V, seat engine.Seat) float64
	Draw   func(c *Canvas, v V, seat engine.Seat, r Rect)
}

// Fixed is the height of a block that is always as tall.
func Fixed[V any](h float64) func(V, engine.Seat) float64 {
	return func(V, engine.Seat) float64 { return h }
}

// DrawColumn makes a canvas tall enough for blocks in col, recording its
// text boxes if asked, and draws on it the top band with top and each
// block, from v for seat.
func DrawColumn[V any](col Column, v V, seat engine.Seat, blocks []Block[V], record bool, top func(*Canvas)) *Canvas {
	total := col.Top + col.Margin - col.Gap
	heights := make([]float64, len(blocks))
	for i, b := range blocks {
		heights[i] = b.Height(v, seat)
		if heights[i] > 0 { // a block of no height is left out
			total += heights[i] + col.Gap
		}
	}
	c := NewCanvas(image.NewRGBA(image.Rect(0, 0, int(col.Width*col.Scale), int(total*col.Scale))), col.Scale)
	if record {
		c.Record()
	}
	c.PaintAll(Paper)
	top(c)
	y := col.Top
	for i, b := range blocks {
		if heights[i] > 0 {
			b.Draw(c, v, seat, Rect{X: col.Margin, Y: y, W: col.Width - 2*col.Margin, H: heights[i]})
			y += heights[i] + col.Gap
		}
	}
	return c
}
