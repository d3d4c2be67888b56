// Package vinhos holds the component data of Vinhos Deluxe: the Special
// Vintage 2016 mode (SV16) in full, the 2010 Reserve (R10) where its values
// are text or derived, and the solo opponent Lacerda.
//
// Every value comes from shared/rules/COMPONENTS.md and carries one of its
// provenance tags (§0.2, engine/component): [T] stated in a rulebook, [D]
// derived from the rulebooks' worked examples, [R] reconstructed where only
// the printed components have it. E## and C## name entries of its evidence register (§1)
// and contradictions table (§20); § names its sections.
//
// Values fixed by the rules ([T] and [D] only) are package-level constants and
// variables, with their tags in comments. Tables that hold any [R] value live
// in Data, one component.Sourced value per cell, so that a data file (see
// LoadData) can replace exactly the reconstructed ones. A data file changes values, not
// shapes: table sizes are constants even where [R] (4 Export rows, the 3x4
// Magnate display), as are the [R] rule readings noted in comments. Treat
// package-level tables as read only.
//
// IDs index tables directly: region IDs run 1..9, years 1..6 and fairs 1..3,
// so index 0 of those tables is unused; vintage tiles run 0..8.
package vinhos

import (
	"fmt"
	"strconv"

	"github.com/adega-bot/adega/engine/component"
)

// enumName is the String method of the small enums below: names are indexed
// by the enum value.
func enumName[E ~uint8](names []string, e E) string {
	if int(e) < len(names) && names[e] != "" {
		return names[e]
	}
	return fmt.Sprintf("%T(%d)", e, uint8(e))
}

// ---------------------------------------------------------------------------
// Modes, players, colours, features

// Mode is one of the two games in the Deluxe box.
type Mode uint8

const (
	SpecialVintage2016 Mode = iota
	Reserve2010
	// Classic2010 is the first edition's rules (2010), which the Reserve
	// reworked: modes.go lists its differences from the Reserve.
	Classic2010
)

const numModes = int(Classic2010) + 1

var modeNames = [...]string{SpecialVintage2016: "special_vintage_2016", Reserve2010: "reserve_2010", Classic2010: "classic_2010"}

func (m Mode) String() string { return enumName(modeNames[:], m) }

// Player counts. Solo is played with the 2-player setup [T] (§18).
const (
	MinPlayers = 2
	MaxPlayers = 4
)

// PerPlayers holds one value for each player count 2, 3 and 4.
type PerPlayers[T any] [MaxPlayers - MinPlayers + 1]T

// For returns the value for a game of the given number of players (2..4).
func (p PerPlayers[T]) For(players int) T { return p[players-MinPlayers] }

// PlayerColor is a player's component colour [T] (RB; the first edition had
// red instead of orange).
type PlayerColor uint8

const (
	Orange PlayerColor = iota
	Yellow
	Blue
	Purple
)

var playerColorNames = [...]string{Orange: "orange", Yellow: "yellow", Blue: "blue", Purple: "purple"}

func (c PlayerColor) String() string { return enumName(playerColorNames[:], c) }

// Color is a wine colour, as printed on Vineyards, Wineries, Wine tiles and
// Sales slots. NoColor is the blank demand of Vintage tile 0.
type Color uint8

const (
	NoColor Color = iota
	Red
	White
)

const numColors = int(White) + 1

var colorNames = [...]string{NoColor: "none", Red: "red", White: "white"}

func (c Color) String() string { return enumName(colorNames[:], c) }

// Feature is a wine feature: a Wine Expert deck and a Vintage tile symbol.
// Taste is red and Aroma green [T]; the other two colours are cosmetic.
type Feature uint8

const (
	Taste Feature = iota
	Aroma
	Appearance // "Look" in the first edition
	Alcohol    // Alcohol Content
)

// NumFeatures is the number of features and Wine Expert decks.
const NumFeatures = int(Alcohol) + 1

var featureNames = [...]string{Taste: "taste", Aroma: "aroma", Appearance: "appearance", Alcohol: "alcohol"}

func (f Feature) String() string { return enumName(featureNames[:], f) }

// ---------------------------------------------------------------------------
// Box contents (§2.1) and supplies by player count (§2.2, §2.3)

// BoxContents counts the components in the Deluxe box.
type BoxContents struct {
	PlayerBoards, PlayerAids                   int
	VintageTiles, VineyardTiles                int
	WineryTiles, CellarTiles, WineExpertTiles  int
	PortoTiles, WineTiles                      int
	Banknotes                                  int
	Enologists, Farmers                        int
	RenownCubes, FeatureMarkers                int
	MagnateActionTiles, MagnateMultiplierTiles int
	ActionMarkers                              int
	BarrelsPerColor, DiscsPerColor             int
	FairTilesPerColor                          int
	SoloActionCards, SoloNumberCards           int
}

// Box is the Deluxe box, all [T] (E01). Feature markers and Fair tiles are
// R10 only; Magnate tiles SV16 only.
var Box = BoxContents{
	PlayerBoards: 4, PlayerAids: 4,
	VintageTiles: 9, VineyardTiles: 36,
	WineryTiles: 19, CellarTiles: 12, WineExpertTiles: 24,
	PortoTiles: 6, WineTiles: 104,
	Banknotes:  57, // C02: 57 notes (RB), not the French list's "61"
	Enologists: 12, Farmers: 16,
	RenownCubes: 20, FeatureMarkers: 4,
	MagnateActionTiles: 18, MagnateMultiplierTiles: 22,
	ActionMarkers:   4,
	BarrelsPerColor: 8, DiscsPerColor: 10, // the 10th disc covers Estate 5 in the R10 5-Estate variant
	FairTilesPerColor: 5,
	SoloActionCards:   9, SoloNumberCards: 9,
}

// Banknote is one denomination of Bagos notes.
type Banknote struct{ Bagos, Count int }

// Banknotes are [T] (E02): 57 notes, 171 Bagos [D]. The bank is unlimited in
// practice (keep track on paper [T]), so an engine keeps integer cash.
var Banknotes = [...]Banknote{{1, 24}, {2, 16}, {5, 11}, {10, 6}}

// Supply is what goes on the board at setup, by player count.
type Supply struct {
	Regions    PerPlayers[int] // regions in play; the others' Vineyards go back to the box
	Enologists PerPlayers[int]
	Farmers    PerPlayers[int]
	Cellars    PerPlayers[int]
	Wineries   PerPlayers[int]
}

// Supplies by mode, all [T] (E07, E08, E09). Region counts are the Deluxe
// ones; the first edition's 6/7/8 differ (C21).
var Supplies = [numModes]Supply{
	SpecialVintage2016: {
		Regions:    PerPlayers[int]{7, 8, 9},
		Enologists: PerPlayers[int]{7, 10, 12},
		Farmers:    PerPlayers[int]{9, 12, 16},
		Cellars:    PerPlayers[int]{8, 10, 12},
		Wineries:   PerPlayers[int]{11, 15, 19},
	},
	Reserve2010: {
		Regions:    PerPlayers[int]{7, 8, 9},
		Enologists: PerPlayers[int]{7, 10, 12},
		Farmers:    PerPlayers[int]{4, 4, 4}, // Ribatejo freebies only: R10 cannot hire Farmers
		Cellars:    PerPlayers[int]{5, 7, 9},
		Wineries:   PerPlayers[int]{8, 12, 16},
	},
	// The first edition [T] (000 setup 9, 11.2, 11.3, 12.2): 8 Enologists
	// whatever the count, no Farmers, one region fewer (no Ribatejo).
	Classic2010: {
		Regions:    PerPlayers[int]{6, 7, 8},
		Enologists: PerPlayers[int]{8, 8, 8},
		Farmers:    PerPlayers[int]{0, 0, 0},
		Cellars:    PerPlayers[int]{5, 7, 9},
		Wineries:   PerPlayers[int]{8, 12, 16},
	},
}

// FirstPlayRemovedRegions are the regions the rulebook suggests leaving out
// on a first play, by player count [T] (RB, E19). Otherwise Number cards pick
// the regions to remove.
var FirstPlayRemovedRegions = PerPlayers[RegionSet]{NewRegionSet(Setubal, Algarve), NewRegionSet(Setubal), 0}

// StartingCash is each SV16 seat's money, first to fourth [T] (E06). The
// initial Vineyard is free [T].
var StartingCash = [MaxPlayers]int{19, 20, 21, 22}

// ---------------------------------------------------------------------------
// Regions (§3)

// RegionID numbers a region, 1..9, as in the Reference Book (§3.1).
type RegionID uint8

// Region IDs [T] (E18, E19). C01: the Reference Book numbering wins over the
// examples' "4 (Douro)", "Minho (1)" (first-edition leftovers) and
// "Alentejo (7)" (a typo); both examples keep their outcome.
const (
	TrasOsMontes RegionID = iota + 1
	Minho
	Douro
	Dao
	Ribatejo
	Lisboa
	Setubal // C13: the examples' "Terras do Sado" estate is Setúbal
	Alentejo
	Algarve
)

// NumRegions is the number of regions in the Deluxe edition.
const NumRegions = int(Algarve)

// Valid reports whether r names one of the nine regions.
func (r RegionID) Valid() bool { return r >= 1 && int(r) <= NumRegions }

func (r RegionID) String() string {
	if r.Valid() {
		return Regions[r].Name
	}
	return fmt.Sprintf("RegionID(%d)", uint8(r))
}

