package commands

import (
	"sync"
	"time"
)

// Recent remembers when interactions were last seen, for a while: the bot
// drops one delivered twice, and a typed move sent again is told from a
// new one by when its first copy was answered (referee.Referee.AlreadyPlayed).
// Only this process's memory: after a restart the database speaks for the
// moves.
type Recent struct {
	mu    sync.Mutex
	at    map[string]time.Time
	swept time.Time
}

// recentFor is how long an interaction is remembered: Discord takes no
// answer to one after 15 minutes.
const recentFor = 15 * time.Minute

// Mark records id at at, and reports whether it is new.
func (r *Recent) Mark(id string, at time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.at == nil {
		r.at = map[string]time.Time{}
	}
	if at.Sub(r.swept) > time.Minute {
		for k, t := range r.at {
			if at.Sub(t) > recentFor {
				delete(r.at, k)
			}
		}
		r.swept = at
	}
	_, seen := r.at[id]
	r.at[id] = at
	return !seen
}

// At tells when id was marked.
func (r *Recent) At(id string) (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	t, ok := r.at[id]
	return t, ok
}
