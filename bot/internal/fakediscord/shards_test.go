package fakediscord_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// dialShard asks GET /gateway/bot for the URL and the limits, connects and
// reads HELLO.
func dialShard(t *testing.T, srv *fakediscord.Server) (*rawGateway, gatewayBot) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, "https://discord.com/api/v10/gateway/bot", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot test-token")
	resp, err := (&http.Client{Transport: srv.Transport()}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var gb gatewayBot
	if err := json.NewDecoder(resp.Body).Decode(&gb); err != nil {
		t.Fatal(err)
	}
	g := &rawGateway{t: t, url: gb.URL}
	g.redial()
	return g, gb
}

type gatewayBot struct {
	URL    string `json:"url"`
	Shards int    `json:"shards"`
	Limit  struct {
		MaxConcurrency int `json:"max_concurrency"`
	} `json:"session_start_limit"`
}

func (g *rawGateway) identifyShard(shard [2]int) {
	g.t.Helper()
	g.send(2, map[string]any{
		"token":      "Bot test-token",
		"intents":    1 << 9,
		"shard":      shard,
		"properties": map[string]string{"os": "linux", "browser": "adega", "device": "adega"},
	})
}

// ready reads READY and returns its session ID and guilds.
func (g *rawGateway) ready() (string, []string) {
	g.t.Helper()
	var ready struct {
		SessionID string `json:"session_id"`
		Guilds    []struct {
			ID string `json:"id"`
		} `json:"guilds"`
	}
	if err := json.Unmarshal(g.dispatch("READY", 1).D, &ready); err != nil {
		g.t.Fatal(err)
	}
	var guilds []string
	for _, gd := range ready.Guilds {
		guilds = append(guilds, gd.ID)
	}
	return ready.SessionID, guilds
}

// closedWith reads until the connection closes and returns its code.
func (g *rawGateway) closedWith() int {
	g.t.Helper()
	var ce *websocket.CloseError
	if err := g.conn.ReadJSON(&frame{}); !errors.As(err, &ce) {
		g.t.Fatalf("read %v, want a close", err)
	}
	return ce.Code
}

func TestGatewayRoutesEventsByShard(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"))
	guild0, guild1 := srv.NewGuild(0, 2), srv.NewGuild(1, 2)
	g0, _ := dialShard(t, srv)
	g1, _ := dialShard(t, srv)
	g0.identifyShard([2]int{0, 2})
	session0, guilds0 := g0.ready()
	g1.identifyShard([2]int{1, 2})
	_, guilds1 := g1.ready()
	if err := srv.WaitReady(wait); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(guilds0, guild0) || slices.Contains(guilds0, guild1) || !slices.Contains(guilds1, guild1) || slices.Contains(guilds1, guild0) {
		t.Errorf("READY lists %v for shard 0, %v for shard 1; want %s in the first, %s in the second", guilds0, guilds1, guild0, guild1)
	}

	// Each session has its own sequence; shard 1 sees only its guild's
	// events: its next frame after READY is the second of its guild.
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "1", "guild_id": guild1})
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "2", "guild_id": guild0})
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "3"}) // a DM
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "4", "guild_id": guild1})
	for _, c := range []struct {
		g    *rawGateway
		seq  int64
		want string
	}{{g1, 2, "1"}, {g1, 3, "4"}, {g0, 2, "2"}, {g0, 3, "3"}} {
		var m struct{ ID string }
		if err := json.Unmarshal(c.g.dispatch("MESSAGE_CREATE", c.seq).D, &m); err != nil || m.ID != c.want {
			t.Errorf("got message %q (%v), want %q", m.ID, err, c.want)
		}
	}

	// Shard 0 loses its connection and resumes; shard 1's stays.
	srv.Dispatch("TYPING_START", map[string]string{"guild_id": guild0})
	g0.redial()
	g0.send(6, map[string]any{"token": "Bot test-token", "session_id": session0, "seq": 3})
	g0.dispatch("TYPING_START", 4)
	g0.dispatch("RESUMED", 5)
	srv.Dispatch("TYPING_START", map[string]string{"guild_id": guild1})
	g1.dispatch("TYPING_START", 4)
	if got := srv.Sessions(); len(got) != 2 {
		t.Errorf("sessions %v, want shards 0 and 1", got)
	}
}

