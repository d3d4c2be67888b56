package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// replayCommand replays a stored game (by ID) or an export file and reports
// the final state, or the first move that no longer applies.
func replayCommand(args []string, env Env) error {
	fs := newCommand("replay", env)
	dbPath := fs.String("db", "", "database `file` holding the game (default DATA_DIR/local.db)")
	verbose := fs.Bool("v", false, "print every move's narration")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: adega replay [flags] GAME-ID | EXPORT.json")
		fs.PrintDefaults()
	}
	cfg, err := fs.parse(args, env)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("replay: name one game ID or export file")
	}
	target := fs.Arg(0)
	reg, err := games(cfg)
	if err != nil {
		return err
	}
	if strings.HasSuffix(target, ".json") {
		data, err := os.ReadFile(target)
		if err != nil {
			return err
		}
		exp, err := referee.ParseExport(data)
		if err != nil {
			return err
		}
		recorded := recordedState(env, exp)
		if exp.Sealed == nil {
			return reportReplay(env, reg, exp.Setup, exp.Moves(), recorded, false, *verbose)
		}
		// A game exported in progress: its seed is sealed with the key of
		// the database that exported it, and its state is the public view.
		store, err := openForReplay(*dbPath, cfg, reg)
		if err != nil {
			return err
		}
		defer store.Close()
		setup, moves, err := referee.New(store).Unseal(exp)
		if err != nil {
			return fmt.Errorf("replay: %w (give --db, the database of the bot that exported it)", err)
		}
		return reportReplay(env, reg, setup, moves, recorded, true, *verbose)
	}
	store, err := openForReplay(*dbPath, cfg, reg)
	if err != nil {
		return err
	}
	defer store.Close()
	g, err := store.Audit(target)
	if err != nil {
		return err
	}
	if g.SnapshotMismatch {
		fmt.Fprintln(env.Stdout, "Warning: the stored snapshot differs from the replayed log; the log wins.")
	}
	return reportReplay(env, reg, g.Setup, g.Moves(), nil, false, *verbose)
}

// recordedState is the state an export recorded, if this build writes
// states in its format's shape; otherwise it says so and returns nil.
func recordedState(env Env, exp *referee.ExportFile) json.RawMessage {
	recorded := exp.RecordedState()
	if recorded == nil {
		fmt.Fprintf(env.Stdout, "The export is of format version %d, whose state is not compared: only its setup and moves are replayed.\n", exp.Version)
	}
	return recorded
}

// openForReplay opens the database the replay reads (default DATA_DIR/local.db).
func openForReplay(path string, cfg Config, reg *engine.Registry) (*storage.Store, error) {
	if path == "" {
		path = filepath.Join(cfg.DataDir, "local.db")
	}
	return storage.Open(path, reg)
}

// reportReplay replays setup and moves, prints the outcome, and compares the
// final state (its public view, if public) with expected, the recorded
// one, when there is one.
func reportReplay(env Env, reg *engine.Registry, setup engine.Setup, moves []engine.Move, expected []byte, public, verbose bool) error {
	game, err := reg.Lookup(setup.Game)
	if err != nil {
		return err
	}
	state, events, err := engine.Replay(game, setup, moves)
	if verbose {
		for i, ev := range events {
			fmt.Fprintf(env.Stdout, "move %d (seat %d: %s)\n", i+1, moves[i].Seat, moves[i].Action)
			printEvents(env.Stdout, ev)
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "Replayed %d moves of %s (seed %d): %s.\n", len(moves), game.Title(), setup.Seed, state.Phase())
	for _, p := range state.Players() {
		fmt.Fprintf(env.Stdout, "  %-10s %s\n", p.Name, p.StatsText())
	}
	if expected == nil {
		return nil
	}
	var shown any = state
	if public {
		shown = engine.PublicView(state)
	}
	got, err := json.Marshal(shown)
	if err != nil {
		return err
	}
	if !jsonEqual(got, expected) {
		return errors.New("replay: the replayed state differs from the recorded one")
	}
	fmt.Fprintln(env.Stdout, "The replayed state matches the recorded one.")
	return nil
}

// jsonEqual compares two JSON encodings, ignoring layout.
func jsonEqual(a, b []byte) bool {
	var ca, cb bytes.Buffer
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}

func printEvents(w io.Writer, events []engine.Event) {
	for _, e := range events {
		fmt.Fprintln(w, "*", e.Text)
	}
}
