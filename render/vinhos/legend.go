package vinhos

import (
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The legend explains the symbols once, along the bottom.
func legendStatic(c *render.Canvas, r rect) {
	x, y := r.X+4, r.CY()
	item := func(icon func(x float64) float64, text string) {
		x += icon(x)
		x += c.Text(text, x+6, y, 0, 0.5, small) + 22
	}
	item(func(x float64) float64 { c.Coin(x+10, y, 10, ""); return 20 }, "Bagos")
	item(func(x float64) float64 { c.Grapes(x+10, y+1, 12, wineColors[vinhos.Red]); return 20 }, "Vineyard")
	item(func(x float64) float64 { c.House(x+10, y, 20, 18, wineryColor); return 20 }, "Winery")
	item(func(x float64) float64 { c.Arch(x+10, y, 16, 16, cellarColor); return 20 }, "Cellar")
	item(func(x float64) float64 { c.Person(x+8, y, 20, farmerColor); return 16 }, "Farmer (on a vineyard)")
	item(func(x float64) float64 { c.Person(x+8, y, 20, enologistColor); return 16 }, "Enologist (in a winery)")
	item(func(x float64) float64 { c.Cube(x+8, y, 14, cubeColor); return 16 }, "Renown cube")
	item(func(x float64) float64 { taxMarker(c, x+26, y, 0); return 52 }, "Year marker: +1 to move there")
	item(func(x float64) float64 { return 0 }, "wine R5 over 6→8: red, quality 5, value 6 (8 with its region's cubes); gold: most valuable")
	item(func(x float64) float64 { return 0 }, "grey tile: face down")
}
