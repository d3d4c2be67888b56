package render

import (
	"strings"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// The fonts are parsed once; parsed fonts are safe to share.
var (
	regularFont = mustParse(goregular.TTF)
	boldFont    = mustParse(gobold.TTF)
)

func mustParse(ttf []byte) *truetype.Font {
	f, err := truetype.Parse(ttf)
	if err != nil {
		panic("render: embedded font: " + err.Error())
	}
	return f
}

// Faces hands out font faces for one render. Faces cache glyphs and are not
// safe for concurrent use, so every render makes its own Faces.
type Faces struct {
	cache map[faceKey]font.Face
}

type faceKey struct {
	bold bool
	size float64
}

// NewFaces returns an empty face set for one render.
func NewFaces() *Faces { return &Faces{cache: make(map[faceKey]font.Face)} }

// Regular returns the regular face at size points.
func (f *Faces) Regular(size float64) font.Face { return f.face(faceKey{false, size}) }

// Bold returns the bold face at size points.
func (f *Faces) Bold(size float64) font.Face { return f.face(faceKey{true, size}) }

func (f *Faces) face(k faceKey) font.Face {
	if face, ok := f.cache[k]; ok {
		return face
	}
	ttf := regularFont
	if k.bold {
		ttf = boldFont
	}
	// A render makes a couple of dozen faces and rasterizes every glyph
	// afresh in each: unhinted glyphs (hinting cost a third of a render),
	// whole-pixel positions and a small glyph cache keep that cheap.
	face := &advanceCache{
		Face: truetype.NewFace(ttf, &truetype.Options{Size: k.size, Hinting: font.HintingNone, SubPixelsX: 1, GlyphCacheEntries: 128}),
		adv:  make(map[rune]fixed.Int26_6),
	}
	f.cache[k] = face
	return face
}

// advanceCache remembers glyph advances, which a truetype face works out by
// loading the whole glyph every time: measuring text would otherwise cost
// as much as drawing it.
type advanceCache struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

func (a *advanceCache) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if adv, ok := a.adv[r]; ok {
		return adv, true
	}
	adv, ok := a.Face.GlyphAdvance(r)
	if ok {
		a.adv[r] = adv
	}
	return adv, ok
}

// Printable drops the runes the Go fonts cannot draw, such as emoji in a
// player's name, which would otherwise show as empty boxes.
func Printable(s string) string {
	for _, r := range s {
		if regularFont.Index(r) == 0 {
			return strings.Map(func(r rune) rune {
				if regularFont.Index(r) == 0 {
					return -1
				}
				return r
			}, s)
		}
	}
	return s
}
