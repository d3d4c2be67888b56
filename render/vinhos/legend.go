package vinhos

import (
	"strings"

	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The legend explains the symbols once, along the bottom, in as many
// lines as its width needs.
func legendStatic(c *render.Canvas, r rect, mode vinhos.Mode) {
	x, y := r.X+4, r.Y+legendH/2
	item := func(iconW float64, icon func(x, y float64), text string) {
		if w := iconW + 6 + c.Measure(text, small); x+w > r.Right() {
			x, y = r.X+4, y+legendH
		}
		icon(x, y)
		x += iconW
		x += c.Text(text, x+6, y, 0, 0.5, small) + 22
	}
	item(20, func(x, y float64) { c.Coin(x+10, y, 10, "") }, "Bagos")
	item(20, func(x, y float64) { c.Grapes(x+10, y+1, 12, wineColors[vinhos.Red]) }, "Vineyard")
	item(20, func(x, y float64) { c.House(x+10, y, 20, 18, wineryColor) }, "Winery")
	item(20, func(x, y float64) { c.Arch(x+10, y, 16, 16, cellarColor) }, "Cellar")
	if vinhos.HasFarmers(mode) {
		item(16, func(x, y float64) { c.Person(x+8, y, 20, farmerColor) }, "Farmer (on a vineyard)")
	}
	item(16, func(x, y float64) { c.Person(x+8, y, 20, enologistColor) }, "Enologist (in a winery)")
	item(16, func(x, y float64) { c.Cube(x+8, y, 14, cubeColor) }, "Renown cube")
	item(52, func(x, y float64) { taxMarker(c, x+26, y, 0) }, "Year marker: +1 to move there")
	// A note wider than the legend goes in parts, which the lines take as items.
	note := func(parts ...string) {
		if text := strings.Join(parts, " "); c.Measure(text, small) <= r.W-4 {
			parts = []string{text}
		}
		for _, p := range parts {
			item(0, func(x, y float64) {}, p)
		}
	}
	note("wine R5 over 6→8: red, quality 5, value 6 (8 with its region's cubes);", "gold: most valuable")
	item(0, func(x, y float64) {}, "grey tile: face down")
}
