package lavina

import (
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
)

// The shared board, in user units (one pixel each): the header, the aisle
// on the left, the wineries and the supply on the right, and a panel per
// player, beside them when a row of them fits there, else below.
const (
	margin = 16
	gap    = 14
	rightW = 24 + 7*wineryW + 6*wineryGap // seven winery cards
	width  = 2*margin + aisleW + gap + rightW

	legendH      = 24
	seatsBesides = 3 // at most this many players' panels beside the aisle
)

// layout places every area of the shared board for one game's shape.
type layout struct {
	spaces   int
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
}

func newLayout(sh shape) *layout {
	l := &layout{spaces: sh.spaces}
	l.header = rect{X: margin, Y: 0, W: width - 2*margin, H: headerH}
	l.aisle = rect{X: margin, Y: headerH, W: aisleW, H: aisleHeight(sh.spaces)}
	x := l.aisle.Right() + gap
	l.wineries = rect{X: x, Y: headerH, W: rightW, H: wineriesHeight(rightW, sh.wineries)}
	l.supply = rect{X: x, Y: l.wineries.Bottom() + gap, W: rightW, H: supplyH}
	y, left, w := l.supply.Bottom()+gap, x, float64(rightW)
	if sh.players > seatsBesides {
		y, left, w = max(y, l.aisle.Bottom()+gap), margin, float64(width-2*margin)
	}
	seatW := (w - float64(sh.players-1)*gap) / float64(sh.players)
	for i := range sh.players {
		l.seats = append(l.seats, rect{X: left + float64(i)*(seatW+gap), Y: y, W: seatW, H: seatH})
	}
	bottom := max(l.aisle.Bottom(), y+seatH)
	l.legend = rect{X: margin, Y: bottom + gap/2, W: width - 2*margin, H: legendH}
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
