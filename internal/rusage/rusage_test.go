package rusage

import (
	"runtime"
	"testing"
)

// CPU grows while the process works.
func TestCPUGrows(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no getrusage")
	}
	start := CPU()
	x := 0
	for i := 0; CPU() == start && i < 1e9; i++ {
		x += i
	}
	if CPU() <= start {
		t.Fatalf("CPU time did not grow (%d)", x)
	}
}
