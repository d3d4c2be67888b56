package lavina

import (
	"fmt"
	"image"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

// The column views: a player's own board (/lavina me) and the focused
// view of one step of their decision (engine.Step.Focus). Each is one
// panel wide and drawn at twice the scale, so that a phone showing it 400
// pixels wide shows the smallest text 10 pixels high.
const (
	columnInner = aisleW
	columnW     = 2*margin + columnInner
	columnScale = 2
	columnTopH  = 70 // the player's line and what they must decide
)

// block is one panel of a column view.
type block = render.Block[*view]

var (
	aisleBlock = block{Height: func(v *view, _ engine.Seat) float64 { return aisleHeight(len(v.v.Aisle)) }, Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) {
		aisleStatic(c, r, len(v.v.Aisle))
		v.aisle(c, r)
	}}
	wineriesBlock = block{Height: func(v *view, _ engine.Seat) float64 { return wineriesHeight(columnInner, len(v.v.Wineries)) }, Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) {
		wineriesStatic(c, r)
		v.wineries(c, r)
	}}
	supplyBlock = block{Height: render.Fixed[*view](supplyH), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) {
		supplyStatic(c, r)
		v.supply(c, r)
	}}
	tradesBlock = block{Height: func(v *view, _ engine.Seat) float64 { return tradesHeight(len(v.v.Trades)) }, Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) {
		v.trades(c, seat, r)
	}}
	seatBlock = block{Height: render.Fixed[*view](seatH), Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) {
		seatStatic(c, r)
		v.seat(c, seat, r)
	}}
)

// ownBoard is the blocks of a player's own board, and of a focused view
// of a focus the renderer does not know.
var ownBoard = []block{seatBlock, wineriesBlock}

// focusBlocks are the blocks each focus shows, top to bottom.
var focusBlocks = map[string][]block{
	lavina.FocusAisle:    {aisleBlock, seatBlock},
	lavina.FocusBaskets:  {seatBlock, aisleBlock},
	lavina.FocusTools:    {seatBlock, supplyBlock},
	lavina.FocusWineries: {wineriesBlock, seatBlock},
	lavina.FocusExit:     {seatBlock, wineriesBlock, tradesBlock},
	lavina.FocusSupply:   {supplyBlock, tradesBlock, seatBlock},
}

// DrawPlayer renders seat's own board: their picker card with their
// prestige, and the wineries they deliver to.
func DrawPlayer(s *lavina.State, seat engine.Seat) image.Image {
	return drawColumn(s, seat, ownBoard, false).RGBA()
}

// Focus renders the part of the board a step of seat's decision is about;
// an unknown focus shows seat's own board.
func Focus(s *lavina.State, seat engine.Seat, focus string) image.Image {
	return drawFocus(s, seat, focus, false).RGBA()
}

func drawFocus(s *lavina.State, seat engine.Seat, focus string, record bool) *render.Canvas {
	blocks, ok := focusBlocks[focus]
	if !ok {
		blocks = ownBoard
	}
	return drawColumn(s, seat, blocks, record)
}

// drawColumn draws blocks one above the other under seat's line, from
// what seat may see.
func drawColumn(s *lavina.State, seat engine.Seat, blocks []block, record bool) *render.Canvas {
	v := newView(s, seat)
	column := render.Column{Width: columnW, Scale: columnScale, Top: columnTopH, Margin: margin, Gap: gap}
	return render.DrawColumn(column, v, seat, blocks, record, func(c *render.Canvas) { v.columnTop(c, seat) })
}

// columnTop is the player's token, name and prestige, then what they must
// decide now or whom the game waits for.
func (v *view) columnTop(c *render.Canvas, seat engine.Seat) {
	c.Token(margin+14, 20, 13, v.color(seat), v.tags[seat])
	right := ""
	if prestige, ok := v.prestige(seat); ok {
		right = fmt.Sprintf("%d prestige", prestige)
	}
	w := c.Text(right, columnW-margin, 20, 1, 0.5, heading)
	c.Text(c.Fit(v.names[seat], columnInner-w-50, heading), margin+34, 20, 0, 0.5, heading)
	status, st := v.status(), bold.In(render.Muted)
	if prompt := v.promptFor(seat); prompt != "" {
		status, st = "To "+prompt+".", bold.In(render.Accent)
	}
	c.Text(c.Fit(status, columnInner, st), margin, 46, 0, 0.5, st)
	c.SetColor(render.Rule)
	c.SetLineWidth(1)
	c.DrawLine(margin, columnTopH-8, columnW-margin, columnTopH-8)
	c.Stroke()
}

// promptFor is what seat must decide now, if anything.
func (v *view) promptFor(seat engine.Seat) string {
	for _, p := range v.pending {
		if p.Seat == seat {
			return p.Prompt
		}
	}
	return ""
}
