package remind

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// The scheduler tests run in a synctest bubble: time stands still until
// every goroutine waits, then jumps to the next timer, so days of waiting
// take milliseconds. The bubble's clock starts in 2000; the scheduler's
// clock is offset to the test's chosen start, and timers run on the
// bubble's.

// sent is one call the scheduler made, at the scheduler's time.
type sent struct {
	At       time.Time
	Reminder *Reminder
	Digest   *Digest
	Absence  *Absence
	Played   *Played
	Bots     []referee.Play
	BotsIn   string // the game of Bots
}

type recorder struct {
	now func() time.Time
	mu  sync.Mutex
	log []sent
}

func (r *recorder) add(s sent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s.At = r.now()
	r.log = append(r.log, s)
}

func (r *recorder) Remind(rem Reminder) []*adega.Outgoing {
	r.add(sent{Reminder: &rem})
	return nil
}
func (r *recorder) Digest(d Digest) []*adega.Outgoing { r.add(sent{Digest: &d}); return nil }

// Absent records the announcement with the move it announces, as the
// move's transaction builds it.
func (r *recorder) Absent(a Absence, p Played) adega.PostFunc {
	return func(c adega.Change) ([]*adega.Outgoing, error) {
		p.Result = &referee.MoveResult{Game: c.Game, Added: c.Added}
		r.add(sent{Absence: &a, Played: &p})
		return nil, nil
	}
}
func (r *recorder) Bots(m adega.Meta, plays []referee.Play) adega.PostFunc {
	return func(adega.Change) ([]*adega.Outgoing, error) {
		r.add(sent{Bots: plays, BotsIn: m.ID})
		return nil, nil
	}
}
func (r *recorder) Lock(string) func() { return func() {} }

func (r *recorder) all() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.log)
}

// reminders returns the reminders (not pings) sent to user, with times
// relative to from.
func (r *recorder) reminders(user string, from time.Time) []time.Duration {
	var out []time.Duration
	for _, s := range r.all() {
		if s.Reminder != nil && s.Reminder.UserID == user && s.Reminder.Count > 0 {
			out = append(out, s.At.Sub(from))
		}
	}
	return out
}

// world is a store and a running scheduler inside a bubble.
type world struct {
	t       *testing.T
	path    string
	start   time.Time
	offset  time.Duration
	cfg     Config
	store   *storage.Store
	referee *referee.Referee
	out     *recorder
	stop    func()
	// thinkers is where the scheduler searches, across restarts.
	thinkers fair.Pool
}

var registry = engine.NewRegistry(nim.Game{}, duo{})

// bubble runs f in a synctest bubble whose scheduler clock starts at start.
func bubble(t *testing.T, start time.Time, cfg Config, f func(w *world)) {
	synctest.Test(t, func(t *testing.T) {
		w := &world{t: t, path: filepath.Join(t.TempDir(), "adega.db"), start: start, offset: time.Until(start), cfg: cfg}
		w.out = &recorder{now: w.now}
		w.open()
		defer func() {
			w.stop()
			w.store.Close()
		}()
		f(w)
	})
}

func (w *world) now() time.Time { return time.Now().Add(w.offset) }

func (w *world) open() {
	s, err := storage.Open(w.path, registry)
	if err != nil {
		w.t.Fatal(err)
	}
	w.store, w.referee = s, referee.New(s)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	// The AI searches by iterations: a bubble's clock stands still while
	// it runs, so a time budget would never be spent.
	sch := &Scheduler{Store: s, Config: w.cfg, Out: w.out, Now: w.now, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		AI: ai.Settings{Iterations: 8}, Thinkers: &w.thinkers}
	go func() {
		defer close(done)
		sch.Run(ctx)
	}()
	w.stop = func() {
		cancel()
		<-done
	}
	synctest.Wait()
}

// restart stops the scheduler and closes the database, then opens both
// again, as a new process would.
func (w *world) restart() {
	w.stop()
	if err := w.store.Close(); err != nil {
		w.t.Fatal(err)
	}
	w.open()
}

