package vinhos

import (
	"fmt"
	"image/color"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The markets: the Sales area (three establishments, red and white slots)
// and the Export area (five countries); each slot shows its value above
// the barrel that may fill it.
const (
	slotW = 38
	slotH = 44
)

// salesSlot places Sales slot i: a row per establishment, red then white.
func salesSlot(r rect, i int) rect {
	s := vinhos.SaleSlotsPerColor
	col := i % (2 * s)
	x := r.X + 124 + float64(col)*(slotW+4)
	if col >= s {
		x += 8
	}
	return rect{X: x, Y: r.Y + 66 + float64(i/(2*s))*(slotH+6), W: slotW, H: slotH}
}

func salesStatic(c *render.Canvas, r rect, d *vinhos.Data, mode vinhos.Mode) {
	c.Panel(r, "Sales")
	if vinhos.ReserveBoard(mode) {
		c.PanelNote(r, "pays into the bank")
	} else {
		c.PanelNote(r, "pays Bagos")
	}
	for k, col := range []vinhos.Color{vinhos.Red, vinhos.White} {
		first := salesSlot(r, k*vinhos.SaleSlotsPerColor)
		wineChip(c, first.X+10, r.Y+48, col)
		c.Text(col.String(), first.X+26, r.Y+48, 0, 0.5, bold)
	}
	for i, slot := range d.Sales {
		k := salesSlot(r, i)
		if i%(2*vinhos.SaleSlotsPerColor) == 0 {
			name := vinhos.EstablishmentTitle(slot.Establishment)
			c.Text(c.Fit(name, 108, bold), r.X+12, k.CY(), 0, 0.5, bold)
		}
		marketSlot(c, k, render.Mix(render.Paper, wineColors[slot.Color], 0.25), slot.Value.V, true)
	}
}

// marketSlot draws an empty slot with its value at the top.
func marketSlot(c *render.Canvas, k rect, fill color.Color, value int, open bool) {
	st := smallB
	if !open {
		fill, st = dim, smallB.In(render.Muted)
	}
	c.Box(k, 4, fill, render.Rule)
	c.Text(fmt.Sprint(value), k.CX(), k.Y+10, 0.5, 0.5, st)
}

// slotBarrel draws seat's barrel in a market slot, below its value.
func (v *view) slotBarrel(c *render.Canvas, k rect, seat engine.Seat) {
	if seat != engine.NoSeat {
		v.barrel(c, seat, k.CX(), k.Bottom()-14, 26, 22)
	}
}

func (v *view) sales(c *render.Canvas, r rect) {
	for i, seat := range v.s.Sales {
		v.slotBarrel(c, salesSlot(r, i), seat)
	}
}

// exportSlot places the Export slot of row i, country j.
func exportSlot(r rect, i, j int) rect {
	return rect{X: r.X + 10, Y: r.Y + 56}.Grid(j, i, 46, 42, 6)
}

// exportArea is what a mode's Export area prints: each slot's requested
// value, the slots a 2-player game uses, each country's majority VP and,
// in the 2010 Reserve, the VP along each row (in 2016 a slot pays its
// value).
type exportArea struct {
	rows, cols int
	value      func(i, j int) int
	frame      func(i, j int) bool
	majority   []int
	rowVP      []int // nil: each slot pays its value
}

func exportOf(d *vinhos.Data, mode vinhos.Mode) exportArea {
	if vinhos.ReserveBoard(mode) {
		x, frame := &d.Reserve.Export, vinhos.TwoPlayerExport(mode, d)
		rowVP := make([]int, vinhos.R10ExportRows)
		for i := range rowVP {
			rowVP[i] = x.RowVP[i].V
		}
		return exportArea{vinhos.R10ExportRows, vinhos.R10ExportColumns,
			func(i, j int) int { return x.Values[i][j].V }, func(i, j int) bool { return frame[i][j] },
			vinhos.R10ExportMajorityVP[:], rowVP}
	}
	x := &d.Export
	return exportArea{vinhos.ExportRows, vinhos.ExportColumns,
		func(i, j int) int { return x.Values[i][j].V }, func(i, j int) bool { return x.TwoPlayer.V[i][j] },
		vinhos.ExportMajorityVP[:], nil}
}

func exportStatic(c *render.Canvas, r rect, d *vinhos.Data, players int, mode vinhos.Mode) {
	a := exportOf(d, mode)
	c.Panel(r, "Export")
	if a.rowVP != nil {
		c.PanelNote(r, "row VP now")
	} else {
		c.PanelNote(r, "slot VP now")
	}
	for j := range a.cols {
		top := exportSlot(r, 0, j)
		c.Text(fmt.Sprint(j+1), top.CX(), r.Y+43, 0.5, 0.5, small)
		for i := range a.rows {
			open := players > 2 || a.frame(i, j)
			marketSlot(c, exportSlot(r, i, j), render.Paper, a.value(i, j), open)
		}
		bottom := exportSlot(r, a.rows-1, j)
		c.Star(bottom.CX()-14, bottom.Bottom()+18, 8, render.Gold)
		c.Text(fmt.Sprint(a.majority[j]), bottom.CX()-4, bottom.Bottom()+18, 0, 0.5, smallB)
	}
	for i, vp := range a.rowVP {
		last := exportSlot(r, i, a.cols-1)
		c.Star(last.Right()+20, last.CY(), 8, render.Gold)
		c.Text(fmt.Sprint(vp), last.Right()+30, last.CY(), 0, 0.5, smallB)
	}
	twoPlayerFrame(c, r, a)
}

// twoPlayerFrame outlines the slots a 2-player game uses.
func twoPlayerFrame(c *render.Canvas, r rect, a exportArea) {
	in := func(i, j int) bool {
		return i >= 0 && j >= 0 && i < a.rows && j < a.cols && a.frame(i, j)
	}
	c.SetColor(render.Accent)
	c.SetLineWidth(2)
	line := func(x1, y1, x2, y2 float64) {
		c.DrawLine(x1, y1, x2, y2)
		c.Stroke()
	}
	for i := range a.rows {
		for j := range a.cols {
			if !a.frame(i, j) {
				continue
			}
			k := exportSlot(r, i, j)
			l, t, rt, b := k.X-3, k.Y-3, k.Right()+3, k.Bottom()+3
			if !in(i-1, j) {
				line(l, t, rt, t)
			}
			if !in(i+1, j) {
				line(l, b, rt, b)
			}
			if !in(i, j-1) {
				line(l, t, l, b)
			}
			if !in(i, j+1) {
				line(rt, t, rt, b)
			}
		}
	}
}

func (v *view) export(c *render.Canvas, r rect) {
	a := exportOf(v.d, v.s.Mode)
	for i := range a.rows {
		for j := range a.cols {
			v.slotBarrel(c, exportSlot(r, i, j), v.s.Export[i][j])
		}
	}
	for j, leaders := range v.s.ExportLeaders() {
		if j >= a.cols {
			break
		}
		bottom := exportSlot(r, a.rows-1, j)
		y := bottom.Bottom() + 40
		switch {
		case len(leaders) > 2:
			c.Text(fmt.Sprintf("%d tie", len(leaders)), bottom.CX(), y, 0.5, 0.5, small)
		default:
			for k, seat := range leaders {
				v.token(c, seat, bottom.CX()+(float64(k)-float64(len(leaders)-1)/2)*20, y, 9)
			}
		}
	}
}
