package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// wineChip draws a small square of a wine color with its letter.
func wineChip(c *render.Canvas, x, y float64, col vinhos.Color) {
	fill := wineColors[col]
	c.Box(rect{X: x - 8, Y: y - 8, W: 16, H: 16}, 3, fill, render.Ink)
	c.Text(wineLetter[col], x, y, 0.5, 0.5, render.Style{Size: 11, Bold: true, Color: render.InkOn(fill)})
}

// vineyardTile draws a vineyard tile cost side up: its wine color and
// letter, and its cost on a coin.
func vineyardTile(c *render.Canvas, r rect, col vinhos.Color, cost int) {
	c.Box(r, 5, wineColors[col], render.Ink)
	c.Text(wineLetter[col], r.X+6, r.Y+5, 0, 0, smallB.In(render.InkOn(wineColors[col])))
	c.Coin(r.Right()-13, r.Bottom()-13, 11, fmt.Sprint(cost))
}

// portoIcon draws a Porto tile.
func portoIcon(c *render.Canvas, x, y float64) {
	c.Box(rect{X: x - 10, Y: y - 10, W: 20, H: 20}, 4, portoColor, render.Ink)
	c.Text("P", x, y, 0.5, 0.5, smallB.In(render.InkOn(portoColor)))
}

// porto draws a count of Porto tiles.
func porto(c *render.Canvas, x, y float64, n int) {
	portoIcon(c, x, y)
	c.Text(fmt.Sprintf("×%d", n), x+14, y, 0, 0.5, normal)
}

// featureAbbr shortens feature names so that feature chips never rely on
// color alone: the first two letters of the mode's name for it ("Ap" for
// Appearance, the first edition's "Lo" for Look).
func featureAbbr(mode vinhos.Mode, f vinhos.Feature) string {
	return vinhos.FeatureTitle(mode, f)[:2]
}

// featureChip draws a feature's color with its abbreviation.
func featureChip(c *render.Canvas, mode vinhos.Mode, x, y float64, f vinhos.Feature) {
	fill := featureColors[f]
	c.Box(rect{X: x - 14, Y: y - 11, W: 28, H: 22}, 4, fill, render.Ink)
	c.Text(featureAbbr(mode, f), x, y, 0.5, 0.5, smallB.In(render.InkOn(fill)))
}
