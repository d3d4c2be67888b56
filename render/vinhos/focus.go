package vinhos

import (
	"fmt"
	"image"
	"slices"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The focused view: for a player's decision, only the part of the board the
// step is about (engine.Step.Focus), with the player's counters above it.
// It is a column one panel wide, so that a phone showing it 400 pixels
// wide still shows the smallest text 11 pixels high; the full board,
// shrunk to that width, shows it at 3.
const (
	focusWidth = 2*margin + focusInner
	focusInner = 440 // a panel's width, the Quadrel's
	focusScale = 2
	focusTopH  = 74 // the player's line and what they must decide
)

// block is one panel of a focused view.
type block = render.Block[*view]

// fixed is the height of a block that is always as tall.
var fixed = render.Fixed[*view]

// focusBlocks are the panels each focus shows, top to bottom. Every focus
// shows the player's wines (the estates show them too), which a player
// weighs at every decision: what a Sale or an Export would bring.
var focusBlocks = map[string][]block{
	vinhos.FocusActions: {quadrelBlock, winesBlock, heldBlock},
	vinhos.FocusRegions: {regionsBlock, winesBlock},
	vinhos.FocusEstates: {estatesBlock, supplyBlock, buyingBlock},
	vinhos.FocusExperts: {decksBlock, winesBlock, heldBlock},
	vinhos.FocusSales:   {salesBlock, winesBlock},
	vinhos.FocusExport:  {exportBlock, winesBlock},
	vinhos.FocusBarrels: {salesBlock, exportBlock, winesBlock},
	vinhos.FocusFair:    {vintageBlock, boothsBlock, winesBlock},
	vinhos.FocusTiles:   {displayBlock, winesBlock},
}

// Focus draws the focused view of seat's decision for a step about focus;
// an unknown or empty focus shows the player's estates and what they hold.
func Focus(s *vinhos.State, seat engine.Seat, focus string) image.Image {
	c := drawFocus(s, seat, focus, false)
	return c.RGBA()
}

// FocusOf draws an engine state of Vinhos, for render.Boards.
func FocusOf(s engine.State, seat engine.Seat, focus string) image.Image {
	return Focus(s.(*vinhos.State), seat, focus)
}

// reserveFocusBlocks replace, in the 2010 Reserve, the focuses on what
// only 2016 has (booths, Magnate tiles): its Fair slots and tracks, and
// the Managers' rows where a wine buys a benefit.
var reserveFocusBlocks = map[string][]block{
	vinhos.FocusFair:  {fairBlock, winesBlock},
	vinhos.FocusTiles: {managersBlock, winesBlock},
	vinhos.FocusBank:  {bankBlock, investBlock, winesBlock},
}

func drawFocus(s *vinhos.State, seat engine.Seat, focus string, record bool) *render.Canvas {
	blocks, ok := focusBlocks[focus]
	if b, mine := reserveFocusBlocks[focus]; mine && vinhos.ReserveBoard(s.Mode) {
		blocks, ok = b, true
	}
	if !ok {
		blocks = []block{estatesBlock, heldBlock}
	}
	v := newView(s, Options{})
	column := render.Column{Width: focusWidth, Scale: focusScale, Top: focusTopH, Margin: margin, Gap: gap}
	return render.DrawColumn(column, v, seat, blocks, record, func(c *render.Canvas) { v.focusTop(c, seat) })
}

// focusTop is the player's token, name and counters, then what they must
// decide now.
func (v *view) focusTop(c *render.Canvas, seat engine.Seat) {
	v.token(c, seat, margin+14, 20, 13)
	p := &v.s.Seats[seat]
	counters := fmt.Sprintf("%s · %d VP · %d Fair pts", bagosText(p.Money), p.VP, p.FairPoints)
	if vinhos.ReserveBoard(v.s.Mode) {
		counters = fmt.Sprintf("%s · %d in bank · %d VP · %d FP", bagosText(p.Money), p.Bank.Account, p.VP, p.FairPoints)
	}
	right := c.Text(counters, focusWidth-margin, 20, 1, 0.5, bold)
	// The name takes what the counters leave, 150 at most.
	room := min(150, focusWidth-margin-right-12-(margin+34))
	c.Text(c.Fit(v.names[seat], room, heading), margin+34, 20, 0, 0.5, heading)
	status, st := v.waiting(), bold.In(render.Muted)
	if v.acting[seat] {
		status, st = "To "+v.promptFor(seat)+".", bold.In(render.Accent)
	}
	c.Text(c.Fit(status, focusInner, st), margin, 48, 0, 0.5, st)
	c.SetColor(render.Rule)
	c.SetLineWidth(1)
	c.DrawLine(margin, focusTopH-10, focusWidth-margin, focusTopH-10)
	c.Stroke()
}

var (
	quadrelBlock = block{Height: fixed(row1H), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) {
		quadrelStatic(c, r, len(v.s.Seats), v.s.Mode)
		v.quadrel(c, r)
	}}
	salesBlock = block{Height: fixed(salesH), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) {
		salesStatic(c, r, v.d, v.s.Mode)
		v.sales(c, r)
	}}
	exportBlock = block{Height: fixed(exportH), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) {
		exportStatic(c, r, v.d, len(v.s.Seats), v.s.Mode)
		v.export(c, r)
	}}
	vintageBlock = block{Height: fixed(vintageH), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) {
		vintageStatic(c, r)
		v.vintage(c, r)
	}}
	decksBlock = block{Height: fixed(row2H), Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) {
		decksStatic(c, r, v.s.Mode)
		v.hireNote(c, r, seat)
		v.decks(c, r)
	}}
	supplyBlock = block{Height: fixed(supplyLineH), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) { v.supplyLine(c, r) }}
	// buyingBlock: what the action under way buys, and at what price.
	buyingBlock = block{
		Height: func(v *view, seat engine.Seat) float64 { return float64(min(1, len(v.s.Buying(seat)))) * supplyLineH },
		Draw:   func(c *render.Canvas, v *view, seat engine.Seat, r rect) { v.buying(c, seat, r) },
	}
	// boothsBlock: the Fair booths beside the Experts the player could
	// send to the Fair.
	boothsBlock = block{Height: fixed(row2H), Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) {
		b := rect{X: r.X, Y: r.Y, W: boothsW, H: r.H}
		boothsStatic(c, b)
		v.booths(c, b)
		v.heldList(c, seat, rect{X: b.Right() + gap, Y: r.Y, W: r.Right() - b.Right() - gap, H: r.H}, true)
	}}
	managersBlock = block{Height: fixed(float64(managersH)), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) { v.managers(c, r) }}
	bankBlock     = block{Height: fixed(float64(bankH)), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) { v.bank(c, r) }}
	// investBlock: what the player's next investment step costs them.
	investBlock  = block{Height: fixed(supplyLineH), Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) { v.investLine(c, seat, r) }}
	fairBlock    = block{Height: fixed(float64(fairH)), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) { v.fair(c, r) }}
	heldBlock    = block{Height: heldH, Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) { v.heldList(c, seat, r, false) }}
	winesBlock   = block{Height: winesH, Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) { v.winesPanel(c, seat, r) }}
	estatesBlock = block{
		Height: func(v *view, _ engine.Seat) float64 { return estatesH(v.s.Estates(), v.bankOnBoard()) },
		Draw:   func(c *render.Canvas, v *view, seat engine.Seat, r rect) { v.estateGrid(c, seat, r, v.allEstates()) },
	}
	regionsBlock = block{Height: fixed(pricedRegionsH), Draw: func(c *render.Canvas, v *view, seat engine.Seat, r rect) { v.regionList(c, r, seat) }}
	displayBlock = block{Height: fixed(displayH), Draw: func(c *render.Canvas, v *view, _ engine.Seat, r rect) { v.displayGrid(c, r) }}
)

