//go:build unix

package storage

import (
	"os"
	"syscall"
)

// release unlocks and closes a database file that bbolt left open. Closing
// alone would not unlock it while bbolt's memory map of it lives on.
func release(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	f.Close()
}
