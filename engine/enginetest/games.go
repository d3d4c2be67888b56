package enginetest

import (
	"flag"
	"testing"
)

// long asks for the full random-game runs, which CI runs in a step of its
// own: `go test -run Playouts ./engine/vinhos ./engine/lavina -args -long`.
// Every test binary that links this package takes the flag.
var long = flag.Bool("long", false, "play the full random-game runs (Games)")

// Games is how many seeded games a random-playout test plays of the full
// run it names: all of them with -long, a fiftieth by default (200 of
// 10,000), a two-hundredth with -short; at least one. The seeds are the
// first ones of the full run, so the default games are among the long
// run's.
func Games(full int) int {
	switch {
	case *long:
		return full
	case testing.Short():
		return max(1, full/200)
	}
	return max(1, full/50)
}
