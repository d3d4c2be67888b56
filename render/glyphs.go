package render

import (
	"image"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// sharedGlyphs is a Go font face whose glyph masks come from a cache that
// every render shares: a board writes the same few dozen glyphs at the
// same sizes each time, and a face of its own would rasterize each of them
// again. The face's glyphs sit at whole pixels, so a glyph's mask depends
// only on the font, the size and the rune.
type sharedGlyphs struct {
	font.Face // unhinted, at whole-pixel positions
	key       faceKey
}

type glyphKey struct {
	face faceKey
	r    rune
}

// A glyph is a rune's mask and where it goes from a dot at the origin.
type glyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

var glyphs sync.Map // glyphKey -> *glyph; a glyph never changes

func (f *sharedGlyphs) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	k := glyphKey{f.key, r}
	v, ok := glyphs.Load(k)
	if !ok {
		v, _ = glyphs.LoadOrStore(k, f.rasterize(r))
	}
	g := v.(*glyph)
	if !g.ok {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	// Whole pixels, rounded as the face rounds them.
	at := image.Pt(int((dot.X+32)>>6), int((dot.Y+32)>>6))
	return g.dr.Add(at), g.mask, image.Point{}, g.advance, true
}

// rasterize asks the face for r's glyph at the origin and copies its mask,
// which the face keeps only until its next glyph.
func (f *sharedGlyphs) rasterize(r rune) *glyph {
	dr, mask, mp, advance, ok := f.Face.Glyph(fixed.Point26_6{}, r)
	if !ok {
		return &glyph{}
	}
	return &glyph{dr: dr, mask: copyMask(mask, mp, dr.Size()), advance: advance, ok: true}
}

// copyMask copies the size pixels of mask from mp, which the face that
// drew it keeps only until its next glyph.
func copyMask(mask image.Image, mp, size image.Point) *image.Alpha {
	m := image.NewAlpha(image.Rectangle{Max: size})
	for y := range size.Y {
		for x := range size.X {
			m.Set(x, y, mask.At(mp.X+x, mp.Y+y))
		}
	}
	return m
}
