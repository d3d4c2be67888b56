package fakediscord_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// The gateway's faults, step by step: a close with a code that keeps the
// session resumes and replays; RECONNECT asks for a new connection; a
// close that ends the session, or a session that expired, answers the
// RESUME with INVALID_SESSION, and a new IDENTIFY starts over; a cut
// gateway refuses connections until restored.
func TestGatewayFaults(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"))
	g := dialGateway(t, srv)
	session := g.identify()
	resume := func(seq int64) {
		g.send(6, map[string]any{"token": "Bot test-token", "session_id": session, "seq": seq})
	}
	closedWith := func(code int) {
		t.Helper()
		var ce *websocket.CloseError
		if err := g.conn.ReadJSON(&frame{}); !errors.As(err, &ce) || ce.Code != code {
			t.Fatalf("read %v, want a close with %d", err, code)
		}
	}

	srv.CloseGateway(4000)
	closedWith(4000)
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "1"})
	g.redial()
	resume(1)
	g.dispatch("MESSAGE_CREATE", 2)
	g.dispatch("RESUMED", 3)

	srv.Reconnect()
	if f := g.read(); f.Op != 7 {
		t.Fatalf("got op %d, want RECONNECT (7)", f.Op)
	}
	g.redial()
	resume(3)
	g.dispatch("RESUMED", 4)

	invalid := func() {
		t.Helper()
		if f := g.read(); f.Op != 9 || string(f.D) != "false" {
			t.Fatalf("RESUME answered with op %d %s, want INVALID_SESSION false", f.Op, f.D)
		}
		if session = g.identify(); session == "" {
			t.Fatal("no new session")
		}
	}
	srv.CloseGateway(4009)
	closedWith(4009)
	g.redial()
	resume(4)
	invalid()

	srv.ExpireSession()
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "2"}) // lost with the session
	g.redial()
	resume(1)
	invalid()

	srv.CutGateway()
	if _, resp, err := websocket.DefaultDialer.Dial(g.url+"/?v=10&encoding=json", nil); err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("dialing a cut gateway: %v", err)
	}
	srv.RestoreGateway()
	g.redial()
	resume(1)
	g.dispatch("RESUMED", 2)

	got := srv.Faults()
	want := fakediscord.FaultCounts{Drops: 1, Closes: 2, Reconnects: 1, InvalidSessions: 2, Refused: 1, Resumes: 3, Identifies: 3, Replayed: 1, LostEvents: 1}
	if got != want {
		t.Errorf("Faults() = %+v, want %+v", got, want)
	}
}

// A 429 says what Discord's say, and its limit holds: a request to the
// same bucket (for a route's limit) or to any bucket but the interactions'
// (for the global limit) gets a 429 until the wait is over.
func TestRateLimitsHoldUntilTheWaitIsOver(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	dialGateway(t, srv).identify()
	a, b := srv.NewChannel("a").ID, srv.NewChannel("b").ID
	post := func(ch string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, "https://discord.com/api/v10/channels/"+ch+"/messages", strings.NewReader(`{"content":"hi"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bot test-token")
		req.Header.Set("Content-Type", "application/json")
		resp, err := (&http.Client{Transport: srv.Transport()}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	limited := func(resp *http.Response, global bool) {
		t.Helper()
		var body struct {
			RetryAfter float64 `json:"retry_after"`
			Global     bool    `json:"global"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != http.StatusTooManyRequests || body.Global != global || body.RetryAfter <= 0 || body.RetryAfter > 60 {
			t.Fatalf("%d %+v (%v), want a 429 with global %v", resp.StatusCode, body, err, global)
		}
		h := resp.Header
		scope, headerGlobal := "user", ""
		if global {
			scope, headerGlobal = "global", "true"
		}
		if h.Get("Retry-After") != "60" || h.Get("X-RateLimit-Scope") != scope || h.Get("X-RateLimit-Global") != headerGlobal {
			t.Fatalf("headers %v", h)
		}
		if !global && (h.Get("X-RateLimit-Remaining") != "0" || h.Get("X-RateLimit-Reset-After") == "" || h.Get("X-RateLimit-Reset") == "" || h.Get("X-RateLimit-Bucket") == "") {
			t.Fatalf("a route's 429 without its bucket's headers: %v", h)
		}
	}
	toA := func(r fakediscord.Request) bool { return r.Params["channel_id"] == a }

	srv.Fail(1, toA, fakediscord.Fault{Status: http.StatusTooManyRequests, RetryAfter: time.Minute})
	limited(post(a), false)
	limited(post(a), false) // still limited
	if resp := post(b); resp.StatusCode != http.StatusOK {
		t.Fatalf("another route: %d, want 200", resp.StatusCode)
	}
	srv.Heal() // the route's limit ends
	srv.Fail(1, toA, fakediscord.Fault{Status: http.StatusTooManyRequests, RetryAfter: time.Minute, Global: true})
	limited(post(a), true)
	limited(post(b), true)
	if got := srv.Faults(); got.RouteLimits != 2 || got.GlobalLimits != 2 || got.InLimit != 2 {
		t.Errorf("Faults() = %+v", got)
	}
}

// Chaos draws its faults from its seed: the same seed fails the same
// requests, and a lost answer posts the message all the same.
func TestChaosIsSeeded(t *testing.T) {
	t.Parallel()
	statuses := func(seed uint64) []int {
		srv := fakediscord.New(t)
		s, ch := channelOf(t, srv, "chaos")
		s.ShouldRetryOnRateLimit = false
		srv.SetChaos(fakediscord.Chaos{Seed: seed, ServerErrors: 0.3, LostAnswers: 0.3, RetryAfter: time.Millisecond})
		var out []int
		for range 20 {
			_, err := rawPost(s, ch, map[string]any{"content": "hi", "nonce": srv.NewID(), "enforce_nonce": true})
			out = append(out, map[bool]int{true: 200, false: 500}[err == nil])
		}
		c := srv.Faults()
		if c.ServerErrors == 0 || c.LostAnswers == 0 || len(srv.Messages(ch)) != 20-c.ServerErrors {
			t.Errorf("seed %d: %+v, %d messages", seed, c, len(srv.Messages(ch)))
		}
		return out
	}
	a, b := statuses(7), statuses(7)
	if !slices.Equal(a, b) {
		t.Errorf("the same seed failed %v, then %v", a, b)
	}
}
