package lavina

import (
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/steps"
)

// How a decision is asked and played. A turn is a chain of small
// questions (take which card, put it where, move where), each a step whose
// options carry what answering them does to the state. Choices replays
// the answers given so far on a copy and lists the next step's options;
// Apply replays the whole action on a copy and keeps it. One code path
// serves both, so Apply takes exactly what Choices offers.
//
// Hidden information splits a turn: a take that shows a lower card's tool
// closes the decision at once (engine.Step.Continues), and the player
// answers the rest as a decision of its own, so that no option listed
// before depended on the hidden tool.

// option answers a step: the choice shown and its effect; step is one
// question, with the part of the board it concerns (engine.Step.Focus).
type (
	option = steps.Option[*walker]
	step   = steps.Step[*walker]
)

// Focus names the part of the board a step is about (engine.Step.Focus).
const (
	FocusAisle    = "aisle"    // the spaces, their cards and the pickers
	FocusBaskets  = "baskets"  // the player's baskets
	FocusTools    = "tools"    // the player's tools and the bank
	FocusWineries = "wineries" // the wineries and the cooperative
	FocusExit     = "exit"     // the exit area: wildcard, wineries, baskets
	FocusSupply   = "supply"   // the upgrade baskets
)

// stage is where a turn stands.
type stage uint8

const (
	stMenu stage = iota // what to do next: take, move, dump, deliver, upgrade, end
	stPicker
	stMoveTo
	stTakeSpace
	stTakeCard
	stToolReturn
	stPlace
	stSecondCard
	stWinery
	stWildcards
	stUpgradeTo
	stDone
)

var stageNames = [...]string{
	stMenu: "menu", stPicker: "picker", stMoveTo: "move_to", stTakeSpace: "take_space", stTakeCard: "take_card",
	stToolReturn: "tool_return", stPlace: "place", stSecondCard: "second_card", stWinery: "winery",
	stWildcards: "wildcards", stUpgradeTo: "upgrade_to", stDone: "done",
}

// A stage reads as its name in snapshots and exports.
func (st stage) MarshalText() ([]byte, error) { return []byte(stageNames[st]), nil }
func (st *stage) UnmarshalText(b []byte) error {
	return unmarshalName(stageNames[:], b, st, "turn stage")
}

// Turn is the turn in progress of one picker.
type Turn struct {
	Picker int   `json:"picker"`
	Stage  stage `json:"stage"`
	// Paused marks a turn stopped where a take turned up hidden
	// information; its owner goes on with it.
	Paused bool `json:"paused,omitempty"`
	Moved  bool `json:"moved,omitempty"`
	// Took: the one take of the turn has begun.
	Took bool `json:"took,omitempty"`
	// Using are the tools spent on the take in progress.
	Using []Tool `json:"using,omitempty"`
	// From is the aisle index of the space the take is from.
	From int `json:"from,omitempty"`
	// Taken counts the take's cards so far; FirstSide is where the first
	// came from.
	Taken     int   `json:"taken,omitempty"`
	FirstSide int   `json:"first_side,omitempty"`
	Held      *Card `json:"held,omitempty"` // a card taken, not placed yet
	// Deliveries made in this exit; Basket and Winery the one in progress.
	Deliveries int     `json:"deliveries,omitempty"`
	Basket     int     `json:"basket,omitempty"`
	Winery     int     `json:"winery,omitempty"`
	Upgraded   [2]bool `json:"upgraded"`
}

// walker is a copy of a state that a decision is walked on: the state
// beside the step machine's Walk (engine/steps).
type walker struct {
	State
	steps.Walk[*walker]
	// cutAt is the round after which a playout stops looking ahead (0:
	// never, as in every decision a player makes).
	cutAt int
}

// walker is a copy of s to walk a decision on.
func (s *State) walker() *walker {
	w := new(walker)
	s.copyTo(&w.State)
	return w
}

// machine is how La Viña's decisions are walked (engine/steps): what it
// declares beyond its steps.
var machine = &steps.Machine[*walker]{
	New: func() *walker { return new(walker) },
	// The rulebook's rule, in a refusal to another seat.
	Turn:   func(engine.Pending) string { return "the picker farthest back plays next" },
	Refuse: (*walker).refuse,
	Why:    (*walker).why,
	// A steered playout's policy picks what the picker does next (take,
	// move, dump, deliver, end) and where it moves, which decide how far
	// it runs ahead and what it can reach; which card and which basket
	// follow from them, and stay random.
	Steered: []string{"action", "to"},
}

// The walker's side of the machine (steps.Walker).

func (s *walker) Steps() *steps.Walk[*walker] { return &s.Walk }
func (s *walker) CopyTo(c *walker)            { s.State.copyTo(&c.State) }
func (s *walker) Deciding() bool              { return s.Turn != nil && !s.Turn.Paused }
func (s *walker) Pause()                      { s.Turn.Paused = true }
func (s *walker) Complete(engine.Seat)        { s.Turn = nil }

func (s *walker) Owing(out []engine.Pending) []engine.Pending { return append(out, s.Pending()...) }

// Begin begins the rearmost picker's turn, or resumes a paused one.
func (s *walker) Begin(engine.Seat) {
	if s.Turn != nil {
		s.Turn.Paused = false
		return
	}
	p := s.rearmost()
	s.Turn = &Turn{Picker: p}
	if s.Options.EitherPicker && len(s.ownPickers(s.Pickers[p].Owner)) > 1 {
		s.Turn.Stage = stPicker
	}
}

// List lists the step for the turn's stage.
func (s *walker) List() (step, bool) {
	switch s.Turn.Stage {
	case stMenu:
		if s.atExit() {
			return s.exitMenu(), false
		}
		return s.turnMenu(), false
	case stPicker:
		return s.pickerStep(), false
	case stMoveTo:
		return s.moveStep(), false
	case stTakeSpace:
		return s.takeSpaceStep(), false
	case stTakeCard, stSecondCard:
		return s.cardStep(), false
	case stToolReturn:
		return s.toolReturnStep(), false
	case stPlace:
		return s.placeStep(), false
	case stWinery:
		return s.wineryStep(), false
	case stWildcards:
		return s.wildcardsStep(), false
	case stUpgradeTo:
		return s.upgradeStep(), false
	}
	return step{}, true
}

// Choices lists the legal answers to the next step of seat's decision.
func (s *State) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	return machine.Choices(nil, s.walker, seat, prefix)
}

// Apply plays one whole decision for seat.
func (s *State) Apply(seat engine.Seat, action engine.Action) (engine.State, []engine.Event, error) {
	c, events, err := machine.Apply(nil, s.walker, seat, action)
	if err != nil {
		return nil, nil, err
	}
	return &c.State, events, nil
}

// Preview is the game as seat's answers prefix leave it
// (engine.Previewer), with the turn in progress: at the exit, the
// prestige a delivery brought and the baskets it emptied or traded,
// whose trades the focused view draws (State.Trades).
func (s *State) Preview(seat engine.Seat, prefix engine.Action) (engine.State, error) {
	c, err := machine.Walked(s.walker, seat, prefix)
	if err != nil {
		return nil, err
	}
	return &c.State, nil
}

// Refusal is the reason value is not a legal answer to the step after
// prefix (engine.Explainer), or "" if no rule explains it.
func (s *State) Refusal(seat engine.Seat, prefix engine.Action, value string) string {
	return machine.Refusal(s.walker, seat, prefix, value)
}
