//go:build unix

package render

import "syscall"

// lifelong returns n zeroed bytes that are never freed. A board's working
// memory is 11 MB that lives as long as the process: kept outside the
// collected heap, it does not count toward the collector's goal, which
// would otherwise let the heap grow by as much again before each
// collection. Small sizes, and any failure, take ordinary memory.
func lifelong(n int) []byte {
	if n < 1<<20 {
		return make([]byte, n)
	}
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n)
	}
	return b
}
