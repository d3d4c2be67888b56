package steps

import (
	"slices"
	"sync"

	"github.com/adega-bot/adega/engine"
)

// A menu, a command or the AI builds a decision one step at a time:
// Choices with no prefix, then with one answer, then two, and finally
// Apply with the whole action. Walking each prefix again from the start
// makes a decision cost the square of its length, so a state may keep a
// Memo of the walker its last Choices walked: a longer prefix goes on from
// it, and Apply of the action it completes commits it. The walker walked
// the very steps a fresh walk would, so the answers are the same.

// Memo holds the walker a state's last Choices call walked. It is a cache
// beside the state, never part of its value: a game gives each state it
// hands out a new one, and none to a copy. A state is read concurrently,
// so the walker is handed to one caller at a time under the lock: whoever
// goes on from it owns it. A nil Memo remembers nothing.
type Memo[W any] struct {
	mu   sync.Mutex
	last *walked[W]
	// spare is the array for options of the walker the state was
	// published from, for the first walker started on the state.
	spare []Option[W]
}

// MemoAfter is a memo for the state a walker stands at, which the walker
// is done with, being published as that state: the first walker started
// on it takes over the walker's array for options instead of growing one
// (each decision starts one).
func MemoAfter[W any](k *Walk[W]) *Memo[W] {
	m := &Memo[W]{spare: k.opts[:0]}
	k.opts = nil
	return m
}

// lend hands the spare array for options, if any is left, to the walk k
// of a walker just started on the state.
func (m *Memo[W]) lend(k *Walk[W]) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if k.opts == nil {
		k.opts, m.spare = m.spare, nil
	}
}

// walked is a decision walked by Choices: the walker stands at the step it
// answered, every automatic step before it taken.
type walked[W any] struct {
	seat   engine.Seat
	prefix engine.Action
	walker W
	step   engine.Step // what Choices answered, but its choices: offered's
	// asked is the step the walker stands at, and offered its options
	// that Choices listed: the next answer is taken from them as they are.
	asked   Step[W]
	offered []Option[W]
}

// answered returns what Choices answered last for exactly this prefix.
func (m *Memo[W]) answered(seat engine.Seat, prefix engine.Action) (engine.Step, bool) {
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
	step.Choices, step.Taken = choices(w.offered), slices.Clone(step.Taken)
	return step, true
}

// takeBefore hands over the walked walker if its prefix begins prefix,
// for the caller to walk the rest of the way.
func (m *Memo[W]) takeBefore(seat engine.Seat, prefix engine.Action) (*walked[W], bool) {
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

// keep remembers a walked walker in place of the last one.
func (m *Memo[W]) keep(w *walked[W]) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last = w
}
