package bot_test

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/storage"
)

// The scale test runs only when asked:
//
//	go test ./bot -run TestScale -scale -v
var (
	scale         = flag.Bool("scale", false, "run TestScale (a minute of load on 1,000 stored games)")
	scaleDuration = flag.Duration("scale.duration", time.Minute, "how long TestScale sends moves")
	scaleRate     = flag.Float64("scale.rate", 20, "moves a second TestScale sends")
	scaleHeap     = flag.String("scale.heapprofile", "", "where TestScale writes a heap profile taken after the run, the bot still running")
)

// The stored games of the scale test: 1,000 games of 4 players, 200 of
// them active. In 50 of the active games the players who must act are
// away: nobody moves there, and one reminder falls due in each during the
// run. The other 150 take the moves.
const (
	scaleGames   = 1000
	scaleActive  = 200
	scaleAbsent  = 50
	scaleUsers   = 300
	scaleLogs    = 40 // distinct random games the stored ones are drawn from
	scaleReserve = 30 // moves left at least in an active game
)

// scaleGame is an active game the driver moves.
type scaleGame struct {
	id, thread string
	seats      []*discordgo.User // by seat
	state      engine.State
	rng        *rand.Rand
}

// scaleMove is what the driver saw of one move.
type scaleMove struct {
	acks []acked
	post time.Duration // from the interaction that played it to its turn message
}

