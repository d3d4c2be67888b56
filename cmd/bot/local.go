package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/storage"
)

// defaultNames seat local players when --players gives only a count.
var defaultNames = []string{"Ana", "Bruno", "Carla", "Duarte"}

const welcome = `Welcome to adega's local table: a game in this terminal, no Discord needed.
Type the same commands a player types in Discord, one per line:
  /%[1]s ...          make a move: /%[1]s followed by its options (name:value or in order)
  /choices ...        list the legal answers for the next step
  /status             scores and who must act
  /board              write the board image again
  /export FILE        save the game as JSON
  /help               this text
  /quit               leave (the game stays in the database)
`

// localCommand runs the terminal table. welcome is set when it was started
// without a subcommand, to greet a first-time user.
func localCommand(ctx context.Context, args []string, env Env, greet bool) error {
	fs := newCommand("local", env)
	gameName := fs.String("game", "vinhos", "game to play: vinhos or nim")
	mode := fs.String("mode", "", "game mode (default: the game's first)")
	players := fs.String("players", "2", "number of players, or their names separated by commas")
	seed := fs.Uint64("seed", 0, "random seed (0 picks one)")
	dbPath := fs.String("db", "", "database `file` (default DATA_DIR/local.db)")
	script := fs.String("script", "", "read commands from `file`, one per line; # starts a comment")
	exportPath := fs.String("export", "", "write the game as JSON to `file` when the table closes")
	importPath := fs.String("import", "", "continue a game from an export `file`")
	resume := fs.String("resume", "", "continue the stored game with this `id`")
	outDir := fs.String("out", "", "`folder` for board images (default DATA_DIR/boards)")
	cfg, err := fs.parse(args, env)
	if err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("local: unexpected argument %q", fs.Arg(0))
	}
	if *dbPath == "" {
		*dbPath = filepath.Join(cfg.DataDir, "local.db")
	}
	if *outDir == "" {
		*outDir = filepath.Join(cfg.DataDir, "boards")
	}
	for _, dir := range []string{filepath.Dir(*dbPath), *outDir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	reg, err := games(cfg)
	if err != nil {
		return err
	}
	store, err := storage.Open(*dbPath, reg)
	if err != nil {
		return err
	}
	defer store.Close()

	t := &table{store: store, games: reg, boards: boards(), out: env.Stdout, outDir: *outDir}
	switch {
	case *resume != "":
		err = t.resume(*resume)
	case *importPath != "":
		err = t.importFile(*importPath)
	default:
		err = t.create(*gameName, *mode, *players, *seed)
	}
	if err != nil {
		return err
	}
	input, interactive := env.Stdin, true
	if *script != "" {
		f, err := os.Open(*script)
		if err != nil {
			return err
		}
		defer f.Close()
		input, interactive = f, false
	}
	if greet || interactive {
		fmt.Fprintf(env.Stdout, welcome, t.game.Meta.Game)
	}
	t.showStart()
	err = t.loop(ctx, input, interactive)
	if *exportPath != "" {
		if exportErr := t.export(*exportPath); err == nil {
			err = exportErr
		}
	}
	return err
}

// table is one game played in the terminal.
type table struct {
	store  *storage.Store
	games  *engine.Registry
	boards render.Boards
	out    io.Writer
	outDir string
	game   *storage.Game
}

func (t *table) create(gameName, mode, players string, seed uint64) error {
	names := strings.Split(players, ",")
	if n, err := strconv.Atoi(players); err == nil {
		if n < 1 || n > len(defaultNames) {
			return fmt.Errorf("local: --players %d: give 1 to %d, or names", n, len(defaultNames))
		}
		names = defaultNames[:n]
	}
	if seed == 0 {
		seed = rand.Uint64()
	}
	setup := engine.Setup{Game: gameName, Mode: mode, Seed: seed, Players: names}
	game, err := t.games.Lookup(gameName)
	if err != nil {
		return err
	}
	g, err := t.store.Create(localMeta(game, names), setup, time.Now(), nil)
	if err != nil {
		return err
	}
	t.game = g
	return nil
}