// until lets the scheduler run up to start + d.
func (w *world) until(d time.Duration) {
	if wait := w.start.Add(d).Sub(w.now()); wait > 0 {
		time.Sleep(wait)
	}
	synctest.Wait()
}

// game creates a game in channel c with the users as players, in seat order.
func (w *world) game(name, mode string, rules adega.WaitRules, users ...string) *adega.Game {
	w.t.Helper()
	var seats []adega.SeatUser
	var names []string
	for _, u := range users {
		seats = append(seats, adega.SeatUser{UserID: u, Name: strings.ToUpper(u[:1]) + u[1:]})
		names = append(names, seats[len(seats)-1].Name)
	}
	g, err := w.store.Create(adega.Meta{ChannelID: "c-" + name, GuildID: "guild", Seats: seats, Wait: rules},
		engine.Setup{Game: name, Mode: mode, Seed: 1, Players: names}, w.now(), nil)
	if err != nil {
		w.t.Fatal(err)
	}
	synctest.Wait()
	return g
}

// move plays a decision for whoever the game waits for first.
func (w *world) move(id string) *adega.Game {
	w.t.Helper()
	g, err := w.store.Load(id)
	if err != nil {
		w.t.Fatal(err)
	}
	seat := g.State.Pending()[0].Seat
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		w.t.Fatal(err)
	}
	res, err := w.referee.Move(referee.MoveRequest{Game: id, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: w.now()})
	if err != nil {
		w.t.Fatal(err)
	}
	synctest.Wait()
	return res.Game
}

// botGame creates a duo game of Ana against the bot (Bia).
func (w *world) botGame() *adega.Game {
	w.t.Helper()
	seats := []adega.SeatUser{{UserID: "ana", Name: "Ana"}, {Name: "Bia", Bot: true, Level: "easy"}}
	g, err := w.store.Create(adega.Meta{ChannelID: "c-bot", GuildID: "guild", Seats: seats},
		engine.Setup{Game: "duo", Mode: "turns", Seed: 1, Players: []string{"Ana", "Bia"}}, w.now(), nil)
	if err != nil {
		w.t.Fatal(err)
	}
	synctest.Wait()
	return g
}

func (w *world) setPrefs(user string, p adega.Prefs) {
	w.t.Helper()
	if _, err := w.store.UpdateUser(user, func(u *adega.User) error {
		u.Prefs = p
		u.DigestAt = time.Time{}
		if p.Digest {
			u.DigestAt = NextDigest(w.now(), p)
		}
		return nil
	}); err != nil {
		w.t.Fatal(err)
	}
	if err := w.store.ReplanUser(user, w.now()); err != nil {
		w.t.Fatal(err)
	}
	synctest.Wait()
}

func hours(hs ...float64) []time.Duration {
	var out []time.Duration
	for _, h := range hs {
		out = append(out, time.Duration(h*float64(time.Hour)))
	}
	return out
}

var (
	winter = time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	normal = adega.WaitRules{Pace: "normal", Interval: 8 * time.Hour}
	std    = Config{Floor: time.Hour}
)

// firstPending is the user a new nim game waits for (seed 1).
func firstPending(t *testing.T, g *adega.Game) string {
	t.Helper()
	return g.Meta.Seats[g.State.Pending()[0].Seat].UserID
}

