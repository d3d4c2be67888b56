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
	IdentifiesRefused, Unrouted                                               int // shards.go
}

// Each fault hits every connection of the bot, of every shard.

// DropGateway cuts the bot's gateway connections without a close frame,
// like a network failure. The sessions stay resumable.
func (s *Server) DropGateway() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	s.gw.injectDropLocked()
}

// injectDropLocked drops the connections, if any, as a fault.
func (g *gateway) injectDropLocked() {
	g.counts.Drops += len(g.conns)
	g.dropAllLocked()
}

// CloseGateway closes the bot's connections with a close code, as Discord
// does. 4007 (invalid sequence) and 4009 (session timed out) end the
// sessions: the bot's RESUME gets INVALID_SESSION and it must identify
// anew. Other codes, such as 4000 (unknown error), leave them resumable.
func (s *Server) CloseGateway(code int) {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.conns {
		g.counts.Closes++
		if c.session != nil && (code == 4007 || code == 4009) {
			g.endLocked(c.session)
		}
		_ = g.closeLocked(c, code, "injected close")
		g.dropLocked(c)
	}
}

// Reconnect sends RECONNECT (op 7) on each ready connection: the bot must
// close it, open another and resume.
func (s *Server) Reconnect() {
	s.gw.sendToReady(opReconnect, "null", func(*gwConn) { s.gw.counts.Reconnects++ })
}

// InvalidateSessions sends INVALID_SESSION (op 9, d=false) on each ready
// connection, as Discord does to a session it ends in its middle: the
// session cannot be resumed, and the bot must identify anew on the same
// connection.
func (s *Server) InvalidateSessions() {
	g := s.gw
	g.sendToReady(opInvalidSession, "false", func(c *gwConn) {
		g.counts.InvalidSessions++
		g.endLocked(c.session)
		c.ready = false
	})
}

// sendToReady sends op, with data d, on each ready connection, once
// effect has changed the gateway for it.
func (g *gateway) sendToReady(op int, d string, effect func(*gwConn)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.conns {
		if !c.ready {
			continue
		}
		effect(c)
		if err := g.writeLocked(c, payload{Op: op, D: json.RawMessage(d)}); err != nil {
			g.dropLocked(c)
		}
	}
}

// ExpireSession ends the bot's sessions and drops their connections, as
// Discord does to a session that timed out: the bot's RESUME gets
// INVALID_SESSION (not resumable), and what is dispatched until it has
// identified anew is lost.
func (s *Server) ExpireSession() {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	for len(g.sessions) > 0 {
		g.endLocked(g.sessions[0])
	}
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
