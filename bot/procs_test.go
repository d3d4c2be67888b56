package bot_test

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/storage"
)

// The processes' harness: the program, built once, started as several
// processes, each running its shards of a count from its own data_dir,
// against one fake Discord on loopback (discord_api), which routes each
// server's interactions to its shard's process and DMs to shard 0's. A
// test adds to every process's config with fleet.extra (a section of its
// own, such as [cluster]).

// processWait bounds every wait for the processes: long, for a loaded
// machine under -race; a healthy run waits far less.
const processWait = time.Minute

// fleet is the bot run as processes against one fake Discord.
type fleet struct {
	t     testing.TB
	bin   string // the program
	dir   string // the processes' data_dirs and configs
	srv   *fakediscord.Server
	count int // shard_count
	procs []*fleetProcess
	rate  float64 // global_rate, the fake's too
	// extra, if set, is more TOML for process k's config, at its end.
	extra func(k int) string
	// clock moves the fake's clock past max_concurrency's window before a
	// process starts again, rather than waiting it out.
	clock atomic.Int64
	log   *os.File // every process's output
	// endpoints, if set, have process k serve interactions with `run
	// --http` at endpoints[k], checking signatures of key (overHTTP).
	endpoints []string
	key       ed25519.PrivateKey
}

// process is one of the fleet's: the shards it runs and its files.
type fleetProcess struct {
	shards  []int
	dataDir string
	cmd     *exec.Cmd
	log     *os.File // its own output, also in the fleet's log
}

// newFleet makes a fleet of processes, process k running the shards
// shards[k] of count; none is started. The fake asks for count shards,
// lets max_concurrency = 3 identify at once, and counts the global rate
// over every process; the processes' global_rate is the fake's.
func newFleet(t testing.TB, count int, rate float64, shards ...[]int) *fleet {
	c := &fleet{t: t, count: count, rate: rate, bin: buildAdega(t)}
	c.srv = fakediscord.New(t, fakediscord.WithToken("test-token"), fakediscord.WithMentionsRule(),
		fakediscord.WithSharding(count, 3), fakediscord.WithGlobalRate(int(rate)),
		fakediscord.WithClock(func() time.Time { return time.Now().Add(time.Duration(c.clock.Load())) }))
	c.dir = t.TempDir()
	var err error
	if c.log, err = os.Create(filepath.Join(c.dir, "processes.log")); err != nil {
		t.Fatal(err)
	}
	c.place(shards)
	t.Cleanup(func() {
		for _, p := range c.procs {
			if p.cmd != nil {
				_ = p.cmd.Process.Kill()
				_ = p.cmd.Wait()
			}
		}
		c.place(nil)
		c.log.Close()
		if t.Failed() {
			if out, err := os.ReadFile(c.log.Name()); err == nil {
				t.Logf("the processes' log:\n%s", out)
			}
		}
	})
	return c
}

// built is the program, built once for every test that runs it, in a
// folder TestMain removes.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// buildAdega builds the program as the tests run (with the race detector
// if they have it), once, and returns its path.
func buildAdega(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "adega-bin-"); built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "adega")
		args := []string{"build", "-o", built.path}
		if raceEnabled {
			args = append(args, "-race")
		}
		build := exec.Command("go", append(args, "./cmd/bot")...)
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go %s: %v\n%s", strings.Join(build.Args[1:], " "), err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// place makes process k run shards[k], from the data_dir processK.
func (c *fleet) place(shards [][]int) {
	for _, p := range c.procs {
		if p.log != nil {
			p.log.Close()
		}
	}
	c.procs = nil
	for k, ids := range shards {
		c.procs = append(c.procs, &fleetProcess{shards: ids, dataDir: filepath.Join(c.dir, fmt.Sprintf("process%d", k))})
	}
}

// writeConfig writes process k's config file and returns its path.
func (c *fleet) writeConfig(t testing.TB, k int) string {
	t.Helper()
	p := c.procs[k]
	extra := ""
	if c.extra != nil {
		extra = c.extra(k)
	}
	config := p.dataDir + ".toml"
	if err := os.WriteFile(config, []byte(processConfig(c.srv.URL(), p.dataDir, p.shards, c.count, c.rate, extra)), 0o600); err != nil {
		t.Fatal(err)
	}
	return config
}

