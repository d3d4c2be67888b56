package rendertest

import (
	"image"
	"testing"

	"github.com/adega-bot/adega/render"
)

// CheckText fails the test for every text box drawn on c, or on the
// background it was drawn over, that leaves c or overlaps another: a
// layout is clean when it reports nothing.
func CheckText(t testing.TB, what string, c *render.Canvas, background []render.TextBox) {
	t.Helper()
	boxes := append(append([]render.TextBox(nil), background...), c.Boxes()...)
	bounds := c.RGBA().Bounds()
	for i, a := range boxes {
		if !a.Box.In(bounds) {
			t.Errorf("%s: %q at %v leaves the canvas %v", what, a.Text, a.Box, bounds)
		}
		for _, b := range boxes[i+1:] {
			if a.Box.Overlaps(b.Box) {
				t.Errorf("%s: %q at %v overlaps %q at %v", what, a.Text, a.Box, b.Text, b.Box)
			}
		}
	}
}

// MaxPNG is the most a board or view may weigh as the bot posts it:
// Discord takes 8 MB, but shows a large image slowly on a phone.
const MaxPNG = 600_000

// CheckSize fails the test if img, encoded whole as the bot posts it,
// weighs more than MaxPNG.
func CheckSize(t testing.TB, name string, img image.Image) {
	t.Helper()
	b, err := render.EncodePNG(Whole(img))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > MaxPNG {
		t.Errorf("%s: %d bytes, more than %d", name, len(b), MaxPNG)
	}
}
