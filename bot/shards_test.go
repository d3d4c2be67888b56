package bot_test

import (
	"fmt"
	"log/slog"
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
// of count. Its pauses between windows of identifies move the fake's clock
// (and the bot's) instead of sleeping.
type shardsRun struct {
	h      *harness
	ids    []int
	count  int
	pauses atomic.Int64
	// lock, if set, is the identify lock of the bot's processes.
	lock func(key int) (release func())
}

func (r *shardsRun) configure(cfg *bot.Config) {
	// Commands everywhere: the bot's guilds are the fake's new ones.
	cfg.DevGuildID = ""
	cfg.ShardIDs, cfg.ShardCount = r.ids, r.count
	cfg.IdentifyPause = func(d time.Duration) {
		r.pauses.Add(1)
		r.h.offset.Add(int64(d))
	}
	cfg.IdentifyLock = r.lock
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
	if !slices.Equal(shards, [][2]int{{0, 2}, {1, 2}}) || srv.Faults().IdentifiesRefused != 0 || h.shards.pauses.Load() != 1 {
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
	h.shards = &shardsRun{h: h, ids: []int{3}, count: 4, lock: func(key int) func() {
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
