// Package lavina is La Viña (José Ramón Palacios, Devir 2019) for 2 to 5
// players on the engine contract.
//
// The rulebook (shared/rules/seeds/002_ea5abc1c8920fb3f.txt, "the text",
// cited as "text l.N") prints the card faces only in pictures, so most
// component values come from shared/rules/LA-VINA.md (cited as "§n" for its
// sections and "A-n" for its ambiguity readings). Every value carries a
// provenance tag: [T] stated in the text, [D] derived from it, [F] found in
// a public source, [R] reconstructed to fit the text's constraints.
//
// Values fixed by the text are constants. Tables holding any [R] value live
// in Data, one component.Sourced value per entry, so that a data file
// (LoadData) can replace exactly the reconstructed ones.
package lavina

import "github.com/adega-bot/adega/engine/component"

// Variety is a grape variety, or the empty vine.
type Variety uint8

const (
	EmptyVine Variety = iota // no grape: gives its tool, then is discarded (text l.207)
	PinotNoir
	Garnacha
	Chardonnay
	Cabernet
)

// Varieties are the four grape varieties [T] (text l.52), in code order.
var Varieties = [...]Variety{PinotNoir, Garnacha, Chardonnay, Cabernet}

// NumVarieties counts the grape varieties, the empty vine aside.
const NumVarieties = len(Varieties)

// Tool is a tool counter's type (text l.106: billhooks, boots, shears).
type Tool uint8

const (
	NoTool Tool = iota
	Billhook
	Boots
	Shears
)

// Tools are the three tool types, in code order.
var Tools = [...]Tool{Billhook, Boots, Shears}

// Basket sizes. Starting baskets are small and medium (text l.157); the
// bought ones medium and large (text l.139).
type Size uint8

const (
	Small Size = iota
	Medium
	Large
	NumSizes
)

// Rules fixed by the text.
const (
	MinPlayers = 2
	MaxPlayers = 5
	// GrapeCards is the size of the deck [T] (text l.44).
	GrapeCards = 72
	// ToolCounters of each type [T] (text l.106).
	ToolCounters = 4
	// MaxTools a player holds at once [T]: "a maximum of two tools at a
	// time. If he takes a third, he must return one" (text l.203).
	MaxTools = 2
	// BasketsHeld by a player at any time [T] (text l.157).
	BasketsHeld = 2
	// MaxDeliveries per exit [T]: "one or two grape deliveries" (text l.222).
	MaxDeliveries = 2
	// Wildcards is the supply of wildcard counters [T] (text l.102).
	Wildcards = 8
	// CardsPerSide is the height of a full stack beside a space [T]
	// ("two grape cards ... one on top of the other", text l.151).
	CardsPerSide = 2
	// Sides of the aisle beside each space [T] (text l.151).
	Sides = 2
	// MaxWineriesPerVariety in play [T] (text l.163).
	MaxWineriesPerVariety = 2
	// WineryCards in the box [T] (text l.86).
	WineryCards = 16
)

// Prestige counters' values [T] (text l.171): the engine keeps each
// player's prestige as one number and the bank as unlimited (§2.9), so
// counters matter only to a board that draws them.
const (
	SealValue    = 1  // quality seal
	LabelValue   = 5  // label
	BottleValue  = 10 // bottle
	DiplomaValue = 50 // diploma
)

// Components of the box the engine does not model one by one [T] (text
// l.44-114): the setup chart never needs more than these.
const (
	PickerFigures       = 7  // in 5 colours: two colours have 2 for 2-player games
	StartingBasketCards = 10 // a small and a medium for each of 5 players
	UpgradeBasketCards  = 6  // 3 medium and 3 large
	BarrelCounters      = 30
	PrestigeCounters    = 67
)

