package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/storage"
)

// The crash test runs the bot in a child process (this test binary again,
// told so by crashEnv) and kills it at random moments while a player plays
// and takes moves back through the fake Discord, which lives in the test's
// own process and outlives every child. The scale test runs the bot in a
// child too, to measure its memory and CPU apart from the fake's.

const crashEnv = "ADEGA_CRASH_CHILD"

// crashChild is what the child is told: where the fake Discord and the
// database are, and for the scale test, how to draw and what to measure.
type crashChild struct {
	REST string `json:"rest"`
	DB   string `json:"db"`
	// Grace is the bot's ShutdownGrace.
	Grace time.Duration `json:"grace,omitempty"`
	// RealBoards draws with the real renderer instead of plain cards.
	RealBoards bool `json:"real_boards,omitempty"`
	// Stats, CPUProfile and HeapProfile are where the child writes its
	// heap figures (childStats), a CPU profile of its life, and a heap
	// profile when it stops.
	Stats       string `json:"stats,omitempty"`
	CPUProfile  string `json:"cpu_profile,omitempty"`
	HeapProfile string `json:"heap_profile,omitempty"`
	// Clock has the child tell its CPU time: on each request to Discord
	// and when the parent asks (cpuClock, path_bench_test.go).
	Clock bool `json:"clock,omitempty"`
}

func TestMain(m *testing.M) {
	if cfg := os.Getenv(crashEnv); cfg != "" {
		os.Exit(runCrashChild(cfg))
	}
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// runCrashChild serves as the bot until it is killed, or stopped with
// SIGTERM.
func runCrashChild(cfg string) int {
	var c crashChild
	if err := json.Unmarshal([]byte(cfg), &c); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	bot.TuneGC(os.Getenv) // the collector as the program sets it
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	store, err := storage.Open(c.DB, engine.NewRegistry(vinhos.Game{}))
	if err != nil {
		logger.Error("open", "err", err)
		return 2
	}
	defer store.Close()
	transport, err := fakediscord.Redirect(c.REST)
	if err != nil {
		logger.Error("redirect", "err", err)
		return 2
	}
	if c.Clock {
		transport = cpuClock(transport)
	}
	var drawer commands.Drawer = summaryDrawer{}
	if c.RealBoards {
		drawer = realBoards
	}
	finish, err := c.measure()
	if err != nil {
		logger.Error("measure", "err", err)
		return 2
	}
	defer finish()
	handler := commands.Config{Store: store, Games: engine.NewRegistry(vinhos.Game{}), Drawer: drawer, Log: logger, Now: time.Now}
	botCfg := bot.Config{Token: "test-token", Transport: transport, ShutdownGrace: c.Grace}
	b, err := bot.New(botCfg, handler, logger)
	if err != nil {
		logger.Error("new", "err", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := b.Run(ctx); err != nil {
		logger.Error("run", "err", err)
		return 1
	}
	return 0
}

// crashRun is the parent's side: the fake Discord, the database the
// children share, and what the player was told.
type crashRun struct {
	t       *testing.T
	srv     *fakediscord.Server
	db      string
	log     *os.File
	player  *discordgo.User
	game    *adega.Game // as the database held it when the last child died
	thread  string
	threads map[string]string // game ID → its thread
	acked   []string          // interactions of moves the bot acknowledged
	child   *exec.Cmd
	grace   time.Duration // the children's ShutdownGrace
	// sent, if set, is called once an interaction has been sent, before
	// its answer is awaited; then it is cleared.
	sent func()
	// last is the previous typed move and when it was answered: a player
	// who types the same again waits to read the answer first, or the bot
	// takes it for a copy sent by mistake.
	last   string
	lastAt time.Time
}

// TestCrashSafety plays a solo game (and the next, when one ends) into a
// bbolt file while the bot is killed at random moments, at least 200 times:
// no acknowledged move is lost, and every change of every game is posted
// exactly once: as many turn messages as changes, none twice, none left in
// the outbox.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("kills the bot 200 times")
	}
	if raceEnabled {
		t.Skip("the race detector makes each of the 200 lives several times slower; the plain run covers it")
	}
	r := newCrashRun(t)
	rng := rand.New(rand.NewPCG(11, 12))
	const lives = 200
	moves := 0
	for life := range lives {
		r.reload()
		r.start(life)
		// Kill the child at a random moment of its work: from its first
		// interaction to a few moves later.
		killAt := time.Now().Add(time.Duration(rng.IntN(250)) * time.Millisecond)
		for time.Now().Before(killAt) {
			if !r.playOne(rng, killAt) {
				break
			}
			moves++
		}
		r.kill()
	}
	// Last lives deliver whatever the others owed, then stop cleanly. A
	// busy machine makes a life deliver less, never lose a message: the
	// lives go on, each twice as long, up to half a minute.
	for life := time.Second; life <= 32*time.Second; life *= 2 {
		r.reload()
		r.start(lives)
		time.Sleep(life)
		r.stop()
		if len(r.outbox()) == 0 {
			break
		}
	}
	r.verify()
	t.Logf("%d lives, %d moves and undos acknowledged, %d games", lives+1, moves, len(r.threads))
}

// newCrashRun makes the fake Discord, the player and the children's log,
// with no game yet.
func newCrashRun(t *testing.T) *crashRun {
	dir := t.TempDir()
	r := &crashRun{t: t, srv: fakediscord.New(t, fakediscord.WithToken("test-token"), fakediscord.WithMentionsRule()),
		db: filepath.Join(dir, "adega.db"), threads: map[string]string{}}
	var err error
	if r.log, err = os.Create(filepath.Join(dir, "children.log")); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.log.Close() })
	r.player = r.srv.NewUser("ana")
	return r
}

