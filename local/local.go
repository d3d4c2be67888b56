// Package local is the local table: a game played in a terminal, with
// the commands a player types in Discord and the boards written to files
// (docs/local.md). cmd/bot parses the flags (Flags.Define) and wires in
// the games, the renderers, the logger, the AI and the clock (Env); Run
// plays.
package local

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/storage"
)

// defaultNames seat local players when --players gives only a count.
var defaultNames = []string{"Ana", "Bento", "Carla", "Duarte", "Eva"}

// Flags are the flags of the local command (Define), with what the rest
// of the command line decides.
type Flags struct {
	Game, Mode, Players, Regions string
	Variant                      string
	Options                      map[string]string // --option NAME=VALUE
	Bots                         int
	Level                        string
	Seed                         uint64
	// DB and Out default to local.db and boards in DataDir.
	DB, Out string
	// Data is the Vinhos component data file: Env.Games plays with it
	// already, and the hint to resume repeats it.
	Data            string
	Script, Export  string
	Import, Resume  string
	JSON, KeepGoing bool
	Practice        bool

	// DataDir is the configured data folder.
	DataDir string
	// Greet welcomes a first-time user even when a script plays: the
	// table opened without a subcommand.
	Greet bool
	// Given holds the flags on the command line, with their values
	// (SetGiven): Check, the default players and the hint to resume go by
	// it, so Flags made in code list there the flags they set.
	Given map[string]string
}

// Define declares the table's flags on fs, to be parsed into f.
func (f *Flags) Define(fs *flag.FlagSet) {
	fs.StringVar(&f.Game, "game", "vinhos", "game to play: vinhos, lavina or nim")
	fs.StringVar(&f.Mode, "mode", "", "game mode, such as solo (default: the game's first)")
	fs.StringVar(&f.Players, "players", "", "number of players, or their names separated by commas (default: 2, or 1 for solo)")
	fs.StringVar(&f.Regions, "regions", "", "Vinhos: the regions in play: random, first-play, or a list such as 1,2,3,4,5,6,8")
	fs.StringVar(&f.Variant, "variant", "", "Vinhos 2010 Reserve: its variants, maintenance and five-estates, separated by a comma")
	f.Options = map[string]string{}
	fs.Func("option", "a setup option of the game, as `NAME=VALUE` (as /GAME new takes it); repeat for several", func(v string) error {
		name, value, ok := strings.Cut(v, "=")
		if !ok || name == "" {
			return fmt.Errorf("give NAME=VALUE, not %s", engine.Quote(v))
		}
		if _, dup := f.Options[name]; dup {
			return fmt.Errorf("%s is given twice", name)
		}
		f.Options[name] = value
		return nil
	})
	fs.IntVar(&f.Bots, "bots", 0, "how many of the seats, the last players', the bot's AI plays (all of them: a game of bots); with --resume or --import it hands them over, and 0 takes them back")
	fs.StringVar(&f.Level, "level", "", "how well the bots play: easy, normal or hard (default normal); [ai] in the config sets their times")
	fs.Uint64Var(&f.Seed, "seed", 0, "random seed (0 picks one)")
	fs.BoolVar(&f.Practice, "practice", false, "a practice game: an undo takes back even what a move revealed")
	fs.StringVar(&f.DB, "db", "", "database `file` (default DATA_DIR/local.db)")
	fs.StringVar(&f.Data, "data", "", "Vinhos component data `file` (the config's vinhos_data)")
	fs.StringVar(&f.Out, "out", "", "`folder` for board images and downloads (default DATA_DIR/boards)")
	fs.StringVar(&f.Script, "script", "", "read commands from `file`, one per line; # starts a comment")
	fs.BoolVar(&f.KeepGoing, "keep-going", false, "with --script: go on past a refused line (the exit status still reports it)")
	fs.BoolVar(&f.JSON, "json", false, "print each reply as one JSON object a line (docs/local.md)")
	fs.StringVar(&f.Export, "export", "", "write the game as JSON to `file` when the table closes")
	fs.StringVar(&f.Import, "import", "", "continue a game from an export `file`")
	fs.StringVar(&f.Resume, "resume", "", "continue the stored game with this `id`")
}

// SetGiven records the flags given on fs's command line, once it is
// parsed: Check refuses those that contradict each other, and the hint to
// resume repeats those that find the game.
func (f *Flags) SetGiven(fs *flag.FlagSet) {
	f.Given = map[string]string{}
	fs.Visit(func(fl *flag.Flag) { f.Given[fl.Name] = fl.Value.String() })
}

