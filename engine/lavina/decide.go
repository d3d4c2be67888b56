package lavina

import (
	"slices"
	"strconv"
	"strings"

	"github.com/adega-bot/adega/engine"
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

// option answers a step: the choice shown and its effect. An auto option,
// when it is the only one, is answered without asking.
type option struct {
	engine.Choice
	do   func(s *State)
	auto bool
}

// step is one question: its name for commands, its prompt, the part of
// the board it concerns (engine.Step.Focus) and its options.
type step struct {
	name, prompt, focus string
	opts                []option
}

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
	Deliveries int      `json:"deliveries,omitempty"`
	Basket     int      `json:"basket,omitempty"`
	Winery     int      `json:"winery,omitempty"`
	Upgraded   [2]bool  `json:"upgraded"`
	drew       bool     // a step turned up hidden information
	names      []string // the steps answered in this decision
}

// next returns the step seat must answer now, taking every step whose only
// answer is automatic; done reports that the decision is complete.
func (s *State) next(seat engine.Seat, taking *[]engine.Taken) (st step, done bool, err error) {
	if s.Turn == nil || s.Turn.Paused {
		if err := s.mayDecide(seat); err != nil {
			return step{}, false, err
		}
		s.startTurn()
	}
	for {
		st, done = s.current()
		if done {
			return step{}, true, nil
		}
		if !s.nolabels {
			st.name = s.uniqueName(st.name)
		}
		if len(st.opts) != 1 || !st.opts[0].auto {
			return st, false, nil
		}
		if taking != nil {
			*taking = append(*taking, engine.Taken{Name: st.name, Prompt: st.prompt, Choice: st.opts[0].Choice})
		}
		s.answer(st, st.opts[0])
	}
}

// startTurn begins the rearmost picker's turn, or resumes a paused one.
func (s *State) startTurn() {
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

// answer takes option o of step st.
func (s *State) answer(st step, o option) {
	if !s.nolabels { // the names are only for commands
		s.Turn.names = append(s.Turn.names, st.name)
	}
	o.do(s)
}

// uniqueName is name, or name2, name3... when steps answered in this
// decision had it: the second card of the shears is "card2".
func (s *State) uniqueName(name string) string {
	n := 1
	for _, used := range s.Turn.names {
		if strings.TrimRight(used, "0123456789") == name {
			n++
		}
	}
	if n == 1 {
		return name
	}
	return name + strconv.Itoa(n)
}

// mayDecide refuses a seat that owes no decision, with the reason.
func (s *State) mayDecide(seat engine.Seat) error {
	if s.Ended {
		return engine.Errorf(engine.CodeGameOver, "The game is over.")
	}
	if seat < 0 || int(seat) >= len(s.Seats) {
		return engine.Errorf(engine.CodeNotYourTurn, "There is no seat %d at this table.", seat+1)
	}
	pending := s.Pending()
	if len(pending) == 1 && pending[0].Seat != seat {
		return engine.Errorf(engine.CodeNotYourTurn, "It is %s's turn: the picker farthest back plays next.", s.Seats[pending[0].Seat].Name) // text l.185
	}
	return nil
}

// current lists the step for the turn's stage.
func (s *State) current() (step, bool) {
	t := s.Turn
	if t.drew {
		return step{}, true
	}
	switch t.Stage {
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

// walk plays the steps of prefix on s (a copy), checking each against the
// options offered.
func (s *State) walk(seat engine.Seat, prefix engine.Action) error {
	for _, id := range prefix {
		st, done, err := s.next(seat, nil)
		if err != nil {
			return err
		}
		if done {
			return engine.Errorf(engine.CodeUnknownChoice, "That decision is already complete; %s is one step too many.", engine.Quote(id))
		}
		i := slices.IndexFunc(st.opts, func(o option) bool { return o.ID == id })
		if i < 0 {
			return s.refuse(st, id)
		}
		s.answer(st, st.opts[i])
	}
	return nil
}

// Choices lists the legal answers to the next step of seat's decision.
func (s *State) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	c := s.clone()
	if err := c.walk(seat, prefix); err != nil {
		return engine.Step{}, err
	}
	var taken []engine.Taken
	st, done, err := c.next(seat, &taken)
	if err != nil {
		return engine.Step{}, err
	}
	if done {
		return engine.Step{Complete: true, Continues: c.Turn.drew, Taken: taken}, nil
	}
	out := engine.Step{Name: st.name, Prompt: st.prompt, Taken: taken, Focus: st.focus}
	for _, o := range st.opts {
		out.Choices = append(out.Choices, o.Choice)
	}
	return out, nil
}

// Apply plays one whole decision for seat.
func (s *State) Apply(seat engine.Seat, action engine.Action) (engine.State, []engine.Event, error) {
	c := s.clone()
	c.events = nil
	if err := c.walk(seat, action); err != nil {
		return nil, nil, err
	}
	st, done, err := c.next(seat, nil)
	if err != nil {
		return nil, nil, err
	}
	if !done {
		return nil, nil, engine.Errorf(engine.CodeIncomplete, "That is not finished yet: %s", st.prompt)
	}
	c.finish()
	return c, c.takeEvents(), nil
}

// finish closes a complete decision: a turn that turned up hidden
// information pauses, the rest of it a decision of its own; any other turn
// ends and the game moves on.
func (s *State) finish() {
	if s.Turn.drew {
		s.Turn.drew, s.Turn.Paused, s.Turn.names = false, true, nil
		return
	}
	s.Turn = nil
	s.advance()
}
