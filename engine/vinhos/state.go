package vinhos

import (
	"slices"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/steps"
)

// Phase is the part of the game that decides who acts next.
type Phase uint8

const (
	PhaseInitialVineyard Phase = iota // setup: each player's first Estate, in turn order
	PhaseInitialMagnate               // setup: one Magnate Action tile each, reverse turn order
	PhaseActions                      // the two action rounds of a year
	PhaseMaintenance                  // each player takes one barrel back from Sales
	PhaseProduction                   // aging, redistribution, Porto, new wine
	PhaseFairPress                    // last-minute Press Releases, in player order
	PhaseFairExperts                  // Wine Experts for the last place (4 players)
	PhaseDraft                        // Magnate tiles for wines, in booth order
	PhaseFinalAction                  // one more action each after the third Fair
	PhaseOver
	PhaseFairPicks // R10: the secret choice of Wine Experts at the Fair, everyone at once
	PhaseBenefits  // R10: the rounds of Magnate benefits after the third Fair
	// PhaseMaintenancePairs: R10's maintenance variant, pairs of barrels
	// taken back in player order before the bank's upkeep.
	PhaseMaintenancePairs
	// PhaseFairOpening: before the Fair Step, in player order, pairs of
	// barrels and the cube and barrel Experts (ruleset.fairOpening).
	PhaseFairOpening
)

var phaseNames = [...]string{
	PhaseInitialVineyard: "initial_vineyard", PhaseInitialMagnate: "initial_magnate",
	PhaseActions: "actions", PhaseMaintenance: "maintenance", PhaseProduction: "production",
	PhaseFairPress: "fair_press", PhaseFairExperts: "fair_experts", PhaseDraft: "draft",
	PhaseFinalAction: "final_action", PhaseOver: "over", PhaseFairPicks: "fair_picks", PhaseBenefits: "benefits",
	PhaseMaintenancePairs: "maintenance_pairs", PhaseFairOpening: "fair_opening",
}

func (p Phase) String() string { return enumName(phaseNames[:], p) }

// State is a whole Vinhos game. Fields are exported for its JSON encoding,
// which is the snapshot format; nothing outside the package changes them.
type State struct {
	Mode Mode `json:"mode"`
	// Variants are the R10 variants in play (modes.go).
	Variants Variant `json:"variants,omitzero"`
	// Rules is the rules revision the game is played by (rules.go).
	Rules int      `json:"rules,omitempty"`
	Seats []Player `json:"players"` // by seat, in the order players joined

	At    Phase `json:"phase"` // the phase the game is in
	Year  int   `json:"year"`  // 1..6
	Round int   `json:"round"` // 1 or 2 in the Actions phase

	// Order is the top row of the Player Order area: who acts first to last.
	Order []engine.Seat `json:"order"`
	// Bottom is the bottom row: seats that passed this round, by slot.
	Bottom []engine.Seat `json:"bottom"`
	// Turn indexes Order (or the fair and draft order) for sequential phases.
	Turn int `json:"turn"`

	Regions [NumRegions + 1]RegionState `json:"regions"` // by RegionID; index 0 unused
	// Features are the R10 Feature markers' spaces on their tracks, from
	// 0 at the bottom (§4, §13.3).
	Features [NumFeatures]int `json:"features,omitzero"`
	// FairSlots are the R10 Fair slots (R10FairSlotFeatures), each with
	// the Fair tile a Press Release put there (§7.9e).
	FairSlots [R10FairSlots]FairSlot `json:"fair_slots,omitzero"`
	// Multipliers are the R10 Managers' rows' Multiplier slots, by Magnate
	// and Multiplier (ManagerRows), left (high) slot first (§10.4).
	Multipliers [NumMagnates][len(ManagerRow{}.Multipliers)][R10MultiplierSlots]Spot `json:"multipliers,omitzero"`
	Supply      SupplyState                                                          `json:"supply"`

	VintageDeck []int `json:"vintage_deck"` // face-down tiles, top first
	Vintage     int   `json:"vintage"`      // the face-up tile of the year

	Sales   [NumSaleSlots]engine.Seat    `json:"sales"`   // NoSeat when empty
	Export  ExportGrid[engine.Seat]      `json:"export"`  // NoSeat when empty
	Experts [NumFeatures][]int           `json:"experts"` // expert IDs, top first
	Booths  [len(FairBooths)]engine.Seat `json:"booths"`
	Display []int                        `json:"display"` // Magnate tile IDs, NoTile when empty
	Deck    []int                        `json:"deck"`    // Magnate tiles, top first
	Fair    int                          `json:"fair"`    // Fairs held so far
	// Retired are Magnate tiles discarded from the display after a draft.
	Retired []int `json:"retired,omitempty"`
	// DraftPassed marks seats that passed for good in the current draft.
	DraftPassed []bool `json:"draft_passed,omitempty"`
	// Done marks seats that finished a simultaneous phase's decision.
	Done []bool `json:"done,omitempty"`
	// FairOrder is the order of the current Fair's press releases and draft.
	FairOrder []engine.Seat `json:"fair_order,omitempty"`
	// LastPlace lists the seats still owed a last-place Wine Expert.
	LastPlace []engine.Seat `json:"last_place,omitempty"`

	Final *FinalScore `json:"final,omitempty"`
	RNG   engine.RNG  `json:"rng"`
	// Paused is a decision that stopped where it turned up a hidden tile;
	// its seat finishes it next (pause.go).
	Paused *work `json:"paused,omitempty"`
	// Solo holds the Lacerda automa's cards and doings in a solo game; nil
	// otherwise.
	Solo *Solo `json:"solo,omitempty"`

	data *Data // the component data the game was set up with
	// deciding is the decision in progress of a state that Preview
	// walked part of a decision into; nil in every other.
	deciding *work
	// memo is the walker the last Choices walked (steps.Memo), a cache
	// beside the state: every state handed out has its own, copies none.
	memo *steps.Memo[*walker]
}

