package fakediscord

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

// heartbeatInterval is Discord's usual value. discordgo sends its first
// heartbeat at once, then one per interval, so tests never wait for it.
const heartbeatInterval = 41250

// writeTimeout bounds a write to the bot, so a stuck client cannot hang the
// test that dispatches to it.
const writeTimeout = 5 * time.Second

// gateway is a fake Discord gateway: each of the bot's connections serves
// one session, of one shard (shards.go), and a bot may hold several.
type gateway struct {
	s   *Server
	hs  *httptest.Server
	url string // ws://127.0.0.1:port

	mu         sync.Mutex // guards the fields below and serializes writes
	conns      map[*websocket.Conn]*gwConn
	sessions   []*gwSession  // those a RESUME may continue, one a shard
	changed    chan struct{} // closed and replaced when a session's readiness changes
	counts     gatewayCounts // faults injected and their effects (gateway_faults.go)
	identifies []discordgo.Identify
	identified map[int]time.Time // the last IDENTIFY of each rate-limit key (shards.go)
	resumes    int
	closed     bool           // the test is over: no new connections
	down       bool           // cut by CutGateway: no new connections (outage.go)
	wg         sync.WaitGroup // connection goroutines; Add only while !closed
}

// gwConn is one connection, and the session it serves once the bot has
// identified or resumed on it.
type gwConn struct {
	ws      *websocket.Conn
	session *gwSession
	ready   bool // READY or RESUMED sent
}

// gwSession is what a RESUME continues: the sequence and every dispatch, so
// that those the bot missed can be replayed.
type gwSession struct {
	id    string
	token string
	shard [2]int
	seq   int64
	sent  []payload // dispatches made with Dispatch
	conn  *gwConn   // the connection serving it; nil while the bot is away
}

func (sess *gwSession) ready() bool { return sess.conn != nil && sess.conn.ready }

// payload is a gateway message. Like Discord, it sends s and t as null
// outside dispatches.
type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

func newGateway(s *Server) *gateway {
	g := &gateway{s: s, conns: map[*websocket.Conn]*gwConn{}, changed: make(chan struct{}), identified: map[int]time.Time{}}
	g.hs = httptest.NewServer(g.counted(g.serve))
	g.url = "ws" + strings.TrimPrefix(g.hs.URL, "http")
	return g
}

var upgrader = websocket.Upgrader{}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	if enc := r.URL.Query().Get("encoding"); enc != "" && enc != "json" {
		g.s.t.Errorf("fakediscord: the gateway speaks only encoding=json, the bot asked for %q", enc)
		http.Error(w, "unsupported encoding", http.StatusBadRequest)
		return
	}
	if c := r.URL.Query().Get("compress"); c != "" {
		g.s.t.Errorf("fakediscord: the gateway does not compress, the bot asked for %q", c)
		http.Error(w, "unsupported compression", http.StatusBadRequest)
		return
	}
	if g.refuse(w) {
		return
	}
	conn, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered the client
	}
	c := &gwConn{ws: conn}
	conn.SetCloseHandler(func(code int, _ string) error {
		if code == websocket.CloseNormalClosure || code == websocket.CloseGoingAway {
			// Discord ends the session of a bot that closes with 1000 or
			// 1001: a later RESUME fails. Done before the echo, so that a
			// bot that saw it cannot resume.
			g.mu.Lock()
			if c.session != nil && c.session.conn == c {
				g.endLocked(c.session)
			}
			g.mu.Unlock()
		}
		return conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(writeTimeout))
	})
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		conn.Close()
		return
	}
	g.conns[conn] = c
	g.wg.Add(1)
	err = g.writeLocked(c, payload{Op: opHello, D: mustJSON(map[string]int{"heartbeat_interval": heartbeatInterval})})
	g.mu.Unlock()
	defer g.wg.Done()
	if err == nil {
		g.read(c)
	}
	g.mu.Lock()
	g.dropLocked(c)
	g.mu.Unlock()
}

// read handles what the bot sends until the connection ends.
func (g *gateway) read(c *gwConn) {
	for {
		var p payload
		if err := c.ws.ReadJSON(&p); err != nil {
			return
		}
		g.mu.Lock()
		err := errReplaced
		if g.conns[c.ws] == c {
			err = g.handleLocked(c, p)
		}
		g.mu.Unlock()
		if err != nil {
			return
		}
	}
}

var errReplaced = errors.New("the connection was dropped")

