package vinhos

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The Fair booths with their discs, and the standings: VP and Fair Points.

func booth(r rect, b int) rect {
	return rect{X: r.X + 10, Y: r.Y + render.PanelTitle + 2}.Grid(b%2, b/2, 105, 88, 6)
}

// boothText says what each booth gives.
func boothText(b vinhos.FairBooth) [2]string {
	switch b.Bonus {
	case vinhos.BoothFirstPick:
		return [2]string{"1st pick", "of Magnate tiles"}
	case vinhos.BoothExpert:
		return [2]string{fmt.Sprintf("%d Wine Expert", b.Amount), "top of any deck"}
	case vinhos.BoothBagos:
		return [2]string{fmt.Sprintf("+%d Bagos", b.Amount), ""}
	}
	return [2]string{fmt.Sprintf("+%d Fair Points", b.Amount), ""}
}

func boothsStatic(c *render.Canvas, r rect) {
	c.Panel(r, "Fair booths")
	for b, fb := range vinhos.FairBooths {
		k := booth(r, b)
		c.Box(k, 6, render.Paper, render.Rule)
		c.Text(fmt.Sprint(b+1), k.X+8, k.Y+14, 0, 0.5, bold)
		t := boothText(fb)
		c.Text(c.Fit(t[0], k.W-12, smallB), k.X+6, k.Y+60, 0, 0.5, smallB)
		c.Text(c.Fit(t[1], k.W-12, small), k.X+6, k.Y+77, 0, 0.5, small)
		c.DrawCircle(k.CX(), k.Y+28, 15)
		c.SetColor(render.Rule)
		c.SetLineWidth(1.5)
		c.Stroke()
	}
}

func (v *view) booths(c *render.Canvas, r rect) {
	for b, seat := range v.s.Booths {
		if seat != engine.NoSeat {
			k := booth(r, b)
			v.token(c, seat, k.CX(), k.Y+28, 14)
		}
	}
}

// Standings columns: VP and Fair Points, at these offsets.
const (
	scoreVP   = 210
	scoreFair = 280
)

func scoresStatic(c *render.Canvas, r rect) {
	c.Panel(r, "Standings")
	c.Text("VP", r.X+scoreVP, r.Y+render.PanelTitle+8, 1, 0.5, bold)
	c.Text("Fair", r.X+scoreFair, r.Y+render.PanelTitle+8, 1, 0.5, bold)
}

// scoreRow is the y of standing i. The Reserve's standings are taller:
// their rows stand further apart, clear of the final breakdown above.
func (v *view) scoreRow(r rect, i int) float64 {
	step := 34.0
	if vinhos.ReserveBoard(v.s.Mode) {
		step = 40
	}
	return r.Y + render.PanelTitle + 38 + float64(i)*step
}

func (v *view) scores(c *render.Canvas, r rect) {
	seats := make([]engine.Seat, len(v.s.Seats))
	for i := range seats {
		seats[i] = engine.Seat(i)
	}
	slices.SortStableFunc(seats, func(a, b engine.Seat) int { return cmp.Compare(v.s.Seats[b].VP, v.s.Seats[a].VP) })
	if f := v.s.Final; f != nil {
		seats = f.Ranking
	}
	for i, seat := range seats {
		y := v.scoreRow(r, i)
		p := &v.s.Seats[seat]
		v.mustAct(c, seat, r.X+16, y)
		v.token(c, seat, r.X+40, y, 12)
		c.Text(c.Fit(v.names[seat], scoreVP-100, normal), r.X+58, y-4, 0, 0.5, normal)
		c.Text(fmt.Sprint(p.VP), r.X+scoreVP, y, 1, 0.5, heading)
		c.Text(fmt.Sprint(p.FairPoints), r.X+scoreFair, y, 1, 0.5, heading)
	}
	if f := v.s.Final; f != nil {
		for i, seat := range seats {
			c.Text(finalText(v.s.Mode, f, seat), r.X+58, v.scoreRow(r, i)+16, 0, 0.5, small)
		}
	}
	if next := nextFair(v.s); next > 0 {
		c.Text(fmt.Sprintf("Fair %d at the end of year %d", v.s.Fair+1, next), r.X+12, r.Bottom()-14, 0, 0.5, small)
	}
}

// finalText breaks down what seat scored at the end: in the 2010 Reserve,
// its bank account (no money or wines) and end-game Multipliers.
func finalText(mode vinhos.Mode, f *vinhos.FinalScore, seat engine.Seat) string {
	if vinhos.ReserveBoard(mode) {
		return fmt.Sprintf("final: %d bank · %d export · %d Multipliers", f.Bank[seat], f.Export[seat], f.Multipliers[seat])
	}
	return fmt.Sprintf("final: %d money · %d wines · %d export · %d tiles", f.Money[seat], f.Wines[seat], f.Export[seat], f.Multipliers[seat])
}

// nextFair is the year whose end holds the next Fair, or 0 after the last.
func nextFair(s *vinhos.State) int {
	if s.Fair >= vinhos.NumFairs {
		return 0
	}
	return vinhos.FairYears[s.Fair+1]
}
