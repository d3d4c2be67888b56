package vinhos

import (
	"fmt"
	"image/color"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// Chips are the small tiles a player holds: Wine Experts and Magnate
// tiles. A face-down chip is grey.

// expertChip draws a Wine Expert: its feature, its ability and its arrow.
func (v *view) expertChip(c *render.Canvas, k rect, id int, faceUp bool) {
	f, t := v.s.ExpertTile(id)
	fill, ink := render.Mix(render.Paper, featureColors[f], 0.18), render.Ink
	if !faceUp {
		fill, ink = faceDown, render.Muted
	}
	c.Box(k, 4, fill, render.Ink)
	bar := rect{X: k.X, Y: k.Y, W: 26, H: k.H}
	c.Box(bar, 4, featureColors[f], render.Ink)
	c.Text(featureAbbr(v.s.Mode, f), bar.CX(), bar.CY(), 0.5, 0.5, smallB.In(render.InkOn(featureColors[f])))
	room := k.W - bar.W - 10
	if t.Arrow.V {
		room -= 12
		c.ArrowUp(k.Right()-9, k.CY(), 13, ink)
	}
	label := abilityText[t.Ability.V]
	c.Text(c.Fit(label, room, smallB.In(ink)), bar.Right()+5, k.CY(), 0, 0.5, smallB.In(ink))
}

var abilityText = [...]string{
	vinhos.ExpertCash:             fmt.Sprintf("+%d Bagos", vinhos.ExpertCashBagos),
	vinhos.ExpertFreeMove:         "Free move",
	vinhos.ExpertAddRenown:        "+1 cube",
	vinhos.ExpertRetrieveBarrel:   "Barrel back",
	vinhos.ExpertRearrangeDeck:    "Reorder deck",
	vinhos.ExpertVineyardDiscount: fmt.Sprintf("Vineyards −%d", vinhos.ExpertDiscountBagos),
}

// tileChip draws a held Magnate tile: its name, and on a Multiplier the
// barrel that makes it score.
func (v *view) tileChip(c *render.Canvas, seat engine.Seat, k rect, t vinhos.HeldTile) {
	name, _ := v.tileText(t.ID)
	fill, ink := tileFill(t.ID), color.Color(render.Ink)
	if !t.FaceUp {
		fill, ink = faceDown, render.Muted
	}
	c.Box(k, 4, fill, render.Ink)
	room := k.W - 10
	if t.Barrel {
		room -= 20
		v.barrel(c, seat, k.Right()-12, k.CY(), 16, 18)
	}
	c.Text(c.Fit(name, room, smallB.In(ink)), k.X+5, k.CY(), 0, 0.5, smallB.In(ink))
}

// chips lays out seat's Experts, then its Magnate tiles, in rows of cols
// chips from the top-left of r; a last chip counts what does not fit.
func (v *view) chips(c *render.Canvas, seat engine.Seat, r rect, cols, rows int) {
	p := &v.s.Seats[seat]
	total := len(p.Experts) + len(p.Tiles)
	room := cols * rows
	for i := range min(total, room) {
		k := r.Grid(i%cols, i/cols, chipW, chipH, 6)
		switch {
		case i == room-1 && total > room:
			c.Box(k, 4, render.PanelFill, render.Rule)
			c.Text(fmt.Sprintf("+%d more", total-i), k.X+5, k.CY(), 0, 0.5, smallB)
		case i < len(p.Experts):
			v.expertChip(c, k, p.Experts[i].ID, p.Experts[i].FaceUp)
		default:
			v.tileChip(c, seat, k, p.Tiles[i-len(p.Experts)])
		}
	}
}
