package cluster_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/cluster"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/internal/etcdtest"
	"github.com/adega-bot/adega/internal/gametest"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// process is one of the bot's processes: its store, and its share of etcd.
type process struct {
	name    string
	store   *storage.Store
	cluster *cluster.Cluster
	players *cluster.Players
	now     time.Time
}

// start starts a process named name on etcd, publishing until the test
// ends; before, if given, writes its file first.
func start(t testing.TB, etcd *etcdtest.Server, name string, before ...func(*storage.Store)) *process {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "adega.db"), engine.NewRegistry(nim.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range before {
		f(store)
	}
	c, err := cluster.Open(cluster.Config{Endpoints: etcd.Endpoints(), Process: name, Log: slog.New(slog.NewTextHandler(t.Output(), nil))})
	if err != nil {
		t.Fatal(err)
	}
	p := &process{name: name, store: store, cluster: c, now: gametest.T0}
	p.players = c.Players(store, func() time.Time { return p.now })
	ctx, stop := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Go(func() { p.players.Run(ctx) })
	t.Cleanup(func() {
		stop()
		running.Wait()
		_ = c.Close()
		_ = store.Close()
	})
	return p
}

// eventually polls cond until it holds, or fails the test after a minute
// (a loaded machine under -race).
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute, still not %s", what)
		}
	}
}

// channels are the channels of games.
func channels(games []adega.GameWait) []string {
	var ids []string
	for _, g := range games {
		ids = append(ids, g.Meta.ChannelID)
	}
	slices.Sort(ids)
	return ids
}

// seesGames reports whether p lists exactly the games of channels want as
// user 1001's (game IDs count in each process's file).
func (p *process) seesGames(want ...string) func() bool {
	slices.Sort(want)
	return func() bool {
		games, err := p.players.WaitingOfUser("1001")
		return err == nil && slices.Equal(channels(games), want)
	}
}

// A player seated on servers of two processes sees every game of theirs
// from either, and their record of each; a game that ends leaves the
// list and keeps its record.
func TestAPlayersGamesOnEveryProcess(t *testing.T) {
	etcd := etcdtest.Start(t)
	a, b := start(t, etcd, "a"), start(t, etcd, "b")
	ga := gametest.CreateIn(t, a.store, "guild-a", "channel-a")
	gametest.CreateIn(t, b.store, "guild-b", "channel-b")
	eventually(t, "both games listed by a", a.seesGames("channel-a", "channel-b"))
	eventually(t, "both games listed by b", b.seesGames("channel-a", "channel-b"))

	gametest.PlayRandomly(t, a.move, ga, rand.New(rand.NewPCG(1, 2)), 1000)
	eventually(t, "the finished game out of b's list", b.seesGames("channel-b"))
	records, err := b.players.Records("1002")
	if err != nil {
		t.Fatal(err)
	}
	var statuses []adega.Status
	for _, r := range records {
		statuses = append(statuses, r.Status)
	}
	if len(records) != 2 || !slices.Contains(statuses, adega.StatusFinished) {
		t.Errorf("Bia's records seen from b are %+v, want her two games, one finished", records)
	}
}

// Someone who follows games on servers of two processes sees both from
// either; a game they unfollow leaves the list of both.
func TestFollowsOnEveryProcess(t *testing.T) {
	etcd := etcdtest.Start(t)
	a, b := start(t, etcd, "a"), start(t, etcd, "b")
	ga := gametest.CreateIn(t, a.store, "guild-a", "channel-a")
	gb := gametest.CreateIn(t, b.store, "guild-b", "channel-b")
	const carla = "2001"
	for _, f := range []struct {
		p *process
		g *adega.Game
	}{{a, ga}, {b, gb}} {
		if _, err := referee.New(f.p.store).Follow(f.g.ID, carla); err != nil {
			t.Fatal(err)
		}
	}
	follows := func(p *process, want ...string) func() bool {
		return func() bool {
			games, err := p.players.Following(carla)
			return err == nil && slices.Equal(channels(games), want)
		}
	}
	eventually(t, "both games followed, seen from a", follows(a, "channel-a", "channel-b"))
	eventually(t, "both games followed, seen from b", follows(b, "channel-a", "channel-b"))
	if _, err := referee.New(a.store).Unfollow(ga.ID, carla); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the game unfollowed out of b's list", follows(b, "channel-b"))
	eventually(t, "the players' games unchanged", b.seesGames("channel-a", "channel-b"))
}

