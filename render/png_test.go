package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TestEncodePNG checks that EncodePNG decodes to what image/png's own
// encoder gives: the banded encoder for opaque images, with bands of
// several sizes, and the fallback for translucent ones.
func TestEncodePNG(t *testing.T) {
	for _, h := range []int{1, 63, 200, 517} {
		for _, alpha := range []uint8{0xff, 0x80} {
			img := image.NewRGBA(image.Rect(0, 0, 37, h))
			for y := range h {
				for x := range 37 {
					img.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 3), uint8(x ^ y), alpha})
				}
			}
			b, err := EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("height %d, alpha %d: %v", h, alpha, err)
			}
			var ref bytes.Buffer
			if err := png.Encode(&ref, img); err != nil {
				t.Fatal(err)
			}
			want, _ := png.Decode(&ref)
			for y := range h {
				for x := range 37 {
					if g, w := got.At(x, y), want.At(x, y); g != w {
						t.Fatalf("height %d, alpha %d: pixel %d,%d is %v, want %v", h, alpha, x, y, g, w)
					}
				}
			}
		}
	}
}