// Reminders escalate: 8 h after the wait began, then 4 h, 2 h, and every
// hour (the floor); a move starts the next player's wait afresh.
func TestEscalation(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("nim", "", normal, "ana", "bia")
		who := firstPending(t, g)
		w.until(7*time.Hour + 59*time.Minute)
		if got := w.out.all(); len(got) != 0 {
			t.Fatalf("reminded before the interval: %+v", got[0])
		}
		w.until(17*time.Hour + 30*time.Minute)
		if got, want := w.out.reminders(who, winter), hours(8, 12, 14, 15, 16, 17); !slices.Equal(got, want) {
			t.Fatalf("reminders at %v, want %v", got, want)
		}
		for k, s := range w.out.all() {
			r := s.Reminder
			if r.Count != k+1 || r.Game.ID != g.ID || len(r.Seats) != 1 || r.Seats[0].Prompt != "take counters from a pile" || r.DM {
				t.Fatalf("reminder %d: %+v", k+1, r)
			}
		}
		g = w.move(g.ID) // at 17:30
		next := firstPending(t, g)
		w.until(17*time.Hour + 30*time.Minute + 8*time.Hour)
		all := w.out.all()
		last := all[len(all)-1]
		if len(all) != 7 || last.Reminder.UserID != next || last.Reminder.Count != 1 || !last.At.Equal(winter.Add(25*time.Hour+30*time.Minute)) {
			t.Fatalf("after the move: %d sent, the last %+v at %v", len(all), last.Reminder, last.At)
		}
	})
}