// TestScale puts a bot with 1,000 stored games under a minute of moves at
// 20 a second while reminders fall due, on the fake Discord with the real
// renderer, and reports the acknowledgements, the posts, the reminders'
// lateness, the Go heap and the resident memory. It checks that every
// move is played and every reminder posted once; the figures are
// reported, not asserted (docs/BENCHMARKS.md, Scale).
func TestScale(t *testing.T) {
	if !*scale {
		t.Skip("run with -scale")
	}
	h := openHarness(t, realBoards, fakediscord.WithoutFileData())
	users := make([]*discordgo.User, scaleUsers)
	byID := map[string]*discordgo.User{}
	for k := range users {
		users[k] = h.srv.NewUser(fmt.Sprintf("p%03d", k))
		byID[users[k].ID] = users[k]
	}
	setupStart := time.Now()
	logs := scaleLogSet(t)
	rng := rand.New(rand.NewPCG(11, 12))
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}
	store := func(k int, moves []engine.Move, wait storage.WaitRules, now time.Time) *scaleGame {
		g := &scaleGame{thread: h.srv.NewChannel("game").ID, rng: rand.New(rand.NewPCG(uint64(k), 13))}
		var seats []storage.SeatUser
		for i, u := range rng.Perm(scaleUsers)[:4] {
			seats = append(seats, storage.SeatUser{UserID: users[u].ID, Name: names[i]})
		}
		log := logs[k%scaleLogs]
		stored, err := h.store.Import(storage.Meta{ChannelID: g.thread, GuildID: h.srv.GuildID(), Seats: seats, Wait: wait},
			log.setup, moves, now, nil)
		if err != nil {
			t.Fatal(err)
		}
		g.id, g.state = stored.ID, stored.State
		for _, su := range stored.Meta.Seats {
			g.seats = append(g.seats, byID[su.UserID])
		}
		return g
	}
	for k := range scaleGames - scaleActive {
		store(k, logs[k%scaleLogs].moves, h.reminders.NewGame(), time.Now())
	}
	active := func(k int) []engine.Move {
		moves := logs[k%scaleLogs].moves
		return moves[:rng.IntN(len(moves)-scaleReserve)]
	}
	var moving []*scaleGame
	for k := range scaleActive - scaleAbsent {
		moving = append(moving, store(k, active(k), h.reminders.NewGame(), time.Now()))
	}
	// The away players' waits began an hour (the fast pace) before their
	// first reminder, which falls due at one of 50 even steps of the run.
	start := time.Now().Add(10 * time.Second)
	dur := *scaleDuration
	type due struct {
		g    *scaleGame
		at   time.Time
		user string
	}
	var dues []due
	fast := storage.WaitRules{Pace: "fast", Interval: time.Hour}
	for k := range scaleAbsent {
		at := start.Add(time.Duration(float64(dur) * (float64(k) + 0.5) / scaleAbsent)).Truncate(time.Millisecond)
		g := store(k, active(k), fast, at.Add(-time.Hour))
		for _, p := range g.state.Pending() {
			if id := g.seats[p.Seat].ID; !slices.ContainsFunc(dues, func(d due) bool { return d.g == g && d.user == id }) {
				dues = append(dues, due{g, at, id})
			}
		}
	}
	logs = nil
	// The bot starts on the stored games as after a restart: nothing cached.
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	var err error
	if h.store, err = storage.Open(h.path, engine.NewRegistry(vinhos.Game{})); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	h.start()
	t.Logf("setup: %d games stored in %v; %d reminders to fall due", scaleGames, time.Since(setupStart).Round(time.Second), len(dues))
	if wait := time.Until(start); wait > 0 {
		time.Sleep(wait)
	} else {
		t.Fatalf("the setup overran its 10 seconds by %v: the first reminders fell due before the run", -wait)
	}

	mem := sampleMemory()
	cpu := rusage.CPU()
	var (
		mu       sync.Mutex
		done     []scaleMove
		finished int
		wg       sync.WaitGroup
	)
	ready := make(chan *scaleGame, len(moving))
	for _, k := range rand.Perm(len(moving)) {
		ready <- moving[k]
	}
	play := func(g *scaleGame) {
		m, err := h.scaleMove(g)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			t.Errorf("game %s: %v", g.id, err)
			return // the game leaves the run
		case g.state.Over():
			finished++
		default:
			ready <- g
		}
		done = append(done, m)
	}
	tick := time.NewTicker(time.Duration(float64(time.Second) / *scaleRate))
	sent, missed := 0, 0
	for time.Since(start) < dur {
		<-tick.C
		select {
		case g := <-ready:
			sent++
			wg.Go(func() { play(g) })
		default:
			missed++ // every game still waits for its last turn message
		}
	}
	tick.Stop()
	end, runCPU := time.Now(), rusage.CPU()-cpu
	wg.Wait()
	h.settleWithin(5 * time.Minute)
	drained := time.Now()
	mem.stop()
	afterRun := readMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.GC()
	var live runtime.MemStats
	runtime.ReadMemStats(&live)
	if *scaleHeap != "" {
		writeHeapProfile(t, *scaleHeap)
	}

	// Acknowledgements and turn messages.
	var acks, posts []time.Duration
	confirms := 0
	for _, m := range done {
		for _, a := range m.acks {
			acks = append(acks, a.ack)
		}
		confirms += len(m.acks) - 1
		posts = append(posts, m.post)
	}
	slices.Sort(acks)
	slices.Sort(posts)
	if len(acks) == 0 {
		t.Fatal("no move was acknowledged")
	}
	t.Logf("moves: %d sent of %d ticks at %.0f a second over %v (%d ticks found no game ready), %d confirmations; %d games finished",
		sent, sent+missed, *scaleRate, end.Sub(start).Round(time.Millisecond), missed, confirms, finished)
	t.Logf("acknowledgements: %d, p50 %v, p99 %v, max %v (target p99 under 100ms: %s)", len(acks),
		quantile(acks, 0.5), quantile(acks, 0.99), acks[len(acks)-1], within(quantile(acks, 0.99).Seconds(), 0.1))
	t.Logf("interaction to turn message: p50 %v, p99 %v, max %v", quantile(posts, 0.5), quantile(posts, 0.99), posts[len(posts)-1])

	// Posts, and the reminders' lateness. A message sent again with its
	// nonce is the same message (Discord answers with the first copy).
	var during, total, again int
	nonces := map[string]bool{}
	late := map[string]time.Duration{}
	for _, r := range h.srv.Requests() {
		if r.Method != "POST" || r.Route != "/channels/{channel_id}/messages" || r.Status != 200 {
			continue
		}
		var body struct {
			Content string `json:"content"`
			Nonce   string `json:"nonce"`
		}
		if err := r.Decode(&body); err != nil {
			t.Fatal(err)
		}
		if nonces[body.Nonce] {
			again++
			continue
		}
		nonces[body.Nonce] = true
		total++
		if !r.At.Before(start) && r.At.Before(end) {
			during++
		}
		for _, d := range dues {
			if r.Params["channel_id"] == d.g.thread && strings.Contains(body.Content, "Reminder 1 for <@"+d.user+">") {
				if _, twice := late[d.g.id+d.user]; twice {
					t.Errorf("game %s: two reminders 1 for %s", d.g.id, d.user)
				}
				late[d.g.id+d.user] = r.At.Sub(d.at)
			}
		}
	}
	t.Logf("posts: %d during the run, %.1f a second; %d in all, the last %v after the run (outbox empty); %d sent again with the same nonce",
		during, float64(during)/end.Sub(start).Seconds(), total, drained.Sub(end).Round(time.Millisecond), again)
	var claimed, posted []time.Duration
	for _, d := range dues {
		w, err := h.store.Waiting(d.g.id)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range w.SeatsOf(d.user) {
			if s.Reminders != 1 {
				t.Errorf("game %s: %s got %d reminders, want 1", d.g.id, d.user, s.Reminders)
			} else {
				claimed = append(claimed, s.LastReminder.Sub(d.at))
			}
		}
		if l, ok := late[d.g.id+d.user]; ok {
			posted = append(posted, l)
		} else {
			t.Errorf("game %s: no reminder for %s", d.g.id, d.user)
		}
	}
	slices.Sort(claimed)
	slices.Sort(posted)
	if len(claimed) > 0 && len(posted) > 0 {
		t.Logf("reminders: %d due; late when the scheduler claimed them: p50 %v, max %v; when posted: p50 %v, max %v (target: within a second, the scheduler having no tick: %s)",
			len(dues), quantile(claimed, 0.5), claimed[len(claimed)-1], quantile(posted, 0.5), posted[len(posted)-1],
			within(posted[len(posted)-1].Seconds(), 1))
	}

	// CPU and memory.
	t.Logf("CPU: %.1f s in the run, %.2f cores, %.1f ms a move sent (the bot, the fake Discord and the driver)",
		runCPU.Seconds(), runCPU.Seconds()/end.Sub(start).Seconds(), float64(runCPU.Milliseconds())/float64(sent))
	var fake int
	for _, r := range h.srv.Requests() {
		fake += len(r.JSON)
	}
	t.Logf("Go heap: in use %.1f MB at the end, %.1f MB at the most (sampled each second; target under 50 MB: %s), the collector's goal at most %.1f MB; %.1f MB live after a GC, of which the fake Discord's request log holds %.1f MB",
		mb(ms.HeapInuse), mb(mem.peakHeap), within(mb(mem.peakHeap), 50), mb(mem.peakGoal), mb(live.HeapAlloc), mb(uint64(fake)))
	info, err := os.Stat(h.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("resident: %.1f MB at the end (anonymous %.1f MB, file-backed %.1f MB: the mapped database, %.1f MB on disk, which the kernel may drop); at the most %.1f MB (VmHWM), file-backed %.1f MB",
		kb(afterRun["VmRSS"]), kb(afterRun["RssAnon"]), kb(afterRun["RssFile"]), mb(uint64(info.Size())), kb(afterRun["VmHWM"]), kb(mem.peakFile))
}

