package vinhos

import (
	"fmt"
	"strings"

	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The 2010 Reserve's Fair: the four feature tracks, each marker in its
// section (the Fair Points a played Expert of that feature scores) and how
// far this year's Vintage tile moved it; then the six Fair slots, each with
// its two features, its bonus and the Fair tile a Press Release put there.
const (
	trackX     = 48 // the first track space, from the panel's left
	trackW     = 26
	trackRowH  = 26
	fairSlotW  = 136
	fairSlotH  = 56
	fairSlotsY = render.PanelTitle + 20 + vinhos.NumFeatures*trackRowH + 30 // the slots' top, from the panel's
	fairH      = fairSlotsY + 2*fairSlotH + 6 + 12
)

// trackSpace is space n of feature f's track: two spaces a section, a
// little apart.
func trackSpace(r rect, f vinhos.Feature, n int) rect {
	x := r.X + trackX + float64(n)*trackW + float64(n/2)*4
	return rect{X: x, Y: r.Y + render.PanelTitle + 20 + float64(f)*trackRowH, W: trackW - 2, H: trackRowH - 4}
}

func fairSlot(r rect, i int) rect {
	return rect{X: r.X + 10, Y: r.Y + float64(fairSlotsY)}.Grid(i%3, i/3, fairSlotW, fairSlotH, 6)
}

// bonusText says what a Fair slot gives with the tile.
func bonusText(b vinhos.FairSlotBonus) string {
	n := vinhos.R10SlotBonusAmount[b]
	switch b {
	case vinhos.SlotBagos:
		return fmt.Sprintf("+%d Bagos", n)
	case vinhos.SlotExpert:
		return fmt.Sprintf("+%d Expert", n)
	}
	return fmt.Sprintf("+%d Fair pts", n)
}

func (v *view) fair(c *render.Canvas, r rect) {
	c.Panel(r, "Fair")
	c.PanelNote(r, "Fair Points a played Expert scores")
	sections := &v.d.Reserve.Sections
	for n := 0; n < vinhos.R10FeatureTrackSpaces; n += 2 {
		k := trackSpace(r, 0, n)
		c.Text(fmt.Sprintf("%d FP", sections[n].V), k.X+trackW, k.Y-10, 0.5, 0.5, smallB)
	}
	moved := v.s.VintageTile().Features.V
	if v.s.Year > 1 {
		last := trackSpace(r, 0, vinhos.R10FeatureTrackSpaces-1)
		c.Text("moved", last.Right()+4, last.Y-10, 0, 0.5, small)
	}
	for f := range vinhos.Feature(vinhos.NumFeatures) {
		v.featureTrack(c, r, f, moved[f])
	}

	y := r.Y + float64(fairSlotsY) - 14
	c.Text("Fair slots", r.X+12, y, 0, 0.5, bold)
	c.Text(fairTileText(v.d), r.Right()-12, y, 1, 0.5, small)
	for i := range v.s.FairSlots {
		v.fairSlot(c, fairSlot(r, i), i)
	}
}

// featureTrack draws feature f's track with its marker, the spaces below
// it tinted, and what the Vintage tile moved it this year.
func (v *view) featureTrack(c *render.Canvas, r rect, f vinhos.Feature, moved int) {
	at := v.s.Features[f]
	first := trackSpace(r, f, 0)
	featureChip(c, v.s.Mode, r.X+26, first.CY(), f)
	tint := render.Mix(render.Paper, featureColors[f], 0.25)
	for n := range vinhos.R10FeatureTrackSpaces {
		k := trackSpace(r, f, n)
		switch {
		case n == at:
			c.Box(k, 4, featureColors[f], render.Ink)
			c.Text(featureAbbr(v.s.Mode, f), k.CX(), k.CY(), 0.5, 0.5, smallB.In(render.InkOn(featureColors[f])))
		case n < at:
			c.Box(k, 4, tint, render.Rule)
		default:
			c.Box(k, 4, render.Paper, render.Rule)
		}
	}
	if moved > 0 && v.s.Year > 1 {
		last := trackSpace(r, f, vinhos.R10FeatureTrackSpaces-1)
		c.Text(fmt.Sprintf("+%d", moved), last.Right()+8, last.CY(), 0, 0.5, smallB)
	}
}

// fairSlot draws Fair slot i: its features and bonus, and the tile on it.
func (v *view) fairSlot(c *render.Canvas, k rect, i int) {
	slot := v.s.FairSlots[i]
	c.Box(k, 6, render.Paper, render.Rule)
	for j, f := range vinhos.R10FairSlotFeatures[i] {
		featureChip(c, v.s.Mode, k.X+20+float64(j)*32, k.Y+16, f)
	}
	c.Text(bonusText(v.d.Reserve.SlotBonus[i].V), k.X+72, k.Y+16, 0, 0.5, small.In(render.Ink))
	y := k.Y + 41
	if !slot.Taken {
		c.Text("free", k.X+8, y, 0, 0.5, small)
		return
	}
	v.token(c, slot.Seat, k.X+18, y, 10)
	c.Text(fmt.Sprintf("tile %d", slot.Tile), k.X+34, y, 0, 0.5, bold)
}

// fairTileText says which Fair tile a Press Release takes by wine value.
func fairTileText(d *vinhos.Data) string {
	var parts []string
	for t, from := range d.Reserve.ExpertsFrom {
		parts = append(parts, fmt.Sprintf("%d+ → %d", from.V, t+1))
	}
	return "tile by value: " + strings.Join(parts, " · ")
}
