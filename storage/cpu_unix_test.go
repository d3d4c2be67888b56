//go:build unix

package storage

import (
	"syscall"
	"time"
)

// cpuTime is the process's CPU time so far (getrusage), which stays
// meaningful when other work shares the machine.
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