// While etcd is down, games go on; what needs etcd says it is unavailable,
// and what was played meanwhile is published once etcd is back.
func TestAnOutageDelaysPublicationAndLosesNothing(t *testing.T) {
	etcd := etcdtest.Start(t)
	a, b := start(t, etcd, "a"), start(t, etcd, "b")
	gametest.Create(t, a.store, "channel-1")
	eventually(t, "the first game listed", b.seesGames("channel-1"))

	etcd.Stop()
	second := gametest.Create(t, a.store, "channel-2") // a game starts and plays without etcd
	gametest.Play(t, a.move, second, 1)
	_, err := b.players.WaitingOfUser("1001")
	if engine.CodeOf(err) != adega.CodeUnavailable {
		t.Fatalf("reading a player's games without etcd: %v, want the refusal %q", err, adega.CodeUnavailable)
	}
	if _, err := b.players.SetPrefs("1001", adega.Prefs{TimeZone: "Europe/Lisbon"}); engine.CodeOf(err) != adega.CodeUnavailable {
		t.Fatalf("saving settings without etcd: %v, want the refusal %q", err, adega.CodeUnavailable)
	}
	if u, err := b.store.GetUser("1001"); err != nil || u.Prefs.TimeZone != "" {
		t.Fatalf("settings refused were stored all the same: %+v, %v", u.Prefs, err)
	}

	etcd.Start()
	eventually(t, "both games listed once etcd is back", b.seesGames("channel-1", "channel-2"))
}

// move plays a move in a's store.
func (p *process) move(g *adega.Game, seat engine.Seat, action engine.Action, at time.Time) (*adega.Game, error) {
	res, err := referee.New(p.store).Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: action}, Now: at})
	if err != nil {
		return nil, err
	}
	return res.Game, nil
}

// Settings saved through one process apply in every process, a digest
// planned by them included; a later change wins everywhere.
func TestSettingsSavedInOneProcessApplyInAll(t *testing.T) {
	etcd := etcdtest.Start(t)
	a, b := start(t, etcd, "a"), start(t, etcd, "b")
	lisbon := adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00", Digest: true, DigestHour: 9}
	saved, err := a.players.SetPrefs("1001", lisbon)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Prefs != lisbon || saved.DigestAt.IsZero() {
		t.Fatalf("a holds %+v after saving %+v", saved, lisbon)
	}
	holds := func(p *process, want adega.Prefs) func() bool {
		return func() bool {
			u, err := p.store.GetUser("1001")
			return err == nil && u.Prefs == want && u.DigestAt.IsZero() == !want.Digest
		}
	}
	eventually(t, "b holding the settings saved in a", holds(b, lisbon))

	tokyo := adega.Prefs{TimeZone: "Asia/Tokyo"}
	if _, err := b.players.SetPrefs("1001", tokyo); err != nil {
		t.Fatal(err)
	}
	eventually(t, "a holding the newer settings saved in b", holds(a, tokyo))
	// A process started later learns them all at its start.
	c := start(t, etcd, "c")
	eventually(t, "a process started later holding the settings", holds(c, tokyo))
}

// Settings a process saved before it had etcd are shared at its start,
// unless etcd holds newer ones of the user.
func TestSettingsOfOneFileAreSharedAtTheStart(t *testing.T) {
	etcd := etcdtest.Start(t)
	a := start(t, etcd, "a")
	tokyo, lisbon := adega.Prefs{TimeZone: "Asia/Tokyo"}, adega.Prefs{TimeZone: "Europe/Lisbon"}
	if _, err := a.players.SetPrefs("1002", tokyo); err != nil {
		t.Fatal(err)
	}
	b := start(t, etcd, "b", func(s *storage.Store) {
		for _, user := range []string{"1001", "1002"} {
			if _, err := remind.SavePrefs(s, user, lisbon, 0, gametest.T0); err != nil {
				t.Fatal(err)
			}
		}
	})
	for _, c := range []struct {
		p    *process
		user string
		want adega.Prefs
	}{{a, "1001", lisbon}, {a, "1002", tokyo}, {b, "1002", tokyo}} {
		eventually(t, fmt.Sprintf("%s holding %v for %s", c.p.name, c.want, c.user), func() bool {
			u, err := c.p.store.GetUser(c.user)
			return err == nil && u.Prefs == c.want
		})
	}
}

// Every process has a player's digest due; exactly one claims it, again
// after a crash of its own between the claim and the queueing, and the
// next day's likewise.
func TestADigestIsClaimedByOneProcess(t *testing.T) {
	etcd := etcdtest.Start(t)
	a, b := start(t, etcd, "a"), start(t, etcd, "b")
	due := gametest.T0.Add(time.Hour)
	claims := func(at time.Time) []string {
		var won []string
		for _, p := range []*process{a, b, a, b} {
			mine, err := p.players.ClaimDigest("1001", at)
			if err != nil {
				t.Fatal(err)
			}
			if mine {
				won = append(won, p.name)
			}
		}
		return won
	}
	if won := claims(due); !slices.Equal(won, []string{"a", "a"}) {
		t.Errorf("the claims of a digest asked by a, b, a, b went to %v, want a's first claim and its claim again", won)
	}
	if won := claims(due.Add(remind.Day)); !slices.Equal(won, []string{"a", "a"}) {
		t.Errorf("the next day's claims went to %v, want a's twice", won)
	}
	etcd.Stop()
	if _, err := b.players.ClaimDigest("1001", due.Add(2*remind.Day)); engine.CodeOf(err) != adega.CodeUnavailable {
		t.Errorf("a claim without etcd: %v, want the refusal %q", err, adega.CodeUnavailable)
	}
}

