//go:build unix

package lavina

import (
	"image"
	"testing"

	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/render"
)

// The benchmarks report, besides wall time, the process's CPU time per
// operation (cpu-ms/op, from getrusage), which stays meaningful when other
// work shares the machine.

// BenchmarkBoard renders the mid-game 5-player board and encodes it whole
// as PNG, every band compressed: a board that shares nothing with the
// boards before it. It reports the image's size.
func BenchmarkBoard(b *testing.B) {
	s := state(b, "mid-5p")
	Draw(s) // the background is drawn once per process, not per move
	benchEncode(b, func() image.Image { return whole(Draw(s)) })
}

// BenchmarkBoardDraw renders the same board without encoding it.
func BenchmarkBoardDraw(b *testing.B) {
	s := state(b, "mid-5p")
	Draw(s)
	b.ReportAllocs()
	rusage.Measure(b, func() { Draw(s) })
}

// BenchmarkFocus draws and encodes the tallest focused view, the exit's.
func BenchmarkFocus(b *testing.B) {
	c := focusCases(b)[lavina.FocusExit]
	s := decode(b, c.State)
	benchEncode(b, func() image.Image { return Focus(s, c.Seat, lavina.FocusExit) })
}

// benchEncode measures drawing and encoding an image as PNG, and reports
// its size.
func benchEncode(b *testing.B, draw func() image.Image) {
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