// The player's estates, two to a row, and on a Reserve board of four
// Estates the bank after them.
func estatesH(shown int, bank bool) float64 {
	if bank {
		shown++
	}
	rows := float64((shown + 1) / 2)
	return rows*estateH + (rows-1)*estateGap
}

// allEstates are the estates of seat's board: each, used or not.
func (v *view) allEstates() []int {
	all := make([]int, v.s.Estates())
	for e := range all {
		all[e] = e
	}
	return all
}

// estateGrid draws seat's estates numbered in shown, two to a row, then
// the bank if the board shows it.
func (v *view) estateGrid(c *render.Canvas, seat engine.Seat, r rect, shown []int) {
	best := v.bestWine(seat)
	place := func(i int) rect {
		k := r.Grid(i%2, i/2, estateW, estateH, estateGap)
		k.X += (r.W - 2*estateW - estateGap) / 2
		return k
	}
	for i, e := range shown {
		k := place(i)
		estateStatic(c, k, e)
		v.estate(c, seat, e, k, best)
	}
	if v.bankOnBoard() {
		v.bankBox(c, seat, place(len(shown)))
	}
}

// The supply, in one line: each item's icon (the legend names them) and
// how many are left.
const supplyLineH = 40

func (v *view) supplyLine(c *render.Canvas, r rect) {
	c.Box(r, 8, render.PanelFill, render.Rule)
	x := r.X + 12 + c.Text("Supply", r.X+12, r.CY(), 0, 0.5, bold)
	items := supplyItems[:]
	if !vinhos.HasFarmers(v.s.Mode) {
		items = slices.DeleteFunc(slices.Clone(items), func(it supplyItem) bool { return it.name == farmersItem })
	}
	step := (r.Right() - x) / float64(len(items))
	for i, it := range items {
		at := x + float64(i)*step
		it.icon(c, at+14, r.CY())
		c.Text(fmt.Sprint(it.left(v.s)), at+28, r.CY(), 0, 0.5, heading)
	}
}