// open opens the database while no child holds it.
func (r *crashRun) open() *storage.Store {
	r.t.Helper()
	store, err := storage.Open(r.db, engine.NewRegistry(vinhos.Game{}))
	if err != nil {
		r.t.Fatal(err)
	}
	return store
}

// reload opens the database between lives: the game as committed, or a
// new one when it is over.
func (r *crashRun) reload() {
	r.t.Helper()
	store := r.open()
	defer store.Close()
	var err error
	if r.game != nil {
		if r.game, err = store.Load(r.game.ID); err != nil {
			r.t.Fatal(err)
		}
	}
	if r.game == nil || r.game.State.Over() {
		r.thread = r.srv.NewChannel("solo").ID
		r.game, err = store.Create(adega.Meta{ChannelID: r.thread, GuildID: r.srv.GuildID(), Seats: []adega.SeatUser{{UserID: r.player.ID, Name: "Ana"}}},
			engine.Setup{Game: "vinhos", Mode: "solo", Seed: uint64(len(r.threads) + 1), Players: []string{"Ana"}}, time.Now(), nil)
		if err != nil {
			r.t.Fatal(err)
		}
		r.threads[r.game.ID] = r.thread
	}
}

func (r *crashRun) start(life int) {
	r.t.Helper()
	fmt.Fprintf(r.log, "=== life %d\n", life)
	r.child = startChild(r.t, r.srv, crashChild{REST: r.srv.URL(), DB: r.db, Grace: r.grace}, r.log)
}

// startChild starts the bot in a child process, its output going to log
// and extra given as its files from descriptor 3, and waits until it is
// connected to the fake Discord.
func startChild(t testing.TB, srv *fakediscord.Server, c crashChild, log io.Writer, extra ...*os.File) *exec.Cmd {
	t.Helper()
	identified := len(srv.Identifies())
	cfg, _ := json.Marshal(c)
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), crashEnv+"="+string(cfg))
	child.Stdout, child.Stderr = log, log
	child.ExtraFiles = extra
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	waitConnected(t, srv, identified, child)
	return child
}

// waitConnected waits until child, started when the fake had seen
// identified identifies, is connected to the fake Discord.
func waitConnected(t testing.TB, srv *fakediscord.Server, identified int, child *exec.Cmd) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); len(srv.Identifies()) <= identified; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			_ = child.Process.Kill()
			t.Fatal("the bot did not connect")
		}
	}
	if err := srv.WaitReady(30 * time.Second); err != nil {
		t.Fatal(err)
	}
}

func (r *crashRun) kill() {
	_ = r.child.Process.Kill()
	_ = r.child.Wait()
}

func (r *crashRun) stop() {
	_ = r.child.Process.Signal(syscall.SIGTERM)
	if err := r.child.Wait(); err != nil {
		r.t.Fatalf("the bot did not stop cleanly: %v", err)
	}
}

// playOne makes the player's next decision, or takes their last one back,
// and reports whether the bot acknowledged it before until.
func (r *crashRun) playOne(rng *rand.Rand, until time.Time) bool {
	g := r.game
	if g.State.Over() {
		return false
	}
	at := r.srv.InGuild(r.player, r.thread)
	last := commandStart(g.Log)
	var in fakediscord.Interaction
	undo := last >= 0 && !revealedSince(g.Log[last:]) && rng.IntN(4) == 0
	act, err := engine.Auto(g.State, 0)
	if err != nil {
		r.t.Fatal(err)
	}
	if len(act) > 8 { // more steps than a command takes: pass instead
		if pass, ok, err := engine.Skip(g.State, 0); err == nil && ok {
			act = pass
		}
	}
	switch {
	case undo:
		in = r.srv.SlashCommand(at, "vinhos", fakediscord.Subcommand("undo"))
	case len(act) > 8:
		r.t.Fatalf("no decision of at most 8 steps at %s", g.State.Phase())
	default:
		if act.String() == r.last {
			time.Sleep(time.Until(r.lastAt.Add(1100 * time.Millisecond)))
		}
		in = r.srv.SlashCommand(at, "vinhos", typed(act))
	}
	reply, ok := r.answer(in, until)
	if !ok {
		return false
	}
	if strings.Contains(reply, "to confirm") {
		view := r.lastPrivate()
		in = r.srv.Button(at, view.ID, buttonID(r.t, view.Message, "Confirm"))
		if reply, ok = r.answer(in, until); !ok {
			return false
		}
	}
	switch {
	case undo && strings.Contains(reply, "Done"):
		moves := r.game.Moves()[:last]
		r.replay(moves)
	case !undo && strings.HasPrefix(reply, "Played"):
		r.acked = append(r.acked, in.ID)
		r.last, r.lastAt = act.String(), time.Now()
		parts, _, err := typedParts(g.State, 0, act)
		if err != nil {
			r.t.Fatal(err)
		}
		moves := r.game.Moves()
		start := len(moves)
		for _, p := range parts {
			moves = append(moves, engine.Move{Seat: 0, Action: p})
		}
		r.replay(moves)
		for k := start + 1; k < len(moves); k++ {
			r.game.Log[k].Typed = commands.PartTyped(act.String(), k-start+1)
		}
	default:
		r.t.Fatalf("unexpected answer %q", reply)
	}
	return true
}

