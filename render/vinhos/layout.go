package vinhos

import (
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The shared board, in pixels: the header, two rows of board areas, one
// panel per player (a strip for a seat without a board) and the legend.
const (
	width  = 1800
	margin = 16
	gap    = 14

	headerH = 96
	row1H   = 440
	row2H   = 226
	panelH  = 176 // a player board
	stripH  = 64  // a seat without a board
	legendH = 28
)

type rect = render.Rect

// layout places every area of the shared board for one player count and
// set of seats with a board.
type layout struct {
	players int
	board   []bool // by seat: drawn with a player board
	header  rect
	regions rect
	quadrel rect
	sales   rect
	export  rect
	vintage rect
	display rect
	booths  rect
	decks   rect
	supply  rect
	scores  rect
	seats   []rect // by seat: a player board or a strip
	legend  rect
	height  int
}

func newLayout(board []bool) *layout {
	l := &layout{players: len(board), board: board}
	x := float64(margin)
	l.header = rect{X: x, Y: 0, W: width - 2*margin, H: headerH}

	y := float64(headerH)
	l.regions = rect{X: x, Y: y, W: 606, H: row1H}
	l.quadrel = rect{X: l.regions.Right() + gap, Y: y, W: 440, H: row1H}
	l.sales = rect{X: l.quadrel.Right() + gap, Y: y, W: 406, H: 214}
	l.export = rect{X: l.sales.Right() + gap, Y: y, W: width - margin - l.sales.Right() - gap, H: 290}
	l.vintage = rect{X: l.sales.X, Y: l.sales.Bottom() + gap, W: l.sales.W, H: y + row1H - l.sales.Bottom() - gap}

	y += row1H + gap
	l.display = rect{X: x, Y: y, W: 510, H: row2H}
	l.booths = rect{X: l.display.Right() + gap, Y: y, W: 236, H: row2H}
	l.decks = rect{X: l.booths.Right() + gap, Y: y, W: 380, H: row2H}
	l.supply = rect{X: l.decks.Right() + gap, Y: y, W: 260, H: row2H}
	l.scores = rect{X: l.supply.Right() + gap, Y: y, W: width - margin - l.supply.Right() - gap, H: row2H}

	y += row2H + gap
	for _, b := range board {
		h := float64(stripH)
		if b {
			h = panelH
		}
		l.seats = append(l.seats, rect{X: x, Y: y, W: width - 2*margin, H: h})
		y += h + gap/2
	}
	l.legend = rect{X: x, Y: y + gap/2, W: width - 2*margin, H: legendH}
	l.height = int(l.legend.Bottom()) + margin
	return l
}

// static draws what every render of this layout shares.
func (l *layout) static(c *render.Canvas, d *vinhos.Data) {
	c.SetColor(render.Paper)
	c.Clear()
	headerStatic(c, l.header)
	regionsStatic(c, l.regions, d)
	quadrelStatic(c, l.quadrel, l.players)
	salesStatic(c, l.sales, d)
	exportStatic(c, l.export, d, l.players)
	vintageStatic(c, l.vintage)
	displayStatic(c, l.display, d, l.players)
	boothsStatic(c, l.booths)
	decksStatic(c, l.decks)
	supplyStatic(c, l.supply)
	scoresStatic(c, l.scores)
	for seat, r := range l.seats {
		if l.board[seat] {
			boardStatic(c, r)
		} else {
			stripStatic(c, r)
		}
	}
	legendStatic(c, l.legend)
}

// pieces draws one state's pieces on the background.
func (l *layout) pieces(c *render.Canvas, v *view) {
	v.header(c, l.header)
	v.regions(c, l.regions)
	v.quadrel(c, l.quadrel)
	v.sales(c, l.sales)
	v.export(c, l.export)
	v.vintage(c, l.vintage)
	v.display(c, l.display)
	v.booths(c, l.booths)
	v.decks(c, l.decks)
	v.supply(c, l.supply)
	v.scores(c, l.scores)
	for seat, r := range l.seats {
		if l.board[seat] {
			v.playerBoard(c, engine.Seat(seat), r)
		} else {
			v.strip(c, engine.Seat(seat), r)
		}
	}
}
