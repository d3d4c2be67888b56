package lavina

import (
	"testing"

	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
)

// Discord takes images up to 8 MB, but a board should post quickly: every
// board and view stays under 600 KB, the crowded ones included.
func TestImagesFitDiscord(t *testing.T) {
	const limit = 600 << 10
	for _, g := range goldens {
		b, err := render.EncodePNG(rendertest.Whole(g.draw(t)))
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