// PlayerCount is the setup table's column for one player count (§2.2).
type PlayerCount struct {
	// PickersPerPlayer [T] (text l.135).
	PickersPerPlayer int
	// Spaces in the aisle [T] (text l.136).
	Spaces int
	// Wineries drawn, the cooperative aside [T] (text l.137).
	Wineries int
	// UpgradeBaskets of each size, medium and large: the count is [T] (text l.139); "of each
	// size" is the reading of A-17 [D].
	UpgradeBaskets int
	// ToolsEach of each tool type in the bank [T] (text l.140).
	ToolsEach int
	// Barrels per player [T] (text l.141).
	Barrels int
	// StartPrestige by turn position [T]: "1 quality seal ... to the first
	// player, 2 to the second" (text l.161); 1 and 3 at 2 players (text
	// l.143, A-38).
	StartPrestige []int
	// CoopFace is the cooperative face used [R] (§2.8): 0 for "2-3"
	// players, 1 for "4-5".
	CoopFace int
}

// Counts is the setup table (§2.2), by player count.
var Counts = map[int]PlayerCount{
	2: {PickersPerPlayer: 2, Spaces: 5, Wineries: 5, UpgradeBaskets: 1, ToolsEach: 1, Barrels: 7, StartPrestige: []int{1, 3}, CoopFace: 0},
	3: {PickersPerPlayer: 1, Spaces: 4, Wineries: 6, UpgradeBaskets: 2, ToolsEach: 2, Barrels: 6, StartPrestige: []int{1, 2, 3}, CoopFace: 0},
	4: {PickersPerPlayer: 1, Spaces: 5, Wineries: 7, UpgradeBaskets: 3, ToolsEach: 3, Barrels: 6, StartPrestige: []int{1, 2, 3, 4}, CoopFace: 1},
	5: {PickersPerPlayer: 1, Spaces: 6, Wineries: 8, UpgradeBaskets: 3, ToolsEach: 3, Barrels: 5, StartPrestige: []int{1, 2, 3, 4, 5}, CoopFace: 1},
}

// BasketKind is one basket size's card.
type BasketKind struct {
	// Capacity in grape cards: small 2 and medium 3 [T] (text l.157), large
	// 4 [F] (giochideltopo: bought baskets hold up to 4).
	Capacity component.Sourced[int] `json:"capacity"`
	// Price, the "basket value" [R] (§2.6): the text prints it only in
	// pictures.
	Price component.Sourced[int] `json:"price"`
}

// Reward is what one delivery slot pays: a fixed prestige amount, or a
// multiplier of the delivered value counted in halves (x2 is 4, x0.5 is 1),
// rounded down (text l.245, A-24).
type Reward struct {
	Fixed  int `json:"fixed,omitempty"`
	Halves int `json:"halves,omitempty"`
}

// Pays is the prestige a delivery of the given value earns on the slot.
func (r Reward) Pays(value int) int {
	if r.Halves > 0 {
		return value * r.Halves / 2
	}
	return r.Fixed
}

// WineryCard is one winery card (§2.7).
type WineryCard struct {
	ID string `json:"id"`
	// Variety requested; for a coupage the predominant one.
	Variety Variety `json:"variety"`
	// Coupage: at least two varieties, the requested one at least half the
	// value (text l.235, A-23); otherwise monovarietal.
	Coupage bool `json:"coupage"`
	// Min is the minimum delivery value (text l.223).
	Min int `json:"min"`
	// Cooperative marks the winemaking cooperative: any grapes, any
	// quantity (text l.237).
	Cooperative bool `json:"cooperative,omitempty"`
	// Slots are the delivery slots' rewards in fill order.
	Slots []Reward `json:"slots"`
}

// Data is the component data a game is set up with: every table holding a
// reconstructed value.
type Data struct {
	// ValueCounts is, per grape variety, how many cards show each value
	// 1..5 (index 0 unused) [R] (§2.4). The value range 1-5 is [F].
	ValueCounts [6]component.Sourced[int] `json:"value_counts"`
	// ToolValues is, per tool, the value of the one card of each variety
	// that carries it (the "a" copy) [R] (§2.4).
	ToolValues [4]component.Sourced[int] `json:"tool_values"`
	// EmptyVines is, per tool, how many empty vines carry it [R] (§2.4).
	EmptyVines [4]component.Sourced[int] `json:"empty_vines"`
	// Baskets by size.
	Baskets [NumSizes]BasketKind `json:"baskets"`
	// Wineries are the 16 winery cards [R] (§2.7): 4 per variety [D].
	Wineries [WineryCards]component.Sourced[WineryCard] `json:"wineries"`
	// CoopSlots per cooperative face, each slot paying x0.5 [T] (text
	// l.270); the counts are [R] (§2.8).
	CoopSlots [2]component.Sourced[int] `json:"coop_slots"`
}