func localMeta(game engine.Game, names []string) storage.Meta {
	meta := storage.Meta{Game: game.Name(), Title: game.Title(), ChannelID: "local"}
	for _, n := range names {
		meta.Seats = append(meta.Seats, storage.SeatUser{Name: n})
	}
	return meta
}

func (t *table) resume(id string) error {
	g, err := t.store.Load(id)
	t.game = g
	return err
}

func (t *table) importFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	exp, err := storage.ParseExport(data)
	if err != nil {
		return err
	}
	game, err := t.games.Lookup(exp.Setup.Game)
	if err != nil {
		return err
	}
	setup, moves, err := t.store.Unseal(exp)
	if err != nil {
		return err
	}
	g, err := t.store.Import(localMeta(game, exp.Setup.Players), setup, moves, time.Now(), nil)
	if err != nil {
		return err
	}
	t.game = g
	return nil
}

func (t *table) showStart() {
	g := t.game
	fmt.Fprintf(t.out, "Game %s: %s, seed %d, players %s.\n", g.ID, g.Setup.Game, g.Setup.Seed, strings.Join(g.Setup.Players, ", "))
	if g.Version == 0 {
		printEvents(t.out, g.SetupEvents)
	}
	t.afterMove()
}

// loop reads commands until the input ends, /quit, or ctx is cancelled. A
// script stops at its first refused line; at the keyboard the player retries.
func (t *table) loop(ctx context.Context, input io.Reader, interactive bool) error {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(input)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	for n := 1; ; n++ {
		if interactive {
			fmt.Fprint(t.out, "> ")
		}
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return nil
		case line, ok = <-lines:
		}
		if !ok {
			return nil
		}
		line, _, _ = strings.Cut(line, "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !interactive {
			fmt.Fprintf(t.out, "> %s\n", line)
		}
		quit, err := t.do(line)
		if err != nil {
			if !interactive {
				return fmt.Errorf("script line %d: %s: %w", n, line, err)
			}
			fmt.Fprintln(t.out, "Refused:", err)
		}
		if quit {
			return nil
		}
	}
}

// do runs one command line and reports whether the table should close.
func (t *table) do(line string) (quit bool, err error) {
	cmd, err := parseCommand(line)
	if err != nil {
		return false, err
	}
	switch cmd.name {
	case "quit", "exit":
		return true, nil
	case "help":
		fmt.Fprintf(t.out, welcome, t.game.Meta.Game)
	case "status":
		t.showStatus()
	case "board":
		t.writeBoard()
	case "export":
		if len(cmd.positional) != 1 {
			return false, errors.New("usage: /export FILE")
		}
		return false, t.export(cmd.positional[0])
	case "choices":
		return false, t.showChoices(cmd)
	case t.game.Meta.Game:
		return false, t.move(cmd)
	default:
		return false, fmt.Errorf("unknown command /%s; type /help", cmd.name)
	}
	return false, nil
}

// seatFor picks the seat a command acts for: the one named by as:, or the
// only seat that must decide.
func (t *table) seatFor(cmd command) (engine.Seat, error) {
	state := t.game.State
	if who, ok := cmd.named["as"]; ok {
		delete(cmd.named, "as")
		for _, p := range state.Players() {
			if strings.EqualFold(p.Name, who) || strconv.Itoa(int(p.Seat)+1) == who {
				return p.Seat, nil
			}
		}
		return 0, fmt.Errorf("no player %q at this table", who)
	}
	pending := state.Pending()
	switch len(pending) {
	case 0:
		return 0, errors.New("the game is over")
	case 1:
		return pending[0].Seat, nil
	}
	return 0, fmt.Errorf("%s must all decide; add as:NAME", t.pendingNames())
}

