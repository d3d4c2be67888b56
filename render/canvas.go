package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Canvas draws one image. Shapes go through its gg context, in user
// units that the context's scale maps to pixels. Text goes through Text,
// which draws glyphs straight onto the pixels with a face of the scaled size:
// gg resamples every glyph through a bilinear transform, which is several
// times slower and blurs scaled text.
type Canvas struct {
	img   *image.RGBA
	faces *Faces
	scale float64
	boxes *[]TextBox // nil unless recording

	// The areas (area.go): work is the layer's working memory drawn in,
	// or nil; pen says how operations paint now (and holds the gg context
	// they use); null is the context that paints nothing, and live the
	// canvas's own meanwhile.
	work *work
	pen
	null, live *gg.Context
}

// TextBox is the ink of one drawn string, in pixels, and its type size
// in pixels: what a test needs to tell how large it reads; Struck marks a
// string drawn struck out (Canvas.Struck).
type TextBox struct {
	Text   string
	Box    image.Rectangle
	Size   float64
	Struck bool
}

// Style is how a string is drawn: its size in user units, weight and color.
type Style struct {
	Size  float64
	Bold  bool
	Color color.Color
}

// capHeight is the Go fonts' capital height as a share of the font size; the
// vertical anchors of Text refer to it, so digits and capitals center well.
const capHeight = 0.72

// NewCanvas returns a canvas on img whose user units are scale pixels. Each
// canvas has its own font faces, since faces are not goroutine-safe.
func NewCanvas(img *image.RGBA, scale float64) *Canvas {
	dc := gg.NewContextForRGBA(img)
	dc.Scale(scale, scale)
	return &Canvas{pen: pen{Context: dc}, live: dc, img: img, faces: NewFaces(), scale: scale}
}

// Record makes the canvas keep the box of every string it draws from now on.
func (c *Canvas) Record() { c.boxes = new([]TextBox) }

// Boxes returns the recorded text boxes.
func (c *Canvas) Boxes() []TextBox {
	if c.boxes == nil {
		return nil
	}
	return *c.boxes
}

// RGBA is the canvas's pixels, the drawing finished: the areas of the
// image before that it did not draw get their background back.
func (c *Canvas) RGBA() *image.RGBA {
	c.work.finish(c.img.Pix)
	return c.img
}

// face is the font face of st at the canvas's scale, and its size in
// pixels.
func (c *Canvas) face(st Style) (font.Face, float64) {
	size := math.Round(st.Size*c.scale*4) / 4 // few distinct faces, each caching its glyphs
	if st.Bold {
		return c.faces.Bold(size), size
	}
	return c.faces.Regular(size), size
}

// Measure returns the advance width of s in user units.
func (c *Canvas) Measure(s string, st Style) float64 {
	face, _ := c.face(st)
	return float64(font.MeasureString(face, s)) / 64 / c.scale
}

// Text draws s anchored at x, y: ax 0, 0.5 or 1 puts x at its left, center
// or right; ay 0, 0.5 or 1 puts y at the top, middle or bottom (the
// baseline) of its capitals. It returns the advance width in user units.
func (c *Canvas) Text(s string, x, y, ax, ay float64, st Style) float64 {
	face, size := c.face(st)
	w := float64(font.MeasureString(face, s)) / 64
	if c.painting() {
		c.note('T', x, y, ax, ay, st.Size, float64(len(s)))
		c.digest.WriteString(s)
		if st.Bold {
			c.digest.WriteByte(1)
		}
		c.noteColor(st.Color)
		return w / c.scale
	}
	px, py := c.TransformPoint(x, y)
	px -= ax * w
	py += (1 - ay) * capHeight * st.Size * c.scale
	dot := fixed.Point26_6{X: fixed.Int26_6(math.Round(px * 64)), Y: fixed.Int26_6(math.Round(py * 64))}
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(st.Color), Face: face, Dot: dot}
	d.DrawString(s)
	if c.boxes != nil && s != "" {
		b, _ := font.BoundString(face, s)
		r := image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
		*c.boxes = append(*c.boxes, TextBox{Text: s, Box: r.Add(image.Pt(dot.X.Round(), dot.Y.Round())), Size: size})
	}
	return w / c.scale
}

// Struck draws s as Text does, in st's color, with a line through it: a
// price a player cannot pay, still legible. It returns the advance width.
func (c *Canvas) Struck(s string, x, y, ax, ay float64, st Style) float64 {
	w := c.Text(s, x, y, ax, ay, st)
	c.strikeLast(s)
	left := x - ax*w
	mid := y + (0.5-ay)*capHeight*st.Size
	c.SetColor(st.Color)
	c.SetLineWidth(max(1.5, st.Size/8))
	c.DrawLine(left-1, mid, left+w+1, mid)
	c.Stroke()
	return w
}

// strikeLast marks s, the string just drawn, struck in the record.
func (c *Canvas) strikeLast(s string) {
	if c.boxes != nil && c.digest == nil && s != "" {
		(*c.boxes)[len(*c.boxes)-1].Struck = true
	}
}

// Fit shortens s with an ellipsis until it is at most width user units wide.
func (c *Canvas) Fit(s string, width float64, st Style) string {
	if c.Measure(s, st) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; c.Measure(t, st) <= width {
			return t
		}
	}
	return ""
}

// In is the style in another color.
func (st Style) In(c color.Color) Style {
	st.Color = c
	return st
}
