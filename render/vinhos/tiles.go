package vinhos

import (
	"fmt"
	"image/color"

	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The display of Magnate tiles, and the short names of the tiles.

// displaySpace places space i of the Magnate display grid's reading order.
func displaySpace(r rect, row, col int) rect {
	return rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 2}.Grid(col, row, 118, 56, 6)
}

// displaySpaces lists the display spaces a game uses, in reading order:
// display index i of the state is the i-th of them.
func displaySpaces(d *vinhos.Data, players int) [][2]int {
	var out [][2]int
	for row, cols := range d.Display.V {
		for col, least := range cols {
			if least <= players {
				out = append(out, [2]int{row, col})
			}
		}
	}
	return out
}

func displayStatic(c *render.Canvas, r rect, d *vinhos.Data, players int) {
	c.Panel(r, "Magnate tiles")
	for row, cols := range d.Display.V {
		for col, least := range cols {
			k := displaySpace(r, row, col)
			if least > players {
				c.Box(k, 5, dim, render.Rule)
				c.Text(fmt.Sprintf("%d players", least), k.CX(), k.CY(), 0.5, 0.5, small)
				continue
			}
			c.Box(k, 5, render.Paper, render.Rule)
		}
	}
}

func (v *view) display(c *render.Canvas, r rect) {
	c.PanelNote(r, fmt.Sprintf("deck: %d left", len(v.s.Deck)))
	for i, sp := range displaySpaces(v.d, len(v.s.Seats)) {
		if i >= len(v.s.Display) || v.s.Display[i] == vinhos.NoTile {
			continue
		}
		k := displaySpace(r, sp[0], sp[1])
		v.tileFace(c, k, v.s.Display[i])
	}
}

// tileFace draws a Magnate tile filling k: its name and what it does.
func (v *view) tileFace(c *render.Canvas, k rect, id int) {
	name, detail := v.tileText(id)
	c.Box(k, 5, tileFill(id), render.Ink)
	c.Text(c.Fit(name, k.W-12, smallB), k.X+6, k.Y+16, 0, 0.5, smallB)
	c.Text(c.Fit(detail, k.W-12, small), k.X+6, k.Y+36, 0, 0.5, small.In(render.Ink))
}

// tileFill tells Multipliers, gold, from Action tiles.
func tileFill(id int) color.Color {
	if vinhos.IsActionTile(id) {
		return render.Paper
	}
	return render.Mix(render.Paper, render.Gold, 0.3)
}

// tileText names a Magnate tile in two short lines.
func (v *view) tileText(id int) (string, string) {
	if vinhos.IsActionTile(id) {
		k := v.d.MagnateTiles[id].Kind
		info := vinhos.MagnateActions[k]
		switch k {
		case vinhos.MagnateExpert:
			return "Wine Expert", "hire 1 free"
		case vinhos.MagnateSales:
			return "Sales", "a Sales action"
		case vinhos.MagnateExport:
			return "Export", "an Export action"
		case vinhos.MagnateVineyard:
			return "Vineyard", fmt.Sprintf("1 for %d less", info.Discount)
		case vinhos.MagnateFairPoints:
			return "Fair Points", fmt.Sprintf("+%d", info.FairPoints)
		}
		return actionTileNames[k], fmt.Sprintf("1 for %d", info.Price)
	}
	m := v.s.Multiplier(id)
	name := multiplierNames[m.Kind]
	switch m.Kind {
	case vinhos.MultMoney:
		return name, "tile's money table"
	case vinhos.MultExportMajorities:
		return name, fmt.Sprintf("%d VP, tie %d", m.VP, m.TieVP)
	}
	if m.Cap.V > 0 {
		return name, fmt.Sprintf("%d VP, max %d", m.VP, m.Cap.V)
	}
	return name, fmt.Sprintf("%d VP each", m.VP)
}

var actionTileNames = [...]string{
	vinhos.MagnateCellar: "Cellar", vinhos.MagnateEnologist: "Enologist",
	vinhos.MagnateWinery: "Winery", vinhos.MagnateFarmer: "Farmer",
}

var multiplierNames = [...]string{
	vinhos.MultEstates: "× full Estates", vinhos.MultWines: "× Wines", vinhos.MultCellars: "× Cellars",
	vinhos.MultMagnateTiles: "× Magnate tiles", vinhos.MultVineyards: "× Vineyards", vinhos.MultExperts: "× Experts",
	vinhos.MultBarrels: "× Barrels back", vinhos.MultEnologists: "× Enologists", vinhos.MultWineries: "× Wineries",
	vinhos.MultFarmers: "× Farmers", vinhos.MultExportMajorities: "× Majorities", vinhos.MultMoney: "Money",
}
