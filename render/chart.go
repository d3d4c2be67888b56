package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
)

// A Series is one player's values in a chart: a line's points, or a bar's
// parts; Color is the player's, as their pieces show it on the board.
type Series struct {
	Name   string
	Values []int
	Color  color.Color
}

// Chart sizes, in pixels: wide enough for a desktop, with text that a
// phone's 400-pixel-wide view still reads (18 pixels become 10).
const (
	chartWidth, chartHeight = 720, 440
	chartText               = 18
)

// lineLayout is where a line chart puts its plot, the labels under its
// axis and the dot at the end of each line.
type lineLayout struct {
	plot    Rect
	top     int // the value at the top of the plot
	labels  []axisLabel
	ends    []Point // each series' end dot
	legendX float64
}

// An axisLabel is a label under the axis, centred on X and Y.
type axisLabel struct {
	Text string
	X, Y float64
}

// A Point is a position on the chart, in pixels.
type Point struct{ X, Y float64 }

const (
	endDot  = 6  // the radius of a line's end dot
	axisGap = 8  // the least room between two labels of a row
	axisRow = 22 // from one row of labels to the next
)

// axisText is the style of the labels under the axis.
var axisText = Style{Size: chartText - 2, Color: Muted}

// legendX is where the legend's discs are; legendY is the n-th's height.
func (l *lineLayout) legendY(n int) float64 { return l.plot.Y + 14 + float64(n)*34 }

func (l *lineLayout) x(k, points int) float64 {
	if points < 2 {
		return l.plot.X + l.plot.W/2
	}
	return l.plot.X + l.plot.W*float64(k)/float64(points-1)
}

func (l *lineLayout) y(v int) float64 {
	return l.plot.Y + l.plot.H - l.plot.H*float64(v)/float64(l.top)
}

// layOutLines places a line chart of series through points labelled by
// labels, measuring text with c.
func layOutLines(c *Canvas, labels []string, series []Series) *lineLayout {
	top := 0
	for _, s := range series {
		top = max(top, slices.Max(append([]int{0}, s.Values...)))
	}
	l := &lineLayout{plot: Rect{X: 64, Y: 56, W: chartWidth - 64 - 180, H: chartHeight - 56 - 76}, top: niceTop(top)}
	l.legendX = l.plot.Right() + 30
	l.labels = l.placeLabels(c, labels)
	for _, s := range series {
		end := Point{l.x(0, len(labels)), l.y(0)}
		if n := len(s.Values); n > 0 {
			end = Point{l.x(n-1, len(labels)), l.y(s.Values[n-1])}
		}
		l.ends = append(l.ends, end)
	}
	spreadEnds(l.ends)
	return l
}

// placeLabels puts every label under its point, in the first of two rows
// where it clears the label before it in that row (a year's label in the
// first, the Fair after it in the second): no point goes unnamed, and the
// last is always shown. A label that clears neither row, on an axis too
// crowded for two rows, is left out.
func (l *lineLayout) placeLabels(c *Canvas, labels []string) []axisLabel {
	var placed []axisLabel
	rowEnd := []float64{math.Inf(-1), math.Inf(-1)} // where each row's last label ends
	for k, t := range labels {
		if t == "" {
			continue
		}
		x, half := l.x(k, len(labels)), c.Measure(t, axisText)/2
		for row, end := range rowEnd {
			if x-half >= end+axisGap || k == len(labels)-1 && row == len(rowEnd)-1 {
				placed = append(placed, axisLabel{t, x, l.plot.Bottom() + 20 + float64(row)*axisRow})
				rowEnd[row] = x + half
				break
			}
		}
	}
	return placed
}

// spreadEnds moves apart, leftward along the axis, end dots that would
// cover each other: players level at the end keep a dot each, at their
// height.
func spreadEnds(ends []Point) {
	for i := range ends {
		for moved := true; moved; {
			moved = false
			for _, b := range ends[:i] {
				if math.Hypot(ends[i].X-b.X, ends[i].Y-b.Y) < 2*endDot+1 {
					ends[i].X -= 2*endDot + 2
					moved = true
				}
			}
		}
	}
}

// LineChart draws one line per series through points labelled by labels
// (as many as each series has values), under title, with a legend that
// gives each line's name and last value.
func LineChart(title string, labels []string, series []Series) image.Image {
	img, c := newChart(title, chartHeight)
	text := Style{Size: chartText, Color: Ink}
	small := Style{Size: chartText - 3, Color: Muted}
	l := layOutLines(c, labels, series)
	plot := l.plot
	for _, v := range []int{0, l.top / 2, l.top} {
		c.SetColor(Rule)
		c.SetLineWidth(1)
		c.DrawLine(plot.X, l.y(v), plot.X+plot.W, l.y(v))
		c.Stroke()
		c.Text(fmt.Sprint(v), plot.X-10, l.y(v), 1, 0.5, small)
	}
	for _, a := range l.labels {
		c.Text(a.Text, a.X, a.Y, 0.5, 0.5, axisText)
	}
	for _, s := range series {
		c.SetColor(s.Color)
		c.SetLineWidth(4)
		for k, v := range s.Values {
			if k == 0 {
				c.MoveTo(l.x(k, len(labels)), l.y(v))
			} else {
				c.LineTo(l.x(k, len(labels)), l.y(v))
			}
		}
		c.Stroke()
	}
	for n, s := range series {
		last := 0
		if len(s.Values) > 0 {
			last = s.Values[len(s.Values)-1]
			c.Disc(l.ends[n].X, l.ends[n].Y, endDot, s.Color)
		}
		ly := l.legendY(n)
		c.Disc(l.legendX, ly, 8, s.Color)
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
