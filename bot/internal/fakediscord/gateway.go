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

// gateway is a fake Discord gateway for one bot session at a time.
type gateway struct {
	s   *Server
	hs  *httptest.Server
	url string // ws://127.0.0.1:port

	mu         sync.Mutex // guards the fields below and serializes writes
	conn       *websocket.Conn
	ready      chan struct{} // closed once conn has a READY or RESUMED
	session    *gwSession
	identifies []discordgo.Identify
	resumes    int
	closed     bool           // the test is over: no new connections
	down       bool           // cut by CutGateway: no new connections (outage.go)
	wg         sync.WaitGroup // connection goroutines; Add only while !closed
}

// gwSession is what a RESUME continues: the sequence and every dispatch, so
// that those the bot missed can be replayed.
type gwSession struct {
	id    string
	token string
	seq   int64
	sent  []payload // dispatches made with Dispatch
}

// payload is a gateway message. Like Discord, it sends s and t as null
// outside dispatches.
type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

func newGateway(s *Server) *gateway {
	g := &gateway{s: s, ready: make(chan struct{})}
	g.hs = httptest.NewServer(http.HandlerFunc(g.serve))
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
	conn.SetCloseHandler(func(code int, _ string) error {
		if code == websocket.CloseNormalClosure || code == websocket.CloseGoingAway {
			// Discord ends the session of a bot that closes with 1000 or
			// 1001: a later RESUME fails. Done before the echo, so that a
			// bot that saw it cannot resume.
			g.mu.Lock()
			if g.conn == conn {
				g.session = nil
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
	if g.conn != nil {
		// A second connection replaces the first, as a reconnect does.
		g.dropLocked(g.conn)
	}
	g.conn = conn
	g.wg.Add(1)
	err = g.writeLocked(conn, payload{Op: opHello, D: mustJSON(map[string]int{"heartbeat_interval": heartbeatInterval})})
	g.mu.Unlock()
	defer g.wg.Done()
	if err == nil {
		g.read(conn)
	}
	g.mu.Lock()
	g.dropLocked(conn)
	g.mu.Unlock()
}

// read handles what the bot sends until the connection ends.
func (g *gateway) read(conn *websocket.Conn) {
	for {
		var p payload
		if err := conn.ReadJSON(&p); err != nil {
			return
		}
		g.mu.Lock()
		err := errReplaced
		if g.conn == conn {
			err = g.handleLocked(conn, p)
		}
		g.mu.Unlock()
		if err != nil {
			return
		}
	}
}

var errReplaced = errors.New("a newer connection replaced this one")

func (g *gateway) handleLocked(conn *websocket.Conn, p payload) error {
	if (p.Op == opIdentify || p.Op == opResume) && isClosed(g.ready) {
		g.s.t.Errorf("fakediscord: op %d on a gateway connection that is already ready", p.Op)
		return g.closeLocked(conn, 4005, "Already authenticated.")
	}
	switch p.Op {
	case opHeartbeat:
		return g.writeLocked(conn, payload{Op: opHeartbeatACK, D: json.RawMessage("null")})
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
			return g.closeLocked(conn, 4002, "Error while decoding payload.")
		}
		if !g.tokenOK(id.Token) {
			g.s.t.Errorf("fakediscord: IDENTIFY with a token other than the one the test set")
			return g.closeLocked(conn, 4004, "Authentication failed.")
		}
		g.session = &gwSession{id: newSessionID(), token: id.Token}
		g.identifies = append(g.identifies, discordgo.Identify{
			Properties: id.Properties, Compress: id.Compress, LargeThreshold: id.LargeThreshold, Shard: id.Shard, Intents: id.Intents,
		})
		return g.readyLocked(conn, "READY", g.readyPayload(id.Shard))
	case opResume:
		var rs struct {
			Token     string `json:"token"`
			SessionID string `json:"session_id"`
			Seq       int64  `json:"seq"`
		}
		if err := json.Unmarshal(p.D, &rs); err != nil {
			g.s.t.Errorf("fakediscord: RESUME: %v", err)
			return g.closeLocked(conn, 4002, "Error while decoding payload.")
		}
		sess := g.session
		if sess == nil || sess.id != rs.SessionID || sess.token != rs.Token || rs.Seq > sess.seq {
			// Not resumable: the bot must identify again.
			return g.writeLocked(conn, payload{Op: opInvalidSession, D: json.RawMessage("false")})
		}
		g.resumes++
		for _, d := range sess.sent {
			if *d.S > rs.Seq {
				if err := g.writeLocked(conn, d); err != nil {
					return err
				}
			}
		}
		return g.readyLocked(conn, "RESUMED", struct{}{})
	}
	// Presence updates, member requests and voice state: not modelled.
	return nil
}

func (g *gateway) tokenOK(token string) bool {
	return g.s.token == "" || token == "Bot "+g.s.token || token == g.s.token
}

// readyLocked sends READY or RESUMED and marks the connection ready.
func (g *gateway) readyLocked(conn *websocket.Conn, event string, data any) error {
	g.session.seq++
	seq := g.session.seq
	if err := g.writeLocked(conn, payload{Op: opDispatch, D: mustJSON(data), S: &seq, T: &event}); err != nil {
		return err
	}
	close(g.ready)
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

func (g *gateway) readyPayload(shard *[2]int) readyEvent {
	if shard == nil {
		shard = &[2]int{0, 1}
	}
	return readyEvent{
		V:                10,
		User:             g.s.bot,
		Guilds:           []unavailableGuild{{ID: g.s.guild, Unavailable: true}},
		SessionID:        g.session.id,
		ResumeGatewayURL: g.url,
		Shard:            shard,
		Application:      partialApplication{ID: g.s.bot.ID},
		PrivateChannels:  []*discordgo.Channel{},
	}
}

func (g *gateway) writeLocked(conn *websocket.Conn, p payload) error {
	if err := conn.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return err
	}
	return conn.WriteJSON(p)
}

func (g *gateway) closeLocked(conn *websocket.Conn, code int, reason string) error {
	msg := websocket.FormatCloseMessage(code, reason)
	_ = conn.WriteControl(websocket.CloseMessage, msg, time.Now().Add(writeTimeout))
	return fmt.Errorf("closed with %d", code)
}

// dropLocked forgets a connection that has ended or is being dropped.
func (g *gateway) dropLocked(conn *websocket.Conn) {
	conn.Close()
	if g.conn == conn {
		g.conn = nil
		if isClosed(g.ready) {
			// WaitReady now waits for the next connection.
			g.ready = make(chan struct{})
		}
	}
}

// Dispatch sends an event to the bot, with the next sequence number. If the
// connection is down, the event waits for the bot to resume. The bot must
// have identified.
func (s *Server) Dispatch(event string, data any) {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.session == nil {
		s.t.Errorf("fakediscord: Dispatch(%s) before the bot identified", event)
		return
	}
	d, err := json.Marshal(data)
	if err != nil {
		s.t.Errorf("fakediscord: Dispatch(%s): %v", event, err)
		return
	}
	g.session.seq++
	seq := g.session.seq
	p := payload{Op: opDispatch, D: d, S: &seq, T: &event}
	g.session.sent = append(g.session.sent, p)
	if g.conn != nil && isClosed(g.ready) {
		if err := g.writeLocked(g.conn, p); err != nil {
			// The bot will resume and get the event again.
			g.dropLocked(g.conn)
		}
	}
}

// WaitReady waits until the bot is connected to the gateway and has had its
// READY (or RESUMED, after a drop).
func (s *Server) WaitReady(timeout time.Duration) error {
	s.gw.mu.Lock()
	ready := s.gw.ready
	s.gw.mu.Unlock()
	select {
	case <-ready:
		return nil
	case <-time.After(timeout):
		return fmt.Errorf("fakediscord: the bot was not ready on the gateway within %v", timeout)
	}
}

// DropGateway cuts the bot's gateway connection without a close frame, like
// a network failure. The session stays resumable.
func (s *Server) DropGateway() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	if s.gw.conn != nil {
		s.gw.dropLocked(s.gw.conn)
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
	if g.conn != nil {
		g.dropLocked(g.conn)
	}
	g.mu.Unlock()
	g.wg.Wait()
	g.hs.Close()
}

func isClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
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
