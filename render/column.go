package render

import "image"

// Column is the frame of a column view, such as a focused view: parts one
// above the other, Width units wide with Margin on each side, under a top
// band Top units high, drawn at Scale pixels a unit on Paper.
type Column struct {
	Width, Scale, Top, Margin, Gap float64
}

// Draw makes a canvas tall enough for parts of the given heights, recording
// its text boxes if asked, and draws on it the top band with top and each
// part i in its rect with part.
func (col Column) Draw(heights []float64, record bool, top func(*Canvas), part func(c *Canvas, i int, r Rect)) *Canvas {
	total := col.Top + col.Margin - col.Gap
	for _, h := range heights {
		total += h + col.Gap
	}
	c := NewCanvas(image.NewRGBA(image.Rect(0, 0, int(col.Width*col.Scale), int(total*col.Scale))), col.Scale)
	if record {
		c.Record()
	}
	c.SetColor(Paper)
	c.Clear()
	top(c)
	y := col.Top
	for i, h := range heights {
		part(c, i, Rect{X: col.Margin, Y: y, W: col.Width - 2*col.Margin, H: h})
		y += h + col.Gap
	}
	return c
}
