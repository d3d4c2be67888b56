package vinhos

import (
	"flag"
	"image"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
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
}

// soloOptions draws seat 1 as an automa: a solo game's layout.
var soloOptions = Options{NoBoard: func(seat engine.Seat) bool { return seat == 1 }}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) { golden(t, g.name, g.draw(t)) })
	}
}

// golden compares an image with testdata/name.png, or rewrites that file
// with -update.
func golden(t *testing.T, name string, got image.Image) {
	t.Helper()
	rendertest.Golden(t, filepath.Join("testdata", name+".png"), got, *update)
}
