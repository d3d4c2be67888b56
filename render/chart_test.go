package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"testing"
)

// raceLabels are the points of a whole Vinhos game's VP race: the setup,
// each year and Fair, the last action (unlabelled) and the end.
var raceLabels = []string{"Setup", "Y1", "Y2", "Y3", "Y3 Fair", "Y4", "Y5", "Y5 Fair", "Y6", "Y6 Fair", "", "end"}

// raceSeries end as a 4-player game did: two players level at 57, one a
// point behind, one far back.
func raceSeries() []Series {
	line := func(name string, end int, c color.RGBA) Series {
		values := make([]int, len(raceLabels))
		for k := range values {
			values[k] = end * k / (len(values) - 1)
		}
		return Series{Name: name, Values: values, Color: c}
	}
	return []Series{
		line("Ana", 57, color.RGBA{0xf0, 0x8a, 0x2c, 0xff}), line("Bruno", 56, color.RGBA{0xf4, 0xcf, 0x2d, 0xff}),
		line("Carla", 31, color.RGBA{0x35, 0x6f, 0xd0, 0xff}), line("Duarte", 57, color.RGBA{0x84, 0x4f, 0xbb, 0xff}),
	}
}

// The VP race labels every year and Fair under its axis, none over
// another: a player reads which point is which year.
func TestRaceChartLabelsEveryYear(t *testing.T) {
	_, c := newChart("VP", chartHeight)
	l := layOutLines(c, raceLabels, raceSeries())
	var shown []string
	for i, a := range l.labels {
		shown = append(shown, a.Text)
		w := c.Measure(a.Text, axisText)
		for _, b := range l.labels[:i] {
			if a.Y == b.Y && math.Abs(a.X-b.X) < (w+c.Measure(b.Text, axisText))/2+axisGap {
				t.Errorf("%q at (%.0f, %.0f) runs into %q at %.0f", a.Text, a.X, a.Y, b.Text, b.X)
			}
		}
	}
	for _, want := range raceLabels {
		if want != "" && !slices.Contains(shown, want) {
			t.Errorf("%q has no label under the axis; shown: %q", want, shown)
		}
	}
	if bottom := l.labels[len(l.labels)-1].Y + chartText/2; bottom > chartHeight {
		t.Errorf("the labels run to %.0f, past the chart's %d pixels", bottom, chartHeight)
	}
}

// Players level at the end keep a dot each: no end dot covers another.
func TestRaceChartKeepsEndDotsApart(t *testing.T) {
	_, c := newChart("VP", chartHeight)
	ends := layOutLines(c, raceLabels, raceSeries()).ends
	for i, a := range ends {
		for j, b := range ends[:i] {
			if math.Hypot(a.X-b.X, a.Y-b.Y) < 2*endDot {
				t.Errorf("the end dots of lines %d and %d overlap: %v and %v", j, i, b, a)
			}
		}
	}
}

// Each line and its legend are drawn in the player's own colour.
func TestRaceChartDrawsEachPlayerInTheirColour(t *testing.T) {
	series := raceSeries()
	img := LineChart("VP", raceLabels, series)
	_, c := newChart("VP", chartHeight)
	l := layOutLines(c, raceLabels, series)
	for n, s := range series {
		at := image.Pt(int(l.legendX), int(l.legendY(n)))
		if got := color.RGBAModel.Convert(img.At(at.X, at.Y)); got != s.Color {
			t.Errorf("%s's legend is %v, want their colour %v", s.Name, got, s.Color)
		}
	}
}