// Quiet hours hold reminders until the window ends, in each user's own
// time zone.
func TestQuietHoursAcrossTimeZones(t *testing.T) {
	bubble(t, time.Date(2026, 1, 15, 14, 0, 0, 0, time.UTC), std, func(w *world) {
		w.setPrefs("ana", adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"})
		w.setPrefs("bia", adega.Prefs{TimeZone: "America/New_York", QuietStart: "22:00", QuietEnd: "07:00"})
		w.game("duo", "together", normal, "ana", "bia")
		w.until(26 * time.Hour)
		// From 14:00 UTC: both due at 22:00 UTC (Lisbon 22:00, New York
		// 17:00). Then 4 h: 02:00 UTC is night in Lisbon (to 08:00 UTC)
		// but 21:00 in New York. Bia's next, 2 h later at 04:00 UTC, is
		// 23:00 in New York: held to 07:00 there, 12:00 UTC. Ana's after
		// 08:00 comes 2 h later at 10:00, then hourly.
		if got, want := w.out.reminders("ana", w.start), hours(8, 18, 20, 21, 22, 23, 24, 25, 26); !slices.Equal(got, want) {
			t.Errorf("Ana (Lisbon) reminded at %v, want %v", got, want)
		}
		if got, want := w.out.reminders("bia", w.start), hours(8, 12, 22, 23, 24, 25, 26); !slices.Equal(got, want) {
			t.Errorf("Bia (New York) reminded at %v, want %v", got, want)
		}
		for _, s := range w.out.all() {
			user := s.Reminder.UserID
			prefs := map[string]adega.Prefs{"ana": {TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"},
				"bia": {TimeZone: "America/New_York", QuietStart: "22:00", QuietEnd: "07:00"}}[user]
			if QuietNow(prefs, s.At) {
				t.Errorf("%s was reminded in quiet hours at %v", user, s.At)
			}
		}
	})
}

// A quiet window across the change to summer time is an hour shorter, and
// across the change back an hour longer; reminders go at the local end.
func TestQuietHoursAcrossDaylightSaving(t *testing.T) {
	lisbon := adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"}
	pace := adega.WaitRules{Pace: "custom", Interval: 10 * time.Hour}
	for _, tc := range []struct {
		name  string
		start time.Time
		want  time.Time
	}{
		// Due 23:00 UTC on 28 March (23:00 WET), held to 08:00 WEST.
		{"spring", time.Date(2026, 3, 28, 13, 0, 0, 0, time.UTC), time.Date(2026, 3, 29, 7, 0, 0, 0, time.UTC)},
		// Due 23:00 UTC on 24 October (00:00 WEST), held to 08:00 WET.
		{"autumn", time.Date(2026, 10, 24, 13, 0, 0, 0, time.UTC), time.Date(2026, 10, 25, 8, 0, 0, 0, time.UTC)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bubble(t, tc.start, std, func(w *world) {
				w.setPrefs("ana", lisbon)
				w.game("duo", "turns", pace, "ana", "bia")
				w.until(20 * time.Hour)
				got := w.out.reminders("ana", w.start)
				if len(got) == 0 || !w.start.Add(got[0]).Equal(tc.want) {
					t.Fatalf("first reminder after %v, want at %v", got, tc.want)
				}
			})
		})
	}
}

// A turn message during quiet hours does not ping; the scheduler pings at
// the end of the window, once, and the reminders keep their own times.
func TestHeldPingGoesWhenQuietHoursEnd(t *testing.T) {
	start := time.Date(2026, 1, 15, 23, 30, 0, 0, time.UTC)
	relaxed := adega.WaitRules{Pace: "relaxed", Interval: 24 * time.Hour}
	bubble(t, start, std, func(w *world) {
		w.setPrefs("ana", adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"})
		g := w.game("duo", "turns", relaxed, "ana", "bia")
		turn := &adega.Outgoing{Game: g.ID, ChannelID: g.Meta.ChannelID, Turn: true, Held: []string{"ana"}, Stamp: g.Stamp}
		if err := w.store.Enqueue(turn); err != nil {
			t.Fatal(err)
		}
		if err := w.store.Delivered(turn.Seq, "m1", w.now()); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		w.until(8*time.Hour + 29*time.Minute)
		if all := w.out.all(); len(all) != 0 {
			t.Fatalf("pinged in quiet hours: %+v", all[0])
		}
		w.until(20 * time.Hour)
		all := w.out.all()
		if len(all) != 1 || all[0].Reminder.Count != 0 || all[0].Reminder.UserID != "ana" ||
			!all[0].At.Equal(time.Date(2026, 1, 16, 8, 0, 0, 0, time.UTC)) {
			t.Fatalf("want one ping at 08:00, got %d: %+v", len(all), all)
		}
		// The first reminder falls due 24 h after the turn, at 23:30: in
		// quiet hours again, so it waits for 08:00.
		w.until(33 * time.Hour)
		if got := w.out.reminders("ana", start); !slices.Equal(got, hours(32.5)) {
			t.Fatalf("reminders %v, want the first at 08:00 the day after", got)
		}
	})
}

// A digest user gets one direct message a day at their hour listing the
// games that wait for them, and no individual reminders.
func TestDailyDigest(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		w.setPrefs("ana", adega.Prefs{TimeZone: "Europe/Lisbon", Digest: true, DigestHour: 9})
		g1 := w.game("duo", "turns", normal, "ana", "bia")
		g2 := w.game("duo", "turns", adega.WaitRules{Pace: "fast", Interval: time.Hour}, "ana", "cris")
		w.game("duo", "turns", normal, "bia", "ana") // waits for Bia
		w.until(3*24*time.Hour - time.Hour)
		var days []time.Time
		for _, s := range w.out.all() {
			if s.Reminder != nil && s.Reminder.UserID == "ana" {
				t.Fatalf("a digest user got a reminder: %+v", s.Reminder)
			}
			if s.Digest == nil {
				continue
			}
			days = append(days, s.At)
			var ids []string
			for _, g := range s.Digest.Games {
				ids = append(ids, g.Meta.ID)
			}
			if s.Digest.UserID != "ana" || !slices.Equal(ids, []string{g1.ID, g2.ID}) {
				t.Fatalf("digest for %s lists %v, want %v", s.Digest.UserID, ids, []string{g1.ID, g2.ID})
			}
		}
		want := []time.Time{winter.Add(21 * time.Hour), winter.Add(45 * time.Hour), winter.Add(69 * time.Hour)}
		if !slices.EqualFunc(days, want, time.Time.Equal) {
			t.Fatalf("digests at %v, want %v", days, want)
		}
		if len(w.out.reminders("bia", winter)) == 0 {
			t.Fatal("Bia, without a digest, was never reminded")
		}
		// Ana plays in both games: the next day brings no digest.
		w.move(g1.ID)
		w.move(g2.ID)
		w.until(4 * 24 * time.Hour)
		if n := len(slices.DeleteFunc(w.out.all(), func(s sent) bool { return s.Digest == nil })); n != 3 {
			t.Fatalf("%d digests, want still 3 when nothing waits for Ana", n)
		}
	})
}

