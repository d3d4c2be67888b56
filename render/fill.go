package render

import (
	"image/color"
	"math"
)

// RoundRect paints r, rounded by radius, in col: antialiased, and straight
// onto the pixels, with no path to build and rasterize. A board is
// hundreds of boxes and discs, so this is most of what a render paints.
// The canvas's transform must only scale and translate.
func (c *Canvas) RoundRect(r Rect, radius float64, col color.Color) {
	if c.painting() {
		c.note('B', r.X, r.Y, r.W, r.H, radius)
		c.noteColor(col)
		return
	}
	x0, y0 := c.TransformPoint(r.X, r.Y)
	x1, y1 := c.TransformPoint(r.Right(), r.Bottom())
	rad := min(radius*c.scale, (x1-x0)/2, (y1-y0)/2)
	fillRounded(c, x0, y0, x1, y1, rad, col)
}

// PaintAll paints every pixel of the canvas's image in col, as gg's Clear
// does, but by copying rather than blending each pixel: a tall column
// view is millions of them.
func (c *Canvas) PaintAll(col color.RGBA) {
	if c.painting() {
		c.note('P')
		c.noteColor(col)
		return
	}
	pix := c.img.Pix
	if len(pix) < 4 {
		return
	}
	pix[0], pix[1], pix[2], pix[3] = col.R, col.G, col.B, col.A
	for n := 4; n < len(pix); n *= 2 {
		copy(pix[n:], pix[:n])
	}
}

// Disc paints a disc of radius r centered at x, y in col.
func (c *Canvas) Disc(x, y, r float64, col color.Color) {
	c.RoundRect(Rect{x - r, y - r, 2 * r, 2 * r}, r, col)
}

// fillRounded paints the rounded rectangle x0,y0 - x1,y1 (pixels) with
// corner radius rad. A pixel's coverage comes from its center's signed
// distance to the shape; each row's fully covered middle is filled without
// blending.
func fillRounded(c *Canvas, x0, y0, x1, y1, rad float64, col color.Color) {
	cr, cg, cb, ca := col.RGBA()
	src := [4]float64{float64(cr >> 8), float64(cg >> 8), float64(cb >> 8), float64(ca >> 8)}
	solid := [4]uint8{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), uint8(ca >> 8)}
	img := c.img
	b := img.Rect
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hx, hy := (x1-x0)/2-rad, (y1-y0)/2-rad
	coverage := func(px, py int) float64 {
		qx := math.Abs(float64(px)+0.5-cx) - hx
		qy := math.Abs(float64(py)+0.5-cy) - hy
		// The distance is hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0)
		// - rad; outside the corners' squares one term is zero, and so are
		// the others but the nearest side's, exactly.
		var d float64
		switch {
		case qx > 0 && qy > 0:
			d = math.Hypot(qx, qy) - rad
		case qx > 0:
			d = qx - rad
		case qy > 0:
			d = qy - rad
		default:
			d = max(qx, qy) - rad
		}
		return min(max(0.5-d, 0), 1)
	}
	paint := func(i int, a float64) {
		p := img.Pix[i : i+4 : i+4]
		if a == 1 && ca == 0xffff {
			p[0], p[1], p[2], p[3] = solid[0], solid[1], solid[2], solid[3]
			return
		}
		keep := 1 - a*src[3]/255
		for k := range p {
			p[k] = uint8(src[k]*a + float64(p[k])*keep + 0.5)
		}
	}
	left, right := max(int(math.Floor(x0)), b.Min.X), min(int(math.Ceil(x1)), b.Max.X)
	for py := max(int(math.Floor(y0)), b.Min.Y); py < min(int(math.Ceil(y1)), b.Max.Y); py++ {
		row := img.PixOffset(0, py)
		// Blend inward from each end until a pixel is fully covered; the
		// pixels between the two are all fully covered.
		l := left
		for ; l < right; l++ {
			a := coverage(l, py)
			if a == 1 {
				break
			}
			if a > 0 {
				paint(row+4*l, a)
			}
		}
		r := right - 1
		for ; r > l; r-- {
			a := coverage(r, py)
			if a == 1 {
				break
			}
			if a > 0 {
				paint(row+4*r, a)
			}
		}
		if ca == 0xffff && l <= r && l < right {
			fill(img.Pix[row+4*l:row+4*min(r+1, right)], solid)
			continue
		}
		for x := l; x <= r && x < right; x++ {
			paint(row+4*x, 1)
		}
	}
}

// fill paints every pixel of span, RGBA, in col: the first, then copies of
// what is painted, doubling.
func fill(span []byte, col [4]uint8) {
	copy(span, col[:])
	for n := 4; n < len(span); n *= 2 {
		copy(span[n:], span[:n])
	}
}