func (t *table) move(cmd command) error {
	seat, err := t.seatFor(cmd)
	if err != nil {
		return err
	}
	// A command may hold a whole turn that the game plays in parts, where
	// a step turns up a hidden tile; each part is a move of its own. Steps
	// left out are declined where they may be, as in any command.
	values, named := cmd.positional, cmd.named
	for first := true; ; first = false {
		part, err := engine.BuildPart(t.game.State, seat, values, named)
		action, rest, restNamed := part.Action, part.Rest, part.RestNamed
		if err != nil && !first && len(values)+len(named) == 0 {
			break // a step that cannot be declined: the player goes on
		}
		if err != nil {
			return err
		}
		res, err := t.store.Move(storage.MoveRequest{Game: t.game.ID, Stamp: t.game.Stamp, Play: storage.Play{Seat: seat, Action: action}, Now: time.Now()})
		if err != nil {
			return err
		}
		t.game = res.Game
		printEvents(t.out, res.Events())
		if !engine.Continues(t.game.State, seat) {
			if len(rest)+len(restNamed) > 0 {
				return fmt.Errorf("%v was not played: the turn had ended", append(rest, slices.Sorted(maps.Keys(restNamed))...))
			}
			break
		}
		values, named = rest, restNamed
	}
	t.afterMove()
	return nil
}

func (t *table) showChoices(cmd command) error {
	seat, err := t.seatFor(cmd)
	if err != nil {
		return err
	}
	act, next, err := engine.Resolve(t.game.State, seat, cmd.positional, cmd.named)
	if err != nil {
		return err
	}
	if next.Complete {
		fmt.Fprintf(t.out, "%q is a whole action; play it with /%s.\n", act, t.game.Meta.Game)
		return nil
	}
	fmt.Fprintf(t.out, "%s (option %s:)\n", next.Prompt, next.Name)
	for _, c := range next.Choices {
		fmt.Fprintf(t.out, "  %-16s %s\n", c.ID, c.Label)
	}
	return nil
}

// afterMove writes the board and says who must act.
func (t *table) afterMove() {
	t.writeBoard()
	state := t.game.State
	if state.Over() {
		fmt.Fprintln(t.out, "The game is over.")
		t.showStatus()
		return
	}
	for _, p := range state.Pending() {
		fmt.Fprintf(t.out, "Next: %s must %s.\n", state.Players()[p.Seat].Name, p.Prompt)
	}
}

func (t *table) pendingNames() string {
	var names []string
	for _, p := range t.game.State.Pending() {
		names = append(names, t.game.State.Players()[p.Seat].Name)
	}
	return strings.Join(names, ", ")
}

func (t *table) showStatus() {
	state := t.game.State
	fmt.Fprintf(t.out, "%s, move %d.\n", state.Phase(), t.game.Version)
	for _, p := range state.Players() {
		fmt.Fprintf(t.out, "  %-10s %s\n", p.Name, p.StatsText())
	}
}

// writeBoard renders the board to a PNG named after the game and version. A
// failure is reported but does not stop the game: the move is already stored.
func (t *table) writeBoard() {
	g := t.game
	img := t.boards.Board(g.Meta.Game, g.State)
	data, err := render.EncodePNG(img)
	if err == nil {
		path := filepath.Join(t.outDir, fmt.Sprintf("%s-%04d.png", g.ID, g.Version))
		if err = os.WriteFile(path, data, 0o644); err == nil {
			fmt.Fprintln(t.out, "Board:", path)
			return
		}
	}
	fmt.Fprintln(t.out, "Could not write the board image:", err)
}

func (t *table) export(path string) error {
	data, err := t.store.Export(t.game)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(t.out, "Exported:", path)
	return nil
}

func printEvents(w io.Writer, events []engine.Event) {
	for _, e := range events {
		fmt.Fprintln(w, "*", e.Text)
	}
}
