//go:build unix

// Package rusage reads the CPU time the process has used, for benchmarks
// and load tests that share the machine with other work: wall time then
// says little, CPU time still says what the work cost.
package rusage

import (
	"syscall"
	"time"
)

// CPU is the user and system time the process has used so far, on all
// threads.
func CPU() time.Duration { return used(syscall.RUSAGE_SELF) }

// used is the user and system time of who: the process, or a thread.
func used(who int) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(who, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
