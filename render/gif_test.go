package render

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
)

// An animation of images with fewer than 256 colours shows each frame's
// colours exactly, at the size asked (never enlarged), each for its own
// delay.
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
	g := animate(t, 100, []image.Image{frame(0), frame(1), frame(2)}, []int{50, 50, 150})
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

// Each frame has its own palette: two frames of 200 colours each, 400 in
// all, both show every colour exactly, where one shared palette of 256
// would lose some.
func TestAnimationFramesKeepTheirOwnPalettes(t *testing.T) {
	frame := func(k int) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, 200, 3))
		for x := range 200 {
			for y := range 3 {
				m.Set(x, y, color.RGBA{uint8(x), uint8(100 * k), 7, 0xff})
			}
		}
		return m
	}
	g := animate(t, 200, []image.Image{frame(0), frame(1)}, []int{10, 10})
	for k, img := range g.Image {
		want := frame(k)
		for x := range 200 {
			if r1, g1, b1, _ := img.At(x, 1).RGBA(); color.RGBA64Model.Convert(want.At(x, 1)) != (color.RGBA64{uint16(r1), uint16(g1), uint16(b1), 0xffff}) {
				t.Fatalf("frame %d pixel %d is %v, want %v", k, x, img.At(x, 1), want.At(x, 1))
			}
		}
	}
}

// animate writes frames as an animation width pixels wide, each shown
// for its delay, and decodes it.
func animate(t *testing.T, width int, frames []image.Image, delays []int) *gif.GIF {
	t.Helper()
	var data bytes.Buffer
	anim := NewAnimation(&data, width)
	for k, f := range frames {
		if err := anim.Add(f, delays[k]); err != nil {
			t.Fatal(err)
		}
	}
	if err := anim.Close(); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