// Env is what the table plays with, wired in by cmd/bot: the games, their
// boards, the logger, the AI and the clock.
type Env struct {
	// Stdin is the keyboard, unless a script plays; Stdout is where the
	// replies go. Both a terminal, the table reads through a line editor.
	Stdin  io.Reader
	Stdout io.Writer
	Games  *engine.Registry
	Boards render.Boards
	// Log is the handler's logger; nil discards.
	Log *slog.Logger
	// AI is how the bot's seats decide, and hints.
	AI ai.Settings
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Run plays at the table until the input ends, /quit, or ctx is
// cancelled. The error reports a script's refused lines too.
func Run(ctx context.Context, f Flags, env Env) error {
	if err := f.Check(); err != nil {
		return fmt.Errorf("local: %w", err)
	}
	if env.Now == nil {
		env.Now = time.Now
	}
	if env.Log == nil {
		env.Log = slog.New(slog.DiscardHandler)
	}
	if f.DB == "" {
		f.DB = filepath.Join(f.DataDir, "local.db")
	}
	if f.Out == "" {
		f.Out = filepath.Join(f.DataDir, "boards")
	}
	if f.Resume != "" {
		// Resuming creates nothing: not a database where none was.
		if _, err := os.Stat(f.DB); err != nil {
			return fmt.Errorf("local: %w", noGame(f.Resume, f.DB, "that file does not exist"))
		}
	} else if err := os.MkdirAll(filepath.Dir(f.DB), 0o755); err != nil {
		return err
	}
	store, err := storage.Open(f.DB, env.Games)
	if err != nil {
		return err
	}
	defer store.Close()

	in, err := openInput(env, f)
	if err != nil {
		return err
	}
	defer in.close()
	t := &table{store: store, referee: referee.New(store), games: env.Games, boards: env.Boards, outDir: f.Out, print: printer{w: in.out, json: f.JSON},
		handler: newHandler(store, env), ai: env.AI, now: env.Now}
	store.AnnounceRepairs(t.handler.Repaired())
	switch {
	case f.Resume != "":
		err = t.resume(f.Resume, f.DB)
	case f.Import != "":
		err = t.importFile(f.Import)
	default:
		err = t.create(f)
	}
	if err == nil && f.Resume+f.Import != "" {
		err = t.rebot(f)
	}
	if err == nil {
		err = os.MkdirAll(f.Out, 0o755)
	}
	if err != nil {
		return fmt.Errorf("local: %w", err)
	}
	if (f.Greet || f.Script == "") && !f.JSON {
		fmt.Fprint(in.out, welcome(t.kind()))
	}
	t.showStart()
	last, err := t.loop(ctx, in, f)
	return t.close(last, f, err)
}

// newHandler is the Discord handler the table plays undo through
// (table_discord.go).
func newHandler(store *storage.Store, env Env) *commands.Handler {
	return commands.New(commands.Config{Store: store, Games: env.Games, Drawer: env.Boards, Log: env.Log, Now: env.Now})
}

// Check refuses flags that contradict each other: no flag is ignored.
func (f Flags) Check() error {
	continues := ""
	for _, name := range []string{"resume", "import"} {
		if _, ok := f.Given[name]; ok {
			if continues != "" {
				return errors.New("--resume and --import both name the game to play; give one of them")
			}
			continues = name
		}
	}
	if continues != "" {
		var setup []string
		for _, name := range []string{"game", "mode", "players", "seed", "regions", "variant", "option", "practice"} {
			if _, ok := f.Given[name]; ok {
				setup = append(setup, "--"+name)
			}
		}
		if len(setup) > 0 {
			return fmt.Errorf("%s set up a new game, but --%s continues a game that is set up already", strings.Join(setup, ", "), continues)
		}
	}
	if _, ok := f.Given["level"]; ok && f.Bots == 0 {
		return errors.New("--level is how well the bots play; give --bots too")
	}
	if f.Level != "" {
		if _, err := ai.ParseLevel(f.Level); err != nil {
			return fmt.Errorf("--level: choose easy, normal or hard, not %s", engine.Quote(f.Level))
		}
	}
	if f.KeepGoing && f.Script == "" {
		return errors.New("--keep-going goes on past the refused lines of a --script; give a --script")
	}
	return nil
}

// resumeHint is the command that opens this game again, with the flags
// that find it and draw it as before.
func (f Flags) resumeHint(id string) string {
	parts := []string{"adega", "local", "--resume", id}
	for _, name := range []string{"config", "db", "data", "out"} {
		if v, ok := f.Given[name]; ok {
			parts = append(parts, "--"+name, shellQuote(v))
		}
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes a value for a shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-=:,+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// create sets a new game up. Everything the flags say is checked before
// anything is stored, so a mistake leaves no half-made game behind.
func (t *table) create(f Flags) error {
	game, err := t.games.Lookup(f.Game)
	if err != nil {
		return err
	}
	mode, err := engine.ModeOf(game, f.Mode)
	if err != nil {
		return err
	}
	_, given := f.Given["players"]
	names, err := playerNames(f.Players, given, mode)
	if err != nil {
		return fmt.Errorf("--players: %w", err)
	}
	options := maps.Clone(f.Options)
	if options == nil {
		options = map[string]string{}
	}
	if err := optionFlag(game, options, regionsOption, f.Regions, "regions"); err != nil {
		return err
	}
	if err := optionFlag(game, options, variantOption, f.Variant, "variants"); err != nil {
		return err
	}
	if err := checkOptionNames(game, options); err != nil {
		return err
	}
	seed := f.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	setup := engine.Setup{Game: game.Name(), Mode: mode.Name, Seed: seed, Players: names, Options: options}
	if err := checkSetup(game, setup); err != nil {
		if f.Regions != "" && engine.CodeOf(err) == engine.CodeBadSetup {
			return fmt.Errorf("--regions %s: %w", f.Regions, err)
		}
		return err
	}
	now := t.now()
	meta := localMeta(game, names, now)
	if err := seatBots(&meta, names, f.Bots, nil); err != nil {
		return err
	}
	meta.Level, meta.Practice = f.Level, f.Practice
	g, err := t.store.Create(meta, setup, now, nil)
	if err != nil {
		return err
	}
	t.game = g
	return nil
}

// playerNames reads --players: a count, or names separated by commas. Each
// name must be a name a game may hold, and differ from the others in more
// than case, since as:NAME ignores case.
func playerNames(players string, given bool, mode engine.Mode) ([]string, error) {
	if !given {
		n := min(max(2, mode.MinPlayers), mode.MaxPlayers)
		return defaultNames[:n], nil
	}
	if n, err := strconv.Atoi(strings.TrimSpace(players)); err == nil {
		// The mode's own range first: it is what the player can change.
		if err := mode.CheckPlayers(n); err != nil {
			return nil, err
		}
		if n > len(defaultNames) {
			return nil, fmt.Errorf("%d players: name them, as --players %s,...", n, strings.Join(defaultNames, ","))
		}
		return defaultNames[:n], nil
	}
	var names []string
	for _, name := range strings.Split(players, ",") {
		name = strings.TrimSpace(name)
		if err := storage.CheckName(name); err != nil {
			return nil, err
		}
		if k := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, name) }); k >= 0 {
			return nil, fmt.Errorf("two players are called %s and %s; every player needs a name of their own", engine.Quote(names[k]), engine.Quote(name))
		}
		names = append(names, name)
	}
	return names, mode.CheckPlayers(len(names))
}