// RegionSet is a set of regions, such as Carolina's demand.
type RegionSet uint16

// NewRegionSet returns the set of the given regions.
func NewRegionSet(ids ...RegionID) RegionSet {
	var s RegionSet
	for _, r := range ids {
		s |= 1 << r
	}
	return s
}

// Has reports whether r is in the set.
func (s RegionSet) Has(r RegionID) bool { return s&(1<<r) != 0 }

// String lists the set's region IDs, as in {1,3,7,8}.
func (s RegionSet) String() string {
	b := []byte{'{'}
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if s.Has(r) {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, uint64(r), 10)
		}
	}
	return string(append(b, '}'))
}

// Region is a region's name and characteristics. Every field is [T] (E18,
// RB "Characteristics of regions"; initial variants from RB setup) unless its
// comment says otherwise. A second Vineyard in the same Estate never doubles a
// bonus [T].
type Region struct {
	ID   RegionID
	Name string

	FairPoints     int  // extra Fair Points when presenting this region's wine
	NoCellar       bool // no Cellar may be built in this region's Estates
	PortoTiles     int  // Porto tiles received with an Estate's first Vineyard here, supply permitting [D]
	FreeCellar     bool // a free Cellar in the Estate, with no Renown cube for it
	FreeWinery     bool // a free Winery in the Estate, with no Renown cube for it
	FreeFarmer     bool // a free Farmer on the Vineyard
	FreeExperts    int  // Wine Experts taken free from the tops of any decks
	CubeValue      int  // Wine Value added per Renown cube removed from this region
	WineValueBonus int  // Wine Value added when sold, exported or presented

	// InitialWine is the Wine tile received with an initial Vineyard here.
	// In Dão it goes in the free Cellar's leftmost slot.
	InitialWine int
	// InitialPortoWine is Douro's alternative initial wine. C07: taking it
	// spends one of the two Porto tiles [D], as in the first edition.
	InitialPortoWine int
}

// Regions indexed by RegionID; index 0 is unused.
var Regions = [NumRegions + 1]Region{
	TrasOsMontes: {ID: TrasOsMontes, Name: "Trás-os-Montes", CubeValue: 1, InitialWine: 2, FairPoints: 2},
	Minho:        {ID: Minho, Name: "Minho", CubeValue: 1, InitialWine: 2, NoCellar: true},
	Douro:        {ID: Douro, Name: "Douro", CubeValue: 1, InitialWine: 2, PortoTiles: 2, InitialPortoWine: 5},
	Dao:          {ID: Dao, Name: "Dão", CubeValue: 1, InitialWine: 2, FreeCellar: true},
	Ribatejo:     {ID: Ribatejo, Name: "Ribatejo", CubeValue: 1, InitialWine: 3, FreeFarmer: true},
	Lisboa:       {ID: Lisboa, Name: "Lisboa", CubeValue: 1, InitialWine: 3, FreeWinery: true},
	Setubal:      {ID: Setubal, Name: "Setúbal", CubeValue: 1, InitialWine: 2, FreeExperts: 2},
	Alentejo:     {ID: Alentejo, Name: "Alentejo", CubeValue: 2, InitialWine: 2},
	Algarve:      {ID: Algarve, Name: "Algarve", CubeValue: 1, InitialWine: 2, WineValueBonus: 1},
}

// Region insets and Vineyard decks (§3.2).
const (
	// VineyardsPerRegion: 2 red and 2 white tiles per region [T] (E10).
	VineyardsPerRegion = 4
	// MaxRenownCubesPerWine: a wine may use 1 or 2 of its region's cubes [T].
	MaxRenownCubesPerWine = 2
)

// VineyardTile is one tile of a region's Vineyard deck. The deck lies cost
// side up, so the next tile's cost and colour are public [T] (E10).
type VineyardTile struct {
	Color Color                  `json:"color"` // [T]
	Cost  component.Sourced[int] `json:"cost"`  // Bagos; discounts floor at 0 [R]
}

// Inset is a region's inset on the board.
type Inset struct {
	// CubeSpaces is how many Renown cubes the inset holds: 4 [R] in every
	// region (examples need at least 4 in Dão and 3 in Algarve; 36 spaces
	// for 20 cubes leave the supply as the real limit).
	CubeSpaces component.Sourced[int]
	// Vineyards is the deck before shuffling: red, red, white, white.
	Vineyards [VineyardsPerRegion]VineyardTile
}

func vineyardDeck(red1, red2, white1, white2 component.Sourced[int]) [VineyardsPerRegion]VineyardTile {
	return [...]VineyardTile{{Red, red1}, {Red, red2}, {White, white1}, {White, white2}}
}

// ---------------------------------------------------------------------------
// Player boards (§4), Wine Quality and Value (§5), wine tiles (§6)

// PlayerBoard is one side of a player board and the player's starting pieces.
type PlayerBoard struct {
	Estates               int
	EstateSlots           int // for Vineyards and Wineries
	MaxVineyardsPerEstate int // same region and colour
	MaxWineriesPerEstate  int
	WarehouseSlots        int // no aging bonus in any slot
	CellarSlots           int // a Cellar covers the Warehouse and keeps slot indices
	Barrels               int // in the player's supply at setup
	BarrelsPerMagnate     int // beside each of the three Magnates at setup
	Discs                 int
	FairTiles             int // valued 0..FairTiles-1
}

// PlayerBoards by mode. All [T] (E04, E05, E12, SV) except CellarSlots [D]
// (examples show a 4th slot and +5 is the largest bonus), SV16 Discs [D]
// breakdown (5 region markers, score, order, fair score, fair disc) and the
// R10 Fair tile values [D].
var PlayerBoards = [numModes]PlayerBoard{
	SpecialVintage2016: {
		Estates: 5, EstateSlots: 3, MaxVineyardsPerEstate: 2, MaxWineriesPerEstate: 2,
		WarehouseSlots: 2, CellarSlots: 4,
		Barrels: 2, BarrelsPerMagnate: 2, Discs: 9,
	},
	Reserve2010: {
		Estates: 4, EstateSlots: 3, MaxVineyardsPerEstate: 2, MaxWineriesPerEstate: 2,
		WarehouseSlots: 2, CellarSlots: 4,
		Barrels: 8, Discs: 9, FairTiles: 5,
	},
	// The first edition's boards [T] (000 setup 2): the Reserve's, with 3
	// two-sided Fair tiles showing the same values 0 to 4.
	Classic2010: {
		Estates: 4, EstateSlots: 3, MaxVineyardsPerEstate: 2, MaxWineriesPerEstate: 2,
		WarehouseSlots: 2, CellarSlots: 4,
		Barrels: 8, Discs: 9, FairTiles: 5,
	},
}

// CellarAgingBonus is the Wine Value a Cellar adds, by slot from the left:
// slot 1 adds 0 [D], slots 2..4 add 1/3/5 [T] (E26). Only Cellars age wine; a
// Warehouse slot adds nothing. C15: the Cellars example's slot order differs
// between the English and French books, but slot indices are kept either way.
var CellarAgingBonus = [4]int{0, 1, 3, 5}

// Wine Quality per Estate at Production [T] (§5): a sum of these points plus
// the weather. Quality 0 or less gives no wine (there is no "0" Wine tile).
const (
	QualityPerVineyard  = 2
	QualityPerFarmer    = 1
	QualityPerWinery    = 1
	QualityPerEnologist = 2
	QualityPorto        = 3 // spending a Porto tile, Douro wine only
)

// Wine Value = Quality + CellarAgingBonus[slot] + Region.CubeValue per cube
// used (0..MaxRenownCubesPerWine) + Region.WineValueBonus [T] (§5). In Sales
// and Export, cubes may be used only if needed to reach the slot's value; in a
// Press Release they are optional.

// WineVPDivisor: at the SV16 end each wine held scores quality/2 VP, rounded
// down [T].
const WineVPDivisor = 2

// MaxWineTile is the highest printed Wine tile; larger values are stacks [T]
// (E27).
const MaxWineTile = 12

// ---------------------------------------------------------------------------
// Vintage tiles (§7)

const (
	NumVintageTiles = 9
	// VintageZero is the tile set aside in SV16 and used for year 1 in R10
	// [T] (E15).
	VintageZero = 0
	// Weather runs from -2 to +2 [T] (E29). C10: its corner on the tile is an
	// edition difference only.
	MinWeather = -2
	MaxWeather = 2
	// MaxFeatureSymbols per depicted feature: 1..3 [T] (E34).
	MaxFeatureSymbols = 3
)

// FeatureSymbols counts a Vintage tile's symbols per feature; 0 means the
// feature is not depicted.
type FeatureSymbols [NumFeatures]int

// VintageTile is one Vintage tile: the year's weather, the features the Fair
// rewards and the three Magnates' expectations.
type VintageTile struct {
	Weather  component.Sourced[int]
	Features component.Sourced[FeatureSymbols]
	Anabela  component.Sourced[Color]     // A: the wine colour she wants
	Bruno    component.Sourced[int]       // B: the least Wine Value he accepts
	Carolina component.Sourced[RegionSet] // C: the regions she accepts
}

// ---------------------------------------------------------------------------
// Quadrel and Year track (§8)

// Cell is a square of the 3x3 Quadrel, in reading order.
type Cell uint8

const (
	CellTL Cell = iota
	CellTM
	CellTR
	CellML
	CellC
	CellMR
	CellBL
	CellBM
	CellBR
	// NoCell is a position off the Quadrel.
	NoCell
)