// Data is the component data the game was set up with.
func (s *State) Data() *Data { return s.data }

// NoTile marks an empty Magnate display space.
const NoTile = -1

// RegionState is a region on the map.
type RegionState struct {
	InPlay bool           `json:"in_play"`
	Deck   []VineyardTile `json:"deck"` // cost side up, top first
	Cubes  int            `json:"cubes"`
	Porto  int            `json:"porto,omitempty"` // Porto tiles on the Douro inset
}

// SupplyState is what is left in the common supply. Money and wine tiles are
// unlimited; everything else runs out.
type SupplyState struct {
	Enologists int `json:"enologists"`
	Farmers    int `json:"farmers"`
	Cellars    int `json:"cellars"`
	Wineries   int `json:"wineries"`
	Cubes      int `json:"cubes"`
	// VineyardsOut counts the Vineyards R10 Maintenances took out of the
	// game.
	VineyardsOut int `json:"vineyards_out,omitempty"`
}

// Player is one seat's board and holdings.
type Player struct {
	Name  string      `json:"name"`
	Color PlayerColor `json:"color"`
	Money int         `json:"money"`
	VP    int         `json:"vp"`
	// VPFrom breaks VP down by source; it always adds up to VP.
	VPFrom     [NumVPSources]int16 `json:"vp_from"`
	FairPoints int                 `json:"fair_points"`
	Barrels    int                 `json:"barrels"` // in supply
	// Magnates counts this player's barrels beside each Magnate.
	Magnates [NumMagnates]int8 `json:"magnates"`
	// FromMagnates counts barrels taken back from the Magnates (a multiplier).
	FromMagnates int          `json:"from_magnates"`
	Estates      [5]Estate    `json:"estates"`
	Porto        int          `json:"porto"` // Porto tiles held
	Experts      []HeldExpert `json:"experts"`
	Tiles        []HeldTile   `json:"tiles"`   // Magnate Action and Multiplier tiles
	Cell         Cell         `json:"cell"`    // Action marker on the Quadrel
	Pressed      bool         `json:"pressed"` // made a Press Release for the coming Fair
	// Bank is the R10 Banco do Vinho account and investment (bank.go).
	Bank Bank `json:"bank,omitzero"`
	// Penalty is what the R10 Maintenance still takes from the player.
	Penalty Penalty `json:"penalty,omitzero"`
	// FairPicks are the Wine Experts chosen in secret for the R10 Fair,
	// which only this player sees until everyone has chosen.
	FairPicks []int `json:"fair_picks,omitempty"`
	// OnActions counts this player's barrels on each R10 Additional Action
	// space, by Magnate and space (ManagerRows); Magnates counts those on
	// the Magnates' own spaces (§10).
	OnActions [NumMagnates][len(ManagerRow{}.Actions)]int8 `json:"on_actions,omitzero"`
}