// The identify lock lets one process at a time identify a rate-limit key,
// and keys apart.
func TestTheIdentifyLockHoldsOneProcessAtATime(t *testing.T) {
	etcd := etcdtest.Start(t)
	a, b := start(t, etcd, "a"), start(t, etcd, "b")
	release := a.cluster.HoldIdentify(t.Context(), 0)
	b.cluster.HoldIdentify(t.Context(), 1)() // another key is free

	var mu sync.Mutex
	var order []string
	got := make(chan func())
	go func() {
		r := b.cluster.HoldIdentify(t.Context(), 0)
		mu.Lock()
		order = append(order, "b holds")
		mu.Unlock()
		got <- r
	}()
	time.Sleep(200 * time.Millisecond) // b asks meanwhile: without the lock it would hold it now
	mu.Lock()
	order = append(order, "a releases")
	mu.Unlock()
	release()
	(<-got)()
	if !slices.Equal(order, []string{"a releases", "b holds"}) {
		t.Errorf("the lock of key 0 went %v, want b to hold it once a released it", order)
	}
}

// announcer records the digests the scheduler queues; the rest is not
// asked of it here.
type announcer struct {
	mu      sync.Mutex
	digests []remind.Digest
}

func (a *announcer) Remind(remind.Reminder) []*adega.Outgoing { return nil }
func (a *announcer) Digest(d remind.Digest) []*adega.Outgoing {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.digests = append(a.digests, d)
	return nil
}
func (a *announcer) Absent(remind.Absence, remind.Played) adega.PostFunc { return nil }
func (a *announcer) Bots(adega.Meta, []referee.Play) adega.PostFunc      { return nil }
func (a *announcer) Lock(string) func()                                  { return func() {} }

// A player's digest falls due in every process; one sends it, listing
// their games of every process, whichever process runs first. A process
// that claimed it and crashed before queueing it sends it after its
// restart, and the other none.
func TestADigestIsSentOnceWithTheGamesOfEveryProcess(t *testing.T) {
	for _, c := range []struct {
		name    string
		crashed bool // a claimed the digest before b ran, then crashed
		sender  string
	}{{"b first", false, "b"}, {"a claimed, then crashed", true, "a"}} {
		t.Run(c.name, func(t *testing.T) {
			etcd := etcdtest.Start(t)
			a, b := start(t, etcd, "a"), start(t, etcd, "b")
			gametest.CreateIn(t, a.store, "guild-a", "channel-a")
			gametest.CreateIn(t, b.store, "guild-b", "channel-b")
			if _, err := a.players.SetPrefs("1001", adega.Prefs{Digest: true, DigestHour: 21}); err != nil {
				t.Fatal(err)
			}
			var due time.Time
			eventually(t, "the digest planned in b", func() bool {
				u, err := b.store.GetUser("1001")
				due = u.DigestAt
				return err == nil && !due.IsZero()
			})
			eventually(t, "both games listed", a.seesGames("channel-a", "channel-b"))
			if c.crashed {
				if mine, err := a.players.ClaimDigest("1001", due); err != nil || !mine {
					t.Fatalf("a's claim: %v %v", mine, err)
				}
			}

			later := due.Add(time.Minute)
			sent := map[string][]remind.Digest{}
			for _, p := range []*process{b, a} {
				out := &announcer{}
				s := &remind.Scheduler{Store: p.store, Out: out, Now: func() time.Time { return later }, Shared: p.players}
				s.RunDue(context.Background(), later)
				sent[p.name] = out.digests
				if u, err := p.store.GetUser("1001"); err != nil || !u.DigestAt.Equal(due.Add(remind.Day)) {
					t.Errorf("%s plans the next digest at %v (%v), want the next day's, %v", p.name, u.DigestAt, err, due.Add(remind.Day))
				}
			}
			if len(sent["a"])+len(sent["b"]) != 1 || len(sent[c.sender]) != 1 {
				t.Fatalf("a queued %d digests and b %d, want %s one", len(sent["a"]), len(sent["b"]), c.sender)
			}
			if got := channels(sent[c.sender][0].Games); !slices.Equal(got, []string{"channel-a", "channel-b"}) {
				t.Errorf("the digest lists the games of channels %v, want both processes' games", got)
			}
		})
	}
}
