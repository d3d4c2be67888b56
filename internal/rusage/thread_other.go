//go:build !linux

package rusage

import "time"

// Thread is the process's CPU time where a thread's is not read: it
// overcounts while other threads run.
func Thread() time.Duration { return CPU() }
