package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
)

// shardsRun is how a harness's bot shards its gateway: the shards it runs,
// of count. The window it waits out after each identify moves the fake's
// clock (and the bot's) instead of sleeping.
type shardsRun struct {
	h      *harness
	ids    []int
	count  int
	pauses atomic.Int64
	// lock, if set, is the identify lock of the bot's processes.
	lock func(ctx context.Context, key int) (release func())
	// transport, if set, wraps the bot's way to the fake's REST API.
	transport func(http.RoundTripper) http.RoundTripper
}

// written counts the identifies written to each fake Discord, by all the
// bots that share it.
var written sync.Map // *fakediscord.Server → *atomic.Int64

func writtenTo(srv *fakediscord.Server) *atomic.Int64 {
	n, _ := written.LoadOrStore(srv, new(atomic.Int64))
	return n.(*atomic.Int64)
}

func (r *shardsRun) configure(cfg *bot.Config) {
	// Commands everywhere: the bot's guilds are the fake's new ones.
	cfg.DevGuildID = ""
	cfg.ShardIDs, cfg.ShardCount = r.ids, r.count
	if r.transport != nil {
		cfg.Transport = r.transport(cfg.Transport)
	}
	srv, writes := r.h.srv, writtenTo(r.h.srv)
	// An identify is counted as it is about to be written: once its lock
	// is had, or, with no lock, when its window's pause begins.
	if r.lock != nil {
		cfg.IdentifyLock = func(ctx context.Context, key int) func() {
			release := r.lock(ctx, key)
			writes.Add(1)
			return release
		}
	}
	cfg.IdentifyPause = func(d time.Duration) {
		r.pauses.Add(1)
		if r.lock == nil {
			writes.Add(1)
		}
		// Discord's window starts when it reads the identify, which the
		// bot has only written: the clock moves once the fake has read
		// every identify written.
		for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if f := srv.Faults(); int64(f.Identifies+f.IdentifiesRefused) >= writes.Load() {
				break
			}
		}
		r.h.offset.Add(int64(d))
	}
}

// newShardedHarness starts a bot running shards ids of count, against a fake
// Discord that asks for count shards with max_concurrency 1.
func newShardedHarness(t *testing.T, ids []int, count int) *harness {
	t.Parallel() // closing a discordgo session sleeps a second
	h := openHarness(t, summaryDrawer{}, fakediscord.WithSharding(count, 1))
	h.shards = &shardsRun{h: h, ids: ids, count: count}
	h.start()
	return h
}

// playOneMove plays user's next decision in the game where o is, once the
// bot's seats have played theirs.
func (h *harness) playOneMove(o fakediscord.Origin) {
	h.t.Helper()
	g := h.untilAnaOrEnd(h.game(o.ChannelID).ID, o.User.ID)
	seat, _ := seatOfUser(g, o.User.ID)
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.typeGameMove(o, "vinhos", act); err != nil {
		h.t.Fatal(err)
	}
}

// TestOneProcessRunsTwoShards runs shards 0 and 1 of 2 in one process:
// it identifies as each, a window apart (max_concurrency 1), and plays in
// a server of each shard and in DMs, which come to shard 0.
func TestOneProcessRunsTwoShards(t *testing.T) {
	h := newShardedHarness(t, []int{0, 1}, 2)
	srv := h.srv
	var shards [][2]int
	for _, id := range srv.Identifies() {
		if id.Shard != nil {
			shards = append(shards, *id.Shard)
		}
	}
	if !slices.Equal(shards, [][2]int{{0, 2}, {1, 2}}) || srv.Faults().IdentifiesRefused != 0 || h.shards.pauses.Load() == 0 {
		t.Fatalf("identified as %v, %d refused, %d pauses; want shards 0 and 1 of 2 a window apart", shards, srv.Faults().IdentifiesRefused, h.shards.pauses.Load())
	}
	if err := h.bot.Connected(); err != nil {
		t.Errorf("Connected = %v", err)
	}
	ana := srv.NewUser("ana")
	var where []fakediscord.Origin
	for shard := range 2 {
		channel := srv.NewChannelIn(srv.NewGuild(shard, 2), "vinhos")
		where = append(where, h.aloneIn(ana, channel))
	}
	where = append(where, h.aloneAt(srv.NewUser("bea"), false)) // a solo game in DMs
	for _, o := range where {
		h.playOneMove(o)
	}
	if f := srv.Faults(); f.Unrouted != 0 || f.LostEvents != 0 {
		t.Errorf("%d interactions went to no shard, %d were lost", f.Unrouted, f.LostEvents)
	}

	// Each shard resumes its own session after a drop.
	srv.DropGateway()
	if err := srv.WaitReady(wait); err != nil {
		t.Fatal(err)
	}
	if got := srv.Resumes(); got != 2 {
		t.Errorf("%d resumes, want one a shard", got)
	}
	for _, o := range where {
		h.playOneMove(o)
	}
}