// checkSetup sets the game up once without storing it, so a wrong option
// is refused with the game's own words, and a player named like a seat
// the game adds itself (Lacerda, the solo automa) is caught.
func checkSetup(game engine.Game, setup engine.Setup) error {
	state, _, err := game.New(setup)
	if err != nil {
		return err
	}
	var seen []string
	for _, p := range state.Players() {
		if slices.ContainsFunc(seen, func(n string) bool { return strings.EqualFold(n, p.Name) }) {
			return fmt.Errorf("--players: the game seats %s itself; choose another name", engine.Quote(p.Name))
		}
		seen = append(seen, p.Name)
	}
	return nil
}

// seatBots gives the seats of the last n of players to the bot, and the
// others to the keyboard: a seat the bot played gets back the user of
// users at its index. Seats the game added itself (an automa) stay as
// they are.
func seatBots(m *adega.Meta, players []string, n int, users []string) error {
	if n < 0 || n > len(players) {
		return fmt.Errorf("--bots %d: the table has %d seats", n, len(players))
	}
	for k := range m.Seats {
		su := &m.Seats[k]
		i := slices.Index(players, su.Name)
		switch {
		case i < 0:
		case i >= len(players)-n:
			su.UserID, su.Bot = "", true
		case su.Bot:
			su.UserID, su.Bot = users[k], false
		}
	}
	return nil
}

// rebot seats the bots of a game the table continues (--resume, --import)
// as --bots and --level say, if given: a game is handed to the bot, or
// taken back from it, between two sittings.
func (t *table) rebot(f Flags) error {
	if _, ok := f.Given["bots"]; !ok {
		return nil
	}
	g := t.game
	_, users := localIDs(t.now(), len(g.Meta.Seats))
	_, err := t.store.UpdateMeta(g.ID, func(m *adega.Meta) error {
		if _, ok := f.Given["level"]; ok {
			m.Level = f.Level
		}
		return seatBots(m, g.Setup.Players, f.Bots, users)
	})
	if err != nil {
		return err
	}
	t.game, err = t.store.Load(g.ID)
	return err
}

