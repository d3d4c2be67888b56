package vinhos

import (
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
)

// The compact board's seats, one under the other as wide as its column:
// the player's name and counters, then, for a seat with a player board,
// its estates two to a row, each with its region and its wines: what a
// phone must read of every player without opening their board.
const (
	compactSeatTopH = 68
	compactEstateW  = (focusInner - 2*8 - estateGap) / 2 // four wines wide
	compactEstateH  = 80
	compactWinesY   = 27 // from an estate's top
	compactWineStep = wineTileW + 3
	// compactLegendLines holds the legend in the column's width.
	compactLegendLines = 5
)

// compactSeatH is the height of a seat on the compact board, with a player
// board of estates or without one.
func compactSeatH(board bool, estates int) float64 {
	if !board {
		return compactSeatTopH
	}
	rows := float64((estates + 1) / 2)
	return compactSeatTopH + rows*(compactEstateH+estateGap)
}

// compactEstate places estate e in a seat's rect r on the compact board.
func compactEstate(r rect, e int) rect {
	return rect{X: r.X + 8, Y: r.Y + compactSeatTopH}.Grid(e%2, e/2, compactEstateW, compactEstateH, estateGap)
}

func compactSeatStatic(c *render.Canvas, r rect, board bool, estates int) {
	c.Box(r, 8, render.PanelFill, render.Rule)
	if board {
		for e := range estates {
			estateFrame(c, compactEstate(r, e), e)
		}
	}
}

// compactSeat draws a seat on the compact board: its name, its counters in
// a line and, with a board, its estates.
func (v *view) compactSeat(c *render.Canvas, seat engine.Seat, r rect) {
	v.actingFrame(c, seat, r)
	v.nameplate(c, seat, r.X, r.Y+22, r.W-74)
	v.statsLine(c, seat, rect{X: r.X + 14, Y: r.Y + 52, W: r.W - 28})
	if !v.board[seat] {
		return
	}
	best := v.bestWine(seat)
	for e := range v.s.Estates() {
		k := compactEstate(r, e)
		estateHeading(c, &v.s.Seats[seat].Estates[e], k)
		v.compactWines(c, seat, e, k, best)
	}
}

// statsLine draws a seat's counters in one line r.W wide, spread evenly.
func (v *view) statsLine(c *render.Canvas, seat engine.Seat, r rect) {
	items := v.statList(c, seat)
	widths, total := make([]float64, len(items)), 0.0
	for i, it := range items {
		widths[i] = statIcon + c.Measure(it.text, heading)
		total += widths[i]
	}
	space := (r.W - total) / float64(len(items)-1)
	x := r.X
	for i, it := range items {
		drawStat(c, it, x, r.Y)
		x += widths[i] + space
	}
}

// compactWines draws estate e's wines in a row under its heading, or, with
// a vineyard and no wine, the quality of the next.
func (v *view) compactWines(c *render.Canvas, seat engine.Seat, e int, k rect, best wineRef) {
	est := &v.s.Seats[seat].Estates[e]
	x, y := k.X+2, k.Y+compactWinesY
	for i := range est.WineSlots() {
		if w := est.Wines[i]; w.Quality > 0 {
			wineTile(c, rect{X: x, Y: y, W: wineTileW, H: 50}, w, v.s.WineValue(seat, e, i), v.s.CubeBonus(est.Region), best == wineRef{e, i})
			x += compactWineStep
		}
	}
	if x == k.X+2 && est.Vineyards > 0 {
		c.Text(nextWineText(v.s.NextQuality(seat, e)), k.X+8, y+25, 0, 0.5, small)
	}
}
