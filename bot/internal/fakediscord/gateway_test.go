package fakediscord_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// rawGateway is a minimal gateway client, to test the protocol step by step
// and to identify without discordgo's one-second close.
type rawGateway struct {
	t    *testing.T
	url  string
	conn *websocket.Conn
}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

// dialGateway asks GET /gateway/bot for the URL, as a sharded bot would,
// connects and reads HELLO.
func dialGateway(t *testing.T, srv *fakediscord.Server) *rawGateway {
	t.Helper()
	g, gb := dialShard(t, srv)
	if !strings.HasPrefix(gb.URL, "ws://127.0.0.1:") || gb.Shards != 1 {
		t.Fatalf("GET /gateway/bot = %+v", gb)
	}
	return g
}

func (g *rawGateway) redial() {
	g.t.Helper()
	conn, _, err := websocket.DefaultDialer.Dial(g.url+"/?v=10&encoding=json", nil)
	if err != nil {
		g.t.Fatal(err)
	}
	g.t.Cleanup(func() { conn.Close() })
	g.conn = conn
	hello := g.read()
	var d struct {
		HeartbeatInterval int `json:"heartbeat_interval"`
	}
	if err := json.Unmarshal(hello.D, &d); err != nil || hello.Op != 10 || d.HeartbeatInterval <= 0 || hello.S != nil || hello.T != nil {
		g.t.Fatalf("first frame %+v, want HELLO", hello)
	}
}

func (g *rawGateway) send(op int, d any) {
	g.t.Helper()
	if err := g.conn.WriteJSON(map[string]any{"op": op, "d": d}); err != nil {
		g.t.Fatal(err)
	}
}

func (g *rawGateway) read() frame {
	g.t.Helper()
	var f frame
	if err := g.conn.SetReadDeadline(time.Now().Add(wait)); err != nil {
		g.t.Fatal(err)
	}
	if err := g.conn.ReadJSON(&f); err != nil {
		g.t.Fatalf("reading the gateway: %v", err)
	}
	return f
}

// dispatch reads the next frame and checks it is the given dispatch.
func (g *rawGateway) dispatch(event string, seq int64) frame {
	g.t.Helper()
	f := g.read()
	if f.Op != 0 || f.T == nil || *f.T != event || f.S == nil || *f.S != seq {
		g.t.Fatalf("got op %d t %v s %v, want dispatch %s with s=%d", f.Op, deref(f.T), deref(f.S), event, seq)
	}
	return f
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// identify sends IDENTIFY and returns the session ID from READY.
func (g *rawGateway) identify() string {
	g.t.Helper()
	g.send(2, map[string]any{
		"token":      "Bot test-token",
		"intents":    1 << 9,
		"shard":      []int{0, 1},
		"properties": map[string]string{"os": "linux", "browser": "adega", "device": "adega"},
	})
	var ready struct {
		SessionID        string `json:"session_id"`
		ResumeGatewayURL string `json:"resume_gateway_url"`
		Shard            []int  `json:"shard"`
	}
	if err := json.Unmarshal(g.dispatch("READY", 1).D, &ready); err != nil || ready.SessionID == "" || ready.ResumeGatewayURL != g.url || len(ready.Shard) != 2 {
		g.t.Fatalf("READY = %+v (%v)", ready, err)
	}
	return ready.SessionID
}

func TestGatewayProtocol(t *testing.T) {
	t.Parallel()
	rec := &fakediscord.RecordingTB{TB: t}
	srv := fakediscord.New(rec, fakediscord.WithToken("test-token"))
	g := dialGateway(t, srv)

	g.send(2, map[string]any{"token": "Bot another-token", "intents": 0})
	var ce *websocket.CloseError
	if err := g.conn.ReadJSON(&frame{}); !errors.As(err, &ce) || ce.Code != 4004 {
		t.Errorf("IDENTIFY with another token: %v, want close 4004", err)
	}
	if errs := rec.Take(); len(errs) != 1 {
		t.Errorf("fake reported %q, want the wrong token", errs)
	}
	g.redial()

	g.send(1, nil)
	if f := g.read(); f.Op != 11 {
		t.Fatalf("heartbeat answered with op %d, want 11", f.Op)
	}
	g.send(6, map[string]any{"token": "Bot test-token", "session_id": "unknown", "seq": 0})
	if f := g.read(); f.Op != 9 || string(f.D) != "false" {
		t.Fatalf("RESUME of an unknown session answered with %+v, want op 9 false", f)
	}

	session := g.identify()
	if err := srv.WaitReady(wait); err != nil {
		t.Fatal(err)
	}
	if ids := srv.Identifies(); len(ids) != 1 || ids[0].Intents != 1<<9 || ids[0].Shard == nil || *ids[0].Shard != [2]int{0, 1} {
		t.Errorf("Identifies = %+v", ids)
	}
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "1", "content": "hello"})
	g.dispatch("MESSAGE_CREATE", 2)

	// A second IDENTIFY on a ready connection is a protocol error.
	g.send(2, map[string]any{"token": "Bot test-token"})
	if err := g.conn.ReadJSON(&frame{}); !errors.As(err, &ce) || ce.Code != 4005 {
		t.Errorf("second IDENTIFY: %v, want close 4005", err)
	}
	if errs := rec.Take(); len(errs) != 1 {
		t.Errorf("fake reported %q, want the second IDENTIFY", errs)
	}

	// Events dispatched while the bot is away are replayed on RESUME, from
	// the sequence number it last saw, before RESUMED.
	srv.Dispatch("TYPING_START", map[string]string{"channel_id": "1"})
	g.redial()
	g.send(6, map[string]any{"token": "Bot test-token", "session_id": session, "seq": 1})
	g.dispatch("MESSAGE_CREATE", 2)
	g.dispatch("TYPING_START", 3)
	g.dispatch("RESUMED", 4)
	if err := srv.WaitReady(wait); err != nil || srv.Resumes() != 1 {
		t.Errorf("after RESUME: %v, %d resumes", err, srv.Resumes())
	}

	// Closing with 1000 ends the session: it cannot be resumed.
	if err := g.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, "")); err != nil {
		t.Fatal(err)
	}
	g.conn.ReadJSON(&frame{}) // the server's close frame
	g.redial()
	g.send(6, map[string]any{"token": "Bot test-token", "session_id": session, "seq": 4})
	if f := g.read(); f.Op != 9 {
		t.Errorf("RESUME after a clean close answered with op %d, want 9", f.Op)
	}
}

// INVALID_SESSION in a session's middle ends it: the client identifies
// anew on the same connection, and the old session cannot be resumed.
func TestInvalidateSessions(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"))
	g := dialGateway(t, srv)
	old := g.identify()
	srv.InvalidateSessions()
	if f := g.read(); f.Op != 9 || string(f.D) != "false" {
		t.Fatalf("got %+v, want op 9 false", f)
	}
	if g.identify() == old || srv.Faults().InvalidSessions != 1 {
		t.Errorf("a new IDENTIFY on the connection: the same session, or %d invalid sessions", srv.Faults().InvalidSessions)
	}
	g.redial()
	g.send(6, map[string]any{"token": "Bot test-token", "session_id": old, "seq": 1})
	if f := g.read(); f.Op != 9 {
		t.Errorf("RESUME of the invalidated session answered with op %d, want 9", f.Op)
	}
}