// A restart in the middle of a wait carries on where it stood: the second
// reminder comes 4 h after the first, not 8 h after the restart.
func TestRestartMidWait(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("nim", "", normal, "ana", "bia")
		who := firstPending(t, g)
		w.until(10 * time.Hour)
		w.restart()
		w.until(15*time.Hour + 30*time.Minute)
		if got, want := w.out.reminders(who, winter), hours(8, 12, 14, 15); !slices.Equal(got, want) {
			t.Fatalf("reminders at %v, want %v", got, want)
		}
	})
}

// Restarting again and again, even right after a reminder went, sends each
// reminder exactly once.
func TestNoDuplicateRemindersAfterRestarts(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("nim", "", normal, "ana", "bia")
		who := firstPending(t, g)
		for at := 30 * time.Minute; at <= 18*time.Hour; at += 30 * time.Minute {
			w.until(at)
			w.restart()
		}
		w.until(8 * time.Hour)
		w.restart() // right after the first reminder
		if got, want := w.out.reminders(who, winter), hours(8, 12, 14, 15, 16, 17, 18); !slices.Equal(got, want) {
			t.Fatalf("reminders at %v, want each once at %v", got, want)
		}
	})
}

func deadlineRules(absent adega.Absent) adega.WaitRules {
	return adega.WaitRules{Pace: "normal", Interval: 8 * time.Hour, Deadline: 72 * time.Hour, Absent: absent}
}

func moves(t *testing.T, s *storage.Store, id string) []adega.LogEntry {
	t.Helper()
	g, err := s.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Log
}

// Under wait, a passed deadline changes nothing but the reminders go on.
func TestDeadlineWait(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("duo", "turns", deadlineRules(adega.AbsentWait), "ana", "bia")
		w.until(100 * time.Hour)
		if log := moves(t, w.store, g.ID); len(log) != 0 {
			t.Fatalf("wait played %v", log)
		}
		rs := w.out.reminders("ana", winter)
		if len(rs) < 80 || rs[len(rs)-1] != 100*time.Hour {
			t.Fatalf("reminders stopped: %v", rs)
		}
		wt, _ := w.store.Waiting(g.ID)
		if !wt.Seats[0].Expired {
			t.Fatal("the passed deadline is not recorded")
		}
	})
}

// Under auto, the bot's AI plays the one decision at the deadline and says
// what it chose; the next player's wait starts then.
func TestDeadlineAuto(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("duo", "turns", deadlineRules(adega.AbsentAuto), "ana", "bia")
		w.until(72*time.Hour - time.Second)
		if log := moves(t, w.store, g.ID); len(log) != 0 {
			t.Fatalf("played before the deadline: %v", log)
		}
		w.until(72 * time.Hour)
		log := moves(t, w.store, g.ID)
		if len(log) != 1 || log[0].Seat != 0 || !log[0].Bot {
			t.Fatalf("after the deadline the log is %+v, want the bot's move for Ana", log)
		}
		labels := map[string]string{"play": "Play", "pass": "Pass", "a": "A", "b": "B", "done": "Nothing more"}
		var want []string
		for _, id := range log[0].Action {
			want = append(want, labels[id])
		}
		var played []sent
		for _, s := range w.out.all() {
			if s.Played != nil {
				played = append(played, s)
			}
		}
		if len(played) != 1 || !played[0].At.Equal(winter.Add(72*time.Hour)) || played[0].Absence.UserID != "ana" ||
			!slices.Equal(played[0].Played.Labels, want) || played[0].Played.Result.Game.Version != 1 {
			t.Fatalf("announcements: %+v", played)
		}
		w.until(72*time.Hour + 8*time.Hour)
		if got := w.out.reminders("bia", winter); !slices.Equal(got, hours(80)) {
			t.Fatalf("Bia's wait did not start at the auto move: %v", got)
		}
	})
}

