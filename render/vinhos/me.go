package vinhos

import (
	"fmt"
	"image"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The single-player board for /vinhos me: the same estates, drawn half as
// large again, with every Wine Expert and Magnate tile written out in full.
const (
	meScale  = 1.5
	meWidth  = 2*margin + 5*estateW + 4*estateGap // user units
	meRows   = 10                                 // Experts or tiles listed; a last row counts the rest
	meRowH   = 30
	meListY  = 266
	meHeight = meListY + render.PanelTitle + 4 + meRows*meRowH + 10 + margin
)

// meKey tells the backgrounds apart: a mode's board and its Estates.
type meKey struct {
	mode    vinhos.Mode
	estates int
}

var meLayer render.Cache[meKey, *render.Layer]

// DrawPlayer renders seat's board for its player.
func DrawPlayer(s *vinhos.State, seat engine.Seat) image.Image {
	c, _ := drawPlayer(s, seat, false)
	return c.RGBA()
}

func drawPlayer(s *vinhos.State, seat engine.Seat, record bool) (*render.Canvas, *render.Layer) {
	key := meKey{s.Mode, s.Estates()}
	bg := meLayer.Get(key, func() *render.Layer {
		return render.NewLayer(int(meWidth*meScale), int(meHeight*meScale), meScale, func(c *render.Canvas) { meStatic(c, key) })
	})
	c := bg.Canvas()
	if record {
		c.Record()
	}
	v := newView(s, Options{})
	v.me(c, seat)
	return c, bg
}

// meList is the left (0) or right (1) list column.
func meList(col int) rect {
	w := float64(meWidth-2*margin-gap) / 2
	return rect{X: margin + float64(col)*(w+gap), Y: meListY, W: w, H: meHeight - meListY - margin}
}

func meStatic(c *render.Canvas, key meKey) {
	c.SetColor(render.Paper)
	c.Clear()
	for e := range key.estates {
		estateStatic(c, estateBox(margin, 96, e), e)
	}
	held := "Magnate tiles"
	if vinhos.ReserveBoard(key.mode) {
		held = "Barrels in the Managers' rows"
	}
	for col, title := range []string{"Wine Experts", held} {
		c.Panel(meList(col), title)
	}
}

func (v *view) me(c *render.Canvas, seat engine.Seat) {
	p := &v.s.Seats[seat]
	v.nameplate(c, seat, 0, 30, estateX-60)
	v.stats(c, seat, rect{X: estateX + 16, Y: 30}, 4, 150, 0)
	x := float64(margin + 12)
	status, st := v.waiting(), heading.In(render.Muted)
	if v.acting[seat] {
		status, st = "To "+v.promptFor(seat)+".", heading.In(render.Accent)
	}
	x += 8 + c.Text(c.Fit(status, 560, st), x, 70, 0, 0.5, st)
	x += 6 + c.Text("Barrels kept:", x, 70, 0, 0.5, normal)
	for m := range vinhos.Magnate(vinhos.NumMagnates) {
		v.barrel(c, seat, x+10, 70, 16, 18)
		x += 24 + c.Text(fmt.Sprintf("%s %d", vinhos.MagnateName(v.s.Mode, m), p.Magnates[m]), x+22, 70, 0, 0.5, normal)
	}
	if p.Porto > 0 {
		x += 8 + c.Text("Porto tiles:", x+8, 70, 0, 0.5, normal)
		porto(c, x+16, 70, p.Porto)
	}
	v.estates(c, seat, margin, 96)
	v.bankOnBoard(c, seat, margin, 96)

	left, right := meList(0), meList(1)
	v.list(c, left, len(p.Experts), func(k rect, i int) string {
		x := p.Experts[i]
		v.expertChip(c, k, x.ID, x.FaceUp)
		return v.s.ExpertName(x.ID)
	})
	if vinhos.ReserveBoard(v.s.Mode) {
		held := v.rowBarrels(seat)
		v.list(c, right, len(held), func(k rect, i int) string {
			v.rowBarrelChip(c, seat, k, held[i])
			return held[i].text
		})
		return
	}
	v.list(c, right, len(p.Tiles), func(k rect, i int) string {
		v.tileChip(c, seat, k, p.Tiles[i])
		return v.s.TileName(p.Tiles[i].ID)
	})
}

// list draws n rows of a column: each a chip and the full text draw
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
		k := rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 4 + float64(i)*meRowH, W: 124, H: meRowH - 6}
		text := draw(k, i)
		c.Text(c.Fit(text, r.Right()-k.Right()-20, normal), k.Right()+10, k.CY(), 0, 0.5, normal)
	}
	if shown < n {
		y := r.Y + render.PanelTitle + 4 + float64(shown)*meRowH + (meRowH-6)/2
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
