package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// gameTitle names the game and the mode played.
func gameTitle(mode vinhos.Mode) string { return vinhos.BoardTitle(mode) }

// bannerBox is the header's line of who must act, at its foot.
func bannerBox(r rect) rect { return rect{X: r.X, Y: r.Bottom() - 50, W: r.W, H: 42} }

func headerStatic(c *render.Canvas, r rect, mode vinhos.Mode) {
	c.Text(gameTitle(mode), r.X, r.Y+26, 0, 0.5, title)
	b := bannerBox(r)
	c.Box(b, 8, render.Mix(render.Paper, render.Accent, 0.12), render.Accent)
	c.SetColor(render.Accent)
	render.TurnMarker(c, b.X+22, b.CY(), 10)
}

// header: the phase, after the title or, where the line is too short
// (the compact board), under it; then who must act and what: the line a
// player looks for first, large enough to read in Discord's preview. At
// the end, who won, and what broke a tie on VP: in the banner, or where
// it is short, on the phase's line.
func (v *view) header(c *render.Canvas, r rect) {
	phase, st := "·  "+v.s.Phase(), title.In(render.Muted)
	x := r.X + c.Measure(gameTitle(v.s.Mode), title) + 14
	tie := ""
	if t := v.s.WinTieBreak(); t != vinhos.NotTied {
		tie = "tie broken on " + t.String()
	}
	wide := x+c.Measure(phase, st) <= r.Right()
	if wide {
		c.Text(phase, x, r.Y+26, 0, 0.5, st)
	} else {
		st, phase = banner.In(render.Muted), v.s.Phase()
		if tie != "" {
			phase += ": " + tie
		}
		c.Text(c.Fit(phase, r.W, st), r.X, r.Y+60, 0, 0.5, st)
	}
	b := bannerBox(r)
	x, y := b.X+44, b.CY()
	if f := v.s.Final; f != nil {
		win := f.Ranking[0]
		v.token(c, win, x+14, y, 14)
		won, room := fmt.Sprintf("%s wins with %d VP", v.names[win], v.s.Seats[win].VP), b.Right()-x-50
		if wide && tie != "" {
			won += " (" + tie + ")"
		}
		// Where the line is short, the phase above says "Game over".
		if c.Measure("Game over: "+won, banner) <= room {
			won = "Game over: " + won
		}
		c.Text(c.Fit(won, room, banner), x+36, y, 0, 0.5, banner)
		return
	}
	pending := v.pending
	// Names share the line's width, with room for the prompt after them.
	nameW := 260.0
	if n := float64(len(pending)); n > 0 {
		nameW = min(nameW, (b.Right()-x-120)/n-46)
	}
	for i, p := range pending {
		if i > 0 {
			x += c.Text(",", x, y, 0, 0.5, banner) + 10
		}
		v.token(c, p.Seat, x+14, y, 14)
		x += 36
		x += c.Text(c.Fit(v.names[p.Seat], nameW, banner), x, y, 0, 0.5, banner)
	}
	if len(pending) > 0 {
		prompt := " to " + pending[0].Prompt
		c.Text(c.Fit(prompt, b.Right()-x-14, banner.In(render.Accent)), x, y, 0, 0.5, banner.In(render.Accent))
	}
}

// mustAct is the mark beside a seat that must decide now.
func (v *view) mustAct(c *render.Canvas, seat engine.Seat, x, y float64) {
	if v.acting[seat] {
		c.SetColor(render.Accent)
		render.TurnMarker(c, x, y, 9)
	}
}
