package bot_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/internal/etcdtest"
)

// withEtcd makes every process of the fleet share what spans servers in
// etcd.
func (c *fleet) withEtcd(etcd *etcdtest.Server) {
	c.extra = func(int) string {
		return fmt.Sprintf("\n[cluster]\netcd_endpoints = [%q]\n", etcd.Endpoints()[0])
	}
}

// adega sends /adega sub at o and returns the bot's answer.
func (c *fleet) adega(t *testing.T, o fakediscord.Origin, sub string, opts ...fakediscord.CommandOption) string {
	t.Helper()
	in := c.srv.SlashCommand(o, "adega", fakediscord.Subcommand(sub, opts...))
	req, err := c.srv.WaitFor(processWait, in.IsCallback)
	if err != nil {
		t.Fatalf("/adega %s: %v", sub, err)
	}
	var a struct{ Data struct{ Content string } }
	if err := req.Decode(&a); err != nil {
		t.Fatal(err)
	}
	return a.Data.Content
}

// The parts of a row of /adega games: since when the game waits, and its
// link, which names its channel.
var (
	rowSince = regexp.MustCompile(`since <t:(\d+):R>`)
	rowLink  = regexp.MustCompile(`\(https://discord\.com/channels/[^/]+/(\d+)`)
)

// listed reads an /adega games answer: when each listed game began to
// wait, by its channel, and how many games it says are in progress.
func listed(answer string) (map[string]time.Time, int) {
	var n int
	if _, err := fmt.Sscanf(strings.TrimPrefix(answer, "**Your games**: "), "%d in progress", &n); err != nil {
		return nil, -1
	}
	since := map[string]time.Time{}
	for _, line := range strings.Split(answer, "\n")[1:] {
		at, link := rowSince.FindStringSubmatch(line), rowLink.FindStringSubmatch(line)
		if at == nil || link == nil {
			continue
		}
		sec, _ := strconv.ParseInt(at[1], 10, 64)
		since[link[1]] = time.Unix(sec, 0)
	}
	return since, n
}

// listsAll waits until /adega games answered at o lists every table not
// over, and no other game, each waiting since after.
func (c *fleet) listsAll(t *testing.T, o fakediscord.Origin, tables []*nimTable, after time.Time) {
	t.Helper()
	want := 0
	for _, tb := range tables {
		if !tb.over {
			want++
		}
	}
	var answer string
	for deadline := time.Now().Add(processWait); ; time.Sleep(50 * time.Millisecond) {
		answer = c.adega(t, o, "games")
		since, n := listed(answer)
		all := n == want
		for _, tb := range tables {
			if at, ok := since[tb.at.ChannelID]; !tb.over && (!ok || at.Before(after.Truncate(time.Second))) {
				all = false
			}
		}
		if all {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/adega games at %s, after a minute, does not list the %d games in progress once each, since %s:\n%s", o.ChannelID, want, after.Format(time.TimeOnly), answer)
		}
	}
}

