package rusage

import (
	"runtime"
	"testing"
)

// A thread's time grows while it works, and never past the process's.
func TestThreadGrows(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, process := Thread(), CPU()
	x := 0
	for i := 0; Thread() == start && i < 1e9; i++ {
		x += i
	}
	if grew := Thread() - start; grew <= 0 || grew > CPU()-process {
		t.Fatalf("the thread's time grew by %v, the process's by %v (%d)", grew, CPU()-process, x)
	}
}
