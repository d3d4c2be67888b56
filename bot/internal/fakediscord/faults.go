package fakediscord

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Faults make the fake fail requests the way Discord and networks do, so
// tests can check that the bot recovers: a server error, a rate limit, a
// connection that drops before any answer, or one that drops after
// Discord did the work (the answer is lost). A failed request is recorded
// with the status it got (0 for a hang-up); only a lost answer takes
// effect.

// Fault is one way to fail a request.
type Fault struct {
	Status     int           // the HTTP status to answer, such as 500 or 429
	RetryAfter time.Duration // for a 429: how long Discord asks to wait
	Hangup     bool          // drop the connection without answering
	Lost       bool          // do the work, then drop the connection
}

type fault struct {
	match func(Request) bool
	times int
	Fault
}

// Fail makes the next times requests that match fail with f.
func (s *Server) Fail(times int, match func(Request) bool, f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{match: match, times: times, Fault: f})
}

// Heal ends every fault still pending.
func (s *Server) Heal() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// faultLocked returns the fault that r meets, using one of its times.
func (s *Server) faultLocked(r Request) *Fault {
	for _, f := range s.faults {
		if f.times > 0 && f.match(r) {
			f.times--
			return &f.Fault
		}
	}
	return nil
}

// fail answers a request with its fault.
func (s *Server) fail(w http.ResponseWriter, f *Fault) {
	switch {
	case f.Hangup || f.Lost:
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler) // net/http drops the connection
	case f.Status == http.StatusTooManyRequests:
		secs := f.RetryAfter.Seconds()
		w.Header().Set("Retry-After", strconv.FormatFloat(secs, 'f', -1, 64))
		w.Header().Set("X-RateLimit-Scope", "user")
		writeJSON(w, f.Status, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": false})
	default:
		writeError(w, f.Status, 0, fmt.Sprintf("%d: injected failure", f.Status))
	}
}
