package vinhos

import "github.com/adega-bot/adega/engine"

// R10 retrieval of pairs of barrels (RESERVE-2010.md §8): to be built.

// pairOptions appends the pairs of barrels seat may take back now.
func (s *State) pairOptions(opts []option, seat engine.Seat) []option {
	return opts
}
