package vinhos

import (
	"fmt"
	"image/color"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// A player board: the player and their counters at the left, the five
// estates, then the Wine Experts and Magnate tiles held. A seat without a
// board gets a strip with the counters and tiles alone.
const (
	estateX   = 250 // from the panel's left
	estateW   = 210
	estateH   = 156
	estateGap = 8
	chipsX    = estateX + 5*(estateW+estateGap) + 6
	chipW     = 134
	chipH     = 26
)

// estateBox places estate e of a row of estates starting at x, y.
func estateBox(x, y float64, e int) rect {
	return rect{X: x + float64(e)*(estateW+estateGap), Y: y, W: estateW, H: estateH}
}

func buildingSlot(k rect, i int) rect { return rect{X: k.X + 1, Y: k.Y + 26}.Grid(i, 0, 66, 50, 5) }
func wineSlot(k rect, i int) rect     { return rect{X: k.X + 1, Y: k.Y + 82}.Grid(i, 0, 49, 50, 4) }

func boardStatic(c *render.Canvas, r rect, estates int) {
	c.Box(r, 8, render.PanelFill, render.Rule)
	for e := range estates {
		estateStatic(c, estateBox(r.X+estateX, r.Y+10, e), e)
	}
}

func estateStatic(c *render.Canvas, k rect, e int) {
	estateFrame(c, k, e)
	for i := range vinhos.PlayerBoards[vinhos.SpecialVintage2016].EstateSlots {
		c.Box(buildingSlot(k, i), 4, render.SlotFill, render.Rule)
	}
	for i := range vinhos.PlayerBoards[vinhos.SpecialVintage2016].CellarSlots {
		c.Box(wineSlot(k, i), 4, render.SlotFill, render.Rule)
	}
}

// estateFrame is estate e's box k and its number at the top left.
func estateFrame(c *render.Canvas, k rect, e int) {
	c.Box(k, 6, render.Paper, render.Rule)
	c.Token(k.X+13, k.Y+13, 10, render.Muted, fmt.Sprint(e+1))
}

func (v *view) playerBoard(c *render.Canvas, seat engine.Seat, r rect) {
	v.actingFrame(c, seat, r)
	v.nameplate(c, seat, r.X, r.Y+26, estateX-76)
	v.stats(c, seat, rect{X: r.X + 16, Y: r.Y + 64}, 2, 128, 34)
	p := &v.s.Seats[seat]
	x := r.X + 26
	if p.Porto > 0 {
		porto(c, x, r.Y+142, p.Porto)
		x += 64
	}
	if p.Pressed {
		c.Glass(x, r.Y+142, 20, render.Mix(render.Paper, wineColors[vinhos.Red], 0.5))
		c.Text(v.pressText(seat), x+14, r.Y+142, 0, 0.5, small)
	}
	v.estates(c, seat, r.X+estateX, r.Y+10)
	if v.bankOnBoard() {
		v.bankBox(c, seat, estateBox(r.X+estateX, r.Y+10, v.s.Estates()))
	}
	v.chips(c, seat, rect{X: r.X + chipsX, Y: r.Y + 12}, 3, 5)
}

// actingFrame outlines a seat's board if the seat must decide now.
func (v *view) actingFrame(c *render.Canvas, seat engine.Seat, r rect) {
	if v.acting[seat] {
		c.DrawRoundedRectangle(r.X, r.Y, r.W, r.H, 8)
		c.SetColor(render.Accent)
		c.SetLineWidth(3)
		c.Stroke()
	}
}

// bankOnBoard reports whether a player board shows its bank where a 2016
// board's fifth Estate is: a Reserve board of four Estates.
func (v *view) bankOnBoard() bool {
	return vinhos.ReserveBoard(v.s.Mode) && v.s.Estates() < vinhos.PlayerBoards[vinhos.SpecialVintage2016].Estates
}

// pressText says that seat made its Press Release, and in the 2010
// Reserve which Fair tile it placed.
func (v *view) pressText(seat engine.Seat) string {
	for _, slot := range v.s.FairSlots {
		if slot.Taken && slot.Seat == seat && vinhos.ReserveBoard(v.s.Mode) {
			return fmt.Sprintf("entered the Fair, tile %d", slot.Tile)
		}
	}
	return "entered the Fair"
}

// nameplate draws the must-act mark, the seat's token and its name in at
// most width, with the token's center at x+40, y.
func (v *view) nameplate(c *render.Canvas, seat engine.Seat, x, y, width float64) {
	v.mustAct(c, seat, x+14, y)
	v.token(c, seat, x+40, y, 15)
	c.Text(c.Fit(v.names[seat], width, title), x+62, y, 0, 0.5, title)
}

// estates draws seat's estates (five in 2016) in a row from x, y, each an
// area of its own: a move changes one estate at most.
func (v *view) estates(c *render.Canvas, seat engine.Seat, x, y float64) {
	best := v.bestWine(seat)
	for e := range v.s.Estates() {
		area(c, estateBox(x, y, e), func(c *render.Canvas, k rect) { v.estate(c, seat, e, k, best) })
	}
}

// A stat is one of a seat's counters: its icon, drawn centered at x, y,
// and its text.
type stat struct {
	icon func(x, y float64)
	text string
}

// statIcon is the room of a stat's icon, before its text.
const statIcon = 26

// statList is a seat's counters: money, VP, Fair Points and barrels.
func (v *view) statList(c *render.Canvas, seat engine.Seat) []stat {
	p := &v.s.Seats[seat]
	return []stat{
		{func(x, y float64) { c.Coin(x, y, 10, "") }, bagosText(p.Money)},
		{func(x, y float64) { c.Star(x, y, 11, render.Gold) }, fmt.Sprintf("%d VP", p.VP)},
		{func(x, y float64) { c.Glass(x, y, 20, wineColors[vinhos.White]) }, fmt.Sprintf("%d Fair pts", p.FairPoints)},
		{func(x, y float64) { v.barrel(c, seat, x, y, 18, 20) }, fmt.Sprintf("%d %s", p.Barrels, plural(p.Barrels, "barrel", "barrels"))},
	}
}

// drawStat draws a counter from x, its middle at y.
func drawStat(c *render.Canvas, it stat, x, y float64) {
	it.icon(x+10, y)
	c.Text(it.text, x+statIcon, y, 0, 0.5, heading)
}

// stats draws a seat's counters in a grid of cols columns from r's corner.
func (v *view) stats(c *render.Canvas, seat engine.Seat, r rect, cols int, colW, rowH float64) {
	for i, it := range v.statList(c, seat) {
		drawStat(c, it, r.X+float64(i%cols)*colW, r.Y+float64(i/cols)*rowH)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// wineRef names a wine on a board.
type wineRef struct{ estate, slot int }

// bestWine finds seat's most valuable wine, Renown cubes included.
func (v *view) bestWine(seat engine.Seat) wineRef {
	best, top := wineRef{-1, -1}, 0
	for e, est := range v.s.Seats[seat].Estates {
		for i, w := range est.Wines {
			if w.Quality > 0 {
				if val := v.s.WineValue(seat, e, i) + v.s.CubeBonus(est.Region); val > top {
					best, top = wineRef{e, i}, val
				}
			}
		}
	}
	return best
}

func (v *view) estate(c *render.Canvas, seat engine.Seat, e int, k rect, best wineRef) {
	est := &v.s.Seats[seat].Estates[e]
	estateHeading(c, est, k)
	v.buildings(c, est, k)
	if n := est.WineSlots(); n < len(est.Wines) {
		// The slots only a Cellar opens, shown as one locked space.
		first, last := wineSlot(k, n), wineSlot(k, len(est.Wines)-1)
		locked := rect{X: first.X, Y: first.Y, W: last.Right() - first.X, H: first.H}
		c.Box(locked, 4, dim, render.Rule)
		c.Arch(locked.CX(), locked.CY(), 16, 16, render.Mix(dim, cellarColor, 0.35))
	}
	for i := range est.WineSlots() {
		s := wineSlot(k, i)
		switch w := est.Wines[i]; {
		case w.Quality > 0:
			value := v.s.WineValue(seat, e, i)
			wineTile(c, s, w, value, v.s.CubeBonus(est.Region), best == wineRef{e, i})
		case est.Cellar:
			c.Text(fmt.Sprintf("+%d", vinhos.CellarAgingBonus[i]), s.CX(), s.CY(), 0.5, 0.5, small)
		}
	}
	if est.Vineyards > 0 {
		c.Text(nextWineText(v.s.NextQuality(seat, e)), k.X+6, k.Bottom()-10, 0, 0.5, small)
	}
	if est.Waiting > 0 {
		c.Cube(k.Right()-44, k.Bottom()-10, 12, cubeColor)
		c.Text(fmt.Sprintf("×%d", est.Waiting), k.Right()-34, k.Bottom()-10, 0, 0.5, small)
	}
}

// estateHeading writes, on the top line of estate box k after its
// number, the estate's region and wine color, or that it has none, and at
// the right its Cellar and Porto.
func estateHeading(c *render.Canvas, est *vinhos.Estate, k rect) {
	y, right := k.Y+13, k.Right()-4
	if est.Cellar {
		c.Arch(right-10, y, 18, 18, cellarColor)
		right -= 24
	}
	if est.Porto {
		portoIcon(c, right-10, y)
		right -= 24
	}
	if est.Region != 0 {
		name := c.Fit(vinhos.Regions[est.Region].Name, right-k.X-30-24, bold)
		x := k.X + 30 + c.Text(name, k.X+30, y, 0, 0.5, bold)
		wineChip(c, x+12, y, est.Color)
	} else {
		c.Text("no vineyard", k.X+30, y, 0, 0.5, small)
	}
}

func nextWineText(q int) string {
	if q <= 0 {
		return "makes no wine now"
	}
	return fmt.Sprintf("next wine: quality %d", q)
}

// buildings fills an estate's slots: Vineyards (with a Farmer or not),
// then Wineries (with an Enologist or not).
func (v *view) buildings(c *render.Canvas, est *vinhos.Estate, k rect) {
	for i := range est.Vineyards + est.Wineries {
		s := buildingSlot(k, int(i))
		if i < est.Vineyards {
			c.Box(s, 4, render.Mix(render.Paper, wineColors[est.Color], 0.3), render.Ink)
			c.Grapes(s.X+22, s.CY()+2, 16, wineColors[est.Color])
			if i < est.Farmers {
				c.Person(s.Right()-16, s.CY(), 30, farmerColor)
			}
			continue
		}
		c.Box(s, 4, render.Mix(render.Paper, wineryColor, 0.2), render.Ink)
		c.House(s.X+22, s.CY(), 30, 28, wineryColor)
		if i-est.Vineyards < est.Enologists {
			c.Person(s.Right()-16, s.CY(), 30, enologistColor)
		}
	}
}

// wineTile draws a wine: its letter and quality, as the printed tile
// shows, then its value, and what Renown cubes could add.
func wineTile(c *render.Canvas, s rect, w vinhos.Wine, value, cubes int, best bool) {
	fill := wineColors[w.Color]
	line := color.Color(render.Ink)
	if best {
		line = render.Gold
		c.RoundRect(rect{X: s.X - 2, Y: s.Y - 2, W: s.W + 4, H: s.H + 4}, 6, render.Gold)
	}
	c.Box(s, 4, fill, line)
	ink := render.InkOn(fill)
	c.Text(fmt.Sprintf("%s%d", wineLetter[w.Color], w.Quality), s.CX(), s.Y+15, 0.5, 0.5, render.Style{Size: 18, Bold: true, Color: ink})
	val := fmt.Sprint(value)
	if cubes > 0 {
		val += fmt.Sprintf("→%d", value+cubes)
	}
	c.Text(val, s.CX(), s.Y+37, 0.5, 0.5, render.Style{Size: 14, Bold: true, Color: ink})
}

func stripStatic(c *render.Canvas, r rect) {
	c.Box(r, 8, render.PanelFill, render.Rule)
}

// strip is a seat drawn without its board: its counters and the tiles it
// holds, with a note under the name.
func (v *view) strip(c *render.Canvas, seat engine.Seat, r rect, note string) {
	v.nameplate(c, seat, r.X, r.CY()-8, estateX-76)
	c.Text(note, r.X+62, r.CY()+18, 0, 0.5, small)
	v.stats(c, seat, rect{X: r.X + estateX, Y: r.CY()}, 4, 140, 0)
	x := r.X + estateX + 4*140
	v.chips(c, seat, rect{X: x, Y: r.CY() - chipH/2}, int((r.Right()-12-x+6)/(chipW+6)), 1)
}
