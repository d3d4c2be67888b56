package commands

import (
	"sync"
	"time"
)

// acks remembers when the bot answered recent interactions, so that a
// typed move sent again is told from a new one by what its player could
// know (storage.Store.AlreadyPlayed). Only this process's answers are
// known: after a restart a repeated command counts as a copy until a turn
// message shows the first, which errs on the side of playing once.
type acks struct {
	mu  sync.Mutex
	at  map[string]time.Time
	old time.Time // the newest sweep
}

// ackMemory is how long an answer is remembered: Discord takes a second
// copy of a command within seconds, and no answer after 15 minutes.
const ackMemory = 15 * time.Minute

// Acknowledged records that the bot answered the interaction id at at.
func (h *Handler) Acknowledged(id string, at time.Time) {
	a := &h.acks
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.at == nil {
		a.at = map[string]time.Time{}
	}
	if at.Sub(a.old) > time.Minute {
		for k, t := range a.at {
			if at.Sub(t) > ackMemory {
				delete(a.at, k)
			}
		}
		a.old = at
	}
	a.at[id] = at
}

// acked tells when the bot answered the interaction id.
func (h *Handler) acked(id string) (time.Time, bool) {
	a := &h.acks
	a.mu.Lock()
	defer a.mu.Unlock()
	t, ok := a.at[id]
	return t, ok
}