// TestAShardGetsOnlyItsOwn runs shard 1 of 2 alone: shard 0's servers and
// the DMs never reach it; its own server's do.
func TestAShardGetsOnlyItsOwn(t *testing.T) {
	h := newShardedHarness(t, []int{1}, 2)
	srv := h.srv
	ana := srv.NewUser("ana")
	status := fakediscord.Subcommand("status")
	other := srv.SlashCommand(srv.InGuild(ana, srv.NewChannelIn(srv.NewGuild(0, 2), "vinhos")), "vinhos", status)
	dm := srv.SlashCommand(srv.InDM(ana), "vinhos", status)
	own := srv.SlashCommand(srv.InGuild(ana, srv.NewChannelIn(srv.NewGuild(1, 2), "vinhos")), "vinhos", status)
	if r := h.callback(own); r.Data == nil || !strings.Contains(r.Data.Content, "game") {
		t.Errorf("its own server's /vinhos status: %+v", r.Data)
	}
	if f := srv.Faults(); f.Unrouted != 2 {
		t.Errorf("%d interactions went to no shard, want shard 0's two", f.Unrouted)
	}
	for _, r := range srv.Requests() {
		if other.IsCallback(r) || dm.IsCallback(r) {
			t.Errorf("shard 1 answered an interaction of shard 0: %s", r.Path)
		}
	}
	if ids := srv.Identifies(); len(ids) != 1 || ids[0].Shard == nil || *ids[0].Shard != [2]int{1, 2} {
		t.Errorf("identified as %+v, want shard 1 of 2 alone", ids)
	}
}

// With several processes, a shard identifies holding the lock of its
// rate-limit key (shard ID % max_concurrency, which a process of one shard
// asks Discord for too), released once the window has passed.
func TestAShardIdentifiesHoldingItsKeysLock(t *testing.T) {
	t.Parallel() // closing a discordgo session sleeps a second
	h := openHarness(t, summaryDrawer{}, fakediscord.WithSharding(4, 2))
	var mu sync.Mutex
	var events []string
	record := func(e string) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, e)
	}
	released := make(chan struct{})
	h.shards = &shardsRun{h: h, ids: []int{3}, count: 4, lock: func(_ context.Context, key int) func() {
		record(fmt.Sprintf("lock %d, %d identified", key, len(h.srv.Identifies())))
		return func() {
			record(fmt.Sprintf("release, %d pauses", h.shards.pauses.Load()))
			close(released)
		}
	}}
	h.start()
	<-released
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"lock 1, 0 identified", "release, 1 pauses"}; !slices.Equal(events, want) {
		t.Errorf("shard 3 of 4 (max_concurrency 2): %q, want %q", events, want)
	}
	if ids := h.srv.Identifies(); len(ids) != 1 {
		t.Errorf("%d identifies, want 1", len(ids))
	}
}

func TestBadShardsAreRefused(t *testing.T) {
	for _, cfg := range []bot.Config{
		{Token: "t", ShardIDs: []int{2}, ShardCount: 2},
		{Token: "t", ShardIDs: []int{-1}, ShardCount: 2},
	} {
		if _, err := bot.New(cfg, commands.Config{}, slog.New(slog.DiscardHandler)); err == nil || !strings.Contains(err.Error(), "is not below the shard count") {
			t.Errorf("shards %v of %d: %v", cfg.ShardIDs, cfg.ShardCount, err)
		}
	}
}

// waitShardsReady waits until each of shards of count has its session.
func waitShardsReady(t *testing.T, srv *fakediscord.Server, shards []int, count int) {
	t.Helper()
	for _, id := range shards {
		if err := srv.WaitShardReady(id, count, wait); err != nil {
			t.Fatal(err)
		}
	}
}

