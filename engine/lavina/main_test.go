package lavina

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain lets the heap grow further between collections: the playouts
// make many short-lived copies.
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
