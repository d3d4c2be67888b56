//go:build unix

package vinhos

import (
	"testing"

	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/internal/cputime"
)

// The benchmarks report, besides wall time, the process's CPU time per
// operation (cpu-ms/op, from getrusage; package cputime), which stays
// meaningful when other work shares the machine.

// BenchmarkBoard renders a late 4-player game and encodes it as PNG: what
// the bot does after every move. It reports the image's size.
func BenchmarkBoard(b *testing.B) {
	s := state(b, "late-4p")
	Draw(s) // the background is drawn once per process, not per move
	b.ReportAllocs()
	var size int
	cputime.Measure(b, func() {
		png, err := render.EncodePNG(Draw(s))
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	})
	b.ReportMetric(float64(size), "bytes/image")
}

// BenchmarkBoardDraw renders the same state without encoding it.
func BenchmarkBoardDraw(b *testing.B) {
	s := state(b, "late-4p")
	Draw(s)
	b.ReportAllocs()
	cputime.Measure(b, func() { Draw(s) })
}

// BenchmarkBackground encodes the cached background alone: the floor
// that BenchmarkBoard is compared with.
func BenchmarkBackground(b *testing.B) {
	_, bg := drawBoard(state(b, "late-4p"), Options{}, false)
	b.ReportAllocs()
	var size int
	cputime.Measure(b, func() {
		png, err := render.EncodePNG(bg.Image())
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	})
	b.ReportMetric(float64(size), "bytes/image")
}
