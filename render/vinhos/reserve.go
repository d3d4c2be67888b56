package vinhos

import (
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The 2010 Reserve's board: the areas it shares with 2016 (regions,
// Quadrel, markets, Wine Experts, standings, player boards) and its own,
// each one focused view wide: the Managers' rows, the bank and the Fair's
// feature tracks and slots. It has no Magnate tiles, display or booths;
// the Vintage tile's expectations show in the Managers' rows.
func newReserveLayout(board []bool, compact bool, mode vinhos.Mode, estates int) *layout {
	l := &layout{players: len(board), board: board, mode: mode, estates: estates, compact: compact}
	if compact {
		l.width = compactWidth
		l.header = rect{X: margin, Y: 0, W: compactWidth - 2*margin, H: headerH}
		left, right := float64(headerH), float64(headerH)
		lx, rx := float64(margin), float64(margin+focusInner+gap)
		l.quadrel = column(&left, lx, focusInner, row1H)
		l.sales = column(&left, lx, focusInner, 214)
		l.decks = column(&left, lx, focusInner, row2H)
		l.managers = column(&left, lx, focusInner, float64(managersH))
		l.scores = column(&left, lx, focusInner, row2H+24)
		l.regions = column(&right, rx, focusInner, regionsH)
		l.export = column(&right, rx, focusInner, 290)
		l.bank = column(&right, rx, focusInner, float64(bankH))
		l.fair = column(&right, rx, focusInner, float64(fairH))
		l.supply = column(&right, rx, focusInner, supplyLineH)
		l.placeSeats(max(left, right))
		return l
	}
	// The first row is 2016's, with the Wine Experts where the Vintage
	// tile was; the second holds the Reserve's areas and the standings.
	l.width = width
	l.decks = l.placeFirstRow()
	x, y := float64(margin), float64(headerH+row1H+gap)
	h := float64(max(managersH, bankH, fairH))
	l.managers = rect{X: x, Y: y, W: focusInner, H: h}
	l.bank = rect{X: l.managers.Right() + gap, Y: y, W: focusInner, H: h}
	l.fair = rect{X: l.bank.Right() + gap, Y: y, W: focusInner, H: h}
	l.scores = rect{X: l.fair.Right() + gap, Y: y, W: width - margin - l.fair.Right() - gap, H: h - supplyLineH - gap}
	l.supply = rect{X: l.scores.X, Y: l.scores.Bottom() + gap, W: l.scores.W, H: supplyLineH}
	l.placeSeats(y + h + gap)
	return l
}

// reserveAreas draws the Reserve's areas that its layout draws whole, with
// their pieces.
func (v *view) reserveAreas(c *render.Canvas, l *layout) {
	if l.compact {
		v.regionList(c, l.regions)
	} else {
		v.regions(c, l.regions)
	}
	v.supplyLine(c, l.supply)
	v.managers(c, l.managers)
	v.bank(c, l.bank)
	v.fair(c, l.fair)
}
