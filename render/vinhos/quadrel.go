package vinhos

import (
	"fmt"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The Quadrel: nine action cells with their prices, the Action markers,
// the Year/Taxation marker and what the player to act pays to move to each
// cell; below it, the two Player Order rows.
const (
	cellW   = 136
	cellH   = 104
	cellGap = 6
)

func quadrelCell(r rect, c vinhos.Cell) rect {
	return rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 2}.Grid(c.Col(), c.Row(), cellW, cellH, cellGap)
}

// actionText names each action and says what it does; an item's price
// is left out, marked %, for the engine's (priced).
var actionText = [...][2]string{
	vinhos.ActVineyards:   {"Vineyards", "1-2, printed cost"},
	vinhos.ActCellars:     {"Cellars", "1-2 at % each"},
	vinhos.ActWineries:    {"Wineries", "1-2 at % each"},
	vinhos.ActWineExperts: {"Wine Experts", "1-2 at % each"},
	vinhos.ActPass:        {"Pass / Press", "always free to enter"},
	vinhos.ActEnologists:  {"Enologists", "% each, Farmers %"},
	vinhos.ActExport:      {"Export", "1-2 wines for VP"},
	vinhos.ActSales:       {"Sales", "1-2 wines for Bagos"},
}

// reserveActionText is what the 2010 Reserve counts otherwise, and its
// Bank action.
var reserveActionText = map[vinhos.Action][2]string{
	vinhos.ActVineyards:  {"Vineyards", "1 a region, at cost"},
	vinhos.ActCellars:    {"Cellars", "1 at %"},
	vinhos.ActEnologists: {"Enologists", fmt.Sprintf("1-2 at %%, salary %d", vinhos.R10EnologistSalary)},
	vinhos.ActExport:     {"Export", "wines for row VP"},
	vinhos.ActSales:      {"Sales", "wines into the bank"},
	vinhos.ActBank:       {"Bank", "cash in/out, invest"},
}

// cellText names a Quadrel cell's action in a mode and says what it does.
func cellText(mode vinhos.Mode, cell vinhos.Cell) [2]string {
	act := vinhos.Quadrel[mode][cell]
	if t, ok := reserveActionText[act]; ok && vinhos.ReserveBoard(mode) {
		return t
	}
	return actionText[act]
}

// priced draws a cell's line at x, y with its items' prices for seat in
// the places marked %: the action's item, then the Farmer; struck out
// where strike and seat cannot pay.
func (v *view) priced(c *render.Canvas, line string, act vinhos.Action, seat engine.Seat, strike bool, x, y float64) {
	prices := []vinhos.Price{v.s.ActionPrice(seat, act)}
	if farmer, ok := v.s.FarmerPrice(seat); ok {
		prices = append(prices, farmer)
	}
	for i, part := range strings.Split(line, "%") {
		if i > 0 {
			p := prices[min(i, len(prices))-1]
			if strike && !p.Affordable {
				x += c.Struck(fmt.Sprint(p.Bagos), x, y, 0, 0.5, smallB.In(render.Accent))
			} else {
				x += c.Text(fmt.Sprint(p.Bagos), x, y, 0, 0.5, smallB)
			}
		}
		x += c.Text(part, x, y, 0, 0.5, small)
	}
}

// orderRow is the y of Player Order row i (0 the top row).
func orderRow(r rect, i int) float64 {
	return r.Y + render.PanelTitle + 3*cellH + 2*cellGap + 22 + float64(i)*32
}

// orderSlot is the x of slot k of a Player Order row.
func orderSlot(r rect, k int) float64 { return r.X + 120 + float64(k)*40 }

func quadrelStatic(c *render.Canvas, r rect, players int, mode vinhos.Mode) {
	c.Panel(r, "Actions")
	for cell := range vinhos.Cell(vinhos.NumCells) {
		k := quadrelCell(r, cell)
		c.Box(k, 6, render.Paper, render.Rule)
		c.Text(cellText(mode, cell)[0], k.X+8, k.Y+14, 0, 0.5, bold)
	}
	for i, label := range []string{"Player order", "Passed"} {
		y := orderRow(r, i)
		c.Text(label, r.X+12, y, 0, 0.5, bold)
		for k := range players {
			c.DrawCircle(orderSlot(r, k), y, 14)
			c.SetColor(render.Rule)
			c.SetLineWidth(1.5)
			c.Stroke()
		}
	}
}

func (v *view) quadrel(c *render.Canvas, r rect) {
	mover, moving := v.mover()
	if moving {
		c.PanelNote(r, fmt.Sprintf("coins: what %s pays to move", c.Fit(v.names[mover], 120, small)))
	}
	taxed := v.s.TaxedCell()
	for cell := range vinhos.Cell(vinhos.NumCells) {
		k := quadrelCell(r, cell)
		v.priced(c, cellText(v.s.Mode, cell)[1], vinhos.Quadrel[v.s.Mode][cell], mover, moving, k.X+8, k.Y+34)
		x := k.X + 20
		for seat := range v.s.Seats {
			if v.s.Seats[seat].Cell == cell {
				v.token(c, engine.Seat(seat), x, k.Y+84, 12)
				x += 27
			}
		}
		if cell == taxed {
			taxMarker(c, k.X+34, k.Y+58, v.s.Year)
		}
		if moving && v.s.Seats[mover].Cell != cell {
			move := v.s.MovePrice(mover, cell)
			coin := c.Coin
			if !move.Affordable {
				coin = c.CrossedCoin
			}
			coin(k.Right()-18, k.Y+60, 13, fmt.Sprint(move.Bagos))
		}
	}
	for k, seat := range v.s.Order {
		v.token(c, seat, orderSlot(r, k), orderRow(r, 0), 13)
	}
	for k, seat := range v.s.Bottom {
		if seat != engine.NoSeat {
			v.token(c, seat, orderSlot(r, k), orderRow(r, 1), 13)
		} else {
			c.Text(fmt.Sprint(k+1), orderSlot(r, k), orderRow(r, 1), 0.5, 0.5, small)
		}
	}
}

// mover is the seat about to move its Action marker, if any: not one
// whose decision in progress moved it already.
func (v *view) mover() (engine.Seat, bool) {
	p := v.pending
	if len(p) != 1 || (v.s.At != vinhos.PhaseActions && v.s.At != vinhos.PhaseFinalAction) || v.s.Moved(p[0].Seat) {
		return 0, false
	}
	return p[0].Seat, true
}

// taxMarker draws the Year/Taxation marker: the year (Y if none), and the
// tax it adds.
func taxMarker(c *render.Canvas, x, y float64, year int) {
	c.Box(rect{X: x - 26, Y: y - 10, W: 52, H: 20}, 10, render.Accent, render.Ink)
	label := fmt.Sprintf("Y%d +%d", year, vinhos.FeeTaxation)
	if year == 0 {
		label = fmt.Sprintf("Y +%d", vinhos.FeeTaxation)
	}
	c.Text(label, x, y, 0.5, 0.5, smallB.In(render.InkOn(render.Accent)))
}
