package vinhos

import (
	"image"
	"testing"

	"github.com/adega-bot/adega/render/rendertest"
)

// TestConcurrentRenders draws several boards at once and checks each
// against the same board drawn alone.
func TestConcurrentRenders(t *testing.T) {
	rendertest.Concurrent(t, []func() image.Image{
		func() image.Image { return Draw(state(t, "early-2p")) },
		func() image.Image { return Draw(state(t, "mid-3p")) },
		func() image.Image { return DrawWith(state(t, "early-2p"), soloOptions) },
		func() image.Image { return DrawPlayer(state(t, "mid-3p"), 0) },
	})
}
