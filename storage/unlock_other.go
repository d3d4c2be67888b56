//go:build !unix

package storage

import "os"

// release closes a database file that bbolt left open, which unlocks it.
func release(f *os.File) { f.Close() }
