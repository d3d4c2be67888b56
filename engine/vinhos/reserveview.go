package vinhos

import "github.com/adega-bot/adega/engine"

// Read-only views of a 2010 Reserve game for the renderer.

// Estates is how many Estates each player board has: the mode's board,
// changed by the five-estates variant.
func (s *State) Estates() int { return s.board().Estates }

// EndGameMultiplier reports whether a Multiplier scores at the end of the
// game; the others score as the barrel is placed.
func EndGameMultiplier(k R10MultiplierKind) bool { return endGameMultiplier(k) }

// MultiplierCount is what an end-game Multiplier counts for seat now.
func (s *State) MultiplierCount(seat engine.Seat, k R10MultiplierKind) int {
	return s.multiplierCount(seat, k)
}