// commandStart is the index of the first log entry of the last command
// (a typed command played in parts marks its later parts), which an undo
// takes back whole; -1 for an empty log.
func commandStart(log []adega.LogEntry) int {
	last := len(log) - 1
	for last > 0 && strings.Contains(log[last].Typed, " (part ") {
		last--
	}
	return last
}

// revealedSince reports whether any of entries revealed something.
func revealedSince(entries []adega.LogEntry) bool {
	for _, e := range entries {
		if engine.Revealed(e.Events) {
			return true
		}
	}
	return false
}

// replay makes the local view of the game the one moves lead to.
func (r *crashRun) replay(moves []engine.Move) {
	state, events, err := engine.Replay(vinhos.Game{}, r.game.Setup, moves)
	if err != nil {
		r.t.Fatal(err)
	}
	g := *r.game
	g.State, g.Log = state, nil
	for k, m := range moves {
		e := adega.LogEntry{Seat: m.Seat, Action: m.Action, Events: events[k]}
		if k < len(r.game.Log) {
			e.Typed = r.game.Log[k].Typed // the moves kept keep their marks
		}
		g.Log = append(g.Log, e)
	}
	r.game = &g
}

// answer waits for the bot's answer to in until the child is due to die.
func (r *crashRun) answer(in fakediscord.Interaction, until time.Time) (string, bool) {
	if sent := r.sent; sent != nil {
		r.sent = nil
		sent()
	}
	req, err := r.srv.WaitFor(max(time.Until(until), 0)+200*time.Millisecond, in.IsCallback)
	if err != nil {
		return "", false
	}
	var a answer
	if err := req.Decode(&a); err != nil || a.Data == nil {
		return "", false
	}
	return a.Data.Content, true
}

func (r *crashRun) lastPrivate() fakediscord.Message {
	msgs := r.srv.Messages(r.thread)
	for k := len(msgs) - 1; k >= 0; k-- {
		if msgs[k].Flags&discordgo.MessageFlagsEphemeral != 0 {
			return msgs[k]
		}
	}
	r.t.Fatal("no private message")
	return fakediscord.Message{}
}

func (r *crashRun) outbox() []adega.Outgoing {
	store := r.open()
	defer store.Close()
	out, err := store.Outbox()
	if err != nil {
		r.t.Fatal(err)
	}
	return out
}

// verify checks the promises: every acknowledged move is stored, and every
// change of every game was posted once.
func (r *crashRun) verify() {
	r.t.Helper()
	store := r.open()
	defer store.Close()
	if out, _ := store.Outbox(); len(out) != 0 {
		r.t.Errorf("%d messages were never delivered: %+v", len(out), out[0])
	}
	lost := 0
	for _, id := range r.acked {
		if done, err := store.Handled(id); err != nil || !done {
			lost++
		}
	}
	if lost > 0 {
		r.t.Errorf("%d of %d acknowledged moves were lost", lost, len(r.acked))
	}
	for id, thread := range r.threads {
		g, err := store.Load(id)
		if err != nil {
			r.t.Fatal(err)
		}
		postedOnce(r.t, r.srv, g, thread)
	}
}

// postedOnce checks that every change of g was posted in channel once:
// every change made the stamp grow by one and queued one message; the
// change that ended the game queued its ending too.
func postedOnce(t testing.TB, srv *fakediscord.Server, g *adega.Game, channel string) {
	t.Helper()
	var turns, endings int
	for _, m := range srv.Messages(channel) {
		switch {
		case m.Flags&discordgo.MessageFlagsEphemeral != 0:
		case strings.HasPrefix(m.Content, "**Your daily digest**"): // in the DMs of a solo game
		case strings.Contains(m.Content, "move by move"):
			endings++
		default:
			turns++
		}
	}
	if changes := int(g.Stamp) - 1; turns != changes {
		t.Errorf("game %s changed %d times; its channel has %d turn messages", g.ID, changes, turns)
	}
	if over := g.State.Over(); over && endings != 1 || !over && endings != 0 {
		t.Errorf("game %s (over: %v) has %d endings", g.ID, over, endings)
	}
}
