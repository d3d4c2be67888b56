package vinhos

import (
	"fmt"
	"image"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The player's own board for /vinhos me: a column as wide as a focused
// view, so that a phone showing it 400 pixels wide reads it as well; the
// player's counters and what they must decide, their estates (with the
// bank in the 2010 Reserve), their barrels, and every Wine Expert and
// Magnate tile (or barrel in the Managers' rows) written out in full.
// Each list is as tall as what it holds.
// It is drawn at 1.5 pixels a unit, not 2 as a focused view: as legible
// at a phone's width (what counts there is the width in units), sharp
// enough on a desktop, and half the pixels to draw and compress.
const (
	meScale = 1.5
	meRows  = 10 // Experts or tiles listed; a last row counts the rest
	meRowH  = 34
)

// meBlocks are the panels of a player's board, top to bottom.
var meBlocks = []block{usedEstatesBlock, barrelsBlock, expertsBlock, heldRowBlock}

// DrawPlayer renders seat's board for its player.
func DrawPlayer(s *vinhos.State, seat engine.Seat) image.Image {
	return drawPlayer(s, seat, false).RGBA()
}

func drawPlayer(s *vinhos.State, seat engine.Seat, record bool) *render.Canvas {
	v := newView(s, Options{})
	column := render.Column{Width: focusWidth, Scale: meScale, Top: focusTopH, Margin: margin, Gap: gap}
	return render.DrawColumn(column, v, seat, meBlocks, record, func(c *render.Canvas) { v.focusTop(c, seat) })
}

// listH is the height of a panel listing n rows.
func listH(n int) float64 { return render.PanelTitle + 10 + float64(min(max(1, n), meRows))*meRowH }

var (
	// usedEstatesBlock: the estates the player has begun, then a line
	// numbering those still empty, which would only repeat empty slots.
	usedEstatesBlock = block{
		Height: func(v *view, seat engine.Seat) float64 {
			used, empty := v.usedEstates(seat)
			h := estatesH(len(used), v.bankOnBoard())
			if len(empty) > 0 {
				h += emptyEstatesH
			}
			return h
		},
		Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) {
			used, empty := v.usedEstates(seat)
			v.estateGrid(c, seat, r, used)
			if len(empty) > 0 {
				v.emptyEstates(c, rect{X: r.X, Y: r.Bottom() - emptyEstatesH + 6, W: r.W, H: emptyEstatesH - 6}, empty)
			}
		},
	}
	// barrelsBlock: the barrels in hand and kept by each Magnate, the
	// Porto tiles and the Press Release.
	barrelsBlock = block{Height: fixed(render.PanelTitle + 2*meRowH + 6), Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) { v.barrelsPanel(c, seat, r) }}
	expertsBlock = block{
		Height: func(v *view, seat engine.Seat) float64 { return listH(len(v.s.Seats[seat].Experts)) },
		Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) {
			p := &v.s.Seats[seat]
			c.Panel(r, "Your Wine Experts")
			v.list(c, r, len(p.Experts), func(k rect, i int) string {
				x := p.Experts[i]
				v.expertChip(c, k, x.ID, x.FaceUp)
				return v.s.ExpertName(x.ID)
			})
		},
	}
	// heldRowBlock: the Magnate tiles, or in the 2010 Reserve the barrels
	// in the Managers' rows.
	heldRowBlock = block{
		Height: func(v *view, seat engine.Seat) float64 {
			if vinhos.ReserveBoard(v.s.Mode) {
				return listH(len(v.rowBarrels(seat)))
			}
			return listH(len(v.s.Seats[seat].Tiles))
		},
		Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) {
			if vinhos.ReserveBoard(v.s.Mode) {
				held := v.rowBarrels(seat)
				c.Panel(r, "Your barrels in the Managers' rows")
				v.list(c, r, len(held), func(k rect, i int) string {
					v.rowBarrelChip(c, seat, k, held[i])
					return held[i].text
				})
				return
			}
			tiles := v.s.Seats[seat].Tiles
			c.Panel(r, "Your Magnate tiles")
			v.list(c, r, len(tiles), func(k rect, i int) string {
				v.tileChip(c, seat, k, tiles[i])
				return v.s.TileName(tiles[i].ID)
			})
		},
	}
)

