package bot_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/internal/etcdtest"
)

// withEtcd makes every process of the fleet share what spans servers in
// etcd. A digest whose claim failed is tried again 3 seconds later, not a
// minute.
func (c *fleet) withEtcd(etcd *etcdtest.Server) {
	c.extra = func(int) string {
		return fmt.Sprintf("\n[reminders]\nretry = \"3s\"\n\n[cluster]\netcd_endpoints = [%q]\n", etcd.Endpoints()[0])
	}
}

// adega sends /adega sub at o and returns the bot's answer.
func (c *fleet) adega(t *testing.T, o fakediscord.Origin, sub string, opts ...fakediscord.CommandOption) string {
	t.Helper()
	return c.command(t, o, "adega", sub, opts...)
}

// command sends /name sub at o and returns the bot's answer.
func (c *fleet) command(t *testing.T, o fakediscord.Origin, name, sub string, opts ...fakediscord.CommandOption) string {
	t.Helper()
	in := c.srv.SlashCommand(o, name, fakediscord.Subcommand(sub, opts...))
	req, err := c.srv.WaitFor(processWait, in.IsCallback)
	if err != nil {
		t.Fatalf("/%s %s: %v", name, sub, err)
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
// changed through one apply in all; someone who follows games of two
// processes sees both in /adega games whichever process answers; with
// etcd stopped, games go on playing in every process while the list and a
// settings change answer that the shared records are unavailable, and
// change nothing; with etcd back the list catches up; a digest that falls
// due in every process while etcd is stopped is sent once, after it
// returns, and the settings saved before stay; a process killed with SIGKILL and started again has its
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
	tables := c.tableOnEachShard(ana) // the last in DMs: shard 0's
	// Bea's game waits for her move: her digest lists it. Carla follows.
	bea, carla := c.srv.NewUser("bea"), c.srv.NewUser("carla")
	c.newTable(bea, 0, 7)
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
	begun := time.Now()
	c.startAll(t)
	played := time.Now()
	startTook := played.Sub(begun)
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
			if digests = c.digests(ana); time.Now().After(deadline) {
				t.Fatalf("no digest a minute after it fell due at %s", digestAt.Format(time.TimeOnly))
			}
		}
		for _, tb := range tables {
			if !tb.over && !strings.Contains(digests[0], "/"+tb.at.ChannelID+"/") {
				t.Errorf("the digest does not list the game at %s (process %d):\n%s", tb.at.ChannelID, tb.process, digests[0])
			}
		}
	})

	t.Run("a follower of games of two processes sees both through any", func(t *testing.T) {
		followed := tables[1:3]
		for _, tb := range followed {
			if said := c.command(t, c.srv.InGuild(carla, tb.at.ChannelID), "nim", "follow"); !strings.HasPrefix(said, "You now follow") {
				t.Fatalf("/nim follow at process %d: %q", tb.process, said)
			}
		}
		for _, tb := range tables[:3] {
			until(t, fmt.Sprintf("both games followed in /adega games answered by process %d", tb.process), func() bool {
				list := c.adega(t, c.srv.InGuild(carla, tb.at.ChannelID), "games")
				return strings.Contains(list, "**You follow** 2 games") &&
					strings.Contains(list, "/"+followed[0].guild+"/"+followed[0].at.ChannelID) && strings.Contains(list, "/"+followed[1].guild+"/"+followed[1].at.ChannelID)
			})
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

	// Bea's digest falls due in every process while etcd is stopped: it
	// cannot be claimed, so none is sent; once etcd is back, one process
	// claims it and sends it (the others' claims, tried again later,
	// fail: the count at the end holds them to it).
	t.Run("a digest due while etcd is stopped is sent once when it returns", func(t *testing.T) {
		lisbon, err := time.LoadLocation("Europe/Lisbon")
		if err != nil {
			t.Fatal(err)
		}
		hour := (time.Now().In(lisbon).Hour() + 12) % 24 // not today's digest: the one below is
		saved := c.adega(t, c.srv.InGuild(bea, tables[1].at.ChannelID), "settings", fakediscord.StringOption("timezone", "Europe/Lisbon"),
			fakediscord.BooleanOption("digest", true), fakediscord.IntegerOption("digest_hour", int64(hour)))
		if !strings.HasPrefix(saved, "Saved.") {
			t.Fatalf("/adega settings through process 1: %q", saved)
		}
		settings := fmt.Sprintf("Daily digest: at %02d:00", hour)
		settingsOf := func(tb *nimTable) string { return c.adega(t, c.srv.InGuild(bea, tb.at.ChannelID), "settings") }
		for _, tb := range tables[:3] {
			until(t, fmt.Sprintf("Bea's settings in process %d", tb.process), func() bool { return strings.Contains(settingsOf(tb), settings) })
		}

		// Each process's file has her digest due soon after they start
		// again, as though her digest hour came.
		for k := range c.procs {
			c.stop(t, k)
		}
		due := time.Now().Add(10*time.Second + 3*startTook)
		for k := range c.procs {
			store := c.open(k)
			_, err := store.UpdateUser(bea.ID, func(u *adega.User) error { u.DigestAt = due; return nil })
			store.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		c.clock.Add(int64(6 * time.Second)) // a window after their last identify
		logged := c.logSizes()
		c.startAll(t)
		etcd.Stop()
		if stopped := time.Now(); !stopped.Before(due) {
			t.Fatalf("the processes took until %s to start, and Bea's digest was due at %s, before etcd stopped", stopped.Format(time.TimeOnly), due.Format(time.TimeOnly))
		}
		for k := range c.procs {
			until(t, fmt.Sprintf("process %d failing to claim Bea's digest", k), func() bool { return c.failedDigest(k, logged[k], bea.ID) })
		}
		if n := len(c.digests(bea)); n != 0 {
			t.Fatalf("%d digests of Bea were sent while etcd was stopped", n)
		}
		etcd.Start()
		until(t, "Bea's digest sent once etcd is back", func() bool { return len(c.digests(bea)) > 0 })
		for _, tb := range tables[:3] {
			if s := settingsOf(tb); !strings.Contains(s, settings) || !strings.Contains(s, "Time zone: Europe/Lisbon") {
				t.Errorf("Bea's settings answered by process %d after the outage: %q", tb.process, s)
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
	for _, u := range []*discordgo.User{ana, bea} {
		if digests := c.digests(u); len(digests) != 1 {
			t.Errorf("%d digests were sent to %s, want 1:\n%s", len(digests), u.Username, strings.Join(digests, "\n"))
		}
	}
}

// digests are the daily digests the bot sent to u.
func (c *fleet) digests(u *discordgo.User) []string {
	var out []string
	dm := c.srv.DMChannel(u.ID)
	for _, r := range c.srv.Requests() {
		var m struct{ Content string }
		if r.Method == http.MethodPost && r.Params["channel_id"] == dm && r.Route == "/channels/{channel_id}/messages" && r.Decode(&m) == nil &&
			strings.HasPrefix(m.Content, "**Your daily digest**") {
			out = append(out, m.Content)
		}
	}
	return out
}

// logSizes are how much each process has logged so far.
func (c *fleet) logSizes() []int64 {
	var sizes []int64
	for _, p := range c.procs {
		var size int64
		if p.log != nil {
			info, err := p.log.Stat()
			if err != nil {
				c.t.Fatal(err)
			}
			size = info.Size()
		}
		sizes = append(sizes, size)
	}
	return sizes
}

// failedDigest reports whether process k logged that it failed to send
// userID's digest (and will try again), after the first `from` bytes of
// its log.
func (c *fleet) failedDigest(k int, from int64, userID string) bool {
	data, err := os.ReadFile(c.procs[k].log.Name())
	if err != nil || int64(len(data)) < from {
		c.t.Fatalf("reading process %d's log: %v", k, err)
	}
	for line := range strings.Lines(string(data[from:])) {
		var e struct{ Msg, Kind, ID string }
		if json.Unmarshal([]byte(line), &e) == nil && strings.HasPrefix(e.Msg, "reminders: an entry failed") && e.Kind == string(adega.WakeDigest) && e.ID == userID {
			return true
		}
	}
	return false
}
