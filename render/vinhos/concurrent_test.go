package vinhos

import (
	"bytes"
	"image"
	"sync"
	"testing"
)

// TestConcurrentRenders draws several boards at once, as the bot does for
// different games, and checks each against the same board drawn alone: the
// caches are shared and the font faces are not (run it with -race).
func TestConcurrentRenders(t *testing.T) {
	draws := []func() image.Image{
		func() image.Image { return Draw(state(t, "early-2p")) },
		func() image.Image { return Draw(state(t, "mid-3p")) },
		func() image.Image { return DrawWith(state(t, "early-2p"), soloOptions) },
		func() image.Image { return DrawPlayer(state(t, "mid-3p"), 0) },
	}
	got := make([]image.Image, len(draws))
	var wg sync.WaitGroup
	for i, draw := range draws {
		wg.Go(func() { got[i] = draw() })
	}
	wg.Wait()
	for i, draw := range draws {
		if !bytes.Equal(got[i].(*image.RGBA).Pix, draw().(*image.RGBA).Pix) {
			t.Errorf("render %d differs when drawn alongside the others", i)
		}
	}
}