// processConfig is the config file of a process running shards of count
// from dataDir, spending its share of rate, with extra at its end. The AI
// thinks briefly, so the bot's seats play quickly, but at hard long enough
// for a kill to land in the middle of a decision (TestProcesses).
func processConfig(discord, dataDir string, shards []int, count int, rate float64, extra string) string {
	ids := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(shards)), ", "), "[]")
	return fmt.Sprintf(`token = "test-token"
discord_api = %q
data_dir = %q
log_format = "json"
shard_ids = [%s]
shard_count = %d
global_rate = %v
shutdown_grace = "1m"

[ai]
easy = "20ms"
normal = "20ms"
hard = "500ms"
%s`, discord, dataDir, ids, count, rate, extra)
}

// start starts process k and waits until each of its shards is connected,
// or its endpoint answers.
func (c *fleet) start(t testing.TB, k int) {
	t.Helper()
	p := c.procs[k]
	config := c.writeConfig(t, k)
	fmt.Fprintf(c.log, "=== process %d (shards %v) starts\n", k, p.shards)
	p.cmd = exec.Command(c.bin, "run", "--config", config)
	if c.endpoints != nil {
		endpoint, err := url.Parse(c.endpoints[k])
		if err != nil {
			t.Fatal(err)
		}
		p.cmd.Args = append(p.cmd.Args, "--http", endpoint.Host)
		p.cmd.Env = append(os.Environ(), "ADEGA_PUBLIC_KEY="+hex.EncodeToString(c.key.Public().(ed25519.PublicKey)))
	}
	if p.log == nil {
		var err error
		if p.log, err = os.Create(p.dataDir + ".log"); err != nil {
			t.Fatal(err)
		}
	}
	out := io.MultiWriter(c.log, p.log)
	p.cmd.Stdout, p.cmd.Stderr = out, out
	identified := len(c.srv.Identifies())
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if c.endpoints != nil {
		c.waitEndpoint(t, k)
		return
	}
	for deadline := time.Now().Add(processWait); len(c.srv.Identifies()) < identified+len(p.shards); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d did not connect", k)
		}
	}
	for _, id := range p.shards {
		if err := c.srv.WaitShardReady(id, c.count, processWait); err != nil {
			t.Fatalf("process %d: %v", k, err)
		}
	}
}

// startAll starts every process, as a deployment does.
func (c *fleet) startAll(t testing.TB) {
	t.Helper()
	for k := range c.procs {
		c.start(t, k)
	}
}

// kill ends process k with SIGKILL: no step of its stopping runs. Its next
// start comes a max_concurrency window later on the fake's clock.
func (c *fleet) kill(k int) {
	p := c.procs[k]
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
	p.cmd = nil
	c.clock.Add(int64(6 * time.Second))
}

// killMidPlay plays the player's next move at tb and kills its process
// once it has acknowledged the move and begun to post it, while its AI
// decides the reply (at hard, slowly, in TestProcesses) and it posts the
// turn messages (at its share of the rate); it returns when it killed.
// A restart plays the bot's turn at once.
func (c *fleet) killMidPlay(t testing.TB, tb *nimTable) time.Time {
	t.Helper()
	in, ok, err := c.send(tb)
	if err != nil || !ok {
		t.Fatalf("no move to send: %v", err)
	}
	if reply, err := c.answer(tb, in); err != nil || !strings.HasPrefix(reply, "Played") {
		t.Fatalf("the move before the kill: %q (%v)", reply, err)
	}
	if _, err := c.srv.WaitFor(processWait, func(r fakediscord.Request) bool {
		return r.Method == http.MethodPost && r.Params["channel_id"] == tb.at.ChannelID && r.At.After(tb.lastAt)
	}); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	c.kill(tb.process)
	return killed
}

// stop stops process k with SIGTERM, which must end it cleanly.
func (c *fleet) stop(t testing.TB, k int) {
	t.Helper()
	p := c.procs[k]
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	err := p.cmd.Wait()
	p.cmd = nil
	if err != nil {
		t.Fatalf("process %d did not stop cleanly: %v", k, err)
	}
}

// open opens process k's database while it is stopped.
func (c *fleet) open(k int) *storage.Store {
	c.t.Helper()
	if err := os.MkdirAll(c.procs[k].dataDir, 0o755); err != nil {
		c.t.Fatal(err)
	}
	store, err := storage.Open(filepath.Join(c.procs[k].dataDir, "adega.db"), engine.NewRegistry(nim.Game{}))
	if err != nil {
		c.t.Fatal(err)
	}
	return store
}

