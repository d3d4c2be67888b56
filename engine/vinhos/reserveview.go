package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

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

// MultiplierScore is what seat's barrel in slot of an end-game Multiplier
// would score now, by the mode's rules (the cash one's cap, if any).
func (s *State) MultiplierScore(seat engine.Seat, k R10MultiplierKind, slot int) int {
	return multiplierScore(k, slot, s.multiplierCount(seat, k), s.rules().cashMultiplierCap)
}

// CashMultiplierCapText says the cash Multiplier's cap, " (at most 16)",
// or nothing in the first edition, which has none.
func (s *State) CashMultiplierCapText() string {
	if c := s.rules().cashMultiplierCap; c > 0 {
		return fmt.Sprintf(" (at most %d)", c)
	}
	return ""
}

// ReserveBoard reports whether a mode plays on the Reserve's side of the
// board: a bank, the Managers' rows, the Fair's slots and Feature tracks
// (the 2010 Reserve and the first edition).
func ReserveBoard(m Mode) bool { return rulesets[m].bank }

// HasFarmers reports whether mode's box has Farmers: the first edition's
// has none.
func HasFarmers(m Mode) bool { return rulesets[m].supply.Farmers != PerPlayers[int]{} }

// BoardTitle names the game and its mode, as a board's header does.
func BoardTitle(m Mode) string { return rulesets[m].terms.title }

// RegionNumber is region r's number in mode's rulebook (the first edition
// numbers its regions its own way); 0 for a region not in its box.
func RegionNumber(m Mode, r RegionID) int { return rulesets[m].terms.regionNumbers[r] }

// TwoPlayerExport is the 2-player frame of a bank board's Export area in
// mode: the Reserve's, or the first edition's larger one.
func TwoPlayerExport(m Mode, d *Data) *[R10ExportRows][R10ExportColumns]bool {
	return rulesets[m].twoPlayerExport(d)
}
