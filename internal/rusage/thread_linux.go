package rusage

import (
	"syscall"
	"time"
)

// Thread is the user and system time the calling OS thread has used so
// far. A goroutine that reads it twice must stay on one thread between
// (runtime.LockOSThread).
func Thread() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
