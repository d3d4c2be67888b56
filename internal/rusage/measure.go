package rusage

import "time"

// Loop is the part of *testing.B that Measure uses. Taking it as an
// interface keeps package testing out of the binaries that use this
// package's clocks (the tournament).
type Loop interface {
	Loop() bool
	ReportMetric(n float64, unit string)
}

// Measure runs op in the benchmark loop and reports its CPU time as
// cpu-ms/op.
func Measure(b Loop, op func()) {
	start := CPU()
	n := 0
	for b.Loop() {
		op()
		n++
	}
	b.ReportMetric(float64(CPU()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}
