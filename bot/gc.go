package main

import "runtime/debug"

// The AI's searches make nearly all the bot's garbage: a state copy or
// two per playout, dead at once, over a live heap of a megabyte or two.
// Go's default (GOGC=100) then collects every 4 MB, hundreds of times a
// second, and a decision spends a quarter of its CPU on the collector's
// write barriers and sweeping. A collection every 32 MB buys hard some 30%
// more iterations in the same budget (docs/BENCHMARKS.md, the garbage
// collector and the AI); the memory limit keeps a large heap from growing
// ninefold.
const (
	gcPercent   = 800
	memoryLimit = 512 << 20
)

// tuneGC sets the collector for the AI, unless the operator set GOGC or
// GOMEMLIMIT, which the runtime has already read.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