// nimTable is a game of Nim between a player and the bot's AI, in a channel
// of a server or in the player's DMs.
type nimTable struct {
	at      fakediscord.Origin
	guild   string // "" in DMs
	process int    // the process that owns it
	game    string // its ID
	// acked are the interactions of the player's moves that were
	// acknowledged; over, whether the game has ended.
	acked []string
	over  bool
	// took is how long each acknowledgement took, from the interaction
	// sent to its answer.
	took []time.Duration
	// last is the move sent last, and lastAt when it was acknowledged.
	last   []string
	lastAt time.Time
}

// newTable creates a Nim game between player and the bot's AI in a new
// channel of a new server of shard (or, with shard < 0, in the player's
// DMs), in the file of the process that runs that shard (DMs: shard 0),
// which must be stopped.
func (c *fleet) newTable(player *discordgo.User, shard int, seed uint64) *nimTable {
	c.t.Helper()
	return c.newTableOf(player, shard, c.count, seed, "")
}

// tableOnEachShard sets up a game of player's in a server of each of the
// fleet's shards (seeds 1, 2, ...), then one in their DMs (seed 9).
func (c *fleet) tableOnEachShard(player *discordgo.User) []*nimTable {
	c.t.Helper()
	var tables []*nimTable
	for shard := range c.count {
		tables = append(tables, c.newTable(player, shard, uint64(shard+1)))
	}
	return append(tables, c.newTable(player, -1, 9))
}

// newTableOf is newTable in a server of shard of count, a multiple of the
// fleet's (its shard of another count, after a reshard, is chosen too),
// with the bot playing at level (processConfig).
func (c *fleet) newTableOf(player *discordgo.User, shard, count int, seed uint64, level string) *nimTable {
	c.t.Helper()
	tb := &nimTable{at: c.srv.InDM(player)}
	if shard >= 0 {
		tb.at = c.srv.InGuild(player, c.srv.NewChannelIn(c.srv.NewGuild(shard, count), "nim"))
	}
	tb.process = c.owner(max(shard, 0) % c.count)
	tb.guild = tb.at.GuildID
	store := c.open(tb.process)
	defer store.Close()
	g, err := store.Create(adega.Meta{ChannelID: tb.at.ChannelID, GuildID: tb.at.GuildID, CreatorID: player.ID,
		Seats: []adega.SeatUser{{UserID: player.ID, Name: player.Username}, {Name: "Bot", Bot: true, Level: level}}},
		engine.Setup{Game: "nim", Mode: "standard", Seed: seed, Players: []string{player.Username, "Bot"}}, time.Now(), nil)
	if err != nil {
		c.t.Fatal(err)
	}
	tb.game = g.ID
	return tb
}

// owner is the process that runs shard.
func (c *fleet) owner(shard int) int {
	for k, p := range c.procs {
		for _, id := range p.shards {
			if id == shard {
				return k
			}
		}
	}
	c.t.Fatalf("no process runs shard %d", shard)
	return -1
}

// choice is an autocomplete answer's entry.
type completion struct{ Name, Value string }

// complete asks the bot for the choices of the focused option of /nim play,
// as a player's client does while they type.
func (c *fleet) complete(o fakediscord.Origin, opts ...fakediscord.CommandOption) ([]completion, error) {
	in := c.srv.Autocomplete(o, "nim", fakediscord.Subcommand("play", opts...))
	req, err := c.srv.WaitFor(processWait, in.IsCallback)
	if err != nil {
		return nil, err
	}
	var a struct {
		Data struct{ Choices []completion }
	}
	if err := req.Decode(&a); err != nil || len(a.Data.Choices) == 0 {
		return nil, fmt.Errorf("autocomplete answered %s (%v)", req.JSON, err)
	}
	return a.Data.Choices, nil
}

// send sends the player's next move at tb, as a player does: once it is
// their turn (the bot's AI may be thinking), the first choices
// autocomplete offers at each step. It returns false when the game is
// over.
func (c *fleet) send(tb *nimTable) (fakediscord.Interaction, bool, error) {
	piles, err := c.turn(tb)
	if err != nil || tb.over {
		return fakediscord.Interaction{}, false, err
	}
	var move []string
	for _, pile := range piles {
		counts, err := c.complete(tb.at, fakediscord.StringOption("step1", pile.Value), fakediscord.Focused(fakediscord.StringOption("step2", "")))
		if err != nil {
			return fakediscord.Interaction{}, false, err
		}
		for _, n := range counts {
			if move = []string{pile.Value, n.Value}; !slices.Equal(move, tb.last) {
				return c.sendMove(tb, move), true, nil
			}
		}
	}
	// The same command again is taken for a copy sent by mistake unless
	// the player could know the first was played: its answer (which a
	// restarted bot forgets) or a message since.
	if _, err := c.srv.WaitFor(processWait, func(r fakediscord.Request) bool {
		return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == tb.at.ChannelID && r.At.After(tb.lastAt)
	}); err != nil {
		return fakediscord.Interaction{}, false, err
	}
	time.Sleep(time.Until(tb.lastAt.Add(1100 * time.Millisecond)))
	return c.sendMove(tb, move), true, nil
}