// NumCells is the number of Quadrel cells.
const NumCells = int(CellBR) + 1

var cellNames = [...]string{
	CellTL: "TL", CellTM: "TM", CellTR: "TR",
	CellML: "ML", CellC: "C", CellMR: "MR",
	CellBL: "BL", CellBM: "BM", CellBR: "BR",
	NoCell: "none",
}

func (c Cell) String() string { return enumName(cellNames[:], c) }

// Row is the cell's row, 0 at the top.
func (c Cell) Row() int { return int(c) / 3 }

// Col is the cell's column, 0 at the left.
func (c Cell) Col() int { return int(c) % 3 }

// Adjacent reports whether a move from c to o is free of the distance fee:
// the cells touch orthogonally or diagonally [T] (E42).
func (c Cell) Adjacent(o Cell) bool {
	dr, dc := c.Row()-o.Row(), c.Col()-o.Col()
	return c != o && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// Action is what a Quadrel cell lets a player do.
type Action uint8

const (
	ActVineyards Action = iota
	ActCellars
	ActWineries
	ActWineExperts
	ActPass       // Pass / Press Release: always free to enter [T]
	ActEnologists // SV16 also hires Farmers here
	ActExport
	ActSales
	ActBank // R10 only
)

const numActions = int(ActBank) + 1

var actionNames = [...]string{
	ActVineyards: "vineyards", ActCellars: "cellars", ActWineries: "wineries",
	ActWineExperts: "wine_experts", ActPass: "pass", ActEnologists: "enologists",
	ActExport: "export", ActSales: "sales", ActBank: "bank",
}

func (a Action) String() string { return enumName(actionNames[:], a) }

// Quadrel is the action grid by mode (§8.1). R10 is [T] (E37, repeated by
// FR-R10's moves); SV16 is [D] by the same reading order (E38) except C and
// BR [T] ("lower-right Vineyards space").
var Quadrel = [numModes][NumCells]Action{
	SpecialVintage2016: {
		ActVineyards, ActCellars, ActWineries,
		ActWineExperts, ActPass, ActEnologists,
		ActExport, ActSales, ActVineyards,
	},
	Reserve2010: {
		ActVineyards, ActCellars, ActWineries,
		ActWineExperts, ActPass, ActEnologists,
		ActExport, ActSales, ActBank,
	},
	// The first edition's grid is the Reserve's [T] (000 "Available
	// Actions").
	Classic2010: {
		ActVineyards, ActCellars, ActWineries,
		ActWineExperts, ActPass, ActEnologists,
		ActExport, ActSales, ActBank,
	},
}

// StartCell is where every Action marker starts [T] (E16).
const StartCell = CellC

// Movement fees in Bagos [T] (E42). Entering ActPass costs nothing; staying
// put is allowed only on ActPass when nothing else is possible.
const (
	FeeNonAdjacent = 1 // to the supply
	FeePerOccupant = 1 // to each player whose Action marker is already there
	FeeTaxation    = 1 // to the supply, if the Year/Taxation marker is there
)

// SV16 action prices in Bagos [T] (§8.2). Every SV16 action that buys,
// sells, exports or hires handles 1 or 2 items (MaxItemsPerAction); Vineyards
// come from different regions and cost their printed price.
const (
	MaxItemsPerAction = 2
	PriceWinery       = 3
	PriceEnologist    = 3
	PriceFarmer       = 2
	PriceCellar       = 3
	PriceExpert       = 1
	// RenownCubesPerBuild: Vineyards, Wineries and Cellars each place a
	// Renown cube, supply and cube spaces permitting [T].
	RenownCubesPerBuild = 1
)

// Years and Fairs [T].
const (
	NumYears       = 6
	ActionsPerYear = 2
	NumFairs       = 3
	// MaintenanceBarrels is how many of her Sales barrels a player takes
	// back each SV16 Maintenance, if she has any there. C03: "at least one"
	// in the overview, "one" in the phase rule; exactly one, as Lacerda does.
	MaintenanceBarrels = 1
)

// FairYears gives the year at whose end each Fair is held [T].
var FairYears = [NumFairs + 1]int{1: 3, 2: 5, 3: 6}

// FlipBeforeYears: face-down Experts (and SV16 Magnate Action tiles) flip
// face up before these years [T]. C16: that is after Fairs 1 and 2; nothing
// flips after Fair 3.
var FlipBeforeYears = [...]int{4, 6}

// ---------------------------------------------------------------------------
// Sales area (§9)

// Establishment is one of the three local buyers in the Sales area.
type Establishment uint8

const (
	CasaDeFados Establishment = iota
	Hotel
	Enoteca
)

const numEstablishments = int(Enoteca) + 1

var establishmentNames = [...]string{CasaDeFados: "casa_de_fados", Hotel: "hotel", Enoteca: "enoteca"}

func (e Establishment) String() string { return enumName(establishmentNames[:], e) }

// Sales area size: each establishment has 3 red and 3 white slots, so every
// value 3..11 has a slot of each colour [D] (Lacerda's sales, E45).
const (
	SaleSlotsPerColor = 3
	NumSaleSlots      = numEstablishments * 2 * SaleSlotsPerColor
)

// SaleSlot is one barrel space of the Sales area. A wine of the slot's colour
// and at least its value may take it; it pays its value (SV16 in cash, R10 to
// the bank account) [T]. All slots are open at every player count [D]. C06:
// a Sales barrel never moves except through a Wine Expert.
type SaleSlot struct {
	Establishment Establishment
	Color         Color
	Value         component.Sourced[int]
}

// ---------------------------------------------------------------------------
// Export area (§10.1)

// Export area size: 5 countries (columns) [T] (E48), 4 slots each [R].
const (
	ExportRows    = 4
	ExportColumns = 5
)

// ExportGrid is indexed [row][column], row 0 at the top, column 0 at the left.
type ExportGrid[T any] [ExportRows][ExportColumns]T

// ExportArea is the SV16 Export area. A slot takes a wine of at least its
// value and pays its value in VP at once [T] (E47).
type ExportArea struct {
	Values ExportGrid[component.Sourced[int]]
	// TwoPlayer marks the slots inside the 2-player frame, the only ones a
	// 2-player game uses [T] (E52); which slots they are is [R].
	TwoPlayer component.Sourced[ExportGrid[bool]]
}

// ExportMajorityVP is what each country pays at game end to the player with
// the most barrels in it; ties split, rounded down [T]. Columns 1-2 [T],
// 3-5 [D]: the only even spacing through 14 and 12 that fits the tie
// payouts of the final-scoring example (E48).
var ExportMajorityVP = [ExportColumns]int{14, 12, 10, 8, 6}

// ---------------------------------------------------------------------------
// Money -> VP (§11.1, §11.2)

// MoneyBrackets holds each bracket's least cash; the top bracket is open
// [D] (E53: equal five-wide brackets are the only width that fits).
var MoneyBrackets = [...]int{0, 5, 10, 15, 20}

// MoneyTable gives the end-game VP of each money bracket.
type MoneyTable [len(MoneyBrackets)]component.Sourced[int]

// VP scores an amount of cash.
func (t *MoneyTable) VP(cash int) int { return t[bracket(MoneyBrackets[:], cash)].V }

// bracket returns the index of the last bracket whose least amount is at most
// amount; amounts below the first bracket fall into it.
func bracket(mins []int, amount int) int {
	i := 0
	for i+1 < len(mins) && amount >= mins[i+1] {
		i++
	}
	return i
}

// ---------------------------------------------------------------------------
// Wine Experts (§13)

// ExpertAbility is what a Wine Expert does when flipped face down [T] (E58).
// SV16: at most one Expert per turn and no holding limit.
type ExpertAbility uint8

const (
	// ExpertCash gains ExpertCashBagos, any time in your turn (where
	// each moment offers it: see expertUses).
	ExpertCash ExpertAbility = iota
	// ExpertFreeMove: played before moving, the move pays no tax, no
	// players and no distance (a solo bribe is still paid).
	ExpertFreeMove
	// ExpertAddRenown adds 1 Renown cube to any region, before an action,
	// a bonus action or the Fair, and between the parts of a Sales or
	// Export action.
	ExpertAddRenown
	// ExpertRetrieveBarrel takes back 1 barrel from anywhere, at the same
	// times and in the Magnate draft. C14: in SV16 not from the Magnates
	// Area; a Multiplier tile beside a player board is allowed.
	ExpertRetrieveBarrel
	// ExpertRearrangeDeck reorders one region's Vineyard deck before buying,
	// in a Vineyards action (not a bonus Vineyard action).
	ExpertRearrangeDeck
	// ExpertVineyardDiscount takes ExpertDiscountBagos off each Vineyard of
	// a Vineyards action (not a bonus Vineyard action).
	ExpertVineyardDiscount
)

const numExpertAbilities = int(ExpertVineyardDiscount) + 1

var expertAbilityNames = [...]string{
	ExpertCash: "cash", ExpertFreeMove: "free_move", ExpertAddRenown: "add_renown",
	ExpertRetrieveBarrel: "retrieve_barrel", ExpertRearrangeDeck: "rearrange_deck",
	ExpertVineyardDiscount: "vineyard_discount",
}

func (a ExpertAbility) String() string { return enumName(expertAbilityNames[:], a) }

const (
	// ExpertsPerDeck: 24 tiles in 4 feature decks, equal decks assumed [D].
	ExpertsPerDeck      = 6
	ExpertCashBagos     = 2 // [T]
	ExpertDiscountBagos = 1 // [T]
	// ExpertArrowFairPoints: an arrow adds 1 FP when the Expert is played at
	// a Press Release [T].
	ExpertArrowFairPoints = 1
)

// ExpertTile is one Wine Expert; its feature is the deck it sits in.
type ExpertTile struct {
	Ability component.Sourced[ExpertAbility]
	Arrow   component.Sourced[bool]
}

// expertDeck lays out a deck with one tile of each ability, in ability
// order [R], with the given arrows [R].
func expertDeck(arrows [ExpertsPerDeck]bool) [ExpertsPerDeck]ExpertTile {
	var deck [ExpertsPerDeck]ExpertTile
	for i, arrow := range arrows {
		deck[i] = ExpertTile{component.R(ExpertAbility(i)), component.R(arrow)}
	}
	return deck
}

// ---------------------------------------------------------------------------
// Magnates, Magnate Action tiles and the display (§14, §16.1)

// Magnate is one of the three wine magnates.
type Magnate uint8

const (
	Anabela  Magnate = iota // wants a wine colour
	Bruno                   // wants a minimum Wine Value
	Carolina                // wants a region
)

// NumMagnates is the number of Magnates.
const NumMagnates = int(Carolina) + 1

var magnateNames = [...]string{Anabela: "anabela", Bruno: "bruno", Carolina: "carolina"}

func (m Magnate) String() string { return enumName(magnateNames[:], m) }

// MaxBarrelsPerPressRelease: a Press Release takes back at most one barrel
// from each of two different Magnates whose expectation the wine meets [T].
const MaxBarrelsPerPressRelease = 2

// MagnateAction is the kind of a Magnate Action tile.
type MagnateAction uint8

const (
	MagnateExpert MagnateAction = iota
	MagnateSales
	MagnateCellar
	MagnateVineyard
	MagnateExport
	MagnateEnologist
	MagnateFairPoints
	MagnateWinery
	MagnateFarmer
)

const numMagnateActions = int(MagnateFarmer) + 1

var magnateActionNames = [...]string{
	MagnateExpert: "expert", MagnateSales: "sales", MagnateCellar: "cellar",
	MagnateVineyard: "vineyard", MagnateExport: "export", MagnateEnologist: "enologist",
	MagnateFairPoints: "fair_points", MagnateWinery: "winery", MagnateFarmer: "farmer",
}

func (a MagnateAction) String() string { return enumName(magnateActionNames[:], a) }

// MagnateActionInfo is what a kind of Magnate Action tile does.
type MagnateActionInfo struct {
	Copies     int // tiles of this kind in the box
	Price      int // Bagos paid for the one item it buys or hires
	Discount   int // Bagos off a Vineyard's printed cost
	FairPoints int
}

// MagnateActions by kind, all [T] (E60). Sales and Export tiles perform a
// full action; the others handle a single item.
var MagnateActions = [numMagnateActions]MagnateActionInfo{
	MagnateExpert:     {Copies: 3}, // free
	MagnateSales:      {Copies: 2},
	MagnateCellar:     {Copies: 1, Price: 1},
	MagnateVineyard:   {Copies: 3, Discount: 1},
	MagnateExport:     {Copies: 2},
	MagnateEnologist:  {Copies: 1, Price: 2},
	MagnateFairPoints: {Copies: 3, FairPoints: 2},
	MagnateWinery:     {Copies: 2, Price: 2},
	MagnateFarmer:     {Copies: 1, Price: 1},
}

// NumMagnateActionTiles is the sum of the copies [T] (E01).
const NumMagnateActionTiles = 18

// MagnateActionTile is one Magnate Action tile.
type MagnateActionTile struct {
	Kind MagnateAction // [T]
	// MinPlayers is the player count from which the tile is used: 2 for an
	// unmarked tile, 3 for "3+", 4 for "4 players".
	MinPlayers component.Sourced[int]
}

// The Magnate display is a grid of 3 rows and 4 columns [R].
const (
	DisplayRows    = 3
	DisplayColumns = 4
)

// DisplayGrid gives each display space's least player count: 2, 3 ("3+") or
// 4 ("4 players"). A game uses the spaces whose count it reaches.
type DisplayGrid [DisplayRows][DisplayColumns]int

// Spaces counts the display spaces a game of the given player count fills.
func (g *DisplayGrid) Spaces(players int) int {
	n := 0
	for _, row := range g {
		for _, least := range row {
			if least <= players {
				n++
			}
		}
	}
	return n
}

// SoloSpace finds the display space that Lacerda's Number card n (1..6)
// names: the nth 2-player space in reading order [D].
func (g *DisplayGrid) SoloSpace(n int) (row, col int, ok bool) {
	for r, cols := range g {
		for c, least := range cols {
			if least == MinPlayers {
				if n--; n == 0 {
					return r, c, true
				}
			}
		}
	}
	return 0, 0, false
}

// DisplaySpacesUsed is how many display spaces a game fills: 6 and 9 [T]
// (RB setup), 12 [D] (§14.2: only 12 uses up the 22 Multipliers exactly).
var DisplaySpacesUsed = PerPlayers[int]{6, 9, 12}

// ---------------------------------------------------------------------------
// Magnate Multiplier tiles (§15)

// MultiplierKind is what a Multiplier tile counts at game end. No player may
// hold two tiles of a kind [T].
type MultiplierKind uint8

const (
	MultEstates          MultiplierKind = iota // Estates with all slots filled
	MultWines                                  // Wine tiles on your board
	MultCellars                                // Cellars on your board
	MultMagnateTiles                           // Action and Multiplier tiles held
	MultVineyards                              // Vineyards on your board
	MultExperts                                // held, face up or down
	MultBarrels                                // barrels taken back from the Magnates
	MultEnologists                             // Enologists on your board
	MultWineries                               // Wineries on your board
	MultFarmers                                // Farmers on your board
	MultExportMajorities                       // unique: VP per majority, TieVP per tied column
	MultMoney                                  // unique: score money with Data.MoneyTileVP instead
)

const numMultiplierKinds = int(MultMoney) + 1

var multiplierKindNames = [...]string{
	MultEstates: "estates", MultWines: "wines", MultCellars: "cellars",
	MultMagnateTiles: "magnate_tiles", MultVineyards: "vineyards", MultExperts: "experts",
	MultBarrels: "barrels", MultEnologists: "enologists", MultWineries: "wineries",
	MultFarmers: "farmers", MultExportMajorities: "export_majorities", MultMoney: "money",
}

func (k MultiplierKind) String() string { return enumName(multiplierKindNames[:], k) }

// NumMultiplierTiles: 10 pairs and 2 unique tiles [T] (E01, E61).
const NumMultiplierTiles = 22

// MultiplierTile is one Magnate Multiplier tile. It scores only with a barrel
// on it at game end [T].
type MultiplierTile struct {
	Kind MultiplierKind
	// TwoPlayer marks the 12 tiles of a 2-player game: the filigreed (higher)
	// tile of each pair and the 2 unique tiles [T]. C09: the ornament is on
	// the front, not the back as the French book says.
	TwoPlayer bool
	VP        int // per counted item [T]
	TieVP     int // MultExportMajorities only: per tied column [T]
	// Cap is the most VP the tile gives; 0 means no cap.
	Cap component.Sourced[int]
}

// ---------------------------------------------------------------------------
// Wine Tasting Fair (§17.1, §17.2)

// FairVP pays the first three places of each Fair, indexed by Fair 1..3 [T]
// (E63). Ties pool the tied places' VP and split it, rounded down. A 2-player
// game pays the 1st and 3rd amounts (TwoPlayerFairPlaces). 4th place pays no
// VP; in a 4-player game the last player, and every player tied for last,
// takes a Wine Expert (C04: in the tie example, Blue and Yellow). C17: a
// player who presents no wine gets neither VP nor an Expert.
var FairVP = [NumFairs + 1][3]int{1: {9, 6, 3}, 2: {12, 8, 4}, 3: {15, 10, 5}}

// TwoPlayerFairPlaces are the places whose VP the two players get [T].
var TwoPlayerFairPlaces = [2]int{1, 3}

// LastPlaceExpertPlayers is the player count at which the Fair's last place
// takes a Wine Expert [T] (V1; nobody does with 2 or 3 players).
const LastPlaceExpertPlayers = 4

// BoothBonus is what a Fair booth gives when a player's disc goes on it.
type BoothBonus uint8

const (
	BoothFirstPick  BoothBonus = iota // no bonus; first pick of Magnate tiles
	BoothExpert                       // the top Wine Expert of any deck
	BoothBagos                        // Bagos from the supply
	BoothFairPoints                   // Fair Points
)

var boothBonusNames = [...]string{BoothFirstPick: "first_pick", BoothExpert: "expert", BoothBagos: "bagos", BoothFairPoints: "fair_points"}

func (b BoothBonus) String() string { return enumName(boothBonusNames[:], b) }

// FairBooth is one of the SV16 Fair booths.
type FairBooth struct {
	Bonus  BoothBonus
	Amount int
}

// FairBooths from left to right [T] (E62); their order is the next turn
// order. All 4 are open at every player count [R] (a rule reading, not a
// printed value, so not in Data). C25: this booth pays 3 FP where the R10
// Fair slot bonus pays 2: a mode difference.
var FairBooths = [...]FairBooth{
	{BoothFirstPick, 0},
	{BoothExpert, 1},
	{BoothBagos, 3},
	{BoothFairPoints, 3},
}

// Press Release Fair Points in SV16 [T]: the Wine Value, plus
// Region.FairPoints, plus per depicted feature one matching Expert's symbol
// count (+ExpertArrowFairPoints), plus the booth. Fair Points accumulate and
// the track is unbounded [R].

// ---------------------------------------------------------------------------
// Solo mode: Lacerda (§18)

// NumberCards are the solo Number cards, one of each value 1..9 [D]: they
// pick regions 1..9 and display spaces 1..6. C22: a card naming a region not
// in play is redrawn.
var NumberCards = [...]int{1, 2, 3, 4, 5, 6, 7, 8, 9}

// ActionCards are the solo Action cards, one per Quadrel cell [D]. Lacerda
// moves to the drawn cell. C23: a card naming his current cell is discarded
// and another drawn.
var ActionCards = [...]Cell{CellTL, CellTM, CellTR, CellML, CellC, CellMR, CellBL, CellBM, CellBR}

// Lacerda's constants [T] (RB solo rules) unless marked.
const (
	LacerdaStartingCash   = 0 // he collects money but never spends it
	LacerdaExpertsPerDeck = 1 // at setup
	// LacerdaItems: his Vineyards, Cellars and Wineries actions draw this
	// many Number cards; he discards this many Cellars, Wineries,
	// Enologists and Farmers; he exports or sells this many barrels.
	LacerdaItems       = 2
	LacerdaRenownCubes = 2 // taken from your region with the most cubes, per barrel exported or sold and per Press Release
	// LacerdaCubeVP: each cube he uses adds 1 VP. C24: literally 1, even for
	// Alentejo cubes, since he has no wine whose value they could double.
	LacerdaCubeVP = 1
	// LacerdaSalesMinCard: his sale value is a Number card of at least this
	// (drawn until greater than 2) plus the cubes he took.
	LacerdaSalesMinCard = 3
	// LacerdaInitialExports: one barrel on the top slot of each of the two
	// leftmost columns of the 2-player frame, scoring their values (19 VP).
	LacerdaInitialExports = 2
	LacerdaBribe          = 1  // Bagos left on each cell he leaves, except the centre; at most 1 per cell
	LacerdaMultiplierVP   = 10 // each Multiplier tile he holds at the end
	LacerdaDisplayNumbers = 6  // his Magnate picks draw 1..6 [T], naming the 2-player display spaces [D]
)

// Accolade is a solo scoring criterion.
type Accolade uint8

const (
	AccoladeMoreVP           Accolade = iota // more VP than Lacerda
	AccoladeMoreMoney                        // more money than Lacerda
	AccoladeFairTrophy                       // per Fair won
	AccoladeFullEstate                       // per Estate with all slots filled
	AccoladeMoreExportVP                     // more end-game Export VP than Lacerda
	AccoladeNoMagnateBarrels                 // none of your barrels left with the Magnates
)

const numAccolades = int(AccoladeNoMagnateBarrels) + 1

var accoladeNames = [...]string{
	AccoladeMoreVP: "more_vp", AccoladeMoreMoney: "more_money", AccoladeFairTrophy: "fair_trophy",
	AccoladeFullEstate: "full_estate", AccoladeMoreExportVP: "more_export_vp",
	AccoladeNoMagnateBarrels: "no_magnate_barrels",
}

func (a Accolade) String() string { return enumName(accoladeNames[:], a) }

// AccoladeValue is what a criterion is worth.
type AccoladeValue struct {
	Each  int // accolades per occurrence
	Times int // the most occurrences that count
}

// Accolades by criterion [T] (§18.4).
var Accolades = [numAccolades]AccoladeValue{
	AccoladeMoreVP:           {4, 1},
	AccoladeMoreMoney:        {2, 1},
	AccoladeFairTrophy:       {1, NumFairs},
	AccoladeFullEstate:       {1, 5},
	AccoladeMoreExportVP:     {1, 1},
	AccoladeNoMagnateBarrels: {1, 1},
}

// SoloTitle is the title for a solo score of at least MinAccolades.
type SoloTitle struct {
	MinAccolades int
	Title        string
}

// SoloTitles from best to worst [T].
var SoloTitles = [...]SoloTitle{
	{15, "Wine Magnate"},
	{10, "Wine Producer"},
	{5, "Wine Snob"},
	{0, "Single-Carboy Winemaker"},
}

// ---------------------------------------------------------------------------
// 2010 Reserve: values that differ from SV16. Those that are text or derived
// are here; the reconstructed tables (Export area, investment bar, Fair
// slots, feature tracks, Experts by Wine Value) are in Data, under Reserve.

// R10 setup money [T] (E13): R10BaseCash before the initial Vineyard, which
// is paid for, then a bonus by final seat. Seats are re-sorted by initial
// region, lower number first, stable (C20, E21).
const R10BaseCash = 10

// R10SeatBonus is added to each seat's cash after the initial Vineyards
// [T]: +0/+1/+2/+3, but +2 for the second of two players.
var R10SeatBonus = PerPlayers[[MaxPlayers]int]{{0, 2}, {0, 1, 2}, {0, 1, 2, 3}}

// R10 prices that differ from SV16 [T] (§8.2); Wineries and Experts cost the
// same. Item counts differ too: an R10 Cellars action builds exactly 1
// Cellar, and Vineyards, Sales and Export actions take any number (Vineyards
// from different regions, C19).
const (
	R10PriceEnologist  = 1
	R10EnologistSalary = 1 // per Enologist per year, from the bank account
	R10PriceCellar     = 2
	// R10ExpertLimit is the most Experts a player may hold [T]. C18: it also
	// applies to Setúbal's 2 free Experts.
	R10ExpertLimit = 6
)

// R10 bank account (Banco do Vinho) [T] (E13, E46, E56).
const (
	R10AccountStart = 5
	R10AccountMax   = 24
	// R10OverdraftVP is lost on each entry into the account's 0 space.
	R10OverdraftVP = 2
	// Investment bar positions and start [T] (E57).
	R10InvestMin   = -2
	R10InvestMax   = 3
	R10InvestStart = 1
)

// R10AccountBrackets and R10AccountVP score the bank account at game end:
// 0 | 1-6 | 7-12 | 13-18 | 19-24. VP [T]; rows [D] (C05: the only layout that
// fits both the V1 and FR-R10 bank examples).
var (
	R10AccountBrackets = [...]int{0, 1, 7, 13, 19}
	R10AccountVP       = [len(R10AccountBrackets)]int{0, 3, 7, 12, 18}
)

// R10AccountScore scores a bank account balance.
func R10AccountScore(balance int) int { return R10AccountVP[bracket(R10AccountBrackets[:], balance)] }

// R10 Export area (§10.2): 4 countries, 4 rows; each row pays its VP when a
// barrel goes on it, whatever the slot's value [T].
const (
	R10ExportRows    = 4
	R10ExportColumns = 4
)

// R10ExportMajorityVP is what each country pays at game end to the player
// with the most barrels in it, ties split and rounded down [T]: 6, 8 and 12
// are text (E48, E55), the third country's 10 [D] (its 3-way tie pays 3
// each, so 9 to 11, and 10 by even spacing).
var R10ExportMajorityVP = [R10ExportColumns]int{6, 8, 10, 12}

// R10 Managers' rows (§16.2): each Magnate's row holds two Additional
// Action spaces and three Multipliers. The rows are [D]: the Reference
// Book's pairs and V1's columns agree (E68), and the examples move barrels
// Anabela → Sales → Winery → Wine and Bruno → Cash (E70).
type AdditionalAction uint8

const (
	AddWinery     AdditionalAction = iota // buy 1 Winery for 1 Bago
	AddSales                              // a Sales action
	AddVineyard                           // buy 1 Vineyard for 2 Bagos less
	AddExport                             // an Export action
	AddExpert                             // hire 1 Wine Expert for free
	AddInvestment                         // move the Investment marker 1 right, free
)

var additionalActionNames = [...]string{AddWinery: "winery", AddSales: "sales", AddVineyard: "vineyard",
	AddExport: "export", AddExpert: "expert", AddInvestment: "investment"}

func (a AdditionalAction) String() string { return enumName(additionalActionNames[:], a) }

// The Additional Actions' prices [T] (§10.3): a Winery for 1 Bago, a
// Vineyard for 2 Bagos less (never below 0, AMB-16).
const (
	R10AddWineryPrice      = 1
	R10AddVineyardDiscount = 2
)

// R10MultiplierKind is what an R10 Multiplier counts (§16.2, E69 [T]).
type R10MultiplierKind uint8

const (
	R10MultCellars    R10MultiplierKind = iota // at the end, per Cellar
	R10MultVineyards                           // at the end, per Vineyard
	R10MultWine                                // at once: discard 1 more wine, its Wine Value in VP
	R10MultEnologists                          // at the end, per Enologist
	R10MultCash                                // at the end, per Bago of cash (may divest first)
	R10MultExperts                             // at once, 8 VP with face-up Experts of all 4 features
	R10MultEstates                             // at the end, per Estate with its 3 slots filled
	R10MultWineries                            // at the end, per Winery
	R10MultRenown                              // at once, 1 VP per Renown cube in your regions
)

var r10MultiplierNames = [...]string{R10MultCellars: "cellars", R10MultVineyards: "vineyards", R10MultWine: "wine",
	R10MultEnologists: "enologists", R10MultCash: "cash", R10MultExperts: "experts", R10MultEstates: "estates",
	R10MultWineries: "wineries", R10MultRenown: "renown"}

func (k R10MultiplierKind) String() string { return enumName(r10MultiplierNames[:], k) }

// ManagerRow is one Magnate's row of the R10 Magnates area.
type ManagerRow struct {
	Actions     [2]AdditionalAction
	Multipliers [3]R10MultiplierKind
}

// ManagerRows are the rows by Magnate [D].
var ManagerRows = [NumMagnates]ManagerRow{
	Anabela:  {[2]AdditionalAction{AddWinery, AddSales}, [3]R10MultiplierKind{R10MultCellars, R10MultVineyards, R10MultWine}},
	Bruno:    {[2]AdditionalAction{AddVineyard, AddExport}, [3]R10MultiplierKind{R10MultEnologists, R10MultCash, R10MultExperts}},
	Carolina: {[2]AdditionalAction{AddExpert, AddInvestment}, [3]R10MultiplierKind{R10MultEstates, R10MultWineries, R10MultRenown}},
}

// R10MultiplierSlots counts each Multiplier's slots, a player holding at
// most one of them [T]; an immediate Multiplier's two slots pay alike [R].
const R10MultiplierSlots = 2

// R10MultiplierVP is what one counted item pays in each slot, left (high)
// then right [T] (E69), in half VP so that Cash's ½ is exact; immediate
// Multipliers score apart (R10MultWine, R10ExpertsMultiplierVP, Renown 1).
var R10MultiplierVP = [...][R10MultiplierSlots]int{
	R10MultCellars: {8, 4}, R10MultEnologists: {8, 4}, R10MultEstates: {8, 4},
	R10MultVineyards: {4, 2}, R10MultWineries: {4, 2}, R10MultCash: {2, 1},
	R10MultRenown: {2, 2},
}

// The R10 Multipliers' other values [T]: Cash pays at most 16 VP (½ VP a
// Bago rounded down, [R]); Experts pays 8 once.
const (
	R10CashMultiplierCap   = 16
	R10ExpertsMultiplierVP = 8
)

// R10MultiplierScore is what a counting Multiplier pays for count items
// from a barrel in slot (0 is the left).
func R10MultiplierScore(k R10MultiplierKind, slot, count int) int {
	return multiplierScore(k, slot, count, R10CashMultiplierCap)
}

// multiplierScore is what a counting Multiplier pays, the cash one at most
// cashCap (0: no cap, as in the first edition).
func multiplierScore(k R10MultiplierKind, slot, count, cashCap int) int {
	vp := count * R10MultiplierVP[k][slot] / 2
	if k == R10MultCash && cashCap > 0 {
		vp = min(vp, cashCap)
	}
	return vp
}

// R10InvestPositions are the Investment bar's positions, R10InvestMin to
// R10InvestMax [T].
const R10InvestPositions = R10InvestMax - R10InvestMin + 1

// R10FairTileValues are the values of each player's Fair tiles, 0 to 4 [T]
// (E12, E64): the most Experts a player may play at the Fair.
const R10FairTileValues = 5

// R10FairSlots counts the R10 Fair slots: one per pair of features [R]
// (a shape: the texts name four of the pairs, E65).
const R10FairSlots = 6

// R10FairSlotFeatures are each slot's two features. The first four pairs
// are text (E65); the last two complete the six pairs [R].
var R10FairSlotFeatures = [R10FairSlots][2]Feature{
	{Appearance, Taste}, {Appearance, Alcohol}, {Appearance, Aroma},
	{Taste, Aroma}, {Taste, Alcohol}, {Aroma, Alcohol},
}

// R10FeatureTrackSpaces counts the spaces of each feature track; a marker
// starts on space 0 and stops on the top space [R] (12 spaces, 2 a section).
const R10FeatureTrackSpaces = 12

// R10 Fair Points [T]: a Press Release scores the Wine Value above 9; a
// played Expert scores its feature's section (0 to 5, E66).
const (
	R10PressReleaseFairPointsOver = 9
	R10MaxSectionFairPoints       = 5
)

// ---------------------------------------------------------------------------
// The first edition (2010): values that differ from the Reserve [T] (000
// setup). The text counts money in thousands of Bagos; adega counts it in
// Bagos, as the Deluxe edition does (1 = 1,000 Bagos).

// C10StartingCash is each seat's money, first to fourth, by player count:
// 11,000, 11,000 (12,000 with 2 players), 12,000, 12,000.
var C10StartingCash = PerPlayers[[MaxPlayers]int]{{11, 12}, {11, 11, 12}, {11, 11, 12, 12}}

// C10FirstPlayRemovedRegions: "for the 1st play, with 3 Players remove the
// Algarve Tiles, with 2 Players remove Algarve and Setúbal".
var C10FirstPlayRemovedRegions = PerPlayers[RegionSet]{NewRegionSet(Algarve, Setubal), NewRegionSet(Algarve), 0}

// C10RenownCubes are the first edition's Renown cubes.
const C10RenownCubes = 15

// ---------------------------------------------------------------------------
// Data: the tables that hold reconstructed values

// Data is a complete set of the component tables that hold reconstructed
// values. It has no pointers, slices or maps, so a copy is independent of the
// original; a game keeps the Data it was set up with.
type Data struct {
	// Insets indexed by RegionID; index 0 is unused.
	Insets [NumRegions + 1]Inset
	// WineTiles counts the Wine tiles of each value 1..12; index 0 is unused
	// (there is no "0" tile). The total is 104 [T].
	WineTiles [MaxWineTile + 1]component.Sourced[int]
	// Vintage tiles by number 0..8.
	Vintage [NumVintageTiles]VintageTile
	// TaxedCells gives the Quadrel cell that holds the Year/Taxation marker
	// during both actions of each year 1..6; index 0 is unused.
	TaxedCells [NumYears + 1]component.Sourced[Cell]
	// FinalActionCell is where the marker sits for the SV16 "one more action"
	// after the last Fair; NoCell if that action is untaxed.
	FinalActionCell component.Sourced[Cell]
	// Sales slots, by establishment, red then white, rising values.
	Sales        [NumSaleSlots]SaleSlot
	Export       ExportArea
	MoneyVP      MoneyTable // the board's table
	MoneyTileVP  MoneyTable // the Money Multiplier tile's table
	Experts      [NumFeatures][ExpertsPerDeck]ExpertTile
	MagnateTiles [NumMagnateActionTiles]MagnateActionTile
	Display      component.Sourced[DisplayGrid]
	Multipliers  [NumMultiplierTiles]MultiplierTile
	// Reserve are the 2010 Reserve's tables.
	Reserve ReserveData
	// Classic are the first edition's tables where they differ from the
	// Reserve's.
	Classic ClassicData
}

// ClassicData are the first edition's tables that hold reconstructed
// values.
type ClassicData struct {
	// TwoPlayerExport is the first edition's 2-player Export frame, which
	// the Reserve made smaller (E52).
	TwoPlayerExport component.Sourced[[R10ExportRows][R10ExportColumns]bool]
	// Vintage are the first edition's own Vintage tiles, 0..8: its
	// Managers Alexandre, Beatriz and Constantino are the Magnates A, B
	// and C, and Constantino names only its 8 regions.
	Vintage [NumVintageTiles]VintageTile
}

// ReserveData are the 2010 Reserve's tables that hold reconstructed values.
type ReserveData struct {
	Export     R10ExportArea
	Investment InvestmentBar
	// ExpertsFrom is the least Wine Value that lets a Press Release take
	// each Fair tile 1 to 4 (index 0 is tile 1): below the first, tile 0.
	ExpertsFrom [R10FairTileValues - 1]component.Sourced[int]
	// SlotBonus is each Fair slot's bonus (R10FairSlotFeatures).
	SlotBonus [R10FairSlots]component.Sourced[FairSlotBonus]
	// Sections is the Fair Points each feature track space pays, from the
	// bottom (space 0) to the top.
	Sections [R10FeatureTrackSpaces]component.Sourced[int]
}

// R10ExportArea is the R10 Export area: each slot's requested value by row
// (top first) and country, each row's VP, and the 2-player frame.
type R10ExportArea struct {
	Values    [R10ExportRows][R10ExportColumns]component.Sourced[int]
	RowVP     [R10ExportRows]component.Sourced[int]
	TwoPlayer component.Sourced[[R10ExportRows][R10ExportColumns]bool]
}

// InvestmentBar is the R10 Investment bar: the interest each position
// pays (or costs) at Maintenance, and what stepping across each boundary
// costs from the account (invest, rightwards) or yields in cash (divest,
// leftwards). Positions and boundaries are indexed from R10InvestMin.
type InvestmentBar struct {
	Interest [R10InvestPositions]component.Sourced[int]
	Cost     [R10InvestPositions - 1]component.Sourced[int]
	Proceeds [R10InvestPositions - 1]component.Sourced[int]
}

// FairSlotBonus is what an R10 Fair slot gives when a Fair tile goes on it
// [T]: 3 Bagos, the top Expert of a deck, or 2 Fair Points.
type FairSlotBonus uint8

const (
	SlotBagos FairSlotBonus = iota
	SlotExpert
	SlotFairPoints
)

var fairSlotBonusNames = [...]string{SlotBagos: "bagos", SlotExpert: "expert", SlotFairPoints: "fair_points"}

func (b FairSlotBonus) String() string { return enumName(fairSlotBonusNames[:], b) }

// R10SlotBonusAmount is each bonus's amount [T]: 3 Bagos, 1 Expert, 2 FP.
var R10SlotBonusAmount = [...]int{SlotBagos: 3, SlotExpert: 1, SlotFairPoints: 2}

// DefaultData returns a fresh copy of the data set in COMPONENTS.md.
func DefaultData() *Data {
	d := defaultData
	return &d
}

var defaultData = Data{
	// §3.2. Costs: base 3-4; Minho 2-3 (no Cellar); Dão and Alentejo 4-5
	// (free Cellar, doubled Renown); Douro reds dearer (Porto). Text anchors:
	// Dão Red 4 and Ribatejo White 4 (E24).
	Insets: [NumRegions + 1]Inset{
		TrasOsMontes: {component.R(4), vineyardDeck(component.R(3), component.R(4), component.R(3), component.R(4))},
		Minho:        {component.R(4), vineyardDeck(component.R(2), component.R(3), component.R(2), component.R(3))},
		Douro:        {component.R(4), vineyardDeck(component.R(4), component.R(5), component.R(3), component.R(4))},
		Dao:          {component.R(4), vineyardDeck(component.T(4), component.R(5), component.R(4), component.R(5))},
		Ribatejo:     {component.R(4), vineyardDeck(component.R(3), component.R(4), component.R(3), component.T(4))},
		Lisboa:       {component.R(4), vineyardDeck(component.R(3), component.R(4), component.R(3), component.R(4))},
		Setubal:      {component.R(4), vineyardDeck(component.R(3), component.R(4), component.R(3), component.R(4))},
		Alentejo:     {component.R(4), vineyardDeck(component.R(4), component.R(5), component.R(4), component.R(5))},
		Algarve:      {component.R(4), vineyardDeck(component.R(3), component.R(4), component.R(3), component.R(4))},
	},

	// §6.1 [R]: most production falls in 2..7.
	WineTiles: [MaxWineTile + 1]component.Sourced[int]{
		1: component.R(8), 2: component.R(12), 3: component.R(12), 4: component.R(12), 5: component.R(12), 6: component.R(10),
		7: component.R(10), 8: component.R(8), 9: component.R(8), 10: component.R(6), 11: component.R(4), 12: component.R(2),
	},

	Vintage: deluxeVintage,

	// §8.4: the track runs row by row and skips the centre; it is the only
	// simple route that starts top-left (E16, [D]) and is on Wine Experts in
	// year 4 (E40, [T]).
	TaxedCells: [NumYears + 1]component.Sourced[Cell]{
		1: component.D(CellTL), 2: component.R(CellTM), 3: component.R(CellTR),
		4: component.T(CellML), 5: component.R(CellMR), 6: component.R(CellBL),
	},
	// Low confidence: the circle right of year 6's Fair icon; the
	// alternative is NoCell (off the grid, untaxed).
	FinalActionCell: component.R(CellBM),

	// §9: values rise 3 per establishment; text slots from E43, E44; Hotel
	// White 6 and 8 and Enoteca White 9 [D] (a white 6 sold to the Hotel;
	// white 8 and 9 exist).
	Sales: [NumSaleSlots]SaleSlot{
		{CasaDeFados, Red, component.T(3)}, {CasaDeFados, Red, component.R(4)}, {CasaDeFados, Red, component.R(5)},
		{CasaDeFados, White, component.R(3)}, {CasaDeFados, White, component.R(4)}, {CasaDeFados, White, component.R(5)},
		{Hotel, Red, component.R(6)}, {Hotel, Red, component.T(7)}, {Hotel, Red, component.R(8)},
		{Hotel, White, component.D(6)}, {Hotel, White, component.T(7)}, {Hotel, White, component.D(8)},
		{Enoteca, Red, component.R(9)}, {Enoteca, Red, component.R(10)}, {Enoteca, Red, component.R(11)},
		{Enoteca, White, component.D(9)}, {Enoteca, White, component.T(10)}, {Enoteca, White, component.R(11)},
	},

	// §10.1: 4 consecutive values per column, tops falling 11 to 8. The
	// 4th country's "9" is text (E47); rows 2 of columns 1-2 are [D], Lacerda's
	// 19 VP setup (E49).
	Export: ExportArea{
		Values: ExportGrid[component.Sourced[int]]{
			{component.R(11), component.R(10), component.R(9), component.T(9), component.R(8)},
			{component.D(10), component.D(9), component.R(8), component.R(8), component.R(7)},
			{component.R(9), component.R(8), component.R(7), component.R(7), component.R(6)},
			{component.R(8), component.R(7), component.R(6), component.R(6), component.R(5)},
		},
		TwoPlayer: component.R(ExportGrid[bool]{
			1: {true, true, true, true, true},
			2: {true, true, true, true, true},
		}),
	},

	// §11.1: 6->3, 14->7, 20->18, 25->18 [D] (E53); 15-19 -> 12 [R], the
	// level between 7 and 18 that the R10 bank also uses. A circulating
	// table with 22 VP at 24+ contradicts E53 and is rejected.
	MoneyVP: MoneyTable{component.D(0), component.D(3), component.D(7), component.R(12), component.D(18)},
	// §11.2 [R]: the board's brackets, +2..+6 VP.
	MoneyTileVP: MoneyTable{component.R(2), component.R(6), component.R(11), component.R(17), component.R(24)},

	// §13 [R]: arrows on 3 of 6 tiles per deck, each ability arrowed in 2
	// decks; fits V1's reveal of 3 Taste (2 arrows) and 3 Aroma (1 arrow)
	// tiles (E59).
	Experts: [NumFeatures][ExpertsPerDeck]ExpertTile{
		Taste:      expertDeck([ExpertsPerDeck]bool{true, true, true, false, false, false}),
		Aroma:      expertDeck([ExpertsPerDeck]bool{false, false, false, true, true, true}),
		Appearance: expertDeck([ExpertsPerDeck]bool{true, false, true, false, true, false}),
		Alcohol:    expertDeck([ExpertsPerDeck]bool{false, true, false, true, false, true}),
	},

	// §14.1 [R]: one unmarked tile of each kind (9 for 2 players), six "3+"
	// (15 for 3) and three "4 players" (18 for 4).
	MagnateTiles: [NumMagnateActionTiles]MagnateActionTile{
		{MagnateExpert, component.R(2)}, {MagnateExpert, component.R(3)}, {MagnateExpert, component.R(4)},
		{MagnateSales, component.R(2)}, {MagnateSales, component.R(3)},
		{MagnateCellar, component.R(2)},
		{MagnateVineyard, component.R(2)}, {MagnateVineyard, component.R(3)}, {MagnateVineyard, component.R(4)},
		{MagnateExport, component.R(2)}, {MagnateExport, component.R(3)},
		{MagnateEnologist, component.R(2)},
		{MagnateFairPoints, component.R(2)}, {MagnateFairPoints, component.R(3)}, {MagnateFairPoints, component.R(4)},
		{MagnateWinery, component.R(2)}, {MagnateWinery, component.R(3)},
		{MagnateFarmer, component.R(2)},
	},

	// §14.2 [R]: two columns of 2-player spaces (Lacerda's numbers 1-6 in
	// reading order [D]), a "3+" column and a "4 players" column.
	Display: component.R(DisplayGrid{{2, 2, 3, 4}, {2, 2, 3, 4}, {2, 2, 3, 4}}),

	// §15: VP per item [T]. Caps [R] only where a count has no natural bound
	// (wines, Magnate tiles, Experts) or a x3 tile could pass 20
	// (Enologists, Farmers); the Wines cap of 16 is text (SV example).
	Multipliers: [NumMultiplierTiles]MultiplierTile{
		{Kind: MultEstates, TwoPlayer: true, VP: 4, Cap: component.R(0)},
		{Kind: MultEstates, VP: 3, Cap: component.R(0)},
		{Kind: MultWines, TwoPlayer: true, VP: 2, Cap: component.T(16)},
		{Kind: MultWines, VP: 1, Cap: component.R(8)},
		{Kind: MultCellars, TwoPlayer: true, VP: 3, Cap: component.R(0)},
		{Kind: MultCellars, VP: 2, Cap: component.R(0)},
		{Kind: MultMagnateTiles, TwoPlayer: true, VP: 2, Cap: component.R(16)},
		{Kind: MultMagnateTiles, VP: 1, Cap: component.R(8)},
		{Kind: MultVineyards, TwoPlayer: true, VP: 2, Cap: component.R(0)},
		{Kind: MultVineyards, VP: 1, Cap: component.R(0)},
		{Kind: MultExperts, TwoPlayer: true, VP: 2, Cap: component.R(16)},
		{Kind: MultExperts, VP: 1, Cap: component.R(8)},
		{Kind: MultBarrels, TwoPlayer: true, VP: 2, Cap: component.R(0)},
		{Kind: MultBarrels, VP: 1, Cap: component.R(0)},
		{Kind: MultEnologists, TwoPlayer: true, VP: 3, Cap: component.R(18)},
		{Kind: MultEnologists, VP: 2, Cap: component.R(12)},
		{Kind: MultWineries, TwoPlayer: true, VP: 2, Cap: component.R(0)},
		{Kind: MultWineries, VP: 1, Cap: component.R(0)},
		{Kind: MultFarmers, TwoPlayer: true, VP: 3, Cap: component.R(18)},
		{Kind: MultFarmers, VP: 2, Cap: component.R(12)},
		{Kind: MultExportMajorities, TwoPlayer: true, VP: 4, TieVP: 2, Cap: component.R(0)},
		// Scores through MoneyTileVP, which bounds it: no cap applies [D].
		{Kind: MultMoney, TwoPlayer: true, Cap: component.D(0)},
	},

	Reserve: ReserveData{
		// §10.2: rows pay 9/7/5/3 VP from the top; 7 and 5 are text (an
		// "8" slot of the first country pays 7, FR-R10; a "7" pays 5, V1:
		// E50), the 2-VP step makes the others. Each column asks one more
		// than the one to its left; the first country's 8 and 7 are text.
		// The 2-player frame [R]: the middle rows, 8 slots, smaller than
		// the first edition's (E52).
		Export: R10ExportArea{
			Values: [R10ExportRows][R10ExportColumns]component.Sourced[int]{
				{component.R(9), component.R(10), component.R(11), component.R(12)},
				{component.T(8), component.R(9), component.R(10), component.R(11)},
				{component.T(7), component.R(8), component.R(9), component.R(10)},
				{component.R(6), component.R(7), component.R(8), component.R(9)},
			},
			RowVP: [R10ExportRows]component.Sourced[int]{component.R(9), component.T(7), component.T(5), component.R(3)},
			TwoPlayer: component.R([R10ExportRows][R10ExportColumns]bool{
				1: {true, true, true, true},
				2: {true, true, true, true},
			}),
		},
		// §12: interest is linear, 0 and +1 text; invest −1→0 costs 3 and
		// 0→+1 costs 2 [T]; divesting +3→−1 yields 11 and +2→−2 yields 8
		// [T] (E57), which the proceeds [R] meet. No boundary yields more
		// than it costs, so the bank cannot mint cash.
		Investment: InvestmentBar{
			Interest: [R10InvestPositions]component.Sourced[int]{component.R(-2), component.R(-1), component.T(0), component.T(1), component.R(2), component.R(3)},
			Cost:     [R10InvestPositions - 1]component.Sourced[int]{component.R(3), component.T(3), component.T(2), component.R(3), component.R(4)},
			Proceeds: [R10InvestPositions - 1]component.Sourced[int]{component.R(1), component.R(2), component.R(2), component.R(3), component.R(4)},
		},
		// §17.3: Wine Value 4 takes tile 1 and 10 takes tile 4 [D] (E67,
		// with 12 → 4); two Value points a step between [R], which lines
		// the 4-Expert tile up with the first Fair Point of a Press Release.
		ExpertsFrom: [R10FairTileValues - 1]component.Sourced[int]{component.D(4), component.R(6), component.R(8), component.D(10)},
		// §17.3: the first two slots' bonuses are text (E64); each bonus
		// twice in all, and each feature meets a bonus at most once [R].
		SlotBonus: [R10FairSlots]component.Sourced[FairSlotBonus]{
			component.T(SlotBagos), component.T(SlotFairPoints), component.R(SlotExpert),
			component.R(SlotFairPoints), component.R(SlotExpert), component.R(SlotBagos),
		},
		// §17.3 [R]: sections 0 to 5 FP (E66), two spaces each.
		Sections: [R10FeatureTrackSpaces]component.Sourced[int]{
			component.R(0), component.R(0), component.R(1), component.R(1), component.R(2), component.R(2),
			component.R(3), component.R(3), component.R(4), component.R(4), component.R(5), component.R(5),
		},
	},
	// The first edition's 2-player Export frame [R]: the Reserve's 8 slots
	// and the row below them, 12 slots (the texts say only that the
	// Reserve has fewer, E52).
	Classic: ClassicData{
		TwoPlayerExport: component.R([R10ExportRows][R10ExportColumns]bool{
			1: {true, true, true, true},
			2: {true, true, true, true},
			3: {true, true, true, true},
		}),
		Vintage: classicVintage,
	},
}

// deluxeVintage are the Deluxe box's Vintage tiles.
//
// §7. Design targets of the [R] tiles: weather {-2,-1,-1,0,0,+1,+1,+2};
// each feature on 4 tiles with 8 symbols; Anabela 4 red, 4 white; Bruno
// averages 8; Carolina names 4 regions mixing north (1-4) and south.
var deluxeVintage = [NumVintageTiles]VintageTile{
	// Tile 0: weather 0 [D] from its name and neutral role; blank
	// otherwise [R] (R10 moves no feature and takes no barrels in year 1).
	{component.D(0), component.R(FeatureSymbols{}), component.R(NoColor), component.R(0), component.R(RegionSet(0))},
	// Tile 1: the SV16 4th-year examples (E30, E31) on one tile. C01,
	// C08: Carolina's printed "1, 4 (Douro), 7, 8" holds only with Douro,
	// region 3 [D].
	{component.T(-2), component.T(FeatureSymbols{Taste: 3, Aroma: 1}), component.T(White), component.T(8),
		component.D(NewRegionSet(TrasOsMontes, Douro, Setubal, Alentejo))},
	// Tile 2: the R10/V1 4th-year weather and features [T] (E32). C08:
	// the Magnates are V1's 4th-year tile renumbered [R] (E33); FR-R10's
	// mixed pairing is not encoded.
	{component.T(-1), component.T(FeatureSymbols{Appearance: 3, Taste: 2}), component.R(White), component.R(9),
		component.R(NewRegionSet(Minho, Douro, Dao, Setubal))},
	{component.R(1), component.R(FeatureSymbols{Alcohol: 3, Appearance: 2}), component.R(Red), component.R(7),
		component.R(NewRegionSet(TrasOsMontes, Minho, Lisboa, Alentejo))},
	{component.R(0), component.R(FeatureSymbols{Aroma: 3, Alcohol: 2}), component.R(Red), component.R(8),
		component.R(NewRegionSet(Douro, Ribatejo, Alentejo, Algarve))},
	{component.R(2), component.R(FeatureSymbols{Taste: 2, Alcohol: 1}), component.R(White), component.R(10),
		component.R(NewRegionSet(TrasOsMontes, Dao, Lisboa, Algarve))},
	{component.R(1), component.R(FeatureSymbols{Aroma: 2, Appearance: 1}), component.R(Red), component.R(7),
		component.R(NewRegionSet(Minho, Ribatejo, Setubal, Algarve))},
	{component.R(-1), component.R(FeatureSymbols{Alcohol: 2, Aroma: 2}), component.R(Red), component.R(6),
		component.R(NewRegionSet(TrasOsMontes, Dao, Lisboa, Alentejo))},
	{component.R(0), component.R(FeatureSymbols{Taste: 1, Appearance: 2}), component.R(White), component.R(9),
		component.R(NewRegionSet(Minho, Ribatejo, Lisboa, Algarve))},
}

// C10FourthYearTile is the first-edition Vintage tile that V1's 4th-year
// examples print.
const C10FourthYearTile = 2

// classicVintage are the first edition's Vintage tiles (docs/RULINGS.md,
// "Its Vintage tiles"). V1 prints one whole tile, its 4th year's: tile 2
// [T] (E32, E33, in V1's own words: Alexandre, Beatriz, Constantino and
// region numbers 1, 3, 4, 7). The others are the Deluxe tiles [R], the
// 2016 book's tile 1 included, which V1 does not state; but V1 has no
// Ribatejo, so the three Deluxe tiles that name it (4, 6, 8) name instead
// one each of the regions the Deluxe tiles name only 3 times (Setúbal,
// Dão, Douro), none already on its tile. Each of V1's 8 regions is then
// on exactly 4 tiles, and of the three ways to place them this one leaves
// the tiles sharing the fewest regions. V1's other examples still hold:
// a tile of weather −2 (its Production example) and tiles besides the 4th
// year's that name Setúbal (its 5th-year Fair), which the data file's
// checks keep (dataLoader.classicVintage).
var classicVintage = func() [NumVintageTiles]VintageTile {
	v := deluxeVintage
	t := &v[1]
	t.Weather.Src, t.Features.Src, t.Anabela.Src, t.Bruno.Src, t.Carolina.Src = component.Reconstructed, component.Reconstructed,
		component.Reconstructed, component.Reconstructed, component.Reconstructed
	v[C10FourthYearTile] = VintageTile{component.T(-1), component.T(FeatureSymbols{Appearance: 3, Taste: 2}), component.T(White), component.T(9),
		component.T(NewRegionSet(Minho, Dao, Douro, Setubal))}
	v[4].Carolina = component.R(NewRegionSet(Douro, Setubal, Alentejo, Algarve))
	v[6].Carolina = component.R(NewRegionSet(Minho, Dao, Setubal, Algarve))
	v[8].Carolina = component.R(NewRegionSet(Minho, Douro, Lisboa, Algarve))
	return v
}()

// FairTile is the Fair tile a Press Release of a wine of this value
// takes: the most Experts its player may play at the Fair.
func (r *ReserveData) FairTile(value int) int {
	tile := 0
	for t, from := range r.ExpertsFrom {
		if value >= from.V {
			tile = t + 1
		}
	}
	return tile
}

// DivestProceeds is the cash a divestment from position pos yields (one
// step left); InvestCost is what one step right from pos costs from the
// account.
func (b *InvestmentBar) DivestProceeds(pos int) int { return b.Proceeds[pos-R10InvestMin-1].V }
func (b *InvestmentBar) InvestCost(pos int) int     { return b.Cost[pos-R10InvestMin].V }

// InterestAt is the interest a position pays (negative: costs).
func (b *InvestmentBar) InterestAt(pos int) int { return b.Interest[pos-R10InvestMin].V }
