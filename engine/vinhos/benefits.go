package vinhos

import "github.com/adega-bot/adega/engine"

// R10 Magnate benefits (RESERVE-2010.md §10): to be built.

// benefitOptions appends the Magnate benefit seat may use now, before its
// move or after its action (back says which), at most one a turn.
func (s *State) benefitOptions(opts []option, seat engine.Seat, back stage) []option {
	return opts
}