// Spot is a space for one barrel: taken by a seat, or empty.
type Spot struct {
	Taken bool        `json:"taken,omitempty"`
	Seat  engine.Seat `json:"seat,omitempty"`
}

// FairSlot is an R10 Fair slot: empty, or holding a player's Fair tile.
type FairSlot struct {
	Spot
	Tile int `json:"tile,omitempty"` // the tile's value, the most Experts its player may play
}

// Estate is one of the five estates of a player board.
type Estate struct {
	Region     RegionID `json:"region,omitempty"` // 0 until the first Vineyard
	Color      Color    `json:"color,omitempty"`
	Vineyards  int8     `json:"vineyards"`
	Wineries   int8     `json:"wineries"`
	Farmers    int8     `json:"farmers"`
	Enologists int8     `json:"enologists"`
	Cellar     bool     `json:"cellar"`
	// Waiting are Renown cubes on Wineries or a Cellar built before the
	// Estate had a Vineyard; they go to the region with the first Vineyard.
	Waiting int8 `json:"waiting,omitempty"`
	// Wines by Warehouse or Cellar slot, left to right; Quality 0 is empty.
	Wines [4]Wine `json:"wines"`
	// Porto marks a Porto tile set aside for this Estate's wine this year.
	Porto bool `json:"porto,omitempty"`
}

// Wine is a Wine tile on a player board.
type Wine struct {
	Color   Color `json:"color,omitempty"`
	Quality int8  `json:"quality,omitempty"`
}

// HeldExpert is a Wine Expert tile in front of a player.
type HeldExpert struct {
	ID     int  `json:"id"` // feature*ExpertsPerDeck + index in Data.Experts
	FaceUp bool `json:"face_up"`
}

// HeldTile is a Magnate tile in front of a player.
type HeldTile struct {
	ID     int  `json:"id"` // see tileInfo
	FaceUp bool `json:"face_up"`
	Barrel bool `json:"barrel,omitempty"` // Multipliers: a barrel sits on it
}

// FinalScore breaks the end-of-game VP down per seat.
type FinalScore struct {
	Money       []int `json:"money"`
	Wines       []int `json:"wines"`
	Export      []int `json:"export"`
	Multipliers []int `json:"multipliers"`
	// Bank is what each R10 bank account scores; SV16 scores Money and
	// Wines instead.
	Bank    []int         `json:"bank,omitempty"`
	Ranking []engine.Seat `json:"ranking"` // winner first, after tie breaks
	// Solo is the solo player's accolades and title in a solo game.
	Solo *SoloScore `json:"solo,omitempty"`
}

// Solo is what a solo game adds to the state: Lacerda's two decks, the
// bribes he leaves on the Quadrel, each Fair's trophy and what he has taken
// out of the game.
type Solo struct {
	Actions []Cell `json:"actions"` // the Action deck, top first
	Played  []Cell `json:"played"`  // Action cards drawn since the last reshuffle
	// Numbers is the Number deck, top first; Drawn, the cards drawn since
	// they last went back, face up. They go back at the end of each of
	// his actions, and of the draft (see returnNumbers).
	Numbers []int `json:"numbers"`
	Drawn   []int `json:"drawn,omitempty"`
	// Bribes marks the Quadrel cells with a Bago that Lacerda left there.
	Bribes [NumCells]bool `json:"bribes"`
	// Trophies holds the winners of each Fair held (see awardTrophy).
	Trophies  [][]engine.Seat `json:"trophies,omitempty"`
	Discarded LacerdaDiscards `json:"discarded"`
}

// LacerdaDiscards counts the components Lacerda has taken out of the game.
type LacerdaDiscards struct {
	Vineyards  int   `json:"vineyards"`
	Cellars    int   `json:"cellars"`
	Wineries   int   `json:"wineries"`
	Enologists int   `json:"enologists"`
	Farmers    int   `json:"farmers"`
	Tiles      []int `json:"tiles,omitempty"` // Magnate Action tiles
}

// SoloScore is the solo player's result [T] (RB "Solitaire Scoring").
type SoloScore struct {
	// Accolades earned by criterion, indexed by Accolade.
	Accolades [numAccolades]int `json:"accolades"`
	Total     int               `json:"total"`
	Title     string            `json:"title"`
}

