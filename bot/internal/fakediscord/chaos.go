package fakediscord

import (
	"bytes"
	"math/rand/v2"
	"net/http"
	"time"
)

// Chaos fails requests at random, each kind of fault with its own
// probability, drawn from a generator seeded by the test. Rate limits fall
// only on requests the global limit binds (Discord does not limit
// interaction answers that way), and answers are lost only on posts with
// an enforced nonce, which Discord makes once however often they are sent
// (discordgo retries a 502 at once, and a second acknowledgement would be
// refused).
type Chaos struct {
	Seed         uint64
	ServerErrors float64       // a 500, 502, 503 or 504 before any work
	LostAnswers  float64       // the work done, then a 5xx
	RouteLimits  float64       // a 429 of the request's bucket
	GlobalLimits float64       // a global 429
	RetryAfter   time.Duration // the longest wait a 429 asks for; each draws whole milliseconds up to it
}

type chaos struct {
	Chaos
	rng *rand.Rand
}

// SetChaos starts failing requests at random, until Heal.
func (s *Server) SetChaos(c Chaos) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chaos = &chaos{Chaos: c, rng: rand.New(rand.NewPCG(c.Seed, c.Seed^0x9e3779b97f4a7c15))}
}

var serverErrors = []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout}

// drawLocked draws r's fault, if any.
func (s *Server) drawLocked(r Request) *Fault {
	c := s.chaos
	if c == nil {
		return nil
	}
	status := serverErrors[c.rng.IntN(len(serverErrors))]
	wait := time.Duration(1+c.rng.Int64N(max(c.RetryAfter.Milliseconds(), 1))) * time.Millisecond
	roll := c.rng.Float64()
	switch {
	case roll < c.ServerErrors:
		return &Fault{Status: status}
	case !boundGlobally(r):
		return nil
	case roll < c.ServerErrors+c.RouteLimits:
		return &Fault{Status: http.StatusTooManyRequests, RetryAfter: wait}
	case roll < c.ServerErrors+c.RouteLimits+c.GlobalLimits:
		return &Fault{Status: http.StatusTooManyRequests, RetryAfter: wait, Global: true}
	case roll < c.ServerErrors+c.RouteLimits+c.GlobalLimits+c.LostAnswers && enforcesNonce(r):
		return &Fault{Status: status, Lost: true}
	}
	return nil
}

// enforcesNonce reports a message post that Discord makes at most once.
func enforcesNonce(r Request) bool {
	return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && bytes.Contains(r.JSON, []byte(`"enforce_nonce":true`))
}
