package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The 2010 Reserve's Banco do Vinho: the account track, its sections with
// the VP they score at the end, and the investment bar with the interest
// of each position and what each step costs (invest, from the account) or
// yields (divest, in cash); each player has a lane on each.
const (
	bankLabelW = 90 // the lanes' label column: a token and a number
	bankLaneH  = 24
	accountW   = 13 // an account space
	sectionGap = 2  // between the account's sections
	investW    = 44 // an investment position
	investGap  = 12 // between positions, where a step's price shows
	investTop  = 84 // from the bar's heading to its first lane
	bankH      = render.PanelTitle + 10 + 22 + 4 + investTop + (2*vinhos.MaxPlayers-1)*bankLaneH + 20
)

// accountSpace is space n of the account track in a lane at y: the 0
// ("−2 VP") space, then the sections of R10AccountBrackets.
func accountSpace(r rect, n int, y float64) rect {
	x := r.X + bankLabelW + float64(n)*accountW
	for _, from := range vinhos.R10AccountBrackets[1:] {
		if n >= from {
			x += sectionGap
		}
	}
	return rect{X: x, Y: y - 8, W: accountW - 1, H: 16}
}

// investSpace is position pos of the investment bar in a lane at y.
func investSpace(r rect, pos int, y float64) rect {
	i := pos - vinhos.R10InvestMin
	return rect{X: r.X + bankLabelW + float64(i)*(investW+investGap), Y: y - 9, W: investW, H: 18}
}

func (v *view) bank(c *render.Canvas, r rect) {
	c.Panel(r, "Bank")
	c.PanelNote(r, "interest and salaries at Maintenance")
	y := r.Y + render.PanelTitle + 10
	c.Text("Account", r.X+12, y, 0, 0.5, bold)
	// Each section's end VP above it; the 0 space costs VP to enter.
	b := vinhos.R10AccountBrackets
	for i, from := range b {
		to := vinhos.R10AccountMax
		if i+1 < len(b) {
			to = b[i+1] - 1
		}
		first, last := accountSpace(r, from, y), accountSpace(r, to, y)
		label, st := fmt.Sprintf("%d VP", vinhos.R10AccountVP[i]), smallB
		if from == 0 {
			label, st = fmt.Sprintf("−%d", vinhos.R10OverdraftVP), smallB.In(render.Accent)
		}
		c.Text(label, (first.X+last.Right())/2, y, 0.5, 0.5, st)
	}
	for seat := range v.s.Seats {
		v.accountLane(c, r, engine.Seat(seat), y+22+float64(seat)*bankLaneH)
	}

	y += 22 + float64(len(v.s.Seats))*bankLaneH + 4
	v.investHeader(c, r, y)
	for seat := range v.s.Seats {
		v.investLane(c, r, engine.Seat(seat), y+investTop+float64(seat)*bankLaneH)
	}
}

// accountLane is seat's account: its balance, and the track filled up to
// it in the seat's color.
func (v *view) accountLane(c *render.Canvas, r rect, seat engine.Seat, y float64) {
	balance := v.s.Seats[seat].Bank.Account
	v.token(c, seat, r.X+24, y, 10)
	c.Text(fmt.Sprint(balance), r.X+bankLabelW-10, y, 1, 0.5, heading)
	fill := render.Mix(render.Paper, v.color(seat), 0.75)
	for n := range vinhos.R10AccountMax + 1 {
		k := accountSpace(r, n, y)
		switch {
		case n == 0 && balance == 0:
			c.Box(k, 2, render.Accent, render.Ink)
		case n == 0:
			c.Box(k, 2, render.Mix(render.Paper, render.Accent, 0.2), render.Rule)
		case n <= balance:
			c.Box(k, 2, fill, render.Ink)
		default:
			c.Box(k, 2, render.Paper, render.Rule)
		}
	}
}

