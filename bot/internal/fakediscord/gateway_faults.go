package fakediscord

import (
	"encoding/json"
	"net/http"
)

// The gateway's faults, as Discord and networks cause them (an outage is
// in outage.go). After each the
// bot must come back: by RESUME, which replays the dispatches it missed,
// or by a new IDENTIFY where the session has ended (whose missed
// dispatches are lost, as on Discord: a user's interaction then fails).

// opReconnect asks the bot to reconnect and resume.
const opReconnect = 7

// gatewayCounts are the gateway's faults and their effects, for Faults.
type gatewayCounts struct {
	Drops, Closes, Reconnects, InvalidSessions, Refused, Replayed, LostEvents int
}

// DropGateway cuts the bot's gateway connection without a close frame, like
// a network failure. The session stays resumable.
func (s *Server) DropGateway() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	s.gw.injectDropLocked()
}

// injectDropLocked drops the connection, if there is one, as a fault.
func (g *gateway) injectDropLocked() {
	if g.conn != nil {
		g.counts.Drops++
		g.dropLocked(g.conn)
	}
}

// CloseGateway closes the bot's connection with a close code, as Discord
// does. 4007 (invalid sequence) and 4009 (session timed out) end the
// session: the bot's RESUME gets INVALID_SESSION and it must identify
// anew. Other codes, such as 4000 (unknown error), leave it resumable.
func (s *Server) CloseGateway(code int) {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.conn == nil {
		return
	}
	g.counts.Closes++
	if code == 4007 || code == 4009 {
		g.session = nil
	}
	_ = g.closeLocked(g.conn, code, "injected close")
	g.dropLocked(g.conn)
}

// Reconnect sends RECONNECT (op 7): the bot must close the connection,
// open another and resume.
func (s *Server) Reconnect() {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.conn == nil || !isClosed(g.ready) {
		return
	}
	g.counts.Reconnects++
	if err := g.writeLocked(g.conn, payload{Op: opReconnect, D: json.RawMessage("null")}); err != nil {
		g.dropLocked(g.conn)
	}
}

// ExpireSession ends the bot's session and drops its connection, as
// Discord does to a session that timed out: the bot's RESUME gets
// INVALID_SESSION (not resumable), and what is dispatched until it has
// identified anew is lost.
func (s *Server) ExpireSession() {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	g.session = nil
	g.injectDropLocked()
}

// counted notes the connections refused during an outage (outage.go),
// for Faults.
func (g *gateway) counted(serve http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g.mu.Lock()
		if g.down {
			g.counts.Refused++
		}
		g.mu.Unlock()
		serve(w, r)
	}
}

// replayingLocked notes a dispatch about to be replayed. An interaction
// replayed may reach the bot too late to be answered in time, through no
// fault of the bot's: the fake then refuses its answer as Discord would,
// without failing the test.
func (g *gateway) replayingLocked(d payload) {
	g.counts.Replayed++
	if d.T == nil || *d.T != "INTERACTION_CREATE" {
		return
	}
	var in struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(d.D, &in) == nil {
		g.s.delayed.Store(in.ID, true)
	}
}
