package vinhos

import (
	"slices"

	"github.com/adega-bot/adega/engine"
)

// The view: rules facts and names that a renderer shows but must not work
// out again, so that the picture always agrees with the rules.

// WineValue is the value of the wine in seat's estate e, slot i, before
// Renown cubes: its quality, the Cellar's aging bonus and the region's bonus.
func (s *State) WineValue(seat engine.Seat, e, i int) int {
	return s.baseValue(seat, wineRef{e, i})
}

// CubeBonus is the most value Renown cubes can add now to a wine of region
// r: up to MaxRenownCubesPerWine of the region's cubes, each worth its
// CubeValue.
func (s *State) CubeBonus(r RegionID) int {
	return Regions[r].CubeValue * min(MaxRenownCubesPerWine, s.Regions[r].Cubes)
}

// NextQuality is the quality of the wine estate e of seat would make at
// Production as it stands, this year's weather included; 0 or less makes
// no wine.
func (s *State) NextQuality(seat engine.Seat, e int) int {
	return s.quality(&s.Seats[seat].Estates[e])
}

// WineSlots is how many wine slots the estate has: its Warehouse's, or its
// Cellar's.
func (e *Estate) WineSlots() int { return e.slots() }

// TaxedCell is the Quadrel cell that holds the Year/Taxation marker now.
func (s *State) TaxedCell() Cell { return s.taxedCell() }

// Moved reports whether seat's decision in progress (a Preview's, or one
// paused at a hidden tile) has moved its Action marker already: no other
// move is on offer in it.
func (s *State) Moved(seat engine.Seat) bool {
	d := s.decision(seat)
	return d != nil && (d.stage == stTurnAfter || d.stage == stRun && d.back == stTurnAfter)
}

// ExportLeaders returns, per Export column, the seats with the most
// barrels there (none if it is empty).
func (s *State) ExportLeaders() [ExportColumns][]engine.Seat {
	won, _ := s.exportMajorities()
	return won
}

// ExpertTile returns a Wine Expert's feature and tile.
func (s *State) ExpertTile(id int) (Feature, ExpertTile) { return s.expertTile(id) }

// ExpertName describes a Wine Expert for players.
func (s *State) ExpertName(id int) string { return s.expertName(id) }

// IsActionTile reports whether a Magnate tile ID names an Action tile
// rather than a Multiplier.
func IsActionTile(id int) bool { return isActionTile(id) }

// Multiplier returns the Multiplier tile a Magnate tile ID names.
func (s *State) Multiplier(id int) MultiplierTile { return s.multiplier(id) }

// TileName describes a Magnate tile for players.
func (s *State) TileName(id int) string { return s.tileName(id) }

// FeatureTitle names a wine feature for players, as mode's rulebook does
// (the first edition's Look is the Deluxe Appearance).
func FeatureTitle(mode Mode, f Feature) string { return rulesets[mode].terms.features[f] }

// MagnateName is a Magnate's bare name, for the board's Magnate panel, as
// mode's rulebook names them (the first edition's Managers).
func MagnateName(mode Mode, m Magnate) string { return rulesets[mode].terms.magnates[m] }

// EstablishmentTitle names a Sales area establishment for players.
func EstablishmentTitle(e Establishment) string { return establishmentTitle(e) }

// Solo games.

// IsSolo reports whether the game is solo: the player at SoloSeat against
// Lacerda, the automa, at LacerdaSeat.
func (s *State) IsSolo() bool { return s.Solo != nil }

// Bribed reports whether Lacerda left a bribe on cell c: entering it costs
// the solo player 1 Bago more, included in MovePrice.
func (s *State) Bribed(c Cell) bool { return s.Solo != nil && s.Solo.Bribes[c] }

// Trophies counts the Fairs seat has won in a solo game.
func (s *State) Trophies(seat engine.Seat) int {
	n := 0
	if s.Solo != nil {
		for _, winners := range s.Solo.Trophies {
			n += b2i(slices.Contains(winners, seat))
		}
	}
	return n
}

// SoloScore is the solo player's accolades and title once a solo game is
// over; nil before then and in other games.
func (s *State) SoloScore() *SoloScore {
	if s.Final == nil {
		return nil
	}
	return s.Final.Solo
}

// AccoladeTitle names a solo scoring criterion for players.
func AccoladeTitle(a Accolade) string {
	return [...]string{
		AccoladeMoreVP:           "More VP than Lacerda",
		AccoladeMoreMoney:        "More money than Lacerda",
		AccoladeFairTrophy:       "Fair trophies",
		AccoladeFullEstate:       "Full estates",
		AccoladeMoreExportVP:     "More end-game Export VP than Lacerda",
		AccoladeNoMagnateBarrels: "No barrels left with the Magnates",
	}[a]
}
