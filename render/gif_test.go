package render

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
)

// An animation of images with fewer than 256 colours shows each frame's
// colours exactly, at the size asked (never enlarged), the last frame
// held longest.
func TestAnimationShowsEachFrameInItsOwnColours(t *testing.T) {
	frame := func(k int) image.Image {
		m := image.NewRGBA(image.Rect(0, 0, 40, 20))
		for i := range m.Pix {
			m.Pix[i] = 0xff
		}
		for y := range 20 {
			for x := range 10 * (k + 1) {
				m.Set(x, y, color.RGBA{uint8(60 * k), 0x80, 0x20, 0xff})
			}
		}
		return m
	}
	data, err := Animation(3, frame, 100, 50)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 3 || g.Config.Width != 40 || g.Delay[0] != 50 || g.Delay[2] != 150 {
		t.Fatalf("%d frames, %d wide, delays %v; want 3 frames 40 wide (not enlarged), the last held three times", len(g.Image), g.Config.Width, g.Delay)
	}
	for k, img := range g.Image {
		want := frame(k)
		for y := range 20 {
			for x := range 40 {
				r1, g1, b1, _ := img.At(x, y).RGBA()
				r2, g2, b2, _ := want.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					t.Fatalf("frame %d pixel (%d,%d) is %v, want %v", k, x, y, img.At(x, y), want.At(x, y))
				}
			}
		}
	}
}
