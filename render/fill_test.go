package render

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// TestRoundRect paints rounded rectangles and discs with RoundRect and
// with the definition, pixel by pixel: the coverage of a pixel is its
// center's signed distance to the shape, clamped. The pixels must be the
// same, for opaque and translucent colors.
func TestRoundRect(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		rect := Rect{r.Float64()*40 - 5, r.Float64()*40 - 5, r.Float64() * 50, r.Float64() * 40}
		radius := r.Float64() * 20
		if trial%3 == 0 { // a disc
			rect.H = rect.W
			radius = rect.W / 2
		}
		col := color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 0xff}
		if trial%2 == 1 {
			a := uint8(r.IntN(256))
			col = color.RGBA{col.R / 2 * a / 255, col.G / 2 * a / 255, col.B / 2 * a / 255, a}
		}
		scale := []float64{1, 1.5}[trial%2]
		paint := func(f func(c *Canvas)) []byte {
			img := image.NewRGBA(image.Rect(0, 0, 80, 70))
			for i := range img.Pix {
				img.Pix[i] = uint8(i * 7)
			}
			f(NewCanvas(img, scale))
			return img.Pix
		}
		got := paint(func(c *Canvas) { c.RoundRect(rect, radius, col) })
		want := paint(func(c *Canvas) { roundRectByPixel(c, rect, radius, col) })
		if !bytes.Equal(got, want) {
			t.Fatalf("%v rounded by %v in %v at scale %v: the pixels differ", rect, radius, col, scale)
		}
	}
}

// roundRectByPixel paints what RoundRect paints, the slow way.
func roundRectByPixel(c *Canvas, r Rect, radius float64, col color.Color) {
	x0, y0 := c.TransformPoint(r.X, r.Y)
	x1, y1 := c.TransformPoint(r.Right(), r.Bottom())
	rad := min(radius*c.scale, (x1-x0)/2, (y1-y0)/2)
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hx, hy := (x1-x0)/2-rad, (y1-y0)/2-rad
	cr, cg, cb, ca := col.RGBA()
	src := [4]float64{float64(cr >> 8), float64(cg >> 8), float64(cb >> 8), float64(ca >> 8)}
	b := c.img.Rect
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			if px < int(math.Floor(x0)) || px >= int(math.Ceil(x1)) || py < int(math.Floor(y0)) || py >= int(math.Ceil(y1)) {
				continue
			}
			qx := math.Abs(float64(px)+0.5-cx) - hx
			qy := math.Abs(float64(py)+0.5-cy) - hy
			d := math.Hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - rad
			a := min(max(0.5-d, 0), 1)
			p := c.img.Pix[c.img.PixOffset(px, py):][:4]
			switch {
			case a == 0:
			case a == 1 && ca == 0xffff:
				p[0], p[1], p[2], p[3] = uint8(cr>>8), uint8(cg>>8), uint8(cb>>8), 0xff
			default:
				keep := 1 - a*src[3]/255
				for k := range p {
					p[k] = uint8(src[k]*a + float64(p[k])*keep + 0.5)
				}
			}
		}
	}
}

// PaintAll paints every pixel as gg's Clear does, odd sizes included.
func TestPaintAllPaintsAsClear(t *testing.T) {
	for _, size := range []image.Point{{1, 1}, {3, 5}, {37, 11}} {
		filled, cleared := NewCanvas(image.NewRGBA(image.Rectangle{Max: size}), 1), NewCanvas(image.NewRGBA(image.Rectangle{Max: size}), 1)
		filled.PaintAll(Paper)
		cleared.SetColor(Paper)
		cleared.Clear()
		if !bytes.Equal(filled.RGBA().Pix, cleared.RGBA().Pix) {
			t.Errorf("%v: PaintAll and Clear paint different pixels", size)
		}
	}
}
