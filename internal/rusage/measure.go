package rusage

import (
	"testing"
	"time"
)

// Measure runs op in the benchmark loop and reports its CPU time as
// cpu-ms/op.
func Measure(b *testing.B, op func()) {
	start := CPU()
	n := 0
	for b.Loop() {
		op()
		n++
	}
	b.ReportMetric(float64(CPU()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}
