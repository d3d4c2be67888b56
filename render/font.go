package render

import (
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
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
	face := truetype.NewFace(ttf, &truetype.Options{Size: k.size, Hinting: font.HintingFull})
	f.cache[k] = face
	return face
}
