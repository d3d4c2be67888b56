package engine

import "fmt"

// Move is one entry of an action log.
type Move struct {
	Seat   Seat   `json:"seat"`
	Action Action `json:"action"`
}

// DivergenceError reports the first logged move that no longer applies.
type DivergenceError struct {
	Index int // position in the log, from 0
	Move  Move
	Err   error
}

func (e *DivergenceError) Error() string {
	return fmt.Sprintf("replay diverges at move %d (seat %d: %s): %v", e.Index+1, e.Move.Seat, e.Move.Action, e.Err)
}

func (e *DivergenceError) Unwrap() error { return e.Err }

// Replay sets a game up and applies the log to it. It returns the final state
// and, per move, the events it produced; the first move that fails stops it
// with a *DivergenceError.
func Replay(g Game, setup Setup, log []Move) (State, [][]Event, error) {
	events := make([][]Event, 0, len(log))
	state, err := ReplayEach(g, setup, log, func(move int, _ State, ev []Event) {
		if move > 0 {
			events = append(events, ev)
		}
	})
	return state, events, err
}

// ReplayEach is Replay that shows each moment to visit as it goes: after
// the setup (move 0, with the setup's narration), then after each move
// (numbered from 1) with the move's events.
func ReplayEach(g Game, setup Setup, log []Move, visit func(move int, s State, events []Event)) (State, error) {
	state, setupEvents, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("replay: setup: %w", err)
	}
	visit(0, state, setupEvents)
	for i, m := range log {
		next, ev, err := state.Apply(m.Seat, m.Action)
		if err != nil {
			return state, &DivergenceError{Index: i, Move: m, Err: err}
		}
		state = next
		visit(i+1, state, ev)
	}
	return state, nil
}