// buying writes, in a line, each item the action under way buys and its
// price for seat (vinhos.State.Buying).
func (v *view) buying(c *render.Canvas, seat engine.Seat, r rect) {
	c.Box(r, 8, render.PanelFill, render.Rule)
	x := r.X + 12 + c.Text("Buying", r.X+12, r.CY(), 0, 0.5, bold)
	for _, p := range v.s.Buying(seat) {
		x += 16 + c.Text(p.Item+" at ", x+16, r.CY(), 0, 0.5, normal)
		x += priceTag(c, p.Price, x, r.CY(), 0)
	}
}

// The Wine Experts and Magnate tiles the player holds, a line each, up to
// heldRows lines.
const (
	heldRows = 4
	heldRowH = 34
)

func heldH(v *view, seat engine.Seat) float64 {
	p := &v.s.Seats[seat]
	return render.PanelTitle + 10 + float64(min(max(1, len(p.Experts)+len(p.Tiles)), heldRows))*heldRowH
}

// heldList lists seat's Experts and, unless expertsOnly, Magnate tiles: a
// chip and its full name a row, where there is room for the name.
func (v *view) heldList(c *render.Canvas, seat engine.Seat, r rect, expertsOnly bool) {
	p := &v.s.Seats[seat]
	title := "Your Experts and tiles"
	if expertsOnly {
		title = "Your Experts"
	}
	c.Panel(r, title)
	type row struct {
		draw func(k rect)
		name string
	}
	var rows []row
	for _, x := range p.Experts {
		rows = append(rows, row{func(k rect) { v.expertChip(c, k, x.ID, x.FaceUp) }, v.s.ExpertName(x.ID)})
	}
	if !expertsOnly {
		for _, t := range p.Tiles {
			rows = append(rows, row{func(k rect) { v.tileChip(c, seat, k, t) }, v.s.TileName(t.ID)})
		}
	}
	rowH := float64(heldRowH)
	fit := int((r.H - render.PanelTitle - 10) / rowH)
	if len(rows) == 0 {
		c.Text("none", r.X+12, r.Y+render.PanelTitle+16, 0, 0.5, small)
	}
	for i, it := range rows {
		y := r.Y + render.PanelTitle + 4 + float64(i)*rowH
		if i == fit-1 && len(rows) > fit {
			c.Text(fmt.Sprintf("and %d more", len(rows)-i), r.X+12, y+rowH/2-3, 0, 0.5, small)
			break
		}
		k := rect{X: r.X + 10, Y: y, W: min(chipW, r.W-20), H: chipH}
		it.draw(k)
		if room := r.Right() - k.Right() - 20; room > 60 {
			c.Text(c.Fit(it.name, room, normal), k.Right()+10, k.CY(), 0, 0.5, normal)
		}
	}
}

// The player's wines, in rows that run on: each estate's number, then
// its wines with their value now and with the region's Renown cubes; a
// cellar fuller than winesRows rows (rare) ends with how many more.
const (
	winesRowH  = 56
	winesRows  = 3
	wineTileW  = 49
	wineStep   = wineTileW + 4
	estateMark = 26 // an estate's number before its wines
	moreW      = 70 // room for "+N more"
)

// A placedWine is an estate's number (wine < 0) or one of its wines, at
// x of a row of the wines panel.
type placedWine struct {
	estate, wine, row int
	x                 float64
}

