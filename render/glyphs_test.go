package render

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TestSharedGlyphs draws text with the shared glyph masks and with a face
// of its own, at whole and fractional positions: the pixels must be the
// same.
func TestSharedGlyphs(t *testing.T) {
	for _, k := range []faceKey{{false, 13}, {true, 16}, {false, 24.5}} {
		ttf := regularFont
		if k.bold {
			ttf = boldFont
		}
		opts := truetype.Options{Size: k.size, Hinting: font.HintingNone, SubPixelsX: 1, SubPixelsY: 1}
		shared := &sharedGlyphs{Face: truetype.NewFace(ttf, &opts), key: k}
		own := truetype.NewFace(ttf, &opts)
		for _, x := range []fixed.Int26_6{-70, 0, 31, 32, 33, 640 + 17, 640 + 63} {
			y := 3*x/2 + 40*64
			draw := func(face font.Face) []byte {
				img := image.NewRGBA(image.Rect(0, 0, 160, 90))
				d := font.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{0x8c, 0x1c, 0x3a, 0xff}), Face: face, Dot: fixed.Point26_6{X: x, Y: y}}
				d.DrawString("Ana 12 VP, Bagos: ção!")
				return img.Pix
			}
			if !bytes.Equal(draw(shared), draw(own)) {
				t.Errorf("size %v, bold %v, dot %v,%v: the shared glyphs draw other pixels", k.size, k.bold, x, y)
			}
		}
	}
}
