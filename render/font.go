package render

import (
	_ "embed"
	"image"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The fonts are parsed once; parsed fonts are safe to share. The Go fonts
// draw the text; Noto Emoji draws the emoji players put in their names
// (fonts/README.md). Its cmap needs x/image's sfnt reader.
var (
	regularFont = mustParse(goregular.TTF)
	boldFont    = mustParse(gobold.TTF)
	emojiFont   = mustParseEmoji(emojiTTF)
)

//go:embed fonts/NotoEmoji-Regular.ttf
var emojiTTF []byte

func mustParseEmoji(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic("render: embedded emoji font: " + err.Error())
	}
	return f
}

// hasEmoji reports whether the emoji font draws r.
func hasEmoji(r rune) bool {
	var b sfnt.Buffer
	i, err := emojiFont.GlyphIndex(&b, r)
	return err == nil && i != 0
}

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
	face := &withEmoji{
		Face:  &advanceCache{Face: &sharedGlyphs{Face: lentFace(k), key: k}, adv: make(map[rune]fixed.Int26_6)},
		font:  fontOf(k),
		size:  k.size,
		emoji: map[rune]bool{},
	}
	f.cache[k] = face
	return face
}

func fontOf(k faceKey) *truetype.Font {
	if k.bold {
		return boldFont
	}
	return regularFont
}

// A truetype face keeps working buffers (some 17 KB: its rasterizer's, its
// glyph's), so it is not safe for concurrent use, and a face made for
// each canvas was 4% of the bot's allocation. Faces of one font and
// size are pooled instead: each call borrows one (a face's answers do not
// depend on what it drew before).
var facePools sync.Map // faceKey -> *sync.Pool of *truetype faces

// lentFace is the face of k whose every call borrows a pooled face.
func lentFace(k faceKey) pooledFace {
	if p, ok := facePools.Load(k); ok {
		return pooledFace{p.(*sync.Pool), k}
	}
	p, _ := facePools.LoadOrStore(k, &sync.Pool{New: func() any {
		// Unhinted glyphs (hinting cost a third of a render) at
		// whole-pixel positions, whose masks all renders share, so the
		// face's own glyph cache needs one entry.
		return truetype.NewFace(fontOf(k), &truetype.Options{Size: k.size, Hinting: font.HintingNone, SubPixelsX: 1, SubPixelsY: 1, GlyphCacheEntries: 1})
	}})
	return pooledFace{p.(*sync.Pool), k}
}

// pooledFace is a font.Face that lends each call to a face of its pool.
type pooledFace struct {
	pool *sync.Pool
	key  faceKey
}

func (p pooledFace) with(use func(font.Face)) {
	f := p.pool.Get().(font.Face)
	use(f)
	p.pool.Put(f)
}

func (p pooledFace) Close() error { return nil }

// Glyph copies the mask, which belongs to the face that drew it and which
// the next borrower draws over (sharedGlyphs calls it once a glyph).
func (p pooledFace) Glyph(dot fixed.Point26_6, r rune) (dr image.Rectangle, mask image.Image, mp image.Point, adv fixed.Int26_6, ok bool) {
	p.with(func(f font.Face) {
		dr, mask, mp, adv, ok = f.Glyph(dot, r)
		if ok {
			mask, mp = copyMask(mask, mp, dr.Size()), image.Point{}
		}
	})
	return
}

func (p pooledFace) GlyphBounds(r rune) (bounds fixed.Rectangle26_6, adv fixed.Int26_6, ok bool) {
	p.with(func(f font.Face) { bounds, adv, ok = f.GlyphBounds(r) })
	return
}

func (p pooledFace) GlyphAdvance(r rune) (adv fixed.Int26_6, ok bool) {
	p.with(func(f font.Face) { adv, ok = f.GlyphAdvance(r) })
	return
}

// Kern asks the font, which is safe to share, as an unhinted face does:
// a text kerns every pair of its runes, and needs no face borrowed for
// each.
func (p pooledFace) Kern(r0, r1 rune) fixed.Int26_6 {
	f := fontOf(p.key)
	return f.Kern(fixed.Int26_6(0.5+p.key.size*64), f.Index(r0), f.Index(r1))
}

func (p pooledFace) Metrics() (m font.Metrics) {
	p.with(func(f font.Face) { m = f.Metrics() })
	return
}

// withEmoji is a Go font face that draws the runes it lacks with the emoji
// font, at the same size, so that a name is drawn as written.
type withEmoji struct {
	font.Face
	font  *truetype.Font
	size  float64
	emoji map[rune]bool // whether the emoji font draws a rune the Go font lacks
	face  font.Face     // the emoji face, made when first needed
}

// fallback is the face that draws r.
func (w *withEmoji) fallback(r rune) font.Face {
	if r < utf8.RuneSelf || w.font.Index(r) != 0 {
		return w.Face
	}
	use, ok := w.emoji[r]
	if !ok {
		use = hasEmoji(r)
		w.emoji[r] = use
	}
	if !use {
		return w.Face
	}
	if w.face == nil {
		face, err := opentype.NewFace(emojiFont, &opentype.FaceOptions{Size: w.size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return w.Face
		}
		w.face = face
	}
	return w.face
}

func (w *withEmoji) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return w.fallback(r).Glyph(dot, r)
}

func (w *withEmoji) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return w.fallback(r).GlyphBounds(r)
}

func (w *withEmoji) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	return w.fallback(r).GlyphAdvance(r)
}

// Kern kerns only pairs the Go font draws.
func (w *withEmoji) Kern(r0, r1 rune) fixed.Int26_6 {
	if f := w.fallback(r0); f != w.Face || w.fallback(r1) != w.Face {
		return 0
	}
	return w.Face.Kern(r0, r1)
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

// Printable drops the runes no font of the board can draw, which would
// otherwise show as empty boxes, and the spaces that dropping them would
// double.
func Printable(s string) string {
	drawable := func(r rune) bool { return regularFont.Index(r) != 0 || hasEmoji(r) }
	for _, r := range s {
		if !drawable(r) {
			kept := strings.Map(func(r rune) rune {
				if !drawable(r) {
					return -1
				}
				return r
			}, s)
			return strings.Join(strings.Fields(kept), " ")
		}
	}
	return s
}