func (g *gateway) handleLocked(c *gwConn, p payload) error {
	if (p.Op == opIdentify || p.Op == opResume) && c.ready {
		g.s.t.Errorf("fakediscord: op %d on a gateway connection that is already ready", p.Op)
		return g.closeLocked(c, 4005, "Already authenticated.")
	}
	switch p.Op {
	case opHeartbeat:
		return g.writeLocked(c, payload{Op: opHeartbeatACK, D: json.RawMessage("null")})
	case opIdentify:
		// Not into discordgo.Identify: discordgo writes presence.game.created_at
		// as a time but reads it as an integer.
		var id struct {
			Token          string                       `json:"token"`
			Properties     discordgo.IdentifyProperties `json:"properties"`
			Compress       bool                         `json:"compress"`
			LargeThreshold int                          `json:"large_threshold"`
			Shard          *[2]int                      `json:"shard"`
			Intents        discordgo.Intent             `json:"intents"`
		}
		if err := json.Unmarshal(p.D, &id); err != nil {
			g.s.t.Errorf("fakediscord: IDENTIFY: %v", err)
			return g.closeLocked(c, 4002, "Error while decoding payload.")
		}
		if !g.tokenOK(id.Token) {
			g.s.t.Errorf("fakediscord: IDENTIFY with a token other than the one the test set")
			return g.closeLocked(c, 4004, "Authentication failed.")
		}
		shard := [2]int{0, 1}
		if id.Shard != nil {
			shard = *id.Shard
		}
		if code, reason := g.checkShard(shard); code != 0 {
			g.s.t.Errorf("fakediscord: IDENTIFY as shard %v: %s", shard, reason)
			return g.closeLocked(c, code, reason)
		}
		if g.tooSoonLocked(shard) {
			// Beyond max_concurrency: Discord answers INVALID_SESSION.
			g.counts.InvalidSessions++
			g.counts.IdentifiesRefused++
			return g.writeLocked(c, payload{Op: opInvalidSession, D: json.RawMessage("false")})
		}
		for _, old := range g.sessions {
			if old.shard == shard {
				// A new session of a shard replaces the old one and its
				// connection, as a bot's new IDENTIFY after a lost
				// session does.
				if old.conn != nil {
					g.dropLocked(old.conn)
				}
				g.endLocked(old)
				break
			}
		}
		sess := &gwSession{id: newSessionID(), token: id.Token, shard: shard}
		g.sessions = append(g.sessions, sess)
		g.identifies = append(g.identifies, discordgo.Identify{
			Properties: id.Properties, Compress: id.Compress, LargeThreshold: id.LargeThreshold, Shard: id.Shard, Intents: id.Intents,
		})
		return g.readyLocked(c, sess, "READY", g.readyPayload(sess))
	case opResume:
		var rs struct {
			Token     string `json:"token"`
			SessionID string `json:"session_id"`
			Seq       int64  `json:"seq"`
		}
		if err := json.Unmarshal(p.D, &rs); err != nil {
			g.s.t.Errorf("fakediscord: RESUME: %v", err)
			return g.closeLocked(c, 4002, "Error while decoding payload.")
		}
		sess := g.sessionLocked(rs.SessionID)
		if sess == nil || sess.token != rs.Token || rs.Seq > sess.seq {
			// Not resumable: the bot must identify again.
			g.counts.InvalidSessions++
			return g.writeLocked(c, payload{Op: opInvalidSession, D: json.RawMessage("false")})
		}
		if sess.conn != nil {
			g.dropLocked(sess.conn) // the bot's new connection replaces it
		}
		g.resumes++
		for _, d := range sess.sent {
			if *d.S > rs.Seq {
				g.replayingLocked(d)
				if err := g.writeLocked(c, d); err != nil {
					return err
				}
			}
		}
		return g.readyLocked(c, sess, "RESUMED", struct{}{})
	}
	// Presence updates, member requests and voice state: not modelled.
	return nil
}

func (g *gateway) sessionLocked(id string) *gwSession {
	for _, sess := range g.sessions {
		if sess.id == id {
			return sess
		}
	}
	return nil
}

// endLocked ends a session, as Discord does to one that timed out or
// closed cleanly: it cannot be resumed, and its connection, if any,
// serves nothing more (the caller closes it).
func (g *gateway) endLocked(sess *gwSession) {
	for i, s := range g.sessions {
		if s == sess {
			g.sessions = append(g.sessions[:i], g.sessions[i+1:]...)
			break
		}
	}
	if sess.conn != nil {
		sess.conn.session = nil
		sess.conn = nil
	}
	g.changedLocked()
}

// changedLocked wakes those waiting for the sessions' readiness.
func (g *gateway) changedLocked() {
	close(g.changed)
	g.changed = make(chan struct{})
}

func (g *gateway) tokenOK(token string) bool {
	return g.s.token == "" || token == "Bot "+g.s.token || token == g.s.token
}

// readyLocked sends READY or RESUMED on c, which now serves sess.
func (g *gateway) readyLocked(c *gwConn, sess *gwSession, event string, data any) error {
	sess.seq++
	seq := sess.seq
	if err := g.writeLocked(c, payload{Op: opDispatch, D: mustJSON(data), S: &seq, T: &event}); err != nil {
		return err
	}
	c.session, c.ready, sess.conn = sess, true, c
	g.changedLocked()
	return nil
}

// readyEvent is READY's payload. discordgo.Ready lacks resume_gateway_url and
// would write every field of the unavailable guilds.
type readyEvent struct {
	V                int                  `json:"v"`
	User             *discordgo.User      `json:"user"`
	Guilds           []unavailableGuild   `json:"guilds"`
	SessionID        string               `json:"session_id"`
	ResumeGatewayURL string               `json:"resume_gateway_url"`
	Shard            *[2]int              `json:"shard"`
	Application      partialApplication   `json:"application"`
	PrivateChannels  []*discordgo.Channel `json:"private_channels"`
}