// DefaultData returns a fresh copy of the data set of LA-VINA.md §2.
func DefaultData() *Data {
	d := defaultData
	return &d
}

func fixed(v ...int) []Reward {
	out := make([]Reward, len(v))
	for i, n := range v {
		out[i] = Reward{Fixed: n}
	}
	return out
}

func times(halves ...int) []Reward {
	out := make([]Reward, len(halves))
	for i, h := range halves {
		out[i] = Reward{Halves: h}
	}
	return out
}

func winery(id string, v Variety, coupage bool, min int, slots []Reward) component.Sourced[WineryCard] {
	return component.R(WineryCard{ID: id, Variety: v, Coupage: coupage, Min: min, Slots: slots})
}

var defaultData = Data{
	// §2.4: 15 cards per variety, skewed low, mean 2.8.
	ValueCounts: [6]component.Sourced[int]{1: component.R(3), 2: component.R(4), 3: component.R(3), 4: component.R(3), 5: component.R(2)},
	// §2.4: tools sit on low cards to make them worth taking.
	ToolValues: [4]component.Sourced[int]{Billhook: component.R(1), Boots: component.R(2), Shears: component.R(3)},
	// §2.4: 12 empty vines, the mirror of the 12 tool counters.
	EmptyVines: [4]component.Sourced[int]{Billhook: component.R(4), Boots: component.R(4), Shears: component.R(4)},
	// §2.6: an upgrade costs a third to two thirds of a delivery.
	Baskets: [NumSizes]BasketKind{
		Small:  {Capacity: component.T(2), Price: component.R(2)},
		Medium: {Capacity: component.T(3), Price: component.R(5)},
		Large:  {Capacity: component.F(4), Price: component.R(9)},
	},
	// §2.7: per variety a low and a high monovarietal and coupage; fixed
	// slots on low minimums, multipliers on high ones. W01 anchors the
	// text's "7, only Pinot Noir" and "10 prestige" (text l.231, l.245),
	// W05 its "8+ Garnacha" (text l.239), W07 its coupage of 7 (text l.235).
	Wineries: [WineryCards]component.Sourced[WineryCard]{
		winery("W01", PinotNoir, false, 7, fixed(10, 8, 6)),
		winery("W02", PinotNoir, false, 9, times(4, 2, 2)),
		winery("W03", PinotNoir, true, 7, fixed(8, 6, 5)),
		winery("W04", PinotNoir, true, 10, times(4, 2)),
		winery("W05", Garnacha, false, 8, fixed(11, 9, 7)),
		winery("W06", Garnacha, false, 10, times(4, 2, 2)),
		winery("W07", Garnacha, true, 7, fixed(8, 6, 4)),
		winery("W08", Garnacha, true, 9, times(4, 2)),
		winery("W09", Chardonnay, false, 6, fixed(9, 7, 5)),
		winery("W10", Chardonnay, false, 9, times(4, 2, 2)),
		winery("W11", Chardonnay, true, 6, fixed(7, 6, 4)),
		winery("W12", Chardonnay, true, 10, times(4, 2)),
		winery("W13", Cabernet, false, 8, fixed(11, 9, 7)),
		winery("W14", Cabernet, false, 10, times(4, 2, 2)),
		winery("W15", Cabernet, true, 8, fixed(9, 7, 5)),
		winery("W16", Cabernet, true, 9, times(4, 2)),
	},
	// §2.8: the fewest slots keeping capacity above the barrels in play.
	CoopSlots: [2]component.Sourced[int]{component.R(5), component.R(8)},
}