// flowWines places seat's wines in rows width wide, an estate's number
// always beside its first wine, in maxRows rows at most; it returns
// them, the rows used and how many wines did not fit.
func (v *view) flowWines(seat engine.Seat, width float64, maxRows int) (placed []placedWine, rows, more int) {
	placed, rows = v.flowAllWines(seat, width)
	if rows <= maxRows {
		return placed, rows, 0
	}
	kept := slices.IndexFunc(placed, func(p placedWine) bool { return p.row == maxRows })
	for kept > 0 && (placed[kept-1].x+wineStep+moreW > width || placed[kept-1].wine < 0) {
		kept--
	}
	for _, p := range placed[kept:] {
		if p.wine >= 0 {
			more++
		}
	}
	return placed[:kept], maxRows, more
}

// flowAllWines places every wine of seat's in rows width wide.
func (v *view) flowAllWines(seat engine.Seat, width float64) ([]placedWine, int) {
	var placed []placedWine
	x, row := 0.0, 0
	fit := func(w float64) {
		if x > 0 && x+w > width {
			x, row = 0, row+1
		}
	}
	for e, est := range v.s.Seats[seat].Estates {
		if !holdsWine(est) {
			continue
		}
		fit(estateMark + wineTileW)
		placed = append(placed, placedWine{estate: e, wine: -1, row: row, x: x})
		x += estateMark
		for i := range est.WineSlots() {
			if est.Wines[i].Quality > 0 {
				fit(wineTileW)
				placed = append(placed, placedWine{estate: e, wine: i, row: row, x: x})
				x += wineStep
			}
		}
		x += 8
	}
	return placed, row + 1
}

// winesWidth is the room for wines in a panel r wide.
func winesWidth(w float64) float64 { return w - 24 }

func winesH(v *view, seat engine.Seat) float64 {
	_, rows, _ := v.flowWines(seat, winesWidth(focusInner), winesRows)
	return render.PanelTitle + 6 + float64(rows)*winesRowH
}

func (v *view) winesPanel(c *render.Canvas, seat engine.Seat, r rect) {
	c.Panel(r, "Your wines")
	c.PanelNote(r, "estate: quality · value")
	v.wineRows(c, seat, rect{X: r.X + 12, Y: r.Y + render.PanelTitle + 4, W: winesWidth(r.W)}, winesRows)
}

// wineRows draws seat's wines from the top left of r, in rows r.W wide,
// maxRows at most, or says that there are none.
func (v *view) wineRows(c *render.Canvas, seat engine.Seat, r rect, maxRows int) {
	best := v.bestWine(seat)
	placed, _, more := v.flowWines(seat, r.W, maxRows)
	for _, p := range placed {
		x, y := r.X+p.x, r.Y+float64(p.row)*winesRowH
		if p.wine < 0 {
			c.Token(x+10, y+25, 11, render.Muted, fmt.Sprint(p.estate+1))
			continue
		}
		est := &v.s.Seats[seat].Estates[p.estate]
		s := rect{X: x, Y: y, W: wineTileW, H: 50}
		wineTile(c, s, est.Wines[p.wine], v.s.WineValue(seat, p.estate, p.wine), v.s.CubeBonus(est.Region), best == wineRef{p.estate, p.wine})
	}
	if more > 0 && len(placed) > 0 {
		last := placed[len(placed)-1]
		c.Text(fmt.Sprintf("+%d more", more), r.X+last.x+wineStep+4, r.Y+float64(last.row)*winesRowH+25, 0, 0.5, smallB)
	}
	if len(placed) == 0 {
		c.Text("no wines yet", r.X, r.Y+16, 0, 0.5, small)
	}
}

// The regions, two to a row: each with the next vineyard and its price,
// how many are left, the Renown cubes, what a first vineyard there brings
// and whose estates are there. In a seat's focused view a card also says
// what that seat pays for the vineyard, struck out if it cannot.
const (
	regionCardW    = (focusInner - 20 - regionGap) / 2
	regionCardH    = 80
	pricedCardH    = regionCardH + 16
	regionsH       = render.PanelTitle + 2 + 5*(regionCardH+regionGap) + 4
	pricedRegionsH = regionsH + 5*(pricedCardH-regionCardH)
)

// regionsListed draws the regions' cards for every seat: the compact
// board's.
func (v *view) regionsListed(c *render.Canvas, r rect) { v.regionList(c, r, engine.NoSeat) }