// turn waits for the player's turn at tb (the bot's AI may be thinking)
// and returns the piles autocomplete offers, or marks tb over.
func (c *fleet) turn(tb *nimTable) ([]completion, error) {
	focused := fakediscord.Focused(fakediscord.StringOption("step1", ""))
	for deadline := time.Now().Add(processWait); ; time.Sleep(10 * time.Millisecond) {
		piles, err := c.complete(tb.at, focused)
		switch {
		case err != nil:
			return nil, err
		case piles[0].Value != "?":
			return piles, nil
		case !strings.Contains(piles[0].Name, "turn"): // "The game is over", or no game left here
			tb.over = true
			return nil, nil
		case time.Now().After(deadline):
			return nil, fmt.Errorf("%s: never the player's turn: %q", tb.at.ChannelID, piles[0].Name)
		}
	}
}

// sendMove sends /nim play with move's steps.
func (c *fleet) sendMove(tb *nimTable, move []string) fakediscord.Interaction {
	tb.last = move
	return c.srv.SlashCommand(tb.at, "nim", fakediscord.Subcommand("play",
		fakediscord.StringOption("step1", move[0]), fakediscord.StringOption("step2", move[1])))
}

// answer waits for the bot's answer to in and notes an acknowledged move.
func (c *fleet) answer(tb *nimTable, in fakediscord.Interaction) (string, error) {
	req, err := c.srv.WaitFor(processWait, in.IsCallback)
	if err != nil {
		return "", fmt.Errorf("%s: %w", tb.at.ChannelID, err)
	}
	var a struct{ Data struct{ Content string } }
	if err := req.Decode(&a); err != nil {
		return "", err
	}
	if strings.HasPrefix(a.Data.Content, "Played") {
		tb.acked = append(tb.acked, in.ID)
		tb.lastAt = time.Now()
		tb.took = append(tb.took, req.At.Sub(in.SentAt))
	}
	return a.Data.Content, nil
}

// play plays up to n of the player's moves at tb, each acknowledged, and
// waits for the bot's reply to the last, so that what follows (a stop,
// the checks) finds it made.
func (c *fleet) play(tb *nimTable, n int) error {
	defer func() { _, _ = c.turn(tb) }()
	for range n {
		in, ok, err := c.send(tb)
		if err != nil || !ok {
			return err
		}
		reply, err := c.answer(tb, in)
		if err != nil {
			return err
		}
		if !strings.HasPrefix(reply, "Played") {
			return fmt.Errorf("%s: a move was answered %q", tb.at.ChannelID, reply)
		}
	}
	return nil
}

// playEach plays up to n moves at each of tables in turn.
func (c *fleet) playEach(t testing.TB, tables []*nimTable, n int) {
	t.Helper()
	for _, tb := range tables {
		if err := c.play(tb, n); err != nil {
			t.Fatal(err)
		}
	}
}

// verify stops every process and checks each nimTable in its owner's file:
// every acknowledged move is there, nothing is left to post, and every
// change of the game was posted exactly once.
func (c *fleet) verify(tables []*nimTable) {
	c.t.Helper()
	for k, p := range c.procs {
		if p.cmd != nil {
			c.stop(c.t, k)
		}
	}
	for k := range c.procs {
		store := c.open(k)
		if out, _ := store.Outbox(); len(out) != 0 {
			c.t.Errorf("process %d left %d messages unposted", k, len(out))
		}
		for _, tb := range tables {
			if tb.process == k {
				c.verifyTable(store, tb)
			}
		}
		store.Close()
	}
}

func (c *fleet) verifyTable(store *storage.Store, tb *nimTable) {
	c.t.Helper()
	for _, id := range tb.acked {
		if done, err := store.Handled(id); err != nil || !done {
			c.t.Errorf("game %s lost an acknowledged move (%v)", tb.game, err)
		}
	}
	g, err := store.Load(tb.game)
	if err != nil {
		c.t.Fatal(err)
	}
	postedOnce(c.t, c.srv, g, tb.at.ChannelID)
}

