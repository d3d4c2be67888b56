package vinhos

import (
	"fmt"
	"slices"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The map: one card per region of the mode's box, in its rulebook's
// numbers, 1 to 9 (the first edition's 1 to 8) from north to south.
const (
	regionW   = 190
	regionH   = 127
	regionGap = 8
)

// mapRegions lists the regions of mode's box by their number there: the
// first edition has no Ribatejo, and numbers its regions its own way.
func mapRegions(mode vinhos.Mode) []vinhos.RegionID {
	var ids []vinhos.RegionID
	for id := vinhos.RegionID(1); int(id) <= vinhos.NumRegions; id++ {
		if vinhos.RegionNumber(mode, id) > 0 {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b vinhos.RegionID) int { return vinhos.RegionNumber(mode, a) - vinhos.RegionNumber(mode, b) })
	return ids
}

// regionCard is the i-th card of the map.
func regionCard(r rect, i int) rect {
	return rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 2}.Grid(i%3, i/3, regionW, regionH, regionGap)
}

func regionsStatic(c *render.Canvas, r rect, d *vinhos.Data, mode vinhos.Mode) {
	c.Panel(r, "Regions")
	c.PanelNote(r, "renown cubes · next vineyard · estates")
	for i, id := range mapRegions(mode) {
		k := regionCard(r, i)
		c.Box(k, 6, render.Paper, render.Rule)
		c.Token(k.X+16, k.Y+16, 11, render.Ink, fmt.Sprint(vinhos.RegionNumber(mode, id)))
		c.Text(c.Fit(vinhos.Regions[id].Name, k.W-40, heading), k.X+32, k.Y+16, 0, 0.5, heading)
		c.Text(c.Fit(regionPerks(id), k.W-20, small), k.X+10, k.Y+40, 0, 0.5, small)
		spaces := d.Insets[id].CubeSpaces.V
		for i := range spaces {
			c.Box(cubeSpace(k, i, spaces), 3, render.PanelFill, render.Rule)
		}
	}
}

// cubeSpace is the i-th of n Renown cube spaces of a region card: two rows
// at the card's right.
func cubeSpace(k rect, i, n int) rect {
	cols := (n + 1) / 2
	return rect{X: k.Right() - 6 - float64(cols)*20, Y: k.Y + 54}.Grid(i%cols, i/cols, 16, 16, 4)
}

// regionPerks lists what a region brings: mostly a bonus of an estate's
// first vineyard there.
func regionPerks(id vinhos.RegionID) string {
	g := vinhos.Regions[id]
	var p []string
	add := func(ok bool, format string, a ...any) {
		if ok {
			p = append(p, fmt.Sprintf(format, a...))
		}
	}
	// Not a bonus of the first vineyard: its wine earns them at a Fair.
	add(g.FairPoints > 0, "+%d Fair pts at Fairs", g.FairPoints)
	add(g.NoCellar, "no Cellar")
	add(g.PortoTiles > 0, "%d Porto tiles", g.PortoTiles)
	add(g.FreeCellar, "free Cellar")
	add(g.FreeFarmer, "free Farmer")
	add(g.FreeWinery, "free Winery")
	add(g.FreeExperts > 0, "%d free Experts", g.FreeExperts)
	add(g.CubeValue > 1, "cubes worth %d", g.CubeValue)
	add(g.WineValueBonus > 0, "+%d wine value", g.WineValueBonus)
	return strings.Join(p, ", ")
}

func (v *view) regions(c *render.Canvas, r rect) {
	for i, id := range mapRegions(v.s.Mode) {
		k := regionCard(r, i)
		reg := &v.s.Regions[id]
		if !reg.InPlay {
			notInPlay(c, k, k.X+10, k.Y+75)
			continue
		}
		tile := rect{X: k.X + 10, Y: k.Y + 52, W: 44, H: 44}
		if len(reg.Deck) > 0 {
			top := reg.Deck[0]
			vineyardTile(c, tile, top.Color, top.Cost.V)
			c.Text(fmt.Sprintf("%d left", len(reg.Deck)), tile.Right()+8, tile.Y+12, 0, 0.5, normal)
		} else {
			c.Text("sold out", tile.X, tile.Y+12, 0, 0.5, small)
		}
		for i := range reg.Cubes {
			s := cubeSpace(k, i, v.d.Insets[id].CubeSpaces.V)
			c.Cube(s.CX(), s.CY(), 13, cubeColor)
		}
		x := k.X + 20
		for seat := range v.s.Seats {
			for _, e := range v.s.Seats[seat].Estates {
				if e.Region == id {
					v.token(c, engine.Seat(seat), x, k.Bottom()-16, 11)
					x += 26
				}
			}
		}
		if id == vinhos.Douro {
			porto(c, k.Right()-44, k.Bottom()-16, reg.Porto)
		}
	}
}

// notInPlay washes out a region's card and says so at x, y.
func notInPlay(c *render.Canvas, k rect, x, y float64) {
	c.DrawRoundedRectangle(k.X, k.Y, k.W, k.H, 6)
	c.SetColor(wash)
	c.Fill()
	c.Text("not in play", x, y, 0, 0.5, small)
}