// TestProcessesShareThroughEtcd runs the bot as three processes, one
// shard each of three, sharing one etcd: a player seated in games on
// servers of every process and in a solo game in DMs sees all of them in
// /adega games whichever process answers and in one digest, and settings
// changed through one apply in all; with etcd stopped, games go on playing in every
// process while the list and a settings change answer that the shared
// records are unavailable, and change nothing; with etcd back the list
// catches up; a process killed with SIGKILL and started again has its
// games in the list; and after a reshard each game is listed once.
func TestProcessesShareThroughEtcd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the bot as three processes")
	}
	t.Parallel() // most of it waits: for a digest to fall due, out of etcd's outage
	etcd := etcdtest.Start(t)
	c := newFleet(t, 3, 30, []int{0}, []int{1}, []int{2})
	c.withEtcd(etcd)
	ana := c.srv.NewUser("ana")
	var tables []*nimTable
	for shard := range 3 {
		tables = append(tables, c.newTable(ana, shard, uint64(shard+1)))
	}
	tables = append(tables, c.newTable(ana, -1, 9)) // a solo game in DMs
	// Ana takes a daily digest, due in every process soon after they
	// start: one of them sends it.
	digestAt := time.Now().Add(30 * time.Second)
	for k := range c.procs {
		store := c.open(k)
		_, err := store.UpdateUser(ana.ID, func(u *adega.User) error {
			u.Prefs, u.DigestAt = adega.Prefs{Digest: true}, digestAt
			return nil
		})
		store.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	c.startAll(t)
	played := time.Now()
	c.playEach(t, tables, 1)

	// everyone asks at each table in turn until each lists every game.
	everyone := func(t *testing.T, after time.Time) {
		t.Helper()
		for _, tb := range tables {
			c.listsAll(t, tb.at, tables, after)
		}
	}

	t.Run("every process lists the games of all, DMs too", func(t *testing.T) {
		everyone(t, played)
	})

	t.Run("one digest lists the games of every process", func(t *testing.T) {
		var digests []string
		for deadline := time.Now().Add(processWait); len(digests) == 0; time.Sleep(100 * time.Millisecond) {
			if digests = c.digests(); time.Now().After(deadline) {
				t.Fatalf("no digest a minute after it fell due at %s", digestAt.Format(time.TimeOnly))
			}
		}
		for _, tb := range tables {
			if !tb.over && !strings.Contains(digests[0], "/"+tb.at.ChannelID+"/") {
				t.Errorf("the digest does not list the game at %s (process %d):\n%s", tb.at.ChannelID, tb.process, digests[0])
			}
		}
	})

	t.Run("settings changed through one process apply in all", func(t *testing.T) {
		saved := c.adega(t, tables[1].at, "settings", fakediscord.StringOption("timezone", "Asia/Tokyo"))
		if !strings.HasPrefix(saved, "Saved.") {
			t.Fatalf("/adega settings through process 1: %q", saved)
		}
		for _, tb := range tables {
			until(t, fmt.Sprintf("the time zone in /adega settings answered by process %d", tb.process), func() bool {
				return strings.Contains(c.adega(t, tb.at, "settings"), "Time zone: Asia/Tokyo")
			})
		}
	})

	t.Run("with etcd stopped games play on, and what needs it is unavailable", func(t *testing.T) {
		etcd.Stop()
		outage := time.Now()
		c.playEach(t, tables, 1)
		for _, tb := range tables {
			if games := c.adega(t, tb.at, "games"); !strings.Contains(games, "cannot reach the records") {
				t.Errorf("/adega games answered by process %d with etcd stopped: %q", tb.process, games)
			}
		}
		refused := c.adega(t, tables[2].at, "settings", fakediscord.StringOption("timezone", "Europe/Lisbon"))
		if !strings.Contains(refused, "cannot reach the records") {
			t.Errorf("/adega settings with etcd stopped: %q", refused)
		}
		etcd.Start()
		everyone(t, outage)
		for _, tb := range tables {
			if s := c.adega(t, tb.at, "settings"); !strings.Contains(s, "Time zone: Asia/Tokyo") {
				t.Errorf("the settings answered by process %d after a refused change: %q", tb.process, s)
			}
		}
	})

	t.Run("a process killed mid-play lists its games again once started", func(t *testing.T) {
		victim := tables[1]
		killed := c.killMidPlay(t, victim)
		c.start(t, victim.process)
		if _, err := c.turn(victim); err != nil { // the bot's reply, resumed
			t.Fatal(err)
		}
		c.playEach(t, tables, 1)
		everyone(t, killed)
	})

	// Resharding renumbers a game whose ID another old file gave first,
	// and the processes change names with their shards (shards-0-2, say):
	// the entries of the games' old places must leave etcd.
	t.Run("after a reshard from 3 shards to 4 the list holds each game once", func(t *testing.T) {
		for k := range c.procs {
			c.stop(t, k)
		}
		// Two new games in servers of shards 1 and 2 of 3, both of shard
		// 0 of 4: their IDs, each the second of its file, clash in the
		// new process of shard 0, and one is renumbered.
		clash := []*nimTable{c.newTableOf(ana, 4, 12, 11, ""), c.newTableOf(ana, 8, 12, 12, "")}
		tables = append(tables, clash...)
		before := []string{clash[0].game, clash[1].game}
		c.reshard(t, tables, 4, []int{0, 2}, []int{1, 3})
		if clash[0].game == before[0] && clash[1].game == before[1] {
			t.Fatalf("no game was renumbered: %v", before)
		}
		c.startAll(t)
		moved := time.Now()
		c.playEach(t, tables, 1)
		everyone(t, moved)
	})

	c.verify(tables)
	if digests := c.digests(); len(digests) != 1 {
		t.Errorf("%d digests were sent, want 1:\n%s", len(digests), strings.Join(digests, "\n"))
	}
}

// digests are the daily digests the bot sent.
func (c *fleet) digests() []string {
	var out []string
	for _, r := range c.srv.Requests() {
		var m struct{ Content string }
		if r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Decode(&m) == nil &&
			strings.HasPrefix(m.Content, "**Your daily digest**") {
			out = append(out, m.Content)
		}
	}
	return out
}