// A bot seat plays as soon as it must decide, at the moment the player
// before it moved, in one change announced once; nobody is reminded of
// it, and the player after it is waited for from then.
func TestBotSeatPlaysAsSoonAsItMustDecide(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.botGame()
		w.until(2 * time.Hour)
		w.move(g.ID) // Ana's
		synctest.Wait()
		log := moves(t, w.store, g.ID)
		if len(log) != 2 || log[1].Seat != 1 || !log[1].Bot || !log[1].At.Equal(winter.Add(2*time.Hour)) {
			t.Fatalf("after Ana's move the log is %+v, want the bot's move for Bia at once", log)
		}
		var bots [][]referee.Play
		for _, s := range w.out.all() {
			if s.Bots != nil {
				bots = append(bots, s.Bots)
			}
			if s.Reminder != nil && s.Reminder.UserID == "" {
				t.Fatalf("a reminder for the bot's seat: %+v", s.Reminder)
			}
		}
		if len(bots) != 1 || len(bots[0]) != 1 || bots[0][0].Seat != 1 {
			t.Fatalf("the bot's moves were announced as %+v", bots)
		}
		w.until(2*time.Hour + 8*time.Hour)
		if got := w.out.reminders("ana", winter); !slices.Contains(got, 10*time.Hour) {
			t.Fatalf("Ana's wait did not start at the bot's move: %v", got)
		}
		if wt, _ := w.store.Waiting(g.ID); !wt.BotTurn.IsZero() {
			t.Fatalf("a bot turn is still due at %v", wt.BotTurn)
		}
	})
}

// Under skip, the player passes where the rules offer a pass; where they
// do not, the game keeps waiting (and reminding), without trying again.
func TestDeadlineSkip(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("duo", "turns", deadlineRules(adega.AbsentSkip), "ana", "bia")
		stuck := w.game("duo", "nopass", deadlineRules(adega.AbsentSkip), "cris", "dani")
		w.until(90 * time.Hour)
		if log := moves(t, w.store, g.ID); len(log) != 1 || !slices.Equal(log[0].Action, engine.Action{"pass"}) {
			t.Fatalf("skip played %+v, want a pass", log)
		}
		if log := moves(t, w.store, stuck.ID); len(log) != 0 {
			t.Fatalf("skip without a pass played %+v", log)
		}
		if rs := w.out.reminders("cris", winter); rs[len(rs)-1] < 89*time.Hour {
			t.Fatalf("no reminders after a skip that could not pass: %v", rs)
		}
		wt, _ := w.store.Waiting(stuck.ID)
		if !wt.Seats[0].Expired || wt.Seats[0].Next.Sub(w.now()) > time.Hour {
			t.Fatalf("the stuck seat: %+v", wt.Seats[0])
		}
	})
}

// A vacation pauses the deadline (and the reminders) for its length.
func TestVacationPausesDeadline(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("duo", "turns", deadlineRules(adega.AbsentAuto), "ana", "bia")
		w.until(10 * time.Hour)
		grants, err := w.referee.SetVacation("ana", w.now(), 5*24*time.Hour, 14*24*time.Hour)
		if err != nil || len(grants) != 1 || grants[0].Granted != 5*24*time.Hour {
			t.Fatalf("vacation: %+v, %v", grants, err)
		}
		synctest.Wait()
		before := len(w.out.reminders("ana", winter))
		back := 10*time.Hour + 5*24*time.Hour
		w.until(back - time.Second)
		if log := moves(t, w.store, g.ID); len(log) != 0 {
			t.Fatalf("played during the vacation: %v", log)
		}
		if n := len(w.out.reminders("ana", winter)); n != before {
			t.Fatalf("%d reminders during the vacation", n-before)
		}
		// 62 of the 72 hours are left after the vacation.
		w.until(back + 62*time.Hour - time.Second)
		if log := moves(t, w.store, g.ID); len(log) != 0 {
			t.Fatalf("played before the paused deadline: %v", log)
		}
		w.until(back + 62*time.Hour)
		if log := moves(t, w.store, g.ID); len(log) != 1 || !log[0].At.Equal(winter.Add(back+62*time.Hour)) {
			t.Fatalf("after the paused deadline the log is %+v", log)
		}
	})
}

