package lavina

import "github.com/adega-bot/adega/render"

const headerH = 56

func headerStatic(c *render.Canvas, r rect) {
	c.Text("La Viña", r.X, r.CY(), 0, 0.5, titleSt)
}

// header says where the game stands and who plays now.
func (v *view) header(c *render.Canvas, r rect) {
	x := r.X + 130
	st := heading.In(render.Accent)
	c.Text(c.Fit(v.status(), r.Right()-x, st), x, r.CY(), 0, 0.5, st)
}