const emptyEstatesH = 44

// usedEstates splits seat's estates into those it has begun (a vineyard,
// a building, a worker or a wine) and those still empty.
func (v *view) usedEstates(seat engine.Seat) (used, empty []int) {
	for e, est := range v.s.Seats[seat].Estates[:v.s.Estates()] {
		if est.Vineyards+est.Wineries+est.Farmers+est.Enologists > 0 || est.Cellar || holdsWine(est) {
			used = append(used, e)
		} else {
			empty = append(empty, e)
		}
	}
	return used, empty
}

// emptyEstates numbers the estates still empty, in a line.
func (v *view) emptyEstates(c *render.Canvas, r rect, empty []int) {
	c.Box(r, 6, render.Paper, render.Rule)
	x := r.X + 22
	for _, e := range empty {
		c.Token(x, r.CY(), 10, render.Muted, fmt.Sprint(e+1))
		x += 24
	}
	c.Text("empty: no vineyard or building yet", x-4, r.CY(), 0, 0.5, small)
}

// barrelsPanel says how many barrels seat has in hand and how many each
// Magnate keeps, then its Porto tiles and its Press Release.
func (v *view) barrelsPanel(c *render.Canvas, seat engine.Seat, r rect) {
	p := &v.s.Seats[seat]
	c.Panel(r, "Your barrels")
	c.PanelNote(r, fmt.Sprintf("%d in hand", p.Barrels))
	y := r.Y + render.PanelTitle + meRowH/2
	x := r.X + 12 + c.Text("Kept:", r.X+12, y, 0, 0.5, normal)
	for m := range vinhos.Magnate(vinhos.NumMagnates) {
		v.barrel(c, seat, x+18, y, 16, 18)
		x += 34 + c.Text(fmt.Sprintf("%s %d", vinhos.MagnateName(v.s.Mode, m), p.Magnates[m]), x+30, y, 0, 0.5, normal)
	}
	y += meRowH
	x = r.X + 12
	if p.Porto > 0 {
		x += 16 + c.Text("Porto tiles:", x, y, 0, 0.5, normal)
		porto(c, x, y, p.Porto)
		x += 60
	}
	if p.Pressed {
		c.Glass(x+8, y, 20, render.Mix(render.Paper, wineColors[vinhos.Red], 0.5))
		c.Text(c.Fit(v.pressText(seat), r.Right()-x-34, normal), x+22, y, 0, 0.5, normal)
	}
}

// list draws n rows of a panel r: each a chip and the full text draw
// returns for it, then how many did not fit.
func (v *view) list(c *render.Canvas, r rect, n int, draw func(k rect, i int) string) {
	if n == 0 {
		c.Text("none", r.X+12, r.Y+render.PanelTitle+16, 0, 0.5, small)
	}
	shown := min(n, meRows)
	if n > meRows {
		shown = meRows - 1
	}
	for i := range shown {
		k := rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 4 + float64(i)*meRowH, W: chipW, H: chipH}
		text := draw(k, i)
		c.Text(c.Fit(text, r.Right()-k.Right()-20, normal), k.Right()+10, k.CY(), 0, 0.5, normal)
	}
	if shown < n {
		y := r.Y + render.PanelTitle + 4 + float64(shown)*meRowH + chipH/2
		c.Text(fmt.Sprintf("and %d more", n-shown), r.X+12, y, 0, 0.5, small)
	}
}

// waiting says where the game stands for a player who has nothing to do.
func (v *view) waiting() string {
	var names []string
	for _, p := range v.pending {
		names = append(names, v.names[p.Seat])
	}
	if len(names) == 0 {
		return v.s.Phase() + "."
	}
	return v.s.Phase() + ": waiting for " + strings.Join(names, ", ") + "."
}

// promptFor is what seat must decide now.
func (v *view) promptFor(seat engine.Seat) string {
	for _, p := range v.pending {
		if p.Seat == seat {
			return p.Prompt
		}
	}
	return ""
}
