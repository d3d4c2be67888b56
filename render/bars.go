package render

import (
	"fmt"
	"image"
	"image/color"
)

// partColors tell a bar's parts apart (the Okabe-Ito palette, which
// colour-blind eyes still separate); the legend names them, in the order
// the parts run along each bar.
var partColors = []color.RGBA{
	{0x00, 0x72, 0xb2, 0xff}, // blue
	{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	{0x00, 0x9e, 0x73, 0xff}, // bluish green
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0xf0, 0xe4, 0x42, 0xff}, // yellow
}

// Bar chart geometry, in pixels: a legend of three columns under the
// title, then one bar per player, barPitch apart; the chart is as tall as
// its bars need.
const (
	legendColumns, legendRow = 3, 30
	barPitch                 = 72
	barNames                 = 120 // the column of players' names
	barTotals                = 56  // room for the total past the longest bar
)

// StackedBars draws one horizontal bar per series, top to bottom, each
// cut into parts named by parts (a value per part), under title. Each bar
// ends with its total, and each part wide enough for it shows its value; a
// legend names the parts in the order they run along the bars, so that
// color is not the only way to tell them.
func StackedBars(title string, parts []string, bars []Series) image.Image {
	top := barsTop(len(parts))
	img, c := newChart(title, top+len(bars)*barPitch+8)
	partsLegend(c, parts)
	most := 1
	for _, b := range bars {
		most = max(most, sum(b.Values))
	}
	perPoint := float64(chartWidth-24-barNames-barTotals) / float64(most)
	for n, b := range bars {
		stackedBar(c, b, float64(top+barPitch*n+barPitch/2), perPoint)
	}
	return img
}

// barsTop is where the bars start: under the title and a legend of parts.
func barsTop(parts int) int { return 56 + (parts+legendColumns-1)/legendColumns*legendRow }

// partsLegend names the parts beside their colors, in rows of three.
func partsLegend(c *Canvas, parts []string) {
	text := Style{Size: chartText, Color: Ink}
	column := float64(chartWidth-24) / legendColumns
	for k, name := range parts {
		x, y := 24+float64(k%legendColumns)*column, 60+float64(k/legendColumns*legendRow)
		c.RoundRect(Rect{x, y - 9, 18, 18}, 3, partColors[k%len(partColors)])
		c.Text(c.Fit(name, column-36, text), x+26, y, 0, 0.5, text)
	}
}

// stackedBar draws one series' name, after a disc of its colour, and bar
// around the height y, perPoint pixels a point, and its total past the
// bar's end.
func stackedBar(c *Canvas, b Series, y, perPoint float64) {
	text := Style{Size: chartText, Color: Ink}
	c.Disc(32, y, 8, b.Color)
	c.Text(c.Fit(b.Name, barNames-30, text), 46, y, 0, 0.5, text)
	x := float64(24 + barNames)
	for k, v := range b.Values {
		if v <= 0 {
			continue
		}
		part := Rect{x, y - barPitch*0.35, perPoint * float64(v), barPitch * 0.7}
		col := partColors[k%len(partColors)]
		c.RoundRect(part, 0, col)
		c.RoundRect(Rect{part.Right() - 1, part.Y, 2, part.H}, 0, Paper) // a seam between parts
		if label := fmt.Sprint(v); c.Measure(label, text)+8 <= part.W {
			c.Text(label, part.CX(), y, 0.5, 0.5, Style{Size: chartText, Bold: true, Color: inkOn(col)})
		}
		x = part.Right()
	}
	c.Text(fmt.Sprint(sum(b.Values)), x+8, y, 0, 0.5, Style{Size: chartText + 2, Bold: true, Color: Ink})
}

// inkOn is the text color that reads on a fill: ink on light colors,
// paper on dark ones.
func inkOn(fill color.RGBA) color.RGBA {
	if 299*int(fill.R)+587*int(fill.G)+114*int(fill.B) > 140*1000 {
		return Ink
	}
	return Paper
}

func sum(values []int) int {
	total := 0
	for _, v := range values {
		total += v
	}
	return total
}