// investHeader writes each position's interest, then what each step
// right costs from the account and each step left pays in cash, at the
// boundary between the two positions.
func (v *view) investHeader(c *render.Canvas, r rect, y float64) {
	bar := &v.d.Reserve.Investment
	c.Text("Investment", r.X+12, y+8, 0, 0.5, bold)
	rows := []string{"interest/yr", "invest costs", "divest yields"}
	for i, label := range rows {
		c.Text(label, r.X+12, y+24+float64(i)*15+8, 0, 0.5, small)
	}
	for pos := vinhos.R10InvestMin; pos <= vinhos.R10InvestMax; pos++ {
		k := investSpace(r, pos, y)
		c.Text(fmt.Sprintf("%+d", bar.InterestAt(pos)), k.CX(), y+32, 0.5, 0.5, smallB)
		if pos == vinhos.R10InvestMax {
			continue
		}
		x := k.Right() + investGap/2
		c.Text(fmt.Sprint(bar.InvestCost(pos)), x, y+47, 0.5, 0.5, smallB)
		c.Text(fmt.Sprint(bar.DivestProceeds(pos+1)), x, y+62, 0.5, 0.5, smallB)
	}
}

// investLane is seat's Investment marker on the bar.
func (v *view) investLane(c *render.Canvas, r rect, seat engine.Seat, y float64) {
	at := v.s.Seats[seat].Bank.Invest
	v.token(c, seat, r.X+24, y, 10)
	c.Text(fmt.Sprintf("%+d", at), r.X+bankLabelW-10, y, 1, 0.5, heading)
	for pos := vinhos.R10InvestMin; pos <= vinhos.R10InvestMax; pos++ {
		k := investSpace(r, pos, y)
		if pos == at {
			c.Box(k, 4, render.Mix(render.Paper, v.color(seat), 0.75), render.Ink)
			v.token(c, seat, k.CX(), k.CY(), 8)
			continue
		}
		c.Box(k, 4, render.Paper, render.Rule)
	}
}

// bankBox sums up seat's bank on its player board: the balance and what
// it scores, the investment and what a Maintenance adds or takes.
func (v *view) bankBox(c *render.Canvas, seat engine.Seat, k rect) {
	p := &v.s.Seats[seat]
	bar := &v.d.Reserve.Investment
	c.Box(k, 6, render.Paper, render.Rule)
	c.Coin(k.X+16, k.Y+16, 9, "")
	c.Text("Bank", k.X+32, k.Y+16, 0, 0.5, bold)
	c.Text(fmt.Sprintf("%d in the account", p.Bank.Account), k.X+10, k.Y+46, 0, 0.5, heading)
	c.Text(fmt.Sprintf("scores %d VP at the end", vinhos.R10AccountScore(p.Bank.Account)), k.X+10, k.Y+66, 0, 0.5, small)
	c.Text(fmt.Sprintf("investment %+d", p.Bank.Invest), k.X+10, k.Y+96, 0, 0.5, heading)
	salaries := 0
	for _, e := range p.Estates {
		salaries += int(e.Enologists) * vinhos.R10EnologistSalary
	}
	upkeep := fmt.Sprintf("interest %+d", bar.InterestAt(p.Bank.Invest))
	if salaries > 0 {
		upkeep += fmt.Sprintf(", salaries −%d", salaries)
	}
	c.Text(upkeep+" a year", k.X+10, k.Y+116, 0, 0.5, small)
	if p.Bank.Invest > vinhos.R10InvestMin {
		c.Text(fmt.Sprintf("divest: +%d Bagos", bar.DivestProceeds(p.Bank.Invest)), k.X+10, k.Y+136, 0, 0.5, small)
	}
}

// investLine writes, in a line, what seat's next investment step costs
// from its account (vinhos.State.InvestPrice), struck out where the
// account does not hold it, and the VP it loses if it empties it.
func (v *view) investLine(c *render.Canvas, seat engine.Seat, r rect) {
	c.Box(r, 8, render.PanelFill, render.Rule)
	at := v.s.Seats[seat].Bank.Invest
	price, ok := v.s.InvestPrice(seat)
	if !ok {
		c.Text(fmt.Sprintf("Your investment is at %+d, the most", at), r.X+12, r.CY(), 0, 0.5, bold)
		return
	}
	x := r.X + 12 + c.Text(fmt.Sprintf("Investing %+d → %+d costs ", at, at+1), r.X+12, r.CY(), 0, 0.5, bold)
	x += priceTag(c, price, x, r.CY(), 0)
	x += c.Text(" from your account", x, r.CY(), 0, 0.5, normal)
	if vp := v.s.Seats[seat].Bank.OverdraftVP(price.Bagos); vp > 0 {
		c.Text(fmt.Sprintf(", −%d VP", vp), x, r.CY(), 0, 0.5, smallB.In(render.Accent))
	}
}
