package rendertest

import (
	"image"
	"testing"

	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/render"
)

// BenchEncode measures drawing and encoding an image as PNG, reporting
// besides wall time the process's CPU time per image (cpu-ms/op), which
// stays meaningful when other work shares the machine, and the image's
// size.
func BenchEncode(b *testing.B, draw func() image.Image) {
	b.ReportAllocs()
	var size int
	rusage.Measure(b, func() {
		png, err := render.EncodePNG(draw())
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	})
	b.ReportMetric(float64(size), "bytes/image")
}

// Whole hides from EncodePNG that a layer made img, so that it encodes
// every band: a board sharing nothing with the boards before it.
func Whole(img image.Image) image.Image {
	m := *img.(*image.RGBA)
	return &m
}

// BenchBoard measures drawing a board and encoding it whole (Whole),
// after one draw untimed: a layout's background is drawn once per
// process, not per move.
func BenchBoard(b *testing.B, draw func() image.Image) {
	draw()
	BenchEncode(b, func() image.Image { return Whole(draw()) })
}

// BenchDraw measures drawing a board alone, after one draw untimed.
func BenchDraw(b *testing.B, draw func() image.Image) {
	draw()
	b.ReportAllocs()
	rusage.Measure(b, func() { draw() })
}
