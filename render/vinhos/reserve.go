package vinhos

import (
	"github.com/adega-bot/adega/render"
)

// The 2010 Reserve's board: the areas it shares with 2016 (regions,
// Quadrel, markets, Wine Experts, standings, player boards) and its own,
// each one focused view wide: the Managers' rows, the bank and the Fair's
// feature tracks and slots. It has no Magnate tiles, display or booths;
// the Vintage tile's expectations show in the Managers' rows.
//
// placeReserve places the full board: the first row is 2016's, with the
// Wine Experts where the Vintage tile was; the second holds the Reserve's
// areas and the standings.
func (l *layout) placeReserve() {
	l.decks = l.placeFirstRow()
	x, y := float64(margin), float64(headerH+row1H+gap)
	h := float64(max(managersH, bankH, fairH))
	l.managers = rect{X: x, Y: y, W: focusInner, H: h}
	l.bank = rect{X: l.managers.Right() + gap, Y: y, W: focusInner, H: h}
	l.fair = rect{X: l.bank.Right() + gap, Y: y, W: focusInner, H: h}
	l.scores = rect{X: l.fair.Right() + gap, Y: y, W: width - margin - l.fair.Right() - gap, H: h - supplyLineH - gap}
	l.supply = rect{X: l.scores.X, Y: l.scores.Bottom() + gap, W: l.scores.W, H: supplyLineH}
	l.placeSeats(y + h + gap)
}

// placeReserveCompact places the compact board in one column.
func (l *layout) placeReserveCompact() {
	l.placeColumn(
		slot{&l.quadrel, focusInner, row1H}, slot{&l.regions, focusInner, regionsH}, slot{&l.sales, focusInner, salesH},
		slot{&l.export, focusInner, exportH}, slot{&l.decks, focusInner, row2H}, slot{&l.managers, focusInner, float64(managersH)},
		slot{&l.bank, focusInner, float64(bankH)}, slot{&l.fair, focusInner, float64(fairH)}, slot{&l.scores, focusInner, row2H + 24},
		slot{&l.supply, focusInner, supplyLineH})
}

// reserveAreas draws the Reserve's areas that its layout draws whole, with
// their pieces.
func (v *view) reserveAreas(c *render.Canvas, l *layout) {
	if l.compact {
		area(c, l.regions, v.regionsListed)
	} else {
		area(c, l.regions, v.regions)
	}
	area(c, l.supply, v.supplyLine)
	area(c, l.managers, v.managers)
	area(c, l.bank, v.bank)
	area(c, l.fair, v.fair)
}
