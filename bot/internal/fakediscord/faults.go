package fakediscord

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"
)

// Faults make the fake fail requests the way Discord and networks do, so
// tests can check that the bot recovers: a server error, a rate limit, a
// connection that drops before any answer, or one that drops after
// Discord did the work (the answer is lost). A failed request is recorded
// with the status it got (0 for a hang-up); only a lost answer takes
// effect. Faults come on demand (Fail) or at random (SetChaos); the
// gateway's are in gateway_faults.go.

// Fault is one way to fail a request.
type Fault struct {
	Status     int           // the HTTP status to answer, such as 500 or 429
	RetryAfter time.Duration // for a 429: how long Discord asks to wait
	Global     bool          // for a 429: the bot's global limit, not the route's
	Hangup     bool          // drop the connection without answering
	// Lost does the work, then drops the connection, or answers Status
	// if set: a server error that hides that the work was done.
	Lost bool
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

// Heal ends every fault still pending, random ones included, and every
// rate limit in force.
func (s *Server) Heal() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
	s.chaos = nil
	s.limits = limits{}
}

// faultLocked returns the fault that r meets: a rate limit still in
// force, the global rate exceeded, one asked for with Fail, or one drawn
// at random, in that order. A 429 starts a rate limit.
func (s *Server) faultLocked(r Request) *Fault {
	f := s.limitedLocked(r)
	if f == nil {
		f = s.overRateLocked(r)
	}
	if f == nil {
		for _, sf := range s.faults {
			if sf.times > 0 && sf.match(r) {
				sf.times--
				f = &sf.Fault
				break
			}
		}
	}
	if f == nil {
		f = s.drawLocked(r)
	}
	if f != nil {
		s.countLocked(f)
	}
	if f != nil && f.Status == http.StatusTooManyRequests {
		s.limitLocked(r, f)
	}
	return f
}

// fail answers a request with its fault.
func (s *Server) fail(w http.ResponseWriter, r Request, f *Fault) {
	switch {
	case f.Hangup || f.Lost && f.Status == 0:
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler) // net/http drops the connection
	case f.Status == http.StatusTooManyRequests:
		writeLimit(w, r, f)
	default:
		writeError(w, f.Status, 0, fmt.Sprintf("%d: injected failure", f.Status))
	}
}

// writeLimit answers a 429 as Discord does: retry_after (seconds, a
// float) and global in the body; Retry-After (whole seconds, rounded up)
// and X-RateLimit-Scope in the headers, with the bucket's X-RateLimit-*
// for a route's limit and X-RateLimit-Global for the global one.
func writeLimit(w http.ResponseWriter, r Request, f *Fault) {
	secs := f.RetryAfter.Seconds()
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	if f.Global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		reset := float64(time.Now().Add(f.RetryAfter).UnixMilli()) / 1000
		h.Set("X-RateLimit-Limit", "5")
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset", strconv.FormatFloat(reset, 'f', 3, 64))
		h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
		h.Set("X-RateLimit-Bucket", bucketOf(r))
		h.Set("X-RateLimit-Scope", "user")
	}
	writeJSON(w, http.StatusTooManyRequests, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": f.Global})
}

// FaultCounts are the faults the fake has injected so far, by kind, and
// how the bot's gateway sessions went.
type FaultCounts struct {
	ServerErrors int // 5xx answered before any work
	LostAnswers  int // work done, then a 5xx or a dropped connection
	Hangups      int // connections dropped before any work
	RouteLimits  int // 429s of a route
	GlobalLimits int // global 429s
	// InLimit counts the requests that came while a rate limit they are
	// bound by was in force (each also counted as a 429 above): sent
	// before the bot could know of the limit, or by a bot that ignores it.
	InLimit int

	Drops           int // gateway connections dropped without a close frame, outages aside
	Closes          int // gateway connections closed with a code
	Reconnects      int // RECONNECTs sent
	InvalidSessions int // INVALID_SESSIONs sent
	Refused         int // connections refused while the gateway was cut
	Resumes         int // sessions resumed
	Identifies      int // sessions started
	Replayed        int // dispatches replayed on a RESUME
	LostEvents      int // dispatches lost with a session that ended
	// IdentifiesRefused counts IDENTIFYs beyond max_concurrency (also in
	// InvalidSessions); Unrouted the dispatches for a shard the bot never
	// identified as (shards.go).
	IdentifiesRefused, Unrouted int
}

// Faults returns the faults injected so far.
func (s *Server) Faults() FaultCounts {
	s.mu.Lock()
	c := s.counts
	s.mu.Unlock()
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	g := s.gw.counts
	c.Drops, c.Closes, c.Reconnects, c.InvalidSessions, c.Refused = g.Drops, g.Closes, g.Reconnects, g.InvalidSessions, g.Refused
	c.Resumes, c.Identifies, c.Replayed, c.LostEvents = s.gw.resumes, len(s.gw.identifies), g.Replayed, g.LostEvents
	c.IdentifiesRefused, c.Unrouted = g.IdentifiesRefused, g.Unrouted
	return c
}

func (s *Server) countLocked(f *Fault) {
	switch {
	case f.Lost:
		s.counts.LostAnswers++
	case f.Hangup:
		s.counts.Hangups++
	case f.Status == http.StatusTooManyRequests && f.Global:
		s.counts.GlobalLimits++
	case f.Status == http.StatusTooManyRequests:
		s.counts.RouteLimits++
	case f.Status >= 500:
		s.counts.ServerErrors++
	}
}
