package lavina

import (
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
)

// The shared board, in user units (one pixel each): the header, the aisle
// on the left, the wineries and the supply on the right, and a panel per
// player, beside them when a row of them fits there, else below. The
// compact board is as wide as two column views, for a phone: its right
// column holds three winery cards a row, and the players' panels go two
// a row below.
const (
	margin = render.Margin
	gap    = render.Gap
	rightW = 24 + 7*wineryW + 6*wineryGap // seven winery cards

	legendH      = 24
	seatsBesides = 3 // at most this many players' panels beside the aisle
	compactSeats = 2 // players' panels a row on the compact board
)

// layout places every area of the shared board for one game's shape.
type layout struct {
	spaces   int
	width    int
	header   rect
	aisle    rect
	wineries rect
	supply   rect
	seats    []rect
	legend   rect
	height   int
}

// shape is what a board's layout depends on.
type shape struct {
	players, spaces, wineries int
	compact                   bool
}

func newLayout(sh shape) *layout {
	right := float64(rightW)
	if sh.compact {
		right = columnInner
	}
	l := &layout{spaces: sh.spaces, width: int(2*margin + aisleW + gap + right)}
	inner := float64(l.width - 2*margin)
	l.header = rect{X: margin, Y: 0, W: inner, H: headerH}
	l.aisle = rect{X: margin, Y: headerH, W: aisleW, H: aisleHeight(sh.spaces)}
	x := l.aisle.Right() + gap
	l.wineries = rect{X: x, Y: headerH, W: right, H: wineriesHeight(right, sh.wineries)}
	l.supply = rect{X: x, Y: l.wineries.Bottom() + gap, W: right, H: supplyH}

	// The players' panels: beside the aisle, or below it perRow a row.
	y, left, w, perRow := l.supply.Bottom()+gap, x, right, sh.players
	if sh.compact || sh.players > seatsBesides {
		y, left, w = max(y, l.aisle.Bottom()+gap), margin, inner
	}
	if sh.compact {
		perRow = compactSeats
	}
	seatW := (w - float64(perRow-1)*gap) / float64(perRow)
	for i := range sh.players {
		l.seats = append(l.seats, rect{X: left, Y: y}.Grid(i%perRow, i/perRow, seatW, seatH, gap))
	}
	last := l.seats[len(l.seats)-1].Bottom()
	l.legend = rect{X: margin, Y: max(l.aisle.Bottom(), last) + gap/2, W: inner, H: legendH}
	l.height = int(l.legend.Bottom() + margin/2)
	return l
}

// static draws what every render of this layout shares.
func (l *layout) static(c *render.Canvas) {
	c.SetColor(render.Paper)
	c.Clear()
	headerStatic(c, l.header)
	aisleStatic(c, l.aisle, l.spaces)
	wineriesStatic(c, l.wineries)
	supplyStatic(c, l.supply)
	for _, r := range l.seats {
		seatStatic(c, r)
	}
	legendStatic(c, l.legend)
}

// pieces draws one state on the background.
func (l *layout) pieces(c *render.Canvas, v *view) {
	v.header(c, l.header)
	v.aisle(c, l.aisle)
	v.wineries(c, l.wineries)
	v.supply(c, l.supply)
	for seat, r := range l.seats {
		v.seat(c, engine.Seat(seat), r)
	}
}

// legendStatic names the card codes, so that no variety is told by its
// color alone.
func legendStatic(c *render.Canvas, r rect) {
	text := "PN Pinot Noir · GA Garnacha · CH Chardonnay · CS Cabernet Sauvignon · vine: an empty vine · " +
		"+1: a wildcard grape · tool ?: hidden under the top card"
	c.Text(text, r.X, r.CY(), 0, 0.5, small)
}
