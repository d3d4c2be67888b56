package vinhos

import (
	"bytes"
	"image"
	"image/png"
	"runtime"
	"sync"
	"testing"

	"github.com/adega-bot/adega/render"
)

// whole returns a copy of the header of a drawn board, sharing its pixels:
// an image no layer made, which EncodePNG encodes whole, every band
// compressed.
func whole(img image.Image) image.Image {
	m := *img.(*image.RGBA)
	return &m
}

// TestGamePNG encodes the board after every move of a whole 4-player game,
// in order, as a painter does: each PNG reuses the bands it shares with the
// background and the boards before it. Each must decode to the same pixels
// as the board encoded whole (the same bytes, so far), and as the board
// drawn. With -short, every eighth board is encoded.
func TestGamePNG(t *testing.T) {
	states := game(t, 47, 4)
	step := 1
	if testing.Short() {
		step = 8
	}
	type posted struct {
		move int
		img  image.Image
		png  []byte
	}
	check := make(chan posted, 2)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for p := range check {
				full, err := render.EncodePNG(whole(p.img))
				if err != nil {
					t.Error(err)
					continue
				}
				got := decode(t, p.move, p.png)
				if !bytes.Equal(p.png, full) { // else they decode alike
					want := decode(t, p.move, full)
					if got != nil && want != nil && !bytes.Equal(got.Pix, want.Pix) {
						t.Errorf("move %d: the PNG differs from the board encoded whole", p.move)
					}
				}
				if got != nil && !bytes.Equal(got.Pix, p.img.(*image.RGBA).Pix) {
					t.Errorf("move %d: the PNG differs from the board drawn", p.move)
				}
			}
		})
	}
	for move := 0; move < len(states); move += step {
		img := Draw(states[move])
		b, err := render.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		check <- posted{move, img, b}
	}
	close(check)
	wg.Wait()
}

// decode decodes a board's PNG with image/png.
func decode(t *testing.T, move int, b []byte) *image.RGBA {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Errorf("move %d: %v", move, err)
		return nil
	}
	return img.(*image.RGBA)
}