// board is the player board the game is played on (its mode's, changed by
// the five-estates variant).
func (s *State) board() *PlayerBoard { return &s.rules().board }

// slots is how many wine slots the estate's Warehouse or Cellar has. A
// Warehouse has the same slots on both modes' boards.
func (e *Estate) slots() int {
	if e.Cellar {
		return len(e.Wines)
	}
	return PlayerBoards[SpecialVintage2016].WarehouseSlots
}

// used is how many of the estate's three slots hold a tile.
func (e *Estate) used() int { return int(e.Vineyards) + int(e.Wineries) }

// clone returns a copy that shares nothing the copy may change: states are
// values, so Apply works on a copy. Decks are shared: they only ever lose
// tiles from the front or are replaced whole, and additions at their end go
// through slices.Clip, so no copy ever writes into another's array. The
// solo state's slices are decks and discard piles in that sense.
func (s *State) clone() *State {
	c := new(State)
	s.copyTo(c, &copyArrays{})
	return c
}

// copyArrays are the arrays a copy owns, cut into its slices: a copy
// thrown away after a look-ahead leaves them to the next one.
type copyArrays struct {
	seats   []Player
	experts []HeldExpert
	tiles   []HeldTile
	seatIDs []engine.Seat // Order, then Bottom
	display []int
	flags   []bool // DraftPassed, then Done
}

// copyTo makes c a copy of s (see clone), its slices cut from a's arrays.
func (s *State) copyTo(c *State, a *copyArrays) {
	*c = *s
	c.memo, c.deciding = nil, nil
	a.seats = append(a.seats[:0], s.Seats...)
	c.Seats = a.seats
	experts, tiles := 0, 0
	for i := range s.Seats {
		experts += len(s.Seats[i].Experts)
		tiles += len(s.Seats[i].Tiles)
	}
	a.experts, a.tiles = slices.Grow(a.experts[:0], experts), slices.Grow(a.tiles[:0], tiles)
	for i := range c.Seats {
		c.Seats[i].Experts = cut(&a.experts, s.Seats[i].Experts)
		c.Seats[i].Tiles = cut(&a.tiles, s.Seats[i].Tiles)
	}
	a.seatIDs = slices.Grow(a.seatIDs[:0], len(s.Order)+len(s.Bottom))
	c.Order, c.Bottom = cut(&a.seatIDs, s.Order), cut(&a.seatIDs, s.Bottom)
	a.display = a.display[:0]
	c.Display = cut(&a.display, s.Display)
	a.flags = slices.Grow(a.flags[:0], len(s.DraftPassed)+len(s.Done))
	c.DraftPassed, c.Done = cut(&a.flags, s.DraftPassed), cut(&a.flags, s.Done)
	if s.Final != nil {
		f := *s.Final
		c.Final = &f
	}
	if s.Solo != nil {
		solo := *s.Solo
		c.Solo = &solo
	}
	if s.Paused != nil {
		w := *s.Paused
		w.occupants = slices.Clone(w.occupants)
		w.names = slices.Clip(w.names)
		c.Paused = &w
	}
}

// cut appends a copy of src to *array and returns it, its capacity capped
// so that appending to it copies it instead of writing over the next one
// cut. Like slices.Clone, it keeps nil nil and empty empty.
func cut[T any](array *[]T, src []T) []T {
	if len(src) == 0 {
		return src[:0:0]
	}
	start := len(*array)
	*array = append(*array, src...)
	return (*array)[start:len(*array):len(*array)]
}

// label makes a choice label with format, unless nobody will read it. It
// takes a function so that a copy without labels evaluates no argument and
// allocates nothing: format does not outlive the call, so it stays on the
// stack.
func (s *walker) label(format func() string) string {
	if s.NoLabels {
		return ""
	}
	return s.term(format())
}

// say narrates an event of the action being applied. Like label, it takes
// a function: a quiet copy, a look-ahead's or a playout's, evaluates no
// argument of a narration and allocates nothing for it.
func (s *walker) say(seat engine.Seat, text func() string) {
	if !s.Quiet {
		s.Events = append(s.Events, engine.Say(seat, s.term(text())))
	}
}

// reveal narrates an event that showed hidden or random information.
func (s *walker) reveal(seat engine.Seat, text func() string) {
	if !s.Quiet {
		s.Events = append(s.Events, engine.Event{Seat: seat, Text: s.term(text()), Reveal: true})
	}
}
