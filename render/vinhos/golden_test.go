package vinhos

import (
	"flag"
	"image"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// goldens are the images the tests keep, each drawn from a test state.
var goldens = []struct {
	name string
	draw func(t testing.TB) image.Image
}{
	{"early-2p", func(t testing.TB) image.Image { return Draw(state(t, "early-2p")) }},
	{"mid-3p", func(t testing.TB) image.Image { return Draw(state(t, "mid-3p")) }},
	{"end-4p", func(t testing.TB) image.Image { return Draw(state(t, "end-4p")) }},
	{"fullest-4p", func(t testing.TB) image.Image { return Draw(fullest(t)) }},
	{"solo", func(t testing.TB) image.Image { return Draw(state(t, "solo")) }},
	{"me-3p", func(t testing.TB) image.Image { return DrawPlayer(state(t, "mid-3p"), 1) }},
	{"compact-3p", func(t testing.TB) image.Image { return DrawCompact(state(t, "mid-3p")) }},
	{"compact-solo", func(t testing.TB) image.Image { return DrawCompact(state(t, "solo")) }},
	{"reserve-early-4p", func(t testing.TB) image.Image { return Draw(reserveEarly(t)) }},
	{"reserve-mid-4p", func(t testing.TB) image.Image { return Draw(reserveMid(t)) }},
	{"reserve-final-4p", func(t testing.TB) image.Image { return Draw(reserveFinal(t)) }},
	{"reserve-2p", func(t testing.TB) image.Image { return Draw(reserve2p(t)) }},
	{"reserve-compact-4p", func(t testing.TB) image.Image { return DrawCompact(reserveMid(t)) }},
	{"reserve-me-4p", func(t testing.TB) image.Image { return DrawPlayer(reserveMid(t), 2) }},
	{"first-edition-3p", func(t testing.TB) image.Image { return Draw(firstEditionMid(t)) }},
}

// soloOptions draws seat 1 as an automa: a solo game's layout.
var soloOptions = Options{NoBoard: func(seat engine.Seat) bool { return seat == 1 }}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) { golden(t, g.name, g.draw(t)) })
	}
}

// maxPNG is the most a golden board may weigh as the bot posts it: Discord
// shows a large image slowly on a phone.
const maxPNG = 600_000

func TestPNGSize(t *testing.T) {
	for _, g := range goldens {
		b, err := render.EncodePNG(g.draw(t))
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > maxPNG {
			t.Errorf("%s: %d bytes, more than %d", g.name, len(b), maxPNG)
		}
	}
}

// golden compares an image with testdata/name.png, or rewrites that file
// with -update.
func golden(t *testing.T, name string, got image.Image) {
	t.Helper()
	rendertest.Golden(t, filepath.Join("testdata", name+".png"), got, *update)
}
