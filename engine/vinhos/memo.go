package vinhos

import (
	"slices"
	"sync"

	"github.com/adega-bot/adega/engine"
)

// A menu, a command or the AI builds a decision one step at a time:
// Choices with no prefix, then with one answer, then two, and finally
// Apply with the whole action. Walking each prefix again from the start
// makes a decision cost the square of its length, so a state remembers the
// copy its last Choices walked: a longer prefix goes on from it, and Apply
// of the action it completes commits it. The copy walked the very steps a
// fresh walk would, so the answers are the same.

// walkMemo holds the copy of a state that its last Choices call walked. A
// state is read concurrently, so the copy is handed to one caller at a
// time under the lock: whoever goes on from it owns it.
type walkMemo struct {
	mu   sync.Mutex
	last *walked
}

// walked is a decision walked by Choices: the copy stands at the step it
// answered, every automatic step before it taken.
type walked struct {
	seat   engine.Seat
	prefix engine.Action
	state  *State
	step   engine.Step // what Choices answered
	// asked is the step the copy stands at, and offered its options that
	// Choices listed: the next answer is taken from them as they are.
	asked   step
	offered []option
}

// published gives a state handed to callers a memo of its own.
func (s *State) published() *State {
	s.memo = &walkMemo{}
	return s
}

// answered returns what Choices answered last for exactly this prefix.
func (m *walkMemo) answered(seat engine.Seat, prefix engine.Action) (engine.Step, bool) {
	if m == nil {
		return engine.Step{}, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	w := m.last
	if w == nil || w.seat != seat || !slices.Equal(w.prefix, prefix) {
		return engine.Step{}, false
	}
	step := w.step
	step.Choices, step.Taken = slices.Clone(step.Choices), slices.Clone(step.Taken)
	return step, true
}

// takeBefore hands over the walked copy if its prefix begins prefix, for
// the caller to walk the rest of the way.
func (m *walkMemo) takeBefore(seat engine.Seat, prefix engine.Action) (*walked, bool) {
	if m == nil {
		return nil, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	w := m.last
	if w == nil || w.seat != seat || len(w.prefix) > len(prefix) || !slices.Equal(w.prefix, prefix[:len(w.prefix)]) {
		return nil, false
	}
	m.last = nil
	return w, true
}

// keep remembers a walked copy in place of the last one.
func (m *walkMemo) keep(w *walked) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last = w
}
