package bot

import (
	"math"
	"runtime/debug"
	"testing"
)

// The bot collects garbage less often than Go's default, for the AI's
// sake, unless the operator set GOGC or GOMEMLIMIT.
func TestTuneGCLeavesTheOperatorsSettings(t *testing.T) {
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) })

	TuneGC(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != memoryLimit {
		t.Errorf("memory limit %d, want %d", got, memoryLimit)
	}

	TuneGC(func(key string) string { return map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}[key] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC set, yet the GC percent became %d", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("GOMEMLIMIT set, yet the memory limit became %d", got)
	}
}
