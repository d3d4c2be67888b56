package rendertest

import (
	"bytes"
	"image"
	"sync"
	"testing"
)

// Concurrent draws several images at once, as the bot does for different
// games, and checks each against the same image drawn alone: caches are
// shared between renders and font faces are not (run it with -race).
func Concurrent(t *testing.T, draws []func() image.Image) {
	t.Helper()
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
