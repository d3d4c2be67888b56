//go:build unix

package vinhos

import (
	"syscall"
	"testing"
	"time"

	"github.com/adega-bot/adega/render"
)

// The benchmarks report, besides wall time, the process's CPU time per
// operation (cpu-ms/op, from getrusage), which stays meaningful when other
// work shares the machine.

// BenchmarkBoard renders a late 4-player game and encodes it as PNG: what
// the bot does after every move. It reports the image's size.
func BenchmarkBoard(b *testing.B) {
	s := state(b, "late-4p")
	Draw(s) // the background is drawn once per process, not per move
	b.ReportAllocs()
	var size int
	measureCPU(b, func() {
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
	measureCPU(b, func() { Draw(s) })
}

// BenchmarkBackground encodes the cached background alone: the floor
// that BenchmarkBoard is compared with.
func BenchmarkBackground(b *testing.B) {
	_, bg := drawBoard(state(b, "late-4p"), Options{}, false)
	b.ReportAllocs()
	var size int
	measureCPU(b, func() {
		png, err := render.EncodePNG(bg.Image())
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	})
	b.ReportMetric(float64(size), "bytes/image")
}

// measureCPU runs op in the benchmark loop and reports its CPU time.
func measureCPU(b *testing.B, op func()) {
	start := cpuTime()
	n := 0
	for b.Loop() {
		op()
		n++
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}

func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
