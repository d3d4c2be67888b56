package lavina

import (
	"flag"
	"image"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// goldens are the images the tests keep, each drawn from a test state.
var goldens = []struct {
	name string
	draw func(t testing.TB) image.Image
}{
	{"mid-2p", func(t testing.TB) image.Image { return Draw(state(t, "mid-2p")) }},
	{"mid-5p", func(t testing.TB) image.Image { return Draw(state(t, "mid-5p")) }},
	{"public-3p", func(t testing.TB) image.Image { return Draw(state(t, "public-3p")) }},
	{"end-5p", func(t testing.TB) image.Image { return Draw(state(t, "end-5p")) }},
	{"crowded-5p", func(t testing.TB) image.Image { return Draw(crowded(t, true)) }},
	{"compact-5p", func(t testing.TB) image.Image { return DrawCompact(state(t, "mid-5p")) }},
	{"compact-2p", func(t testing.TB) image.Image { return DrawCompact(state(t, "mid-2p")) }},
	{"me-5p", func(t testing.TB) image.Image { return DrawPlayer(state(t, "mid-5p"), 2) }},
}

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
