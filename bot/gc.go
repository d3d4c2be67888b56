package bot

import "runtime/debug"

// The AI's searches make nearly all the bot's garbage: a state copy or
// two per playout, dead at once, over a live heap of a megabyte or two.
// Go's default (GOGC=100) then collects every 4 MB, hundreds of times a
// second, and a decision spends a quarter of its CPU on the collector's
// write barriers and sweeping. A collection every 32 MB buys hard some 30%
// more iterations in the same budget (docs/BENCHMARKS.md, the garbage
// collector and the AI).
//
// The soft memory limit is what bounds the heap: GOGC=800 alone lets a
// bot that keeps 13 MB live (1,000 stored games, 200 in play) grow to 200
// MB and more between collections. Under the limit the collector runs as
// rarely as GOGC says while the heap is small, and more often as it nears
// the limit. A service is better bounded by what it may use than by a
// ratio of what it keeps live, which it does not choose. With 40 MiB such
// a bot collects some 5 times a second under load, at the CPU a move it
// spent at 48 MiB, now that it allocates less (the courier reads only the
// outbox's heads, canvases borrow their faces); with 32 MiB it collected
// 10 times a second and spent 9% more CPU a move (docs/BENCHMARKS.md,
// memory of the bot serving 1,000 games). If the live heap outgrew the limit, the
// runtime would give the collector at most half the CPU and let the heap
// pass it; GOMEMLIMIT then raises it.
const (
	gcPercent   = 800
	memoryLimit = 40 << 20
)

// TuneGC sets the collector for the AI and the bot's memory, unless the
// operator set GOGC or GOMEMLIMIT, which the runtime has already read.
func TuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
