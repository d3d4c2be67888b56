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
	margin = render.Margin
	gap    = render.Gap

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
	mode    vinhos.Mode
	estates int // on each player board
	// compact is the board in one column of focused-view panels, each seat
	// with its counters and estates: for a phone.
	compact bool
	width   float64
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
	// The 2010 Reserve's own areas (reserveLayout); it has no vintage,
	// display or booths areas, and its supply is a line.
	managers rect
	bank     rect
	fair     rect
	seats    []rect // by seat: a player board or a strip
	legend   rect
	height   int
}

// newLayout places the board of a mode with its Estates, for the seats
// given (true: drawn with a player board), full or compact.
func newLayout(board []bool, compact bool, mode vinhos.Mode, estates int) *layout {
	l := &layout{players: len(board), board: board, mode: mode, estates: estates, compact: compact, width: width}
	if compact {
		l.width = compactWidth
	}
	switch {
	case vinhos.ReserveBoard(mode) && compact:
		l.placeReserveCompact()
	case vinhos.ReserveBoard(mode):
		l.placeReserve()
	case compact:
		l.place2016Compact()
	default:
		l.place2016()
	}
	return l
}

// The heights and widths of areas that the full board, the compact board
// and the focused views share.
const (
	salesH   = 214
	exportH  = 290
	vintageH = 212
	boothsW  = 236
)

// place2016 places the full 2016 board: the first row, then the display,
// booths, decks, supply and standings, then the seats.
func (l *layout) place2016() {
	x := float64(margin)
	l.vintage = l.placeFirstRow()

	y := float64(headerH + row1H + gap)
	l.display = rect{X: x, Y: y, W: 510, H: row2H}
	l.booths = rect{X: l.display.Right() + gap, Y: y, W: boothsW, H: row2H}
	l.decks = rect{X: l.booths.Right() + gap, Y: y, W: 380, H: row2H}
	l.supply = rect{X: l.decks.Right() + gap, Y: y, W: 260, H: row2H}
	l.scores = rect{X: l.supply.Right() + gap, Y: y, W: width - margin - l.supply.Right() - gap, H: row2H}

	l.placeSeats(y + row2H + gap)
}

// place2016Compact places the compact 2016 board in one column.
func (l *layout) place2016Compact() {
	l.placeColumn(
		slot{&l.quadrel, focusInner, row1H}, slot{&l.regions, focusInner, regionsH}, slot{&l.sales, focusInner, salesH},
		slot{&l.export, focusInner, exportH}, slot{&l.vintage, focusInner, vintageH}, slot{&l.display, focusInner, displayH},
		slot{&l.booths, boothsW, row2H}, slot{&l.decks, focusInner, row2H}, slot{&l.scores, focusInner, row2H}, slot{&l.supply, focusInner, supplyLineH})
}

// placeFirstRow places the header, then the first row of the shared
// board, which both modes share: the regions, the Quadrel, the Sales above
// the area it returns, and the Export.
func (l *layout) placeFirstRow() rect {
	x, y := float64(margin), float64(headerH)
	l.header = rect{X: x, Y: 0, W: width - 2*margin, H: headerH}
	l.regions = rect{X: x, Y: y, W: 606, H: row1H}
	l.quadrel = rect{X: l.regions.Right() + gap, Y: y, W: 440, H: row1H}
	l.sales = rect{X: l.quadrel.Right() + gap, Y: y, W: 406, H: salesH}
	l.export = rect{X: l.sales.Right() + gap, Y: y, W: width - margin - l.sales.Right() - gap, H: exportH}
	return rect{X: l.sales.X, Y: l.sales.Bottom() + gap, W: l.sales.W, H: y + row1H - l.sales.Bottom() - gap}
}

// compactWidth is one focused view's.
const compactWidth = focusWidth

// compactHeaderH leaves the phase a line of its own under the title.
const compactHeaderH = headerH + 32

// slot is an area of the compact board: the rect it is placed in, and
// its size.
type slot struct {
	r    *rect
	w, h float64
}