// TestProcesses runs the bot as three processes, one shard each of three,
// each with its own file: each plays its own servers' games, shard 0's
// the DMs too; one killed with SIGKILL in the middle of play loses none of
// its acknowledged moves and resumes its servers when it starts again,
// while the others play on; and all three flooding Discord together stay
// within the bot's global rate.
func TestProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the bot as three processes")
	}
	c := newFleet(t, 3, 30, []int{0}, []int{1}, []int{2})
	ana := c.srv.NewUser("ana")
	var tables []*nimTable
	byProcess := make([][]*nimTable, len(c.procs))
	for shard := range 3 {
		for k := range 4 {
			level := ""
			if shard == 1 && k == 0 {
				level = "hard" // the victim of the kill: the bot thinks long
			}
			tb := c.newTableOf(ana, shard, c.count, uint64(10*shard+k+1), level)
			tables, byProcess[tb.process] = append(tables, tb), append(byProcess[tb.process], tb)
		}
	}
	dm := c.newTable(ana, -1, 99)
	tables, byProcess[dm.process] = append(tables, dm), append(byProcess[dm.process], dm)
	victim := byProcess[1][0]
	c.startAll(t)

	t.Run("each process plays its servers, shard 0 the DMs", func(t *testing.T) {
		c.playEach(t, tables, 1)
		if f := c.srv.Faults(); f.Unrouted != 0 || f.LostEvents != 0 {
			t.Errorf("%d interactions went to no process, %d were lost", f.Unrouted, f.LostEvents)
		}
	})

	t.Run("a process killed mid-play resumes and the others play on", func(t *testing.T) {
		killed := c.killMidPlay(t, victim)
		store := c.open(1)
		owed, err := store.Outbox()
		wait, werr := store.Waiting(victim.game)
		store.Close()
		if err = errors.Join(err, werr); err != nil {
			t.Fatal(err)
		}
		t.Logf("killed with %d messages owed, the bot's turn due: %v, claimed: %v", len(owed), !wait.BotTurn.IsZero(), wait.BotTurn.After(killed))
		c.playEach(t, append(byProcess[0], byProcess[2]...), 1)
		c.start(t, 1)
		restarted := time.Now()
		if _, err := c.turn(victim); err != nil {
			t.Fatal(err)
		}
		// Not a Retry later, as when the claim outlived the process; the
		// margin is wide for a loaded machine.
		if waited, retry := time.Since(restarted), (remind.Config{}).WithDefaults().Retry; waited > retry/2 {
			t.Errorf("the bot's turn was played %v after the restart, not at once (Retry is %v)", waited.Round(time.Millisecond), retry)
		}
		c.playEach(t, byProcess[1], 2)
	})

	t.Run("the processes share the global rate", func(t *testing.T) {
		before := c.srv.Faults().GlobalLimits
		errs := make(chan error, len(tables))
		for _, tb := range tables {
			go func() { errs <- c.play(tb, 3) }()
		}
		for range tables {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
		if got := c.srv.Faults().GlobalLimits - before; got != 0 {
			t.Errorf("the processes together met the global rate limit %d times", got)
		}
	})

	c.verify(tables)
}

