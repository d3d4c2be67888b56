package lavina

import (
	"fmt"
	"math"

	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

// Winery cards, in user units: three to a focused view's width.
const (
	wineryW    = 132
	wineryH    = 168
	wineryGap  = 8
	slotGap    = 3
	slotsInRow = 3 // a winery's slots; the cooperative's go four to a row
	coopInRow  = 4
)

// wineriesPerRow is how many winery cards a panel w wide holds in a row.
func wineriesPerRow(w float64) int { return int((w - 24 + wineryGap) / (wineryW + wineryGap)) }

// wineriesHeight is the height of a panel w wide holding n winery cards.
func wineriesHeight(w float64, n int) float64 {
	rows := math.Ceil(float64(n) / float64(wineriesPerRow(w)))
	return render.PanelTitle + rows*(wineryH+wineryGap) + 4
}

func wineriesStatic(c *render.Canvas, r rect) {
	c.Panel(r, "Wineries")
	c.PanelNote(r, "a barrel per delivery, on the next free slot")
}

func (v *view) wineries(c *render.Canvas, r rect) {
	per := wineriesPerRow(r.W)
	for i := range v.v.Wineries {
		card := rect{X: r.X + 12, Y: r.Y + render.PanelTitle, W: r.W, H: r.H}.Grid(i%per, i/per, wineryW, wineryH, wineryGap)
		v.winery(c, card, &v.v.Wineries[i])
	}
}

// winery draws one winery card: what it asks for, its slots with their
// rewards and barrels, and its quality seals.
func (v *view) winery(c *render.Canvas, r rect, w *lavina.Winery) {
	card := w.Card
	fill := varietyColors[card.Variety]
	name, need, kind := card.ID, fmt.Sprintf("%d+ %s", card.Min, varietyNames[card.Variety]), "only "+varietyNames[card.Variety]
	switch {
	case card.Cooperative:
		fill, name, need, kind = render.Rule, "Cooperative", "any grapes", "any value"
	case card.Coupage:
		need, kind = fmt.Sprintf("%d+ coupage", card.Min), "mostly "+varietyNames[card.Variety]
	}
	c.Box(r, 6, cardFill, render.Ink)
	c.RoundRect(rect{X: r.X + 1, Y: r.Y + 1, W: r.W - 2, H: 22}, 5, fill)
	ink := bold.In(render.InkOn(fill))
	c.Text(name, r.X+8, r.Y+12, 0, 0.5, ink)
	if !card.Cooperative {
		c.Text(varietyCodes[card.Variety], r.Right()-8, r.Y+12, 1, 0.5, ink)
	}
	c.Text(c.Fit(need, r.W-16, bold), r.X+8, r.Y+36, 0, 0.5, bold)
	c.Text(c.Fit(kind, r.W-16, small), r.X+8, r.Y+54, 0, 0.5, small)

	// The cooperative's slots go in two lower rows, leaving room for a
	// winery's seals below.
	per, sh := slotsInRow, 44.0
	if card.Cooperative {
		per, sh = coopInRow, 38
	}
	sw := (r.W - 12 - float64(per-1)*slotGap) / float64(per)
	for k, reward := range card.Slots {
		s := rect{X: r.X + 6, Y: r.Y + 66, W: r.W, H: r.H}.Grid(k%per, k/per, sw, sh, slotGap)
		emptySlot(c, s)
		c.Text(rewardText(reward), s.CX(), s.Y+8, 0.5, 0.5, smallB)
		if k < len(w.Barrels) {
			v.barrel(c, w.Barrels[k], s.CX(), s.Y+sh/2+7, min(sw-8, 22), sh-20)
		}
	}
	if w.Seals > 0 {
		y := r.Bottom() - 10
		c.Star(r.X+14, y, 7, render.Gold)
		c.Text(fmt.Sprintf("%d %s", w.Seals, plural(w.Seals, "seal", "seals")), r.X+26, y, 0, 0.5, smallB)
	}
}

// rewardText is a slot's reward: its prestige, or its multiplier of the
// delivered value.
func rewardText(r lavina.Reward) string {
	if r.Halves == 0 {
		return fmt.Sprint(r.Fixed)
	}
	return r.Text()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
