package vinhos

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain lets the heap grow further between collections: the playouts
// make millions of short-lived copies, and the machine has memory to spare.
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
