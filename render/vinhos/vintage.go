package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The Vintage tile (weather, Fair features, what each Magnate expects this
// year) beside the barrels each player keeps with each Magnate.

func magnateRow(r rect, m vinhos.Magnate) float64 { return r.Y + 106 + float64(m)*35 }

func vintageStatic(c *render.Canvas, r rect) {
	c.Panel(r, "Vintage and Magnates")
	c.Text("Weather", r.X+12, r.Y+56, 0, 0.5, bold)
	c.Text("barrels kept", r.Right()-12, r.Y+82, 1, 0.5, small)
	for m := range vinhos.Magnate(vinhos.NumMagnates) {
		y := magnateRow(r, m)
		c.Token(r.X+24, y, 12, render.Ink, vinhos.MagnateName(vinhos.SpecialVintage2016, m)[:1])
		c.Text(vinhos.MagnateName(vinhos.SpecialVintage2016, m), r.X+42, y, 0, 0.5, bold)
	}
}

func (v *view) vintage(c *render.Canvas, r rect) {
	t := v.s.VintageTile()
	c.PanelNote(r, fmt.Sprintf("tile %d · %d left", v.s.Vintage, len(v.s.VintageDeck)))
	x, y := r.X+96, r.Y+56
	x += weather(c, x, y, t.Weather.V)
	c.Text("Fair:", x+12, y, 0, 0.5, bold)
	x += 58
	for f, n := range t.Features.V {
		if n > 0 {
			featureChip(c, v.s.Mode, x+14, y, vinhos.Feature(f))
			x += 32 + c.Text(fmt.Sprintf("×%d", n), x+32, y, 0, 0.5, bold) + 10
		}
	}
	for m := range vinhos.Magnate(vinhos.NumMagnates) {
		y := magnateRow(r, m)
		v.expectation(c, m, r.X+112, y)
		for seat := range v.s.Seats {
			bx := r.Right() - 8 - float64(len(v.s.Seats)-seat)*38
			v.barrel(c, engine.Seat(seat), bx+10, y, 22, 24)
			c.Text(fmt.Sprintf("%d", v.s.Seats[seat].Magnates[m]), bx+24, y, 0, 0.5, bold)
		}
	}
}

// weather draws the weather of a Vintage tile at x, y and returns its
// width.
func weather(c *render.Canvas, x, y float64, w int) float64 {
	if w >= 0 {
		c.Sun(x, y, 13)
	} else {
		c.Cloud(x, y, 13)
	}
	return 20 + c.Text(fmt.Sprintf("%+d", w), x+18, y, 0, 0.5, heading)
}

// expectation draws what Magnate m expects of a Press Release this year
// (the Vintage tile's), from x, y: a wine color, a least value or regions.
func (v *view) expectation(c *render.Canvas, m vinhos.Magnate, x, y float64) {
	t := v.s.VintageTile()
	switch m {
	case vinhos.Anabela:
		wineChip(c, x+8, y, t.Anabela.V)
		c.Text(t.Anabela.V.String(), x+22, y, 0, 0.5, normal)
	case vinhos.Bruno:
		c.Text(fmt.Sprintf("value %d+", t.Bruno.V), x, y, 0, 0.5, normal)
	case vinhos.Carolina:
		step := min(23, 96/float64(regionCount(t.Carolina.V)))
		for _, id := range mapRegions(v.s.Mode) {
			if t.Carolina.V.Has(id) {
				c.Token(x+10, y, 10, render.Ink, fmt.Sprint(vinhos.RegionNumber(v.s.Mode, id)))
				x += step
			}
		}
	}
}

func regionCount(set vinhos.RegionSet) int {
	n := 0
	for id := vinhos.RegionID(1); int(id) <= vinhos.NumRegions; id++ {
		if set.Has(id) {
			n++
		}
	}
	return n
}
