package bot_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
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
	scale          = flag.Bool("scale", false, "run TestScale (a minute of load on 1,000 stored games)")
	scaleDuration  = flag.Duration("scale.duration", time.Minute, "how long TestScale sends moves")
	scaleRate      = flag.Float64("scale.rate", 20, "moves a second TestScale sends")
	scaleTestChild = flag.Bool("scale.testchild", false, "run TestScale's bot in the test binary, which reports the Go runtime's memory by class and writes profiles, instead of the program")
	scaleCPU       = flag.String("scale.cpuprofile", "", "where the bot of TestScale writes a CPU profile of its life (with -scale.testchild)")
	scaleHeap      = flag.String("scale.heapprofile", "", "where the bot of TestScale writes a heap profile when it stops, and one when its live heap was largest at PATH.peak (with -scale.testchild)")
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

// scaleGame is an active game as the driver follows it. The bot runs in
// another process, which holds the database, so the driver plays each
// move on its own copy of the state as the bot does (typedParts).
type scaleGame struct {
	id, thread string
	seats      []*discordgo.User // by seat
	state      engine.State
	posts      int // turn messages owed so far: one for each move
	rng        *rand.Rand
}

// scaleMove is what the driver saw of one decision.
type scaleMove struct {
	acks []acked
	post time.Duration // from the interaction that played it to its first turn message
}

// scaleDue is a reminder that falls due during the run.
type scaleDue struct {
	g    *scaleGame
	at   time.Time
	user string
}

