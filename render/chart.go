package render

import (
	"fmt"
	"image"
	"image/color"
	"slices"
)

// A Series is one player's values in a chart: a line's points, or a bar's
// parts.
type Series struct {
	Name   string
	Values []int
}

// seriesColors tell the lines apart; the legend names them.
var seriesColors = []color.RGBA{
	{0xc0, 0x39, 0x2b, 0xff}, // red
	{0x27, 0x6f, 0xbf, 0xff}, // blue
	{0x2e, 0x8b, 0x57, 0xff}, // green
	{0xd4, 0x8a, 0x1a, 0xff}, // amber
	{0x7d, 0x3c, 0x98, 0xff}, // purple
}

// Chart sizes, in pixels: wide enough for a desktop, with text that a
// phone's 400-pixel-wide view still reads (18 pixels become 10).
const (
	chartWidth, chartHeight = 720, 420
	chartText               = 18
)

// LineChart draws one line per series through points labelled by labels
// (as many as each series has values), under title, with a legend that
// gives each line's name and last value.
func LineChart(title string, labels []string, series []Series) image.Image {
	img, c := newChart(title, chartHeight)
	text := Style{Size: chartText, Color: Ink}
	small := Style{Size: chartText - 3, Color: Muted}

	top := 0
	for _, s := range series {
		top = max(top, slices.Max(append([]int{0}, s.Values...)))
	}
	top = niceTop(top)
	plot := Rect{X: 64, Y: 56, W: chartWidth - 64 - 180, H: chartHeight - 56 - 56}
	y := func(v int) float64 { return plot.Y + plot.H - plot.H*float64(v)/float64(top) }
	x := func(k int) float64 {
		if len(labels) < 2 {
			return plot.X + plot.W/2
		}
		return plot.X + plot.W*float64(k)/float64(len(labels)-1)
	}
	for _, v := range []int{0, top / 2, top} {
		c.SetColor(Rule)
		c.SetLineWidth(1)
		c.DrawLine(plot.X, y(v), plot.X+plot.W, y(v))
		c.Stroke()
		c.Text(fmt.Sprint(v), plot.X-10, y(v), 1, 0.5, small)
	}
	// At most 8 labels fit under the axis; the last is always shown, and
	// none too close before it.
	step, last := max(1, (len(labels)+7)/8), len(labels)-1
	for k, l := range labels {
		if k == last || k%step == 0 && last-k >= step {
			c.Text(l, x(k), plot.Y+plot.H+20, 0.5, 0.5, small)
		}
	}
	for n, s := range series {
		col := seriesColors[n%len(seriesColors)]
		c.SetColor(col)
		c.SetLineWidth(4)
		for k, v := range s.Values {
			if k == 0 {
				c.MoveTo(x(k), y(v))
			} else {
				c.LineTo(x(k), y(v))
			}
		}
		c.Stroke()
		last := 0
		if len(s.Values) > 0 {
			last = s.Values[len(s.Values)-1]
			c.Disc(x(len(s.Values)-1), y(last), 6, col)
		}
		ly := plot.Y + 14 + float64(n)*34
		c.Disc(plot.X+plot.W+30, ly, 8, col)
		c.Text(c.Fit(s.Name, 100, text), plot.X+plot.W+46, ly, 0, 0.5, text)
		c.Text(fmt.Sprint(last), chartWidth-16, ly, 1, 0.5, Style{Size: chartText, Bold: true, Color: Ink})
	}
	return img
}

// newChart is a chart's blank page with its title.
func newChart(title string, height int) (*image.RGBA, *Canvas) {
	img := image.NewRGBA(image.Rect(0, 0, chartWidth, height))
	c := NewCanvas(img, 1)
	c.SetColor(Paper)
	c.Clear()
	c.Text(title, 24, 22, 0, 0.5, Style{Size: chartText + 4, Bold: true, Color: Ink})
	return img, c
}

// niceTop rounds a chart's highest value up to a round number.
func niceTop(v int) int {
	for _, step := range []int{5, 10, 20, 25, 50, 100} {
		if v <= step*8 {
			return max(step, (v+step-1)/step*step)
		}
	}
	return (v + 99) / 100 * 100
}