// localMeta seats the players of a new local game. The game gets a
// channel ID and its players user IDs shaped like Discord's, so that the
// Discord code paths the table runs (undo) find the game by its channel
// and each player by their user.
func localMeta(game engine.Game, names []string, now time.Time) adega.Meta {
	channel, users := localIDs(now, len(names))
	meta := adega.Meta{Game: game.Name(), ChannelID: channel, CreatorID: users[0]}
	for k, name := range names {
		meta.Seats = append(meta.Seats, adega.SeatUser{UserID: users[k], Name: name})
	}
	return meta
}

// resume opens the stored game id of the database at path.
func (t *table) resume(id, path string) error {
	g, err := t.store.Load(id)
	if engine.CodeOf(err) == adega.CodeNotFound {
		return noGame(id, path, "it holds no game of that ID")
	}
	if err != nil {
		return err
	}
	t.game = g
	return t.adopt()
}

// noGame refuses to resume game id, naming the database looked in and
// why it is not there.
func noGame(id, path, why string) error {
	return engine.Errorf(adega.CodeNotFound, "There is no game %s in the database %s: %s. --db names the database that holds it.", id, path, why)
}

// adopt gives a game an older local table stored, without Discord-shaped
// IDs, the IDs the table now plays with. Seats the game added itself (an
// automa) stay without a user, as in Discord.
func (t *table) adopt() error {
	g := t.game
	if adega.IsSnowflake(g.Meta.ChannelID) {
		return nil
	}
	channel, users := localIDs(t.now(), len(g.Meta.Seats))
	_, err := t.store.UpdateMeta(g.ID, func(m *adega.Meta) error {
		m.ChannelID = channel
		for k := range m.Seats {
			if slices.Contains(g.Setup.Players, m.Seats[k].Name) {
				m.Seats[k].UserID = users[k]
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	t.game, err = t.store.Load(g.ID)
	return err
}

func (t *table) importFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	exp, err := referee.ParseExport(data)
	if err != nil {
		return err
	}
	game, err := t.games.Lookup(exp.Setup.Game)
	if err != nil {
		return err
	}
	setup, moves, err := t.referee.Unseal(exp)
	if err != nil {
		return err
	}
	now := t.now()
	meta := localMeta(game, exp.Setup.Players, now)
	meta.Practice = exp.Practice
	g, err := t.store.Import(meta, setup, moves, now, nil)
	if err != nil {
		return err
	}
	t.game = g
	return nil
}

// close ends the table: it writes --export, says how to come back to the
// game, and reports a script's refused lines in the exit status. last is
// the reply to /quit, if the table closed on one.
func (t *table) close(last *reply, f Flags, err error) error {
	r := newReply(0, "")
	if last != nil {
		r = *last
	}
	if f.Export != "" {
		if exportErr := t.export(f.Export, &r); exportErr != nil {
			r.refuse(exportErr)
			err = cmp.Or(err, exportErr)
		}
	}
	if !t.game.State.Over() { // a game over has nothing to come back to
		r.Resume = f.resumeHint(t.game.ID)
	}
	t.emit(r)
	return err
}

// checkOptionNames refuses an --option the game does not declare; New
// checks the values.
// The setup options that have a flag of their own, named as the option.
const (
	regionsOption = "regions"
	variantOption = "variant"
)

// optionFlag sets the setup option a flag of its own stands for
// (--regions, --variant), if the game declares that option.
func optionFlag(game engine.Game, options map[string]string, name, value, what string) error {
	if value == "" {
		return nil
	}
	if !slices.Contains(optionNames(game), name) {
		return fmt.Errorf("--%s: %s has no %s", name, game.Title(), what)
	}
	options[name] = value
	return nil
}

// optionNames lists the setup options a game declares.
func optionNames(game engine.Game) []string {
	var names []string
	if so, ok := game.(engine.SetupOptions); ok {
		for _, o := range so.SetupOptions() {
			names = append(names, o.Name)
		}
	}
	return names
}

func checkOptionNames(game engine.Game, options map[string]string) error {
	known := optionNames(game)
	for name := range options {
		if !slices.Contains(known, name) {
			if len(known) == 0 {
				return fmt.Errorf("--option %s: %s has no setup options", name, game.Title())
			}
			return fmt.Errorf("--option %s: %s's options are %s", name, game.Title(), strings.Join(known, ", "))
		}
	}
	return nil
}
