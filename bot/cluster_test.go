package bot_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/cluster"
	"github.com/adega-bot/adega/internal/etcdtest"
)

// joinCluster makes h's bot one of the processes sharing etcd, running
// shard id of count: what spans servers goes through etcd, and it
// identifies holding etcd's lock.
func (h *harness) joinCluster(etcd *etcdtest.Server, id, count int) {
	h.t.Helper()
	c, err := cluster.Open(cluster.Config{Endpoints: etcd.Endpoints(), Process: h.t.Name() + string(rune('a'+id))})
	if err != nil {
		h.t.Fatal(err)
	}
	players := c.Players(h.store, h.now)
	ctx, stop := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Go(func() { players.Run(ctx) })
	h.t.Cleanup(func() { // after the bot stopped: cleanups run last first
		stop()
		running.Wait()
		_ = c.Close()
	})
	h.shared = players
	h.shards = &shardsRun{h: h, ids: []int{id}, count: count, lock: c.HoldIdentify}
}

// Two processes, each running one of two shards with its own store, share
// a player's records through etcd: /adega games through either lists the
// games of both, and settings saved through one apply in the other.
func TestTwoProcessesShareAPlayersRecords(t *testing.T) {
	t.Parallel() // closing a discordgo session sleeps a second
	etcd := etcdtest.Start(t)
	first := openHarness(t, summaryDrawer{}, fakediscord.WithSharding(2, 1))
	second := &harness{t: t, srv: first.srv, drawer: first.drawer}
	second.openStore()
	first.joinCluster(etcd, 0, 2)
	second.joinCluster(etcd, 1, 2)
	first.start()
	second.start()
	srv := first.srv
	ana := srv.NewUser("ana")
	guilds := []string{srv.NewGuild(0, 2), srv.NewGuild(1, 2)}
	channels := []string{srv.NewChannelIn(guilds[0], "vinhos"), srv.NewChannelIn(guilds[1], "vinhos")}
	first.aloneIn(ana, channels[0])
	second.aloneIn(ana, channels[1])
	for k, h := range []*harness{first, second} {
		until(t, "each process holding its shard's game", func() bool {
			games, err := h.store.ListGames()
			return err == nil && len(games) == 1 && games[0].GuildID == guilds[k]
		})
	}

	for _, channel := range channels { // publication is asynchronous: asked until it has come
		until(t, "/adega games listing both processes' games", func() bool {
			r := first.callback(srv.SlashCommand(srv.InGuild(ana, channel), "adega", fakediscord.Subcommand("games")))
			return r.Data != nil && strings.Contains(r.Data.Content, "2 in progress")
		})
	}

	r := first.callback(srv.SlashCommand(srv.InGuild(ana, channels[1]), "adega", fakediscord.Subcommand("settings", fakediscord.StringOption("timezone", "Asia/Tokyo"))))
	if r.Data == nil || !strings.HasPrefix(r.Data.Content, "Saved.") {
		t.Fatalf("/adega settings through shard 1's process: %+v", r.Data)
	}
	until(t, "the settings saved through shard 1's process in shard 0's", func() bool {
		u, err := first.store.GetUser(ana.ID)
		return err == nil && u.Prefs.TimeZone == "Asia/Tokyo"
	})
}

// until polls cond until it holds, or fails the test after a minute.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute, still not %s", what)
		}
	}
}
