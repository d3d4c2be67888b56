package rusage

import (
	"runtime"
	"testing"
)

// A thread's time grows while it works.
func TestThreadGrows(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := Thread()
	x := 0
	for i := 0; Thread() == start && i < 1e9; i++ {
		x += i
	}
	if Thread() <= start {
		t.Fatalf("the thread's time did not grow (%d)", x)
	}
}
