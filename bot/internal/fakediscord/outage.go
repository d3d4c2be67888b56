package fakediscord

import "net/http"

// An outage of the gateway: CutGateway drops the bot's connection, as a
// network failure does, and refuses its new ones until RestoreGateway, so
// that a test sees the bot while it cannot reach Discord; then the bot
// resumes its session.

// CutGateway drops the bot's gateway connections and refuses new ones.
func (s *Server) CutGateway() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	s.gw.down = true
	s.gw.dropAllLocked()
}

// RestoreGateway accepts connections again.
func (s *Server) RestoreGateway() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	s.gw.down = false
}

// refuse answers a connection attempt during an outage, as a load balancer
// with no gateway behind it does, and reports whether it did.
func (g *gateway) refuse(w http.ResponseWriter) bool {
	g.mu.Lock()
	down := g.down
	g.mu.Unlock()
	if down {
		http.Error(w, "the gateway is down", http.StatusServiceUnavailable)
	}
	return down
}