// TestScale puts a bot with 1,000 stored games under a minute of moves at
// 20 a second while reminders fall due, with the real renderer, and
// reports the acknowledgements, the posts, the reminders' lateness, and
// the bot's Go heap, resident memory and CPU. The bot is the program as an
// operator runs it (adega run), in a process of its own, started on the
// stored games as after a restart, so that its memory and CPU are its own:
// the fake Discord and the driver live in the test's process. Its
// collector reports each collection on its output (GODEBUG=gctrace=1).
// With -scale.testchild the bot runs in the test binary instead (as the
// crash test's does), which also reports the runtime's memory by class
// and writes profiles; its own file, the test binary, is larger. It checks
// that every move is played and every reminder posted once; the figures
// are reported, not asserted (docs/BENCHMARKS.md, Scale).
func TestScale(t *testing.T) {
	if !*scale {
		t.Skip("run with -scale")
	}
	if !*scaleTestChild && (*scaleCPU != "" || *scaleHeap != "") {
		t.Fatal("the profiles are written by the test binary's bot: add -scale.testchild")
	}
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"), fakediscord.WithMentionsRule(), fakediscord.WithoutFileData())
	dir := t.TempDir()
	path := filepath.Join(dir, "adega.db")
	var program string
	if !*scaleTestChild {
		program = buildAdega(t) // before the games, whose run starts 10 seconds after them
	}
	setupStart := time.Now()
	moving, dues, start := scaleStore(t, srv, path)
	logFile, err := os.Create(filepath.Join(dir, "bot.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	stats := filepath.Join(dir, "stats.json")
	var child *exec.Cmd
	var started time.Time // the program's
	if *scaleTestChild {
		child = startChild(t, srv, crashChild{REST: srv.URL(), DB: path, RealBoards: true, Stats: stats,
			CPUProfile: *scaleCPU, HeapProfile: *scaleHeap}, logFile)
	} else {
		child, started = startProgram(t, srv, program, dir, logFile)
	}
	stopped := false
	defer func() {
		if !stopped {
			_ = child.Process.Kill()
			_ = child.Wait()
		}
	}()
	pid := child.Process.Pid
	t.Logf("setup: %d games stored in %v; %d reminders to fall due; the bot is process %d",
		scaleGames, time.Since(setupStart).Round(time.Second), len(dues), pid)
	if wait := time.Until(start); wait > 0 {
		time.Sleep(wait)
	} else {
		t.Fatalf("the setup overran its 10 seconds by %v: the first reminders fell due before the run", -wait)
	}

	// Resident memory of the bot, sampled each second.
	atStart := readMemory(pid)
	exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil {
		t.Fatal(err)
	}
	var filePeak, anonPeak, dbPeak, exePeak uint64
	stopSampling := every(time.Second, func() {
		m, files := readMemory(pid), residentOf(pid, path, exe)
		filePeak, anonPeak = max(filePeak, m["RssFile"]), max(anonPeak, m["RssAnon"])
		dbPeak, exePeak = max(dbPeak, files[0]), max(exePeak, files[1])
	})
	botCPU, ownCPU := childCPU(pid), rusage.CPU()
	h := &harness{t: t, srv: srv} // typeMove only: the bot is the child
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
	for time.Since(start) < *scaleDuration {
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
	end := time.Now()
	botCPU, ownCPU = childCPU(pid)-botCPU, rusage.CPU()-ownCPU
	wg.Wait()
	// Everything owed is posted: a turn message for each move, and the
	// reminders.
	owed := len(dues)
	for _, g := range moving {
		owed += g.posts
	}
	last := waitPosted(t, srv, owed)
	stopSampling()
	atEnd, life := readMemory(pid), childCPU(pid)
	if err := child.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	stopped = true
	if err := child.Wait(); err != nil {
		t.Fatalf("the bot did not stop cleanly: %v (see %s)", err, logFile.Name())
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
	t.Logf("moves: %d sent of %d ticks at %g a second over %v (%d ticks found no game ready), %d confirmations; %d games finished",
		sent, sent+missed, *scaleRate, end.Sub(start).Round(time.Millisecond), missed, confirms, finished)
	t.Logf("acknowledgements: %d, p50 %v, p99 %v, max %v (target p99 under 100 ms: %s)", len(acks),
		roundMS(quantile(acks, 0.5)), roundMS(quantile(acks, 0.99)), roundMS(acks[len(acks)-1]), within(quantile(acks, 0.99).Seconds(), 0.1))
	t.Logf("interaction to turn message: p50 %v, p99 %v, max %v", roundMS(quantile(posts, 0.5)), roundMS(quantile(posts, 0.99)), roundMS(posts[len(posts)-1]))

	// Posts, and the reminders' lateness.
	during, total, again, late := countPosts(t, srv, dues, start, end)
	t.Logf("posts: %d during the run, %.1f a second; %d in all, the last %v after the run; %d sent again with the same nonce, this long after the first copy: %v",
		during, float64(during)/end.Sub(start).Seconds(), total, roundMS(last.Sub(end)), len(again), again)
	store, err := storage.Open(path, engine.NewRegistry(vinhos.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if out, err := store.Outbox(); err != nil || len(out) > 0 {
		t.Errorf("the outbox holds %d messages (%v)", len(out), err)
	}
	var claimed, posted []time.Duration
	for _, d := range dues {
		w, err := store.Waiting(d.g.id)
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
	for _, g := range moving {
		stored, err := store.Load(g.id)
		if err != nil {
			t.Fatal(err)
		}
		a, errA := engine.Encode(stored.State)
		b, errB := engine.Encode(g.state)
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("game %s: the bot's state is not the driver's", g.id)
		}
	}
	slices.Sort(claimed)
	slices.Sort(posted)
	if len(claimed) > 0 && len(posted) > 0 {
		t.Logf("reminders: %d due; late when the scheduler claimed them: p50 %v, max %v; when posted: p50 %v, max %v (target: within a second, the scheduler having no tick: %s)",
			len(dues), roundMS(quantile(claimed, 0.5)), roundMS(claimed[len(claimed)-1]), roundMS(quantile(posted, 0.5)), roundMS(posted[len(posted)-1]),
			within(posted[len(posted)-1].Seconds(), 1))
	}

	// The bot's CPU and memory.
	run := end.Sub(start).Seconds()
	t.Logf("CPU of the bot: %.1f s in the run, %.2f cores, %.1f ms a move sent; of the fake Discord and the driver: %.1f s",
		botCPU.Seconds(), botCPU.Seconds()/run, float64(botCPU.Milliseconds())/float64(sent), ownCPU.Seconds())
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("resident memory of the bot: %.1f MB at the start of the run (%.1f MB anonymous, %.1f MB file-backed); at the end %.1f MB, of which %.1f MB anonymous and %.1f MB file-backed (the mapped database, %.1f MB on disk, which the kernel may drop); at the most %.1f MB (VmHWM), anonymous %.1f MB, file-backed %.1f MB (sampled each second)",
		kb(atStart["VmRSS"]), kb(atStart["RssAnon"]), kb(atStart["RssFile"]),
		kb(atEnd["VmRSS"]), kb(atEnd["RssAnon"]), kb(atEnd["RssFile"]), mb(uint64(info.Size())), kb(atEnd["VmHWM"]), kb(anonPeak), kb(filePeak))
	t.Logf("of the resident memory, at the most (sampled each second): the mapped database %.1f MB, the program's own code and data %.1f MB (%s), anonymous %.1f MB (target of the peak resident memory under 50 MB: %s)",
		kb(dbPeak), kb(exePeak), filepath.Base(exe), kb(anonPeak), within(kb(atEnd["VmHWM"]), 50))
	if !*scaleTestChild {
		gc := readGCTrace(t, logFile.Name(), started)
		t.Logf("Go heap of the bot (its collector's trace): at most %d MB when a collection began, the goal at most %d MB; live after a collection at most %d MB, %d MB after the last; %d collections, %.1f a second in the run; their CPU %.1f s of the bot's %.1f s in its life (%.0f%%; sweeping aside)",
			gc.peakHeap, gc.peakGoal, gc.peakLive, gc.lastLive, gc.count, float64(gc.countAt(end)-gc.countAt(start))/run,
			gc.cpu.Seconds(), life.Seconds(), 100*gc.cpu.Seconds()/life.Seconds())
		return
	}
	heap := readStats(t, stats)
	t.Logf("Go heap of the bot: in use at most %.1f MB (sampled each second), the collector's goal at most %.1f MB; %.1f MB live after a GC when it stopped; %d GCs, which took %.1f s of the bot's %.1f s of CPU in its life (%.0f%%)",
		mb(heap.PeakInuse), mb(heap.PeakGoal), mb(heap.Live), heap.GCs,
		heap.GCCPU.Seconds(), heap.CPU.Seconds(), 100*heap.GCCPU.Seconds()/heap.CPU.Seconds())
	p := heap.AtPeak
	t.Logf("memory the Go runtime held at its most, %.1f MB: heap objects %.1f MB (%.1f MB live at the collection before, the rest garbage since), free heap %.1f MB, stacks %.1f MB, the runtime's own %.1f MB",
		mb(heap.PeakRuntime), mb(p.Objects), mb(p.Live), mb(p.Free), mb(p.Stacks), mb(p.Other))
	t.Logf("anonymous memory beyond the Go runtime's, at the most: %.1f MB (the boards' working images, which render maps outside the heap)",
		kb(anonPeak)-mb(heap.PeakRuntime))
}

// startProgram starts the program as an operator runs it, on the database
// in dir (its data_dir) with the collector's trace on, its output going to
// log, and waits until it is connected to the fake Discord.
func startProgram(t *testing.T, srv *fakediscord.Server, program, dir string, log io.Writer) (*exec.Cmd, time.Time) {
	t.Helper()
	config := filepath.Join(dir, "adega.toml")
	if err := os.WriteFile(config, fmt.Appendf(nil, "token = \"test-token\"\ndiscord_api = %q\ndata_dir = %q\nlog_format = \"json\"\n", srv.URL(), dir), 0o600); err != nil {
		t.Fatal(err)
	}
	identified := len(srv.Identifies())
	child := exec.Command(program, "run", "--config", config)
	child.Env = append(os.Environ(), "GODEBUG=gctrace=1")
	child.Stdout, child.Stderr = log, log
	started := time.Now()
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	waitConnected(t, srv, identified, child)
	return child, started
}

// gcTrace is what a program's collector reported (GODEBUG=gctrace=1), in
// its units: whole MB.
type gcTrace struct {
	count              int
	at                 []time.Duration // when each collection began, from the program's start
	started            time.Time       // when the program was started
	peakHeap, peakGoal int             // the heap when a collection began, and the goal
	peakLive, lastLive int             // live after a collection
	cpu                time.Duration   // the collections' CPU, sweeping aside
}

// countAt is how many collections had begun by t.
func (g gcTrace) countAt(t time.Time) int {
	d := t.Sub(g.started)
	return sort.Search(len(g.at), func(i int) bool { return g.at[i] > d })
}

// gcLine is a line of the collector's trace: "gc 12 @3.456s 4%: ...,
// 30->31->12 MB, 36 MB goal, ...".
var gcLine = regexp.MustCompile(`^gc (\d+) @([0-9.]+)s \d+%: \S+ ms clock, (\S+) ms cpu, (\d+)->(\d+)->(\d+) MB, (\d+) MB goal`)

// readGCTrace reads the collector's trace from the output of the program
// started at started.
func readGCTrace(t *testing.T, path string, started time.Time) gcTrace {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := gcTrace{started: started}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := gcLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n := make([]int, len(m)) // the time and the CPU are not whole numbers
		for i, v := range m {
			n[i], _ = strconv.Atoi(v)
		}
		at, _ := strconv.ParseFloat(m[2], 64)
		g.count = n[1]
		g.at = append(g.at, time.Duration(at*float64(time.Second)))
		// The CPU of the collection's phases, "a+b/c/d+e": stopped, then
		// marking (assists, dedicated, idle), then stopped again.
		for phase := range strings.FieldsFuncSeq(m[3], func(r rune) bool { return r == '+' || r == '/' }) {
			ms, _ := strconv.ParseFloat(phase, 64)
			g.cpu += time.Duration(ms * float64(time.Millisecond))
		}
		g.peakHeap, g.peakGoal = max(g.peakHeap, n[4], n[5]), max(g.peakGoal, n[7])
		g.peakLive, g.lastLive = max(g.peakLive, n[6]), n[6]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if g.count == 0 {
		t.Fatalf("no collection in the program's trace (%s)", path)
	}
	return g
}

// scaleStore stores the games of the scale test in a new database at path
// and returns the games that take moves, the reminders that fall due, and
// when the run starts: the first reminder is due half a step after it.
func scaleStore(t *testing.T, srv *fakediscord.Server, path string) ([]*scaleGame, []scaleDue, time.Time) {
	store, err := storage.Open(path, engine.NewRegistry(vinhos.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	users := make([]*discordgo.User, scaleUsers)
	byID := map[string]*discordgo.User{}
	for k := range users {
		users[k] = srv.NewUser(fmt.Sprintf("p%03d", k))
		byID[users[k].ID] = users[k]
	}
	logs := scaleLogSet(t)
	rng := rand.New(rand.NewPCG(11, 12))
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}
	normal := adega.WaitRules{Pace: "normal", Interval: 8 * time.Hour} // the bot's default pace
	put := func(k int, moves []engine.Move, wait adega.WaitRules, now time.Time) *scaleGame {
		g := &scaleGame{thread: srv.NewChannel("game").ID, rng: rand.New(rand.NewPCG(uint64(k), 13))}
		var seats []adega.SeatUser
		for i, u := range rng.Perm(scaleUsers)[:4] {
			seats = append(seats, adega.SeatUser{UserID: users[u].ID, Name: names[i]})
		}
		stored, err := store.Import(adega.Meta{ChannelID: g.thread, GuildID: srv.GuildID(), Seats: seats, Wait: wait},
			logs[k%scaleLogs].setup, moves, now, nil)
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
		put(k, logs[k%scaleLogs].moves, normal, time.Now())
	}
	part := func(k int) []engine.Move {
		moves := logs[k%scaleLogs].moves
		return moves[:rng.IntN(len(moves)-scaleReserve)]
	}
	var moving []*scaleGame
	for k := range scaleActive - scaleAbsent {
		moving = append(moving, put(k, part(k), normal, time.Now()))
	}
	// The away players' waits began an hour (the fast pace) before their
	// first reminder, which falls due at one of 50 even steps of the run.
	start := time.Now().Add(10 * time.Second)
	var dues []scaleDue
	fast := adega.WaitRules{Pace: "fast", Interval: time.Hour}
	for k := range scaleAbsent {
		at := start.Add(time.Duration(float64(*scaleDuration) * (float64(k) + 0.5) / scaleAbsent)).Truncate(time.Millisecond)
		g := put(k, part(k), fast, at.Add(-time.Hour))
		for _, p := range g.state.Pending() {
			if id := g.seats[p.Seat].ID; !slices.ContainsFunc(dues, func(d scaleDue) bool { return d.g == g && d.user == id }) {
				dues = append(dues, scaleDue{g, at, id})
			}
		}
	}
	return moving, dues, start
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

// scaleMove types a random decision of the game's next seat, follows it on
// the driver's copy of the state, and waits for its first turn message.
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
	// A typed command plays the rest of a turn that a hidden tile paused,
	// where it can be declined; a confirmed one plays what it showed.
	parts := []engine.Action{act}
	var next engine.State
	if len(sent) == 1 {
		parts, next, err = typedParts(g.state, seat, act)
	} else {
		next, _, err = g.state.Apply(seat, act)
	}
	if err != nil {
		return m, fmt.Errorf("%v: %w", act, err)
	}
	g.state = next
	want, n := g.posts+1, 0
	g.posts += len(parts)
	r, err := h.srv.WaitFor(time.Minute, func(r fakediscord.Request) bool {
		if isPost(r) && r.Params["channel_id"] == g.thread {
			n++
		}
		return n >= want
	})
	if err != nil {
		return m, fmt.Errorf("after %v: %w", act, err)
	}
	m.post = r.At.Sub(sent[len(sent)-1].in.SentAt)
	return m, nil
}

// isPost is a message the bot posted.
func isPost(r fakediscord.Request) bool {
	return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Status == 200
}

// waitPosted waits until the fake holds n messages the bot posted, and
// returns when the last one came.
func waitPosted(t *testing.T, srv *fakediscord.Server, n int) time.Time {
	seen := map[string]bool{}
	r, err := srv.WaitFor(5*time.Minute, func(r fakediscord.Request) bool {
		if isPost(r) {
			seen[nonceOf(r)] = true
		}
		return len(seen) >= n
	})
	if err != nil {
		t.Fatalf("%d of %d messages posted: %v", len(seen), n, err)
	}
	return r.At
}

func nonceOf(r fakediscord.Request) string {
	var body struct {
		Nonce string `json:"nonce"`
	}
	_ = r.Decode(&body)
	return body.Nonce
}

// countPosts counts the messages posted during the run and in all, and
// the requests that posted a message again with its nonce (Discord answers
// them with the first copy; how long after it they came), and finds when each reminder was posted,
// against when it fell due.
func countPosts(t *testing.T, srv *fakediscord.Server, dues []scaleDue, start, end time.Time) (during, total int, again []time.Duration, late map[string]time.Duration) {
	first := map[string]time.Time{}
	late = map[string]time.Duration{}
	for _, r := range srv.Requests() {
		if !isPost(r) {
			continue
		}
		var body struct {
			Content string `json:"content"`
			Nonce   string `json:"nonce"`
		}
		if err := r.Decode(&body); err != nil {
			t.Fatal(err)
		}
		if at, ok := first[body.Nonce]; ok {
			again = append(again, roundMS(r.At.Sub(at)))
			continue
		}
		first[body.Nonce] = r.At
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
	return during, total, again, late
}

// within says whether a figure meets its target, or by how much it misses.
func within(got, target float64) string {
	if got <= target {
		return "met"
	}
	return fmt.Sprintf("MISSED by %.0f%%", 100*(got-target)/target)
}

func roundMS(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }
func mb(n uint64) float64                   { return float64(n) / (1 << 20) }
func kb(n uint64) float64                   { return float64(n) / 1024 }

// every calls f now and then every period until the returned stop is
// called.
func every(period time.Duration, f func()) (stop func()) {
	quit := make(chan struct{})
	var done sync.WaitGroup
	done.Go(func() {
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			f()
			select {
			case <-quit:
				return
			case <-tick.C:
			}
		}
	})
	return func() {
		close(quit)
		done.Wait()
	}
}

// readMemory reads the memory lines of a process's /proc status, in kB.
func readMemory(pid int) map[string]uint64 {
	out := map[string]uint64{}
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
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

// residentOf is how many kB of each file named a process's mappings of it
// hold resident (its /proc smaps).
func residentOf(pid int, files ...string) []uint64 {
	out := make([]uint64, len(files))
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps", pid))
	if err != nil {
		return out
	}
	k := -1
	for line := range strings.Lines(string(data)) {
		fields := strings.Fields(line)
		switch {
		case len(fields) >= 5 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":"):
			k = -1 // a mapping's first line: range, permissions, offset, device, inode, name
			if len(fields) == 6 {
				k = slices.Index(files, fields[5])
			}
		case k >= 0 && len(fields) == 3 && fields[0] == "Rss:":
			n, _ := strconv.ParseUint(fields[1], 10, 64)
			out[k] += n
		}
	}
	return out
}

// childCPU is the user and system time a process has used, from its /proc
// stat (in clock ticks of 10 ms, Linux's USER_HZ).
func childCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's closing parenthesis, from the state
	// (field 3): utime and stime are fields 14 and 15.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseUint(fields[11], 10, 64)
	stime, _ := strconv.ParseUint(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// childStats is what the bot of the scale test reports of its Go heap.
type childStats struct {
	PeakInuse uint64 `json:"peak_inuse"` // HeapInuse, sampled each second
	PeakGoal  uint64 `json:"peak_goal"`  // NextGC, sampled each second
	// PeakRuntime is the memory the Go runtime held from the system and
	// had not given back (heap, stacks, its own), sampled each second.
	PeakRuntime uint64 `json:"peak_runtime"`
	Live        uint64 `json:"live"` // HeapAlloc after a GC, when it stopped
	GCs         uint32 `json:"gcs"`
	// AtPeak is what PeakRuntime was made of when it peaked.
	AtPeak runtimeMemory `json:"at_peak"`
	// GCCPU is the CPU the collector took in the bot's life (runtime/metrics
	// /cpu/classes/gc/total), and CPU all the bot's (getrusage).
	GCCPU, CPU time.Duration
}

// runtimeMemory is the Go runtime's memory by what holds it
// (runtime/metrics, /memory/classes and /gc/heap/live).
type runtimeMemory struct {
	Live    uint64 // heap objects marked live by the last collection
	Objects uint64 // heap objects: the live ones and the garbage since
	Free    uint64 // heap memory free for objects, not given back
	Stacks  uint64 // goroutines' stacks
	Other   uint64 // the runtime's own: metadata, buffers, profiling
}

// runtimeSamples are the runtime/metrics the scale test's bot reads.
var runtimeSamples = []string{
	"/gc/heap/live:bytes", "/memory/classes/heap/objects:bytes", "/memory/classes/heap/free:bytes",
	"/memory/classes/heap/unused:bytes", "/memory/classes/heap/stacks:bytes", "/memory/classes/os-stacks:bytes",
	"/memory/classes/total:bytes", "/memory/classes/heap/released:bytes", "/cpu/classes/gc/total:cpu-seconds",
}

// readRuntime reads the runtime's memory by class, what it holds in all,
// and the collector's CPU so far.
func readRuntime() (m runtimeMemory, held uint64, gc time.Duration) {
	samples := make([]metrics.Sample, len(runtimeSamples))
	for i, name := range runtimeSamples {
		samples[i].Name = name
	}
	metrics.Read(samples)
	v := func(i int) uint64 { return samples[i].Value.Uint64() }
	held = v(6) - v(7)
	m = runtimeMemory{Live: v(0), Objects: v(1), Free: v(2) + v(3), Stacks: v(4) + v(5)}
	m.Other = held - m.Objects - m.Free - m.Stacks
	return m, held, time.Duration(samples[8].Value.Float64() * float64(time.Second))
}

// measure starts what the child was asked to measure, and returns what
// writes it when the bot has stopped.
func (c crashChild) measure() (finish func(), err error) {
	if c.CPUProfile != "" {
		f, err := os.Create(c.CPUProfile)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, err
		}
	}
	if c.HeapProfile != "" {
		runtime.MemProfileRate = 16 << 10 // finer than the default 512 KB: the live heap is a few MB
	}
	var s childStats
	var atPeak bytes.Buffer // the heap profile when the live heap was at its most
	var peakLive uint64
	stop := func() {}
	if c.Stats != "" {
		stop = every(time.Second, func() {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			s.PeakInuse, s.PeakGoal = max(s.PeakInuse, m.HeapInuse), max(s.PeakGoal, m.NextGC)
			classes, held, _ := readRuntime()
			if held > s.PeakRuntime {
				s.PeakRuntime, s.AtPeak = held, classes
			}
			if c.HeapProfile != "" && classes.Live > peakLive {
				peakLive = classes.Live
				atPeak.Reset()
				_ = pprof.WriteHeapProfile(&atPeak)
			}
		})
	}
	return func() {
		stop()
		if c.CPUProfile != "" {
			pprof.StopCPUProfile()
		}
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		s.Live, s.GCs = m.HeapAlloc, m.NumGC
		_, _, s.GCCPU = readRuntime()
		s.CPU = rusage.CPU()
		if c.Stats != "" {
			data, _ := json.Marshal(s)
			_ = os.WriteFile(c.Stats, data, 0o644)
		}
		if c.HeapProfile != "" {
			if f, err := os.Create(c.HeapProfile); err == nil {
				_ = pprof.WriteHeapProfile(f)
				f.Close()
			}
			_ = os.WriteFile(c.HeapProfile+".peak", atPeak.Bytes(), 0o644)
		}
	}, nil
}

func readStats(t *testing.T, path string) childStats {
	var s childStats
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		t.Fatalf("the bot's heap figures: %v", err)
	}
	return s
}
