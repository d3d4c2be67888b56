package render

import (
	"image/color"
	"math"
)

// Vector icons stand in for symbols the Go fonts lack. Each is drawn
// centered at x, y in user units.

// InkOn returns the text color that reads best on fill: Ink on light
// colors, white on dark ones.
func InkOn(fill color.Color) color.Color {
	r, g, b, _ := fill.RGBA()
	if 299*r+587*g+114*b > 1000*0x9000 {
		return Ink
	}
	return color.White
}

// outline strokes the current path in Ink, keeping it for the caller.
func (c *Canvas) outline(width float64) {
	c.SetColor(Ink)
	c.SetLineWidth(width)
	c.Stroke()
}

// fillOutlined fills the current path with fill and outlines it.
func (c *Canvas) fillOutlined(fill color.Color, width float64) {
	c.SetColor(fill)
	c.FillPreserve()
	c.outline(width)
}

// ring paints a disc of fill with an Ink outline width wide.
func (c *Canvas) ring(x, y, r, width float64, fill color.Color) {
	c.Disc(x, y, r+width/2, Ink)
	c.Disc(x, y, r-width/2, fill)
}

// Token draws a round playing piece of radius r with a short label, such
// as a player's initial, in bold.
func (c *Canvas) Token(x, y, r float64, fill color.Color, label string) {
	c.ring(x, y, r, 1.5, fill)
	c.centered(label, x, y, r, fill)
}

// centered writes a one- or two-letter label inside a piece of radius r.
func (c *Canvas) centered(label string, x, y, r float64, fill color.Color) {
	if label == "" {
		return
	}
	// Whole sizes in few steps: each size is a face to make.
	size := math.Round(r*1.2/2) * 2
	if len([]rune(label)) > 1 {
		size = math.Round(r*0.95/2) * 2
	}
	c.Text(label, x, y, 0.5, 0.5, Style{Size: size, Bold: true, Color: InkOn(fill)})
}

// Barrel draws a barrel w wide and h high with a short label.
func (c *Canvas) Barrel(x, y, w, h float64, fill color.Color, label string) {
	l, t, rt, b := x-w/2, y-h/2, x+w/2, y+h/2
	bulge := w * 0.12
	c.MoveTo(l+bulge, t)
	c.LineTo(rt-bulge, t)
	c.QuadraticTo(rt+bulge, y, rt-bulge, b)
	c.LineTo(l+bulge, b)
	c.QuadraticTo(l-bulge, y, l+bulge, t)
	c.ClosePath()
	c.fillOutlined(fill, 1.5)
	c.SetColor(Ink)
	c.SetLineWidth(1)
	for _, hy := range []float64{t + h*0.2, b - h*0.2} {
		c.DrawLine(l+bulge*0.4, hy, rt-bulge*0.4, hy)
		c.Stroke()
	}
	c.centered(label, x, y, h*0.42, fill)
}

// Cube draws a small cube of side s seen from above and the front.
func (c *Canvas) Cube(x, y, s float64, fill color.Color) {
	d := s * 0.25 // depth of the top face
	l, t := x-s/2, y-s/2+d/2
	c.DrawRectangle(l, t, s-d, s-d)
	c.fillOutlined(fill, 1)
	c.MoveTo(l, t)
	c.LineTo(l+d, t-d)
	c.LineTo(l+s, t-d)
	c.LineTo(l+s-d, t)
	c.ClosePath()
	c.fillOutlined(lighten(fill, 0.35), 1)
	c.MoveTo(l+s-d, t)
	c.LineTo(l+s, t-d)
	c.LineTo(l+s, t+s-2*d)
	c.LineTo(l+s-d, t+s-d)
	c.ClosePath()
	c.fillOutlined(darken(fill, 0.25), 1)
}

// Coin draws a coin of radius r with an amount on it.
func (c *Canvas) Coin(x, y, r float64, label string) {
	c.ring(x, y, r, 1.2, Gold)
	c.Disc(x, y, r*0.78+0.4, darken(Gold, 0.2))
	c.Disc(x, y, r*0.78-0.4, Gold)
	c.centered(label, x, y, r, Gold)
}

// CrossedCoin draws a coin as Coin does, crossed out in Accent: an
// amount a player cannot pay.
func (c *Canvas) CrossedCoin(x, y, r float64, label string) {
	c.Coin(x, y, r, label)
	c.strikeLast(label)
	c.SetColor(Accent)
	c.SetLineWidth(3)
	c.DrawLine(x-r, y-r, x+r, y+r)
	c.Stroke()
}

