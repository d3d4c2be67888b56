package render

import (
	"encoding/binary"
	"hash/maphash"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// An area is a part of an image that a render draws as a whole (a panel
// of a board, a player's board), declared with Canvas.Area. On a layer's
// working memory, which holds the board drawn before, an area is drawn
// again only where what it draws changed: a move changes a few areas of
// a board, and drawing the others again cost most of a render. What an
// area draws is known by a digest of its drawing operations, taken by
// running its drawing once without painting: two runs with the same
// operations on the same background paint the same pixels.
//
// The contract: an area paints only inside its rectangle, with the
// Canvas's own methods (its text, boxes, discs and paths; never the gg
// context beneath it), and the areas of one layout never overlap.

// inkMargin is how far past its rectangle, in user units, an area's
// pixels may reach: a line stroked on its edge, with its antialiasing.
const inkMargin = 3

// areaSums digests what the areas draw, with a seed of this process.
var areaSums = maphash.MakeSeed()

// areaMemo is what a layer's working memory holds: the digest of each
// area of the image drawn there, by its pixels, and how PNG encoded the
// image (nil if it was not).
type areaMemo struct {
	sums  map[image.Rectangle]uint64
	bands []result
}

// work is a canvas's use of a layer's working memory, which it shares
// with the encoder and the layer (and so holds no image).
type work struct {
	layer *Layer
	// prev is what the memory held when the canvas got it, nil if that is
	// not known: then the layer painted the background back first.
	prev *areaMemo
	next map[image.Rectangle]uint64 // the areas drawn, as prev's sums
	// changed are the pixels painted again since prev: areas drawn anew
	// (but for the areas within them that were kept), and prev's areas no
	// longer drawn.
	changed []repaint
	stray   bool // something was painted outside the areas
	done    bool
}

// Area draws one area of the image, r in user units, with draw. On a
// layer's working memory it draws only if the area changed since the
// image before (the area's contract above); anywhere else it draws.
//
// Areas may hold areas: an area's digest notes the places of the areas
// within it, not what they draw, and painting it again leaves their
// pixels, so that each is drawn again only if it changed, as the area
// around it is (a player's board, and each of its estates).
func (c *Canvas) Area(r Rect, draw func(*Canvas)) {
	w := c.work
	// Where something was painted outside the areas on the background,
	// what the areas drew will not be kept: no digest is needed.
	if w == nil || w.done || w.prev == nil && w.stray {
		draw(c)
		return
	}
	ink := c.ink(r)
	if c.digest != nil && !c.quiet { // digesting the area around it
		c.note('a', float64(ink.Min.X), float64(ink.Min.Y), float64(ink.Max.X), float64(ink.Max.Y))
		c.inner = append(c.inner, ink)
		return
	}
	outer := c.pen
	defer func() { c.pen = outer }()
	c.pen = pen{Context: c.live}
	sum, inner := c.digestOf(draw)
	if w.next == nil {
		w.next = make(map[image.Rectangle]uint64)
	}
	w.next[ink] = sum
	// A recording canvas draws every area, for the boxes of its text.
	if prev, ok := w.prev.sum(ink); ok && prev == sum && c.boxes == nil {
		// Its own pixels are as they were: only the areas within it may
		// need drawing again.
		c.pen = pen{Context: c.nullContext(), digest: new(maphash.Hash), quiet: true}
		draw(c)
		return
	}
	if w.prev != nil {
		w.layer.paintRect(c.img.Pix, ink, inner)
		w.changed = append(w.changed, repaint{ink, inner})
	}
	c.inArea = true
	draw(c)
}

// pen is how a canvas's operations paint: on the image (digest nil), or
// not at all while an area's digest is taken (noting each operation in
// digest), or not at all in an area that is kept (quiet) while the areas
// within it are drawn. inArea is set while an area is painted, and inner
// collects the areas within the one digested.
type pen struct {
	*gg.Context
	digest *maphash.Hash
	quiet  bool
	inArea bool
	inner  []image.Rectangle
}

// nullContext is a gg context of a single pixel and the canvas's scale,
// which a canvas draws in when it must not paint.
func (c *Canvas) nullContext() *gg.Context {
	if c.null == nil {
		c.null = gg.NewContext(1, 1)
		c.null.Scale(c.scale, c.scale)
	}
	return c.null
}

// ink is the rectangle of pixels an area r may paint.
func (c *Canvas) ink(r Rect) image.Rectangle {
	x0, y0 := c.TransformPoint(r.X-inkMargin, r.Y-inkMargin)
	x1, y1 := c.TransformPoint(r.Right()+inkMargin, r.Bottom()+inkMargin)
	px := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
	return px.Intersect(c.img.Rect)
}

// digestOf runs draw without painting and returns the digest of the
// operations it made, and the places of the areas within it. Meanwhile
// the gg context is one of a single pixel, so that nothing reaches the
// image.
func (c *Canvas) digestOf(draw func(*Canvas)) (uint64, []image.Rectangle) {
	h := new(maphash.Hash)
	h.SetSeed(areaSums)
	outer := c.pen
	c.pen = pen{Context: c.nullContext(), digest: h}
	draw(c)
	inner := c.inner
	c.pen = outer
	c.null.ClearPath()
	return h.Sum64(), inner
}

// sum is the digest of the area whose pixels are ink in the memo.
func (m *areaMemo) sum(ink image.Rectangle) (uint64, bool) {
	if m == nil {
		return 0, false
	}
	s, ok := m.sums[ink]
	return s, ok
}

// note adds an operation and its numbers to the digest being taken.
func (c *Canvas) note(op byte, xs ...float64) {
	var b [8]byte
	c.digest.WriteByte(op)
	for _, x := range xs {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
		c.digest.Write(b[:])
	}
}

// noteColor adds a color to the digest being taken.
func (c *Canvas) noteColor(col color.Color) {
	r, g, b, a := col.RGBA()
	var p [16]byte
	binary.LittleEndian.PutUint32(p[0:], r)
	binary.LittleEndian.PutUint32(p[4:], g)
	binary.LittleEndian.PutUint32(p[8:], b)
	binary.LittleEndian.PutUint32(p[12:], a)
	c.digest.Write(p[:])
}

// painting is called by every operation that paints: it reports whether
// to skip it, which a digest does, and notes paint outside the areas.
func (c *Canvas) painting() (skip bool) {
	if c.digest != nil {
		return true
	}
	if c.work != nil && !c.inArea {
		c.work.stray = true
	}
	return false
}

// finish ends the drawing on pix: the areas of the image before that
// were not drawn again get their background back. Drawing after it
// paints as on a canvas of no layer.
func (w *work) finish(pix []byte) {
	if w == nil || w.done {
		return
	}
	w.done = true
	if w.prev == nil {
		return
	}
	for ink := range w.prev.sums {
		if _, ok := w.next[ink]; !ok && !w.repainted(ink) {
			w.layer.paintRect(pix, ink, nil)
			w.changed = append(w.changed, repaint{rect: ink})
		}
	}
}

// repainted reports whether the area ink was painted again within an
// area drawn again: an area that held it and no longer does.
func (w *work) repainted(ink image.Rectangle) bool {
	for _, r := range w.changed {
		if ink.In(r.rect) {
			return true
		}
	}
	return false
}

// A repaint is a rectangle of pixels painted again, but for the areas
// within it (some of which may be painted again on their own).
type repaint struct {
	rect   image.Rectangle
	except []image.Rectangle
}

// touches reports whether the repaint may have changed a pixel of t.
func (r repaint) touches(t image.Rectangle) bool {
	if !t.Overlaps(r.rect) {
		return false
	}
	for _, e := range r.except {
		if t.In(e) {
			return false
		}
	}
	return true
}

// memo is what the memory holds once the drawing there is finished, with
// the bands PNG encoded (nil if it did not): nil if it is not known, which
// something painted outside the areas makes.
func (w *work) memo(bands []result) *areaMemo {
	if w == nil || !w.done || w.stray || w.next == nil {
		return nil
	}
	return &areaMemo{sums: w.next, bands: bands}
}

// hints tell, for each band of an image w x h, what is known of it
// from the image before: nil if nothing is.
func (w *work) hints(width, h int) []hint {
	if w == nil || !w.done || w.stray || w.prev == nil || w.prev.bands == nil {
		return nil
	}
	tw := tileWidth(width)
	out := make([]hint, len(w.prev.bands))
	for i := range out {
		y0, y1 := versionRows(i, h)
		out[i].prev = &w.prev.bands[i]
		for _, r := range w.changed {
			if r.rect.Min.Y >= y1 || r.rect.Max.Y <= y0 {
				continue
			}
			for t := r.rect.Min.X / tw; t*tw < r.rect.Max.X; t++ {
				if r.touches(image.Rect(t*tw, y0, min((t+1)*tw, width), y1)) {
					out[i].dirty |= 1 << t
				}
			}
		}
	}
	return out
}

// A hint is what is known of a band of an image drawn where the image
// before was: how that image's band was encoded, and the mask of the
// tiles that may differ from it (none: the band is the same).
type hint struct {
	prev  *result
	dirty uint64
}

// The gg operations a render uses, noted in a digest instead of drawn
// while one is taken. Paths and settings are noted as they are made, so
// that a digest holds the geometry that Stroke and Fill paint.

// noted notes an operation that makes a path or a setting in the digest
// being taken, and reports whether one is.
func (c *Canvas) noted(op byte, xs ...float64) bool {
	if c.digest == nil {
		return false
	}
	c.note(op, xs...)
	return true
}

// skipped notes an operation that paints in the digest being taken, and
// reports whether it must be skipped (painting).
func (c *Canvas) skipped(op byte) bool {
	if !c.painting() {
		return false
	}
	c.note(op)
	return true
}

func (c *Canvas) MoveTo(x, y float64) {
	if !c.noted('M', x, y) {
		c.Context.MoveTo(x, y)
	}
}

func (c *Canvas) LineTo(x, y float64) {
	if !c.noted('L', x, y) {
		c.Context.LineTo(x, y)
	}
}

func (c *Canvas) QuadraticTo(x1, y1, x2, y2 float64) {
	if !c.noted('Q', x1, y1, x2, y2) {
		c.Context.QuadraticTo(x1, y1, x2, y2)
	}
}

func (c *Canvas) ClosePath() {
	if !c.noted('Z') {
		c.Context.ClosePath()
	}
}

func (c *Canvas) DrawLine(x1, y1, x2, y2 float64) {
	if !c.noted('l', x1, y1, x2, y2) {
		c.Context.DrawLine(x1, y1, x2, y2)
	}
}

func (c *Canvas) DrawRectangle(x, y, w, h float64) {
	if !c.noted('R', x, y, w, h) {
		c.Context.DrawRectangle(x, y, w, h)
	}
}

func (c *Canvas) DrawRoundedRectangle(x, y, w, h, r float64) {
	if !c.noted('r', x, y, w, h, r) {
		c.Context.DrawRoundedRectangle(x, y, w, h, r)
	}
}

func (c *Canvas) DrawCircle(x, y, r float64) {
	if !c.noted('C', x, y, r) {
		c.Context.DrawCircle(x, y, r)
	}
}

func (c *Canvas) DrawArc(x, y, r, angle1, angle2 float64) {
	if !c.noted('A', x, y, r, angle1, angle2) {
		c.Context.DrawArc(x, y, r, angle1, angle2)
	}
}

func (c *Canvas) SetColor(col color.Color) {
	if c.noted('c') {
		c.noteColor(col)
		return
	}
	c.Context.SetColor(col)
}

func (c *Canvas) SetRGB(r, g, b float64) {
	if !c.noted('g', r, g, b) {
		c.Context.SetRGB(r, g, b)
	}
}

func (c *Canvas) SetLineWidth(w float64) {
	if !c.noted('w', w) {
		c.Context.SetLineWidth(w)
	}
}

func (c *Canvas) Stroke() {
	if !c.skipped('S') {
		c.Context.Stroke()
	}
}

func (c *Canvas) Fill() {
	if !c.skipped('F') {
		c.Context.Fill()
	}
}

func (c *Canvas) FillPreserve() {
	if !c.skipped('f') {
		c.Context.FillPreserve()
	}
}

func (c *Canvas) Clear() {
	if !c.skipped('X') {
		c.Context.Clear()
	}
}
