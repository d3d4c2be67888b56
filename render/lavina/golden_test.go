package lavina

import (
	"flag"
	"image"
	"testing"

	"github.com/adega-bot/adega/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// goldens are the images the tests keep, each drawn from a test state.
var goldens = []rendertest.Case{
	{Name: "mid-2p", Draw: func(t testing.TB) image.Image { return Draw(state(t, "mid-2p")) }},
	{Name: "mid-5p", Draw: func(t testing.TB) image.Image { return Draw(state(t, "mid-5p")) }},
	{Name: "public-3p", Draw: func(t testing.TB) image.Image { return Draw(state(t, "public-3p")) }},
	{Name: "end-5p", Draw: func(t testing.TB) image.Image { return Draw(state(t, "end-5p")) }},
	{Name: "crowded-5p", Draw: func(t testing.TB) image.Image { return Draw(crowded(t, true)) }},
	{Name: "compact-5p", Draw: func(t testing.TB) image.Image { return DrawCompact(state(t, "mid-5p")) }},
	{Name: "compact-2p", Draw: func(t testing.TB) image.Image { return DrawCompact(state(t, "mid-2p")) }},
	{Name: "me-5p", Draw: func(t testing.TB) image.Image { return DrawPlayer(state(t, "mid-5p"), 2) }},
}

func TestGolden(t *testing.T) { rendertest.Goldens(t, goldens, *update) }