type unavailableGuild struct {
	ID          string `json:"id"`
	Unavailable bool   `json:"unavailable"`
}

type partialApplication struct {
	ID    string `json:"id"`
	Flags int    `json:"flags"`
}

func (g *gateway) readyPayload(sess *gwSession) readyEvent {
	shard := sess.shard
	var guilds []unavailableGuild
	for _, id := range g.s.Guilds() {
		if shardOf(id, shard[1]) == shard[0] {
			guilds = append(guilds, unavailableGuild{ID: id, Unavailable: true})
		}
	}
	return readyEvent{
		V:                10,
		User:             g.s.bot,
		Guilds:           guilds,
		SessionID:        sess.id,
		ResumeGatewayURL: g.url,
		Shard:            &shard,
		Application:      partialApplication{ID: g.s.bot.ID},
		PrivateChannels:  []*discordgo.Channel{},
	}
}

func (g *gateway) writeLocked(c *gwConn, p payload) error {
	if err := c.ws.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return err
	}
	return c.ws.WriteJSON(p)
}

func (g *gateway) closeLocked(c *gwConn, code int, reason string) error {
	msg := websocket.FormatCloseMessage(code, reason)
	_ = c.ws.WriteControl(websocket.CloseMessage, msg, time.Now().Add(writeTimeout))
	return fmt.Errorf("closed with %d", code)
}

// dropLocked forgets a connection that has ended or is being dropped; its
// session stays, for the bot to resume.
func (g *gateway) dropLocked(c *gwConn) {
	c.ws.Close()
	delete(g.conns, c.ws)
	if c.session != nil && c.session.conn == c {
		c.session.conn = nil
		g.changedLocked()
	}
	c.session, c.ready = nil, false
}

// dropAllLocked drops every connection, as a network failure does.
func (g *gateway) dropAllLocked() {
	for _, c := range g.conns {
		g.dropLocked(c)
	}
}

// Dispatch sends an event to the bot, with the next sequence number, on the
// session of the shard that Discord routes it to: by its guild_id, or
// shard 0 without one (DMs). If the connection is down, the event waits
// for the bot to resume; if the session has ended, it is lost. The bot
// must have identified.
func (s *Server) Dispatch(event string, data any) {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	d, err := json.Marshal(data)
	if err != nil {
		s.t.Errorf("fakediscord: Dispatch(%s): %v", event, err)
		return
	}
	guild := guildOf(d)
	var to []*gwSession
	for _, sess := range g.sessions {
		if routesTo(guild, sess.shard) {
			to = append(to, sess)
		}
	}
	if len(to) == 0 {
		g.undeliveredLocked(event, guild)
		return
	}
	for _, sess := range to {
		sess.seq++
		seq := sess.seq
		p := payload{Op: opDispatch, D: d, S: &seq, T: &event}
		sess.sent = append(sess.sent, p)
		if sess.ready() {
			if err := g.writeLocked(sess.conn, p); err != nil {
				// The bot will resume and get the event again.
				g.dropLocked(sess.conn)
			}
		}
	}
}

// undeliveredLocked counts an event no session takes: lost with its
// shard's session, or for a shard the bot never identified as.
func (g *gateway) undeliveredLocked(event, guild string) {
	if len(g.identifies) == 0 {
		g.s.t.Errorf("fakediscord: Dispatch(%s) before the bot identified", event)
		return
	}
	for _, id := range g.identifies {
		shard := [2]int{0, 1}
		if id.Shard != nil {
			shard = *id.Shard
		}
		if routesTo(guild, shard) {
			g.counts.LostEvents++ // the session ended: Discord drops its events
			return
		}
	}
	g.counts.Unrouted++
}

// WaitReady waits until the bot is connected to the gateway and each of its
// sessions has had its READY (or RESUMED, after a drop).
func (s *Server) WaitReady(timeout time.Duration) error {
	return s.gw.wait(timeout, "the bot was not ready on the gateway", func() bool {
		for _, sess := range s.gw.sessions {
			if !sess.ready() {
				return false
			}
		}
		return len(s.gw.sessions) > 0
	})
}

// wait waits until ok, called with the gateway's lock held, holds.
func (g *gateway) wait(timeout time.Duration, what string, ok func() bool) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		g.mu.Lock()
		done, changed := ok(), g.changed
		g.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-changed:
		case <-timer.C:
			return fmt.Errorf("fakediscord: %s within %v", what, timeout)
		}
	}
}

// Identifies returns the IDENTIFY payloads the bot sent (intents, shard,
// properties), without the token and the presence.
func (s *Server) Identifies() []discordgo.Identify {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return append([]discordgo.Identify(nil), s.gw.identifies...)
}

// Resumes returns how many times the bot resumed its gateway session.
func (s *Server) Resumes() int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.resumes
}

func (g *gateway) close() {
	g.mu.Lock()
	g.closed = true
	g.dropAllLocked()
	g.mu.Unlock()
	g.wg.Wait()
	g.hs.Close()
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("fakediscord: %v", err))
	}
	return b
}

func newSessionID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}
