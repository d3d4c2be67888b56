package lavina

import (
	"image"
	"testing"

	"github.com/adega-bot/adega/render"
)

// Discord takes images up to 8 MB, but a board should post quickly: every
// board and view stays under 600 KB, the crowded ones included.
func TestImagesFitDiscord(t *testing.T) {
	const limit = 600 << 10
	for _, g := range goldens {
		b, err := render.EncodePNG(whole(g.draw(t)))
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > limit {
			t.Errorf("%s: %d bytes", g.name, len(b))
		}
	}
	for f, c := range focusCases(t) {
		b, err := render.EncodePNG(Focus(decode(t, c.State), c.Seat, f))
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > limit {
			t.Errorf("focus %s: %d bytes", f, len(b))
		}
	}
}

// whole hides from EncodePNG that a layer made img, so that it encodes
// every band.
func whole(img image.Image) image.Image {
	m := *img.(*image.RGBA)
	return &m
}