// A decision that stays pending while another player moves (simultaneous
// decisions) keeps its wait: its reminders go on from where they were.
func TestSimultaneousDecisionsKeepTheirWait(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("duo", "together", normal, "ana", "bia")
		w.until(9 * time.Hour)
		res, err := w.referee.Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: 0, Action: engine.Action{"pass"}}, Now: w.now()}) // Ana moves; Bia still owes hers
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Game.State.Pending()) != 1 {
			t.Fatalf("pending %v", res.Game.State.Pending())
		}
		synctest.Wait()
		w.until(12*time.Hour + time.Minute)
		if got := w.out.reminders("bia", winter); !slices.Equal(got, hours(8, 12)) {
			t.Fatalf("Bia's reminders %v, want her wait kept", got)
		}
		if got := w.out.reminders("ana", winter); !slices.Equal(got, hours(8)) {
			t.Fatalf("Ana's reminders %v after she moved", got)
		}
	})
}

// In Vinhos, skip passes where a pass is offered (a move to the Pass
// space, passing in the Magnate draft) with a legal action, and declines
// elsewhere, where the scheduler keeps waiting.
func TestSkipInVinhos(t *testing.T) {
	var st engine.State
	st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Seed: 3, Players: []string{"Ana", "Bia"}})
	if err != nil {
		t.Fatal(err)
	}
	passes, declined := 0, 0
	for moves := 0; moves < 80 && !st.Over(); moves++ {
		seat := st.Pending()[0].Seat
		act, ok, err := engine.Skip(st, seat)
		switch {
		case err != nil:
			t.Fatal(err)
		case ok:
			if act[0] != "pass" && !strings.HasPrefix(act[0], "pass@") {
				t.Fatalf("skip played %v", act)
			}
			if _, _, err := st.Apply(seat, act); err != nil {
				t.Fatalf("the pass %v was refused: %v", act, err)
			}
			passes++
		default:
			declined++
		}
		if act, err = engine.Auto(st, seat); err != nil {
			t.Fatal(err)
		}
		if st, _, err = st.Apply(seat, act); err != nil {
			t.Fatal(err)
		}
	}
	if passes == 0 || declined == 0 {
		t.Fatalf("%d passes and %d decisions without one; want both", passes, declined)
	}
}