// scaleLog is a whole random game of 4 players.
type scaleLog struct {
	setup engine.Setup
	moves []engine.Move
}

// scaleLogSet plays the random games the stored ones are drawn from,
// every decision built from Choices.
func scaleLogSet(t *testing.T) []scaleLog {
	logs := make([]scaleLog, scaleLogs)
	var wg sync.WaitGroup
	for k := range logs {
		wg.Go(func() {
			setup := engine.Setup{Game: "vinhos", Rules: engine.LatestRules(vinhos.Game{}), Seed: uint64(k + 1), Players: []string{"Ana", "Bruno", "Carla", "Duarte"}}
			st, _, err := vinhos.Game{}.New(setup)
			if err != nil {
				t.Error(err)
				return
			}
			rng := rand.New(rand.NewPCG(uint64(k), 14))
			logs[k].setup = setup
			for !st.Over() {
				seat := st.Pending()[0].Seat
				act, err := randomTyped(st, seat, rng)
				if err == nil {
					st, _, err = st.Apply(seat, act)
				}
				if err != nil {
					t.Error(err)
					return
				}
				logs[k].moves = append(logs[k].moves, engine.Move{Seat: seat, Action: act})
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return logs
}

// scaleMove plays a random decision of the game's next seat and waits for
// its turn messages.
func (h *harness) scaleMove(g *scaleGame) (scaleMove, error) {
	seat := g.state.Pending()[0].Seat
	act, err := randomTyped(g.state, seat, g.rng)
	if err != nil {
		return scaleMove{}, err
	}
	sent, err := h.typeMove(h.srv.InGuild(g.seats[seat], g.thread), act)
	m := scaleMove{acks: sent}
	if err != nil {
		return m, err
	}
	before := g.state
	stored, err := h.store.Load(g.id)
	if err != nil {
		return m, err
	}
	g.state = stored.State
	// One turn message for each change of the game.
	want, n := int(stored.Stamp)-1, 0
	played := sent[len(sent)-1].in
	r, err := h.srv.WaitFor(time.Minute, func(r fakediscord.Request) bool {
		if r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Status == 200 && r.Params["channel_id"] == g.thread {
			n++
		}
		return n >= want
	})
	if err != nil {
		return m, fmt.Errorf("after %v (from %s): %w", act, before.Phase(), err)
	}
	m.post = r.At.Sub(played.SentAt)
	return m, nil
}

// within says whether a figure meets its target, and by how much it
// misses it.
func within(got, target float64) string {
	if got <= target {
		return "met"
	}
	return fmt.Sprintf("MISSED by %.0f%%", 100*(got-target)/target)
}

func mb(n uint64) float64 { return float64(n) / (1 << 20) }
func kb(n uint64) float64 { return float64(n) / 1024 }

func writeHeapProfile(t *testing.T, path string) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
}

// readMemory reads the process's memory lines of /proc/self/status, in kB.
func readMemory() map[string]uint64 {
	out := map[string]uint64{}
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if fields := strings.Fields(value); ok && len(fields) == 2 && fields[1] == "kB" {
			out[key], _ = strconv.ParseUint(fields[0], 10, 64)
		}
	}
	return out
}

// memorySampler keeps the largest Go heap in use, heap goal of the
// collector and file-backed resident memory seen, sampled each second.
type memorySampler struct {
	peakHeap, peakGoal, peakFile uint64
	quit                         chan struct{}
	done                         sync.WaitGroup
}

func sampleMemory() *memorySampler {
	s := &memorySampler{quit: make(chan struct{})}
	s.done.Go(func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			s.peakHeap = max(s.peakHeap, ms.HeapInuse)
			s.peakGoal = max(s.peakGoal, ms.NextGC)
			s.peakFile = max(s.peakFile, readMemory()["RssFile"])
			select {
			case <-s.quit:
				return
			case <-tick.C:
			}
		}
	})
	return s
}

func (s *memorySampler) stop() {
	close(s.quit)
	s.done.Wait()
}