// Star draws a five-pointed star of outer radius r.
func (c *Canvas) Star(x, y, r float64, fill color.Color) {
	for i := range 10 {
		rad := r
		if i%2 == 1 {
			rad = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		c.LineTo(x+rad*math.Cos(a), y+rad*math.Sin(a))
	}
	c.ClosePath()
	c.fillOutlined(fill, 1)
}

// Person draws a standing figure h high.
func (c *Canvas) Person(x, y, h float64, fill color.Color) {
	head := h * 0.2
	c.ring(x, y-h/2+head, head, 1, fill)
	top, w := y-h/2+2*head+h*0.04, h*0.55
	c.MoveTo(x-w/2, y+h/2)
	c.LineTo(x-w/2, top+w*0.35)
	c.QuadraticTo(x-w/2, top, x, top)
	c.QuadraticTo(x+w/2, top, x+w/2, top+w*0.35)
	c.LineTo(x+w/2, y+h/2)
	c.ClosePath()
	c.fillOutlined(fill, 1)
}

// House draws a building w wide and h high with a door.
func (c *Canvas) House(x, y, w, h float64, fill color.Color) {
	l, r, b := x-w/2, x+w/2, y+h/2
	eave := y - h/2 + h*0.42
	c.MoveTo(l, b)
	c.LineTo(l, eave)
	c.LineTo(x, y-h/2)
	c.LineTo(r, eave)
	c.LineTo(r, b)
	c.ClosePath()
	c.fillOutlined(fill, 1.2)
	c.DrawRectangle(x-w*0.14, b-h*0.36, w*0.28, h*0.36)
	c.SetColor(Ink)
	c.Fill()
}

// Grapes draws a bunch of grapes about 2r wide.
func (c *Canvas) Grapes(x, y, r float64, fill color.Color) {
	b := r * 0.36 // berry radius
	rows := []int{3, 2, 1}
	for i, n := range rows {
		cy := y - r*0.35 + float64(i)*b*1.7
		for j := range n {
			c.ring(x+(float64(j)-float64(n-1)/2)*b*2, cy, b, 1, fill)
		}
	}
	c.MoveTo(x, y-r*0.35-b)
	c.LineTo(x+r*0.2, y-r)
	c.outline(1.5)
}

// Sun draws a sun of radius r.
func (c *Canvas) Sun(x, y, r float64) {
	c.SetColor(darken(Gold, 0.1))
	c.SetLineWidth(r * 0.16)
	for i := range 8 {
		a := float64(i) * math.Pi / 4
		c.DrawLine(x+r*0.62*math.Cos(a), y+r*0.62*math.Sin(a), x+r*math.Cos(a), y+r*math.Sin(a))
		c.Stroke()
	}
	c.ring(x, y, r*0.48, 1, Gold)
}

// Cloud draws a cloud about 2r wide.
func (c *Canvas) Cloud(x, y, r float64) {
	fill := color.RGBA{0xb8, 0xc2, 0xcc, 0xff}
	for _, p := range [][3]float64{{-0.45, 0.12, 0.42}, {0.05, -0.12, 0.55}, {0.5, 0.15, 0.38}} {
		c.DrawCircle(x+p[0]*r, y+p[1]*r, p[2]*r)
	}
	c.SetColor(fill)
	c.FillPreserve()
	c.outline(1)
	c.DrawRectangle(x-r*0.45, y+r*0.1, r*0.95, r*0.42)
	c.SetColor(fill)
	c.Fill()
}

// ArrowUp draws an upward arrow s high.
func (c *Canvas) ArrowUp(x, y, s float64, fill color.Color) {
	w := s * 0.7
	c.MoveTo(x, y-s/2)
	c.LineTo(x+w/2, y)
	c.LineTo(x+w/5, y)
	c.LineTo(x+w/5, y+s/2)
	c.LineTo(x-w/5, y+s/2)
	c.LineTo(x-w/5, y)
	c.LineTo(x-w/2, y)
	c.ClosePath()
	c.SetColor(fill)
	c.Fill()
}

func lighten(c color.Color, t float64) color.Color { return Mix(c, color.White, t) }
func darken(c color.Color, t float64) color.Color  { return Mix(c, color.Black, t) }

// Mix blends a toward b by t in 0..1.
func Mix(a, b color.Color, t float64) color.RGBA {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	f := func(x, y uint32) uint8 { return uint8((float64(x)*(1-t) + float64(y)*t) / 257) }
	return color.RGBA{f(ar, br), f(ag, bg), f(ab, bb), 0xff}
}

// Arch draws a vaulted doorway w wide and h high, such as a cellar.
func (c *Canvas) Arch(x, y, w, h float64, fill color.Color) {
	l, r, b := x-w/2, x+w/2, y+h/2
	c.MoveTo(l, b)
	c.LineTo(l, y-h/2+w/2)
	c.DrawArc(x, y-h/2+w/2, w/2, math.Pi, 2*math.Pi)
	c.LineTo(r, b)
	c.ClosePath()
	c.fillOutlined(fill, 1.2)
	c.DrawRectangle(x-w*0.2, b-h*0.45, w*0.4, h*0.45)
	c.SetColor(Ink)
	c.Fill()
}

// Glass draws a wine glass h high.
func (c *Canvas) Glass(x, y, h float64, fill color.Color) {
	w, top := h*0.62, y-h/2
	bowl := h * 0.5
	c.MoveTo(x-w/2, top)
	c.LineTo(x+w/2, top)
	c.QuadraticTo(x+w/2, top+bowl, x, top+bowl)
	c.QuadraticTo(x-w/2, top+bowl, x-w/2, top)
	c.ClosePath()
	c.fillOutlined(fill, 1)
	c.SetColor(Ink)
	c.SetLineWidth(1.5)
	c.DrawLine(x, top+bowl, x, y+h/2)
	c.Stroke()
	c.DrawLine(x-w*0.35, y+h/2, x+w*0.35, y+h/2)
	c.Stroke()
}
