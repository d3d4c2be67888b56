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
	state, _, err := g.New(setup)
	if err != nil {
		return nil, nil, fmt.Errorf("replay: setup: %w", err)
	}
	events := make([][]Event, 0, len(log))
	for i, m := range log {
		next, ev, err := state.Apply(m.Seat, m.Action)
		if err != nil {
			return state, events, &DivergenceError{Index: i, Move: m, Err: err}
		}
		state = next
		events = append(events, ev)
	}
	return state, events, nil
}