// reshard stops every process, moves the games to count shards run by
// new processes, process k running shards[k] (with `adega reshard`, from
// the old data_dirs; the new ones are process0, process1 and so on), and
// finds each table in its new owner's file, exactly once. It returns what
// the command said.
func (c *fleet) reshard(t *testing.T, tables []*nimTable, count int, shards ...[]int) string {
	t.Helper()
	for k, p := range c.procs {
		if p.cmd != nil {
			c.stop(t, k)
		}
	}
	var olds []string
	for _, p := range c.procs {
		olds = append(olds, p.dataDir)
	}
	c.count = count
	c.place(shards)
	var configs []string
	for k := range c.procs {
		configs = append(configs, c.writeConfig(t, k))
	}
	cmd := exec.Command(c.bin, append([]string{"reshard", "--to", strings.Join(configs, ",")}, olds...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("adega reshard: %v\n%s", err, out)
	}
	// A later start of shard 0, say, is a window after the old one's.
	c.clock.Add(int64(6 * time.Second))
	for _, tb := range tables {
		tb.process, tb.game = -1, ""
		shard := 0
		if tb.guild != "" {
			id, _ := strconv.ParseUint(tb.guild, 10, 64)
			shard = int((id >> 22) % uint64(count))
		}
		want := c.owner(shard)
		for k := range c.procs {
			ids, err := c.gamesIn(k, tb.at.ChannelID)
			switch {
			case err != nil:
				t.Fatal(err)
			case len(ids) > 0 && (k != want || tb.game != ""):
				t.Fatalf("the game of channel %s (shard %d of %d) is in process %d's file", tb.at.ChannelID, shard, count, k)
			case len(ids) > 0:
				tb.process, tb.game = k, ids[0]
			}
		}
		if tb.game == "" {
			t.Fatalf("the game of channel %s is in no file", tb.at.ChannelID)
		}
	}
	return string(out)
}

// gamesIn lists the IDs of the games, over or not, in a channel of process
// k's file.
func (c *fleet) gamesIn(k int, channelID string) ([]string, error) {
	store := c.open(k)
	defer store.Close()
	metas, err := store.ListGames()
	var ids []string
	for _, m := range metas {
		if m.ChannelID == channelID {
			ids = append(ids, m.ID)
		}
	}
	return ids, err
}

// TestReshard runs the bot as two processes, one shard each of two, with
// games on many servers and in DMs; moves them with `adega reshard` to
// three processes, one shard each of three, whose data_dirs are the two
// old ones and a new one; and plays on in every game in the new
// processes: every game moved to its server's new shard exactly once,
// and nothing acknowledged or posted before is lost or posted again.
func TestReshard(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the bot as five processes")
	}
	c := newFleet(t, 2, 50, []int{0}, []int{1})
	ana := c.srv.NewUser("ana")
	var tables []*nimTable
	for shard := range 2 {
		for k := range 6 {
			tables = append(tables, c.newTable(ana, shard, uint64(10*shard+k+1)))
		}
	}
	tables = append(tables, c.newTable(ana, -1, 99))
	c.startAll(t)
	c.playEach(t, tables, 1)

	out := c.reshard(t, tables, 3, []int{0}, []int{1}, []int{2})
	if !strings.Contains(out, ".before-reshard-") {
		t.Errorf("adega reshard said:\n%s\nwant the old files kept", out)
	}
	moved := 0
	for _, tb := range tables {
		if tb.guild != "" && tb.process == 2 {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("no game moved to the new process")
	}
	c.startAll(t)
	c.playEach(t, tables, 1)
	c.verify(tables)
}

// BenchmarkProcesses measures the moves a second the bot acknowledges, and
// how long an acknowledgement takes, run as one process with all three
// shards or as three processes with one each, on this machine: 24 players
// at once, in servers spread over the shards, each playing Nim against
// the bot's AI (20 ms a decision) and waiting for its reply before the
// next move. Games that end give way to new ones; b.N moves in all.
func BenchmarkProcesses(b *testing.B) {
	for _, run := range []struct {
		name   string
		shards [][]int
	}{{"one", [][]int{{0, 1, 2}}}, {"three", [][]int{{0}, {1}, {2}}}} {
		b.Run(run.name, func(b *testing.B) {
			c := newFleet(b, 3, 50, run.shards...)
			ana := c.srv.NewUser("ana")
			const players = 24
			tables := make(chan *nimTable, b.N/2+players)
			var all []*nimTable
			for k := range cap(tables) {
				tb := c.newTable(ana, k%3, uint64(k+1))
				tables <- tb
				all = append(all, tb)
			}
			c.startAll(b)
			var left atomic.Int64
			left.Store(int64(b.N))
			errs := make(chan error, players)
			b.ResetTimer()
			began := time.Now()
			for range players {
				go func() {
					for left.Load() > 0 {
						var tb *nimTable
						select {
						case tb = <-tables:
						default:
							errs <- errors.New("no game left to play")
							return
						}
						for !tb.over && left.Add(-1) >= 0 {
							if err := c.play(tb, 1); err != nil {
								errs <- err
								return
							}
						}
					}
					errs <- nil
				}()
			}
			for range players {
				if err := <-errs; err != nil {
					b.Fatal(err)
				}
			}
			elapsed := time.Since(began)
			b.StopTimer()
			var took []time.Duration
			for _, tb := range all {
				took = append(took, tb.took...)
			}
			slices.Sort(took)
			b.ReportMetric(float64(len(took))/elapsed.Seconds(), "moves/s")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "ack-p99-ms")
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ack-p50-ms")
		})
	}
}