func TestGatewayUnroutedEvents(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"))
	guild0 := srv.NewGuild(0, 2)
	g1, _ := dialShard(t, srv)
	g1.identifyShard([2]int{1, 2})
	g1.ready()
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "1", "guild_id": guild0})
	srv.Dispatch("MESSAGE_CREATE", map[string]string{"id": "2"})
	if f := srv.Faults(); f.Unrouted != 2 || f.LostEvents != 0 {
		t.Errorf("Unrouted %d, LostEvents %d; want 2 and 0", f.Unrouted, f.LostEvents)
	}
}

func TestGatewayRefusesBadShards(t *testing.T) {
	t.Parallel()
	rec := &fakediscord.RecordingTB{TB: t}
	srv := fakediscord.New(rec, fakediscord.WithToken("test-token"), fakediscord.WithSharding(2, 1))
	g, gb := dialShard(t, srv)
	if gb.Shards != 2 || gb.Limit.MaxConcurrency != 1 {
		t.Errorf("GET /gateway/bot = %+v, want 2 shards, max_concurrency 1", gb)
	}
	for _, c := range []struct {
		shard any
		code  int
	}{
		{[]int{2, 2}, 4010},
		{[]int{-1, 2}, 4010},
		{[]int{0, 0}, 4010},
		{[]int{0, 1}, 4011},
		{nil, 4011}, // unsharded: one shard for every guild
	} {
		g.send(2, map[string]any{"token": "Bot test-token", "intents": 0, "shard": c.shard})
		if code := g.closedWith(); code != c.code {
			t.Errorf("IDENTIFY as shard %v: closed with %d, want %d", c.shard, code, c.code)
		}
		if errs := rec.Take(); len(errs) != 1 {
			t.Errorf("shard %v: fake reported %q, want the bad shard", c.shard, errs)
		}
		g.redial()
	}
	if n := len(srv.Identifies()); n != 0 {
		t.Errorf("%d sessions started, want none", n)
	}
}

func TestGatewayHoldsIdentifiesToMaxConcurrency(t *testing.T) {
	t.Parallel()
	var later atomic.Int64
	clock := func() time.Time { return time.Now().Add(time.Duration(later.Load())) }
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"), fakediscord.WithClock(clock), fakediscord.WithSharding(4, 2))
	var gs [4]*rawGateway
	for i := range gs {
		gs[i], _ = dialShard(t, srv)
	}
	// Shards 0 and 1 fill the window's two rate-limit keys.
	gs[0].identifyShard([2]int{0, 4})
	gs[0].ready()
	gs[1].identifyShard([2]int{1, 4})
	gs[1].ready()
	// Shard 2 has shard 0's key: INVALID_SESSION, not resumable.
	gs[2].identifyShard([2]int{2, 4})
	if f := gs[2].read(); f.Op != 9 || string(f.D) != "false" {
		t.Fatalf("IDENTIFY beyond max_concurrency answered %+v, want op 9 false", f)
	}
	if f := srv.Faults(); f.IdentifiesRefused != 1 || f.Identifies != 2 {
		t.Errorf("refused %d, started %d; want 1 and 2", f.IdentifiesRefused, f.Identifies)
	}
	// The next window takes shards 2 and 3.
	later.Store(int64(5 * time.Second))
	gs[2].identifyShard([2]int{2, 4})
	gs[2].ready()
	gs[3].identifyShard([2]int{3, 4})
	gs[3].ready()
	if f := srv.Faults(); f.IdentifiesRefused != 1 || f.Identifies != 4 {
		t.Errorf("refused %d, started %d; want 1 and 4", f.IdentifiesRefused, f.Identifies)
	}
}