// The loop hands the bot's searches to the thinkers and goes on: while
// their one slot is taken, a bot turn waits and a reminder falling due in
// another game goes out on time. Once the slot is free, a game with a
// person in it plays before a game of bots alone that waited as long.
func TestSearchesWaitInTheThinkersNotTheLoop(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		w.thinkers.Slots = 1
		busy := w.thinkers.Acquire(fair.People, "someone else")
		reminded := w.game("nim", "", normal, "cris", "dani")
		alone, err := w.store.Create(adega.Meta{ChannelID: "c-alone", GuildID: "guild",
			Seats: []adega.SeatUser{{Name: "Bot A", Bot: true}, {Name: "Bot B", Bot: true}}},
			engine.Setup{Game: "duo", Mode: "turns", Seed: 1, Players: []string{"Bot A", "Bot B"}, Options: map[string]string{"moves": "4"}}, w.now(), nil)
		if err != nil {
			t.Fatal(err)
		}
		people, err := w.store.Create(adega.Meta{ChannelID: "c-people", GuildID: "guild",
			Seats: []adega.SeatUser{{UserID: "ana", Name: "Ana"}, {Name: "Bia", Bot: true}}},
			engine.Setup{Game: "duo", Mode: "turns", Seed: 1, Players: []string{"Ana", "Bia"}}, w.now(), nil)
		if err != nil {
			t.Fatal(err)
		}
		w.move(people.ID) // Ana's; Bia's turn falls due
		w.until(9 * time.Hour)
		if len(moves(t, w.store, alone.ID)) != 0 || len(moves(t, w.store, people.ID)) != 1 {
			t.Fatal("the bot played while every thinker was busy")
		}
		if got := w.out.reminders(firstPending(t, reminded), winter); !slices.Equal(got, hours(8)) {
			t.Fatalf("while the thinkers were busy, the reminders came at %v, want at 8 h", got)
		}
		busy()
		synctest.Wait()
		var games []string
		for _, s := range w.out.all() {
			if s.Bots != nil {
				games = append(games, s.BotsIn)
			}
		}
		if len(games) < 2 || games[0] != people.ID || slices.Contains(games[1:], people.ID) {
			t.Fatalf("the bot's changes came in games %v, want %s's first, then %s's", games, people.ID, alone.ID)
		}
	})
}

// stopMidSearch stops the scheduler while the bot's search that claim
// makes it claim waits for a thinker (the one slot held by someone else),
// so that the search ends unstored, as a stop or a kill in the middle of
// it would. A restart then starts it again.
func (w *world) stopMidSearch(claim func()) {
	w.thinkers.Slots = 1
	busy := w.thinkers.Acquire(fair.People, "someone else")
	claim()
	stopped := make(chan struct{})
	go func() {
		w.stop()
		close(stopped)
	}()
	synctest.Wait() // the scheduler waits for its search to end
	busy()
	<-stopped
	w.thinkers.Slots = 0
}

// A bot's turn that a stop cut short is played as soon as the bot starts
// again, not a Retry later, and once.
func TestBotTurnResumesAtOnceAfterRestart(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.botGame()
		w.until(time.Hour)
		w.stopMidSearch(func() { w.move(g.ID) }) // Ana's; Bia's turn is claimed
		if log := moves(t, w.store, g.ID); len(log) != 1 {
			t.Fatalf("the stopped search stored %+v", log[1:])
		}
		w.restart()
		w.until(2 * time.Hour)
		w.restart()
		w.until(3 * time.Hour)
		log := moves(t, w.store, g.ID)
		if len(log) != 2 || log[1].Seat != 1 || !log[1].Bot || !log[1].At.Equal(winter.Add(time.Hour)) {
			t.Fatalf("after the restart the log is %+v, want the bot's move for Bia at once, once", log)
		}
		if n := len(slices.DeleteFunc(w.out.all(), func(s sent) bool { return s.Bots == nil })); n != 1 {
			t.Fatalf("the bot's move was announced %d times", n)
		}
	})
}

// An absent player's move under auto that a stop cut short is played as
// soon as the bot starts again.
func TestAbsentMoveResumesAtOnceAfterRestart(t *testing.T) {
	bubble(t, winter, std, func(w *world) {
		g := w.game("duo", "turns", deadlineRules(adega.AbsentAuto), "ana", "bia")
		w.until(72*time.Hour - time.Second)
		w.stopMidSearch(func() { w.until(72 * time.Hour) }) // the deadline's move is claimed
		if log := moves(t, w.store, g.ID); len(log) != 0 {
			t.Fatalf("the stopped search stored %+v", log)
		}
		w.restart()
		w.until(73 * time.Hour)
		log := moves(t, w.store, g.ID)
		if len(log) != 1 || log[0].Seat != 0 || !log[0].Bot || !log[0].At.Equal(winter.Add(72*time.Hour)) {
			t.Fatalf("after the restart the log is %+v, want the bot's move for Ana at once", log)
		}
	})
}