// placeColumn places the compact board: under the header, the areas one
// above the other in a column one focused view wide, so that a phone
// showing it 400 pixels wide reads it as well as a focused view; then the
// seats.
func (l *layout) placeColumn(slots ...slot) {
	l.header = rect{X: margin, Y: 0, W: compactWidth - 2*margin, H: compactHeaderH}
	y := float64(compactHeaderH)
	for _, s := range slots {
		*s.r = rect{X: margin, Y: y, W: s.w, H: s.h}
		y += s.h + gap
	}
	l.placeSeats(y)
}

// placeSeats puts the seats' boards or strips from y, then the legend.
func (l *layout) placeSeats(y float64) {
	for _, b := range l.board {
		h := float64(stripH)
		switch {
		case l.compact:
			h = compactSeatH(b, l.estates)
		case b:
			h = panelH
		}
		l.seats = append(l.seats, rect{X: margin, Y: y, W: l.width - 2*margin, H: h})
		y += h + gap/2
	}
	l.legend = rect{X: margin, Y: y + gap/2, W: l.width - 2*margin, H: legendH}
	if l.compact {
		l.legend.H = compactLegendLines * legendH
	}
	l.height = int(l.legend.Bottom()) + margin
}

// static draws what every render of this layout shares.
func (l *layout) static(c *render.Canvas, d *vinhos.Data) {
	c.SetColor(render.Paper)
	c.Clear()
	headerStatic(c, l.header, l.mode)
	quadrelStatic(c, l.quadrel, l.players, l.mode)
	salesStatic(c, l.sales, d, l.mode)
	exportStatic(c, l.export, d, l.players, l.mode)
	decksStatic(c, l.decks, l.mode)
	c.PanelNote(l.decks, decksNote)
	scoresStatic(c, l.scores)
	if vinhos.ReserveBoard(l.mode) {
		if !l.compact {
			regionsStatic(c, l.regions, d, l.mode)
		}
	} else {
		vintageStatic(c, l.vintage)
		boothsStatic(c, l.booths)
		if !l.compact { // the compact areas draw whole with the pieces
			regionsStatic(c, l.regions, d, l.mode)
			displayStatic(c, l.display, d, l.players)
			supplyStatic(c, l.supply)
		}
	}
	for seat, r := range l.seats {
		switch {
		case l.compact:
			compactSeatStatic(c, r, l.board[seat], l.estates)
		case l.board[seat]:
			boardStatic(c, r, l.estates)
		default:
			stripStatic(c, r)
		}
	}
	legendStatic(c, l.legend, l.mode)
}

// pieces draws one state's pieces on the background, area by area: on
// the board drawn before, only the areas that changed are drawn again.
func (l *layout) pieces(c *render.Canvas, v *view) {
	area(c, l.header, v.header)
	area(c, l.quadrel, v.quadrel)
	area(c, l.sales, v.sales)
	area(c, l.export, v.export)
	area(c, l.decks, v.decks)
	area(c, l.scores, v.scores)
	switch {
	case vinhos.ReserveBoard(l.mode):
		v.reserveAreas(c, l)
	case l.compact:
		area(c, l.vintage, v.vintage)
		area(c, l.booths, v.booths)
		area(c, l.regions, v.regionsListed)
		area(c, l.display, v.displayGrid)
		area(c, l.supply, v.supplyLine)
	default:
		area(c, l.vintage, v.vintage)
		area(c, l.booths, v.booths)
		area(c, l.regions, v.regions)
		area(c, l.display, v.display)
		area(c, l.supply, v.supply)
	}
	for seat, r := range l.seats {
		area(c, r, func(c *render.Canvas, r rect) {
			switch {
			case l.compact:
				v.compactSeat(c, engine.Seat(seat), r)
			case l.board[seat]:
				v.playerBoard(c, engine.Seat(seat), r)
			default:
				v.strip(c, engine.Seat(seat), r, "no player board")
			}
		})
	}
}

// area draws one area of the board, r, with draw (render.Canvas.Area).
func area(c *render.Canvas, r rect, draw func(*render.Canvas, rect)) {
	c.Area(r, func(c *render.Canvas) { draw(c, r) })
}
