package fakediscord

import (
	"net/http"
	"strings"
	"time"
)

// Once the fake has answered a 429, the limit holds for the wait it asked
// for, as Discord's does: a request to the same bucket, or after a global
// 429 any request bound by the global limit, gets a 429 for what is left
// of the wait and counts in FaultCounts.InLimit. Discord counts such
// requests against the bot (enough of them get it banned), so a bot must
// wait them out; one sent before the bot could read the 429 is the only
// excuse. The times are the real clock's: the bot waits on it too.

type limits struct {
	global time.Time            // the end of a global limit
	routes map[string]time.Time // the end of each bucket's limit
	// The second being counted for WithGlobalRate, and its requests.
	second  time.Time
	counted int
}

// WithGlobalRate counts the bot's requests bound by the global limit, from
// every client and connection of its token together, as Discord does (50
// a second for most bots): the one beyond perSecond within a second of the
// fake's clock (WithClock) gets a global 429 for the rest of that second.
func WithGlobalRate(perSecond int) Option {
	return func(s *Server) { s.globalRate = perSecond }
}

// overRateLocked is the global 429 of a request beyond WithGlobalRate's
// count, or nil.
func (s *Server) overRateLocked(r Request) *Fault {
	if s.globalRate == 0 || !boundGlobally(r) {
		return nil
	}
	now := s.now()
	if now.Sub(s.limits.second) >= time.Second {
		s.limits.second, s.limits.counted = now, 0
	}
	s.limits.counted++
	if s.limits.counted <= s.globalRate {
		return nil
	}
	return &Fault{Status: http.StatusTooManyRequests, RetryAfter: s.limits.second.Add(time.Second).Sub(now), Global: true}
}

// bucketOf is a request's rate-limit bucket: its path. discordgo's buckets
// are its paths or coarser, so a bot that waits out its bucket never
// meets a limit of the fake's.
func bucketOf(r Request) string { return r.Path }

// boundGlobally reports whether the global limit holds a request back:
// Discord's interaction endpoints are not bound by it.
func boundGlobally(r Request) bool {
	return !strings.HasPrefix(r.Route, "/interactions/") && !strings.HasPrefix(r.Route, "/webhooks/")
}

// limitedLocked is the 429 of a limit in force that r is bound by, or nil.
func (s *Server) limitedLocked(r Request) *Fault {
	now := time.Now()
	if boundGlobally(r) && now.Before(s.limits.global) {
		s.counts.InLimit++
		return &Fault{Status: http.StatusTooManyRequests, RetryAfter: s.limits.global.Sub(now), Global: true}
	}
	if end, ok := s.limits.routes[bucketOf(r)]; ok && now.Before(end) {
		s.counts.InLimit++
		return &Fault{Status: http.StatusTooManyRequests, RetryAfter: end.Sub(now)}
	}
	return nil
}

// limitLocked starts the limit that a 429 answered to r asks the bot to
// wait out.
func (s *Server) limitLocked(r Request, f *Fault) {
	end := time.Now().Add(f.RetryAfter)
	if f.Global {
		if end.After(s.limits.global) {
			s.limits.global = end
		}
		return
	}
	if s.limits.routes == nil {
		s.limits.routes = map[string]time.Time{}
	}
	if b := bucketOf(r); end.After(s.limits.routes[b]) {
		s.limits.routes[b] = end
	}
}