// regionList draws the regions' cards, with what seat pays unless seat is
// engine.NoSeat.
func (v *view) regionList(c *render.Canvas, r rect, seat engine.Seat) {
	c.Panel(r, "Regions")
	h := float64(regionCardH)
	if seat != engine.NoSeat {
		h = pricedCardH
	}
	if seat != engine.NoSeat {
		c.PanelNote(r, "next vineyard · your price · left")
	} else {
		c.PanelNote(r, "next vineyard · left · cubes")
	}
	for i, id := range mapRegions(v.s.Mode) {
		k := rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 2}.Grid(i%2, i/2, regionCardW, h, regionGap)
		v.regionCard(c, id, k, seat)
	}
}

func (v *view) regionCard(c *render.Canvas, id vinhos.RegionID, k rect, seat engine.Seat) {
	c.Box(k, 6, render.Paper, render.Rule)
	reg := &v.s.Regions[id]
	tile := rect{X: k.Right() - 50, Y: k.Y + 6, W: 44, H: 44}
	c.Token(k.X+15, k.Y+15, 10, render.Ink, fmt.Sprint(vinhos.RegionNumber(v.s.Mode, id)))
	c.Text(c.Fit(vinhos.Regions[id].Name, tile.X-k.X-36, bold), k.X+30, k.Y+15, 0, 0.5, bold)
	c.Text(c.Fit(regionPerks(id), tile.X-k.X-14, small), k.X+8, k.Y+37, 0, 0.5, small)
	if !reg.InPlay {
		notInPlay(c, k, k.X+8, k.Y+62)
		return
	}
	if len(reg.Deck) > 0 {
		vineyardTile(c, tile, reg.Deck[0].Color, reg.Deck[0].Cost.V)
		c.Text(fmt.Sprintf("%d left", len(reg.Deck)), tile.CX(), k.Bottom()-13, 0.5, 0.5, small)
	} else {
		c.Text("sold out", tile.CX(), tile.CY(), 0.5, 0.5, small)
	}
	if price, ok := v.s.VineyardPrice(seat, id); ok && seat != engine.NoSeat {
		priceTag(c, price, k.Right()-8, tile.Bottom()+12, 1)
	}
	x := k.X + 16
	if n := reg.Cubes; n > 0 {
		c.Cube(x, k.Bottom()-15, 13, cubeColor)
		x += 12 + c.Text(fmt.Sprintf("×%d", n), x+10, k.Bottom()-15, 0, 0.5, smallB)
	}
	for seat := range v.s.Seats {
		for _, e := range v.s.Seats[seat].Estates {
			if e.Region == id && x < tile.X-20 {
				v.token(c, engine.Seat(seat), x+10, k.Bottom()-15, 10)
				x += 23
			}
		}
	}
}

// priceTag writes what a seat pays at x, y, anchored as Text's ax says:
// "free", or its Bagos, struck out in Accent where the seat's cash does
// not cover it. It returns its width.
func priceTag(c *render.Canvas, p vinhos.Price, x, y, ax float64) float64 {
	switch {
	case p.Bagos == 0:
		return c.Text("free", x, y, ax, 0.5, smallB)
	case !p.Affordable:
		return c.Struck(bagosText(p.Bagos), x, y, ax, 0.5, smallB.In(render.Accent))
	}
	return c.Text(bagosText(p.Bagos), x, y, ax, 0.5, smallB)
}

// bagosText says an amount of money: "1 Bago", "4 Bagos".
func bagosText(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "Bago", "Bagos")) }

// The Magnate tiles on display, four to a row.
const (
	displayCellW = (focusInner - 20 - 3*6) / 4
	displayH     = render.PanelTitle + 2 + 3*(56+6) + 4
)

func (v *view) displayGrid(c *render.Canvas, r rect) {
	c.Panel(r, "Magnate tiles")
	c.PanelNote(r, fmt.Sprintf("deck: %d left", len(v.s.Deck)))
	for i, sp := range displaySpaces(v.d, len(v.s.Seats)) {
		k := rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 2}.Grid(sp[1], sp[0], displayCellW, 56, 6)
		if i >= len(v.s.Display) || v.s.Display[i] == vinhos.NoTile {
			c.Box(k, 5, dim, render.Rule)
			continue
		}
		v.tileFace(c, k, v.s.Display[i])
	}
}

func holdsWine(est vinhos.Estate) bool {
	for _, w := range est.Wines {
		if w.Quality > 0 {
			return true
		}
	}
	return false
}
