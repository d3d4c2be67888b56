package vinhos

import (
	"fmt"
	"image/color"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The 2010 Reserve's Managers' rows: the year's weather, then a block per
// Magnate: what they expect this year and the barrels on their space, then
// their row's two Additional Action spaces (any number of barrels) and
// three Multipliers (two slots each, left the high one).
const (
	managerBlockH = 92
	managerBoxW   = 80
	managerBoxH   = 62
	managerBoxGap = 5
	managersH     = render.PanelTitle + 28 + vinhos.NumMagnates*managerBlockH + 4
)

// Multipliers that score at once are green on the board, those that score
// at the end purple; the panel's note says so in words.
var (
	nowFill = color.RGBA{0xd9, 0xee, 0xd3, 0xff}
	endFill = color.RGBA{0xe8, 0xdc, 0xf0, 0xff}
)

// additionalText names an Additional Action in two short lines.
var additionalText = [...][2]string{
	vinhos.AddWinery:     {"Winery", "for 1 Bago"},
	vinhos.AddSales:      {"Sales", "action"},
	vinhos.AddVineyard:   {"Vineyard", "2 Bagos less"},
	vinhos.AddExport:     {"Export", "action"},
	vinhos.AddExpert:     {"Expert", "for free"},
	vinhos.AddInvestment: {"Invest", "+1 for free"},
}

// multiplierText names a Multiplier; immediate ones score at once.
var multiplierText = [...]string{
	vinhos.R10MultCellars: "Cellars", vinhos.R10MultVineyards: "Vineyards", vinhos.R10MultWine: "Wine",
	vinhos.R10MultEnologists: "Enologists", vinhos.R10MultCash: "Cash", vinhos.R10MultExperts: "4 Experts",
	vinhos.R10MultEstates: "Estates", vinhos.R10MultWineries: "Wineries", vinhos.R10MultRenown: "Renown",
}

// slotValue is what a Multiplier slot pays: VP per item counted, or the
// immediate reward.
func slotValue(k vinhos.R10MultiplierKind, slot int) string {
	switch k {
	case vinhos.R10MultWine:
		return "+val"
	case vinhos.R10MultExperts:
		return fmt.Sprintf("+%d", vinhos.R10ExpertsMultiplierVP)
	}
	half := vinhos.R10MultiplierVP[k][slot]
	if half == 1 {
		return "×½"
	}
	return fmt.Sprintf("×%d", half/2)
}

func managerBlock(r rect, m vinhos.Magnate) float64 {
	return r.Y + render.PanelTitle + 28 + float64(m)*managerBlockH
}

func managerBox(r rect, m vinhos.Magnate, i int) rect {
	return rect{X: r.X + 10, Y: managerBlock(r, m) + 26}.Grid(i, 0, managerBoxW, managerBoxH, managerBoxGap)
}

func (v *view) managers(c *render.Canvas, r rect) {
	c.Panel(r, "Managers' rows")
	c.PanelNote(r, "green: VP at once · purple: at the end")
	t := v.s.VintageTile()
	y := r.Y + render.PanelTitle + 10
	x := r.X + 12 + c.Text("Weather", r.X+12, y, 0, 0.5, bold)
	weather(c, x+22, y, t.Weather.V)
	c.Text(fmt.Sprintf("Vintage tile %d · %d left", v.s.Vintage, len(v.s.VintageDeck)), r.Right()-12, y, 1, 0.5, small)
	for m := range vinhos.Magnate(vinhos.NumMagnates) {
		v.managerRow(c, r, m)
	}
}

func (v *view) managerRow(c *render.Canvas, r rect, m vinhos.Magnate) {
	y := managerBlock(r, m) + 11
	c.Token(r.X+22, y, 11, render.Ink, vinhos.MagnateName(v.s.Mode, m)[:1])
	// The expectation starts at r.X+120, or after a longer name (the first
	// edition's Constantino), which leaves it room before the barrels.
	w := c.Text(c.Fit(vinhos.MagnateName(v.s.Mode, m), 110, bold), r.X+40, y, 0, 0.5, bold)
	v.expectation(c, m, r.X+40+max(80, w+10), y)
	// The barrels on the Magnate's own space, at the right.
	x := r.Right() - 12
	for seat := len(v.s.Seats) - 1; seat >= 0; seat-- {
		if n := v.s.Seats[seat].Magnates[m]; n > 0 {
			x -= c.Measure(fmt.Sprint(n), bold)
			c.Text(fmt.Sprint(n), x, y, 0, 0.5, bold)
			v.barrel(c, engine.Seat(seat), x-12, y, 18, 20)
			x -= 32
		}
	}
	if x < r.Right()-12 {
		c.Text("kept", x+4, y, 1, 0.5, small)
	}
	row := vinhos.ManagerRows[m]
	for a, act := range row.Actions {
		k := managerBox(r, m, a)
		c.Box(k, 5, render.Paper, render.Rule)
		c.Text(additionalText[act][0], k.X+6, k.Y+12, 0, 0.5, smallB)
		c.Text(additionalText[act][1], k.X+6, k.Y+27, 0, 0.5, small)
		v.actionBarrels(c, m, a, k)
	}
	for i, kind := range row.Multipliers {
		k := managerBox(r, m, len(row.Actions)+i)
		c.Box(k, 5, multiplierFill(kind), render.Rule)
		c.Text(c.Fit(multiplierText[kind], k.W-10, smallB), k.X+5, k.Y+11, 0, 0.5, smallB)
		for slot, sp := range v.s.Multipliers[m][i] {
			s := rect{X: k.X + 4, Y: k.Y + 21}.Grid(slot, 0, 34, 37, 4)
			c.Box(s, 4, render.Paper, render.Rule)
			c.Text(slotValue(kind, slot), s.CX(), s.Y+9, 0.5, 0.5, small.In(render.Ink))
			if sp.Taken {
				v.barrel(c, sp.Seat, s.CX(), s.Bottom()-11, 20, 17)
			}
		}
	}
}

// actionBarrels draws the barrels on Additional Action space a of Magnate
// m's row: one per seat there, with a count when it has more, as many as
// the space shows.
func (v *view) actionBarrels(c *render.Canvas, m vinhos.Magnate, a int, k rect) {
	x, y := k.X+12, k.Bottom()-14
	for seat := range v.s.Seats {
		n := v.s.Seats[seat].OnActions[m][a]
		count := ""
		if n > 1 {
			count = fmt.Sprint(n)
		}
		w := 22 + c.Measure(count, smallB)
		if n == 0 || x+w-9 > k.Right()-3 {
			continue
		}
		v.barrel(c, engine.Seat(seat), x, y, 16, 18)
		c.Text(count, x+10, y, 0, 0.5, smallB)
		x += w
	}
}

// rowBarrel is one of a player's barrels in a Magnate's row, beyond the
// Magnate's own space: on an Additional Action or a Multiplier slot.
type rowBarrel struct {
	magnate vinhos.Magnate
	fill    color.Color // the space's: a Multiplier's tells when it scores
	text    string
}

// rowBarrels lists seat's barrels on Additional Actions and Multipliers.
func (v *view) rowBarrels(seat engine.Seat) []rowBarrel {
	var out []rowBarrel
	for m := range vinhos.Magnate(vinhos.NumMagnates) {
		row := vinhos.ManagerRows[m]
		for a, act := range row.Actions {
			if n := v.s.Seats[seat].OnActions[m][a]; n > 0 {
				t := additionalText[act]
				out = append(out, rowBarrel{m, render.Paper, fmt.Sprintf("%s %s: %d %s, may move on", t[0], t[1], n, plural(int(n), "barrel", "barrels"))})
			}
		}
		for i, kind := range row.Multipliers {
			for slot, sp := range v.s.Multipliers[m][i] {
				if sp.Taken && sp.Seat == seat {
					out = append(out, rowBarrel{m, multiplierFill(kind), v.multiplierDetail(seat, kind, slot)})
				}
			}
		}
	}
	return out
}

// multiplierDetail says what seat's barrel on a Multiplier slot scores,
// and when: an end-game one, what it would score now.
func (v *view) multiplierDetail(seat engine.Seat, k vinhos.R10MultiplierKind, slot int) string {
	side := [...]string{"left", "right"}[slot]
	if vinhos.EndGameMultiplier(k) {
		vp := v.s.MultiplierScore(seat, k, slot)
		text := fmt.Sprintf("%s Multiplier (%s): %s VP each at the end, %d now", multiplierText[k], side, slotValue(k, slot)[len("×"):], vp)
		if k == vinhos.R10MultCash {
			text += v.s.CashMultiplierCapText() // none in the first edition
		}
		return text
	}
	return fmt.Sprintf("%s Multiplier (%s): scored when placed", multiplierText[k], side)
}

func multiplierFill(k vinhos.R10MultiplierKind) color.Color {
	if !vinhos.EndGameMultiplier(k) {
		return nowFill
	}
	return endFill
}

// rowBarrelChip draws a row barrel's chip: the space's color, the barrel
// and the Magnate's name.
func (v *view) rowBarrelChip(c *render.Canvas, seat engine.Seat, k rect, b rowBarrel) {
	c.Box(k, 4, b.fill, render.Ink)
	v.barrel(c, seat, k.X+14, k.CY(), 16, 18)
	c.Text(vinhos.MagnateName(v.s.Mode, b.magnate), k.X+28, k.CY(), 0, 0.5, smallB)
}