// Shards whose sessions Discord ends together identify again one at a time,
// a window apart (max_concurrency 1): the fake refuses an identify too
// early, as Discord does.
func TestShardsThatLoseTheirSessionsIdentifyInTurn(t *testing.T) {
	for name, end := range map[string]func(*fakediscord.Server){
		"closed with 4009":   func(srv *fakediscord.Server) { srv.CloseGateway(4009) },
		"invalid session":    (*fakediscord.Server).InvalidateSessions,
		"expired while away": (*fakediscord.Server).ExpireSession,
	} {
		t.Run(name, func(t *testing.T) {
			h := newShardedHarness(t, []int{0, 1}, 2)
			srv := h.srv
			end(srv)
			waitShardsReady(t, srv, []int{0, 1}, 2)
			if n, f := len(srv.Identifies()), srv.Faults(); n != 4 || f.IdentifiesRefused != 0 {
				t.Errorf("%d identifies, %d refused; want each shard's second, none refused", n, f.IdentifiesRefused)
			}
			// The shards play on.
			h.playOneMove(h.aloneIn(srv.NewUser("ana"), srv.NewChannelIn(srv.NewGuild(1, 2), "vinhos")))
		})
	}
}

// sharedLock is an identify lock of several processes, as etcd's is.
type sharedLock struct {
	keys  [2]chan struct{}
	takes atomic.Int64
}

func newSharedLock() *sharedLock {
	return &sharedLock{keys: [2]chan struct{}{make(chan struct{}, 1), make(chan struct{}, 1)}}
}

func (l *sharedLock) hold(ctx context.Context, key int) (release func()) {
	select {
	case l.keys[key] <- struct{}{}:
	case <-ctx.Done():
		return func() {}
	}
	l.takes.Add(1)
	return func() { <-l.keys[key] }
}

// Two processes run two shards each of 4 (max_concurrency 2) and share the
// identify lock. A session that can resume does so without identifying
// and without the lock, even while another process holds it; sessions
// that Discord ends identify again through the lock, never two of a key
// in a window.
func TestProcessesIdentifyAgainThroughTheLock(t *testing.T) {
	t.Parallel() // closing a discordgo session sleeps a second
	h := openHarness(t, summaryDrawer{}, fakediscord.WithSharding(4, 2))
	lock := newSharedLock()
	h.shards = &shardsRun{h: h, ids: []int{0, 1}, count: 4, lock: lock.hold}
	h.start()
	other := &harness{t: t, drawer: summaryDrawer{}, srv: h.srv}
	other.openStore()
	other.shards = &shardsRun{h: h, ids: []int{2, 3}, count: 4, lock: lock.hold} // on the fake's clock
	other.start()
	srv, all := h.srv, []int{0, 1, 2, 3}
	waitShardsReady(t, srv, all, 4)
	if n := lock.takes.Load(); n != 4 {
		t.Fatalf("the lock was taken %d times for 4 identifies", n)
	}

	var held []func()
	for _, key := range lock.keys {
		key <- struct{}{} // another process identifies
		release := sync.OnceFunc(func() { <-key })
		t.Cleanup(release) // before the bots stop, should the test fail
		held = append(held, release)
	}
	srv.CloseGateway(4000)
	until(t, "resumed after a close with 4000", func() bool { return srv.Resumes() == 4 })
	srv.Reconnect()
	until(t, "resumed after a RECONNECT", func() bool { return srv.Resumes() == 8 })
	waitShardsReady(t, srv, all, 4)
	for _, release := range held {
		release()
	}
	if r, n := srv.Resumes(), len(srv.Identifies()); r != 8 || n != 4 {
		t.Errorf("after a close with 4000 and a RECONNECT: %d resumes, %d identifies; want 8 and 4", r, n)
	}

	srv.CloseGateway(4009)
	waitShardsReady(t, srv, all, 4)
	if n, f, takes := len(srv.Identifies()), srv.Faults(), lock.takes.Load(); n != 8 || f.IdentifiesRefused != 0 || takes != 8 {
		t.Errorf("after a close with 4009: %d identifies, %d refused, the lock taken %d times; want 8, 0, 8", n, f.IdentifiesRefused, takes)
	}
}

// A bot stopped while it cannot reach the gateway stops trying: no
// reconnection is left running. Not parallel, so that no other bot's
// goroutines are about.
func TestAStoppedBotStopsReconnecting(t *testing.T) {
	h := openHarness(t, summaryDrawer{})
	h.start()
	h.srv.CutGateway()
	until(t, "trying to reconnect", func() bool { return h.srv.Faults().Refused > 0 })
	h.stop()
	h.stop = func() {}
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	for _, loop := range []string{"discordgo.(*Session).reconnect", "bot.(*Bot).keepConnected"} {
		if strings.Contains(stacks, loop) {
			t.Errorf("%s runs after the bot stopped", loop)
		}
	}
}
