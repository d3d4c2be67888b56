package rusage

import (
	"syscall"
	"time"
)

// Thread is the user and system time the calling OS thread has used so
// far. A goroutine that reads it twice must stay on one thread between
// (runtime.LockOSThread).
func Thread() time.Duration { return used(syscall.RUSAGE_THREAD) }
