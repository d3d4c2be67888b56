//go:build unix

// Package cputime measures benchmarks by the process's CPU time (from
// getrusage), which stays meaningful when other work shares the machine,
// unlike wall time.
package cputime

import (
	"syscall"
	"testing"
	"time"
)

// Now is the CPU time the process has used so far, in all its threads.
func Now() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// Measure runs op in the benchmark loop and reports its CPU time as
// cpu-ms/op.
func Measure(b *testing.B, op func()) {
	start := Now()
	n := 0
	for b.Loop() {
		op()
		n++
	}
	b.ReportMetric(float64(Now()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}
