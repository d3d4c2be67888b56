// Command bot runs adega: the Discord bot, a local table in the terminal, a
// replay of a stored or exported game, the check and salvage of a
// damaged database, the restore of a backup, or the move of games between
// the processes' databases for a new shard count.
//
//	adega [run|local|replay|tournament|check|salvage|restore|reshard|health|version] [flags]
//
// With no subcommand it runs the bot when a token is configured and opens
// the local table otherwise.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
	lavinaboard "github.com/adega-bot/adega/render/lavina"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
)

func main() {
	exits := &exitLog{stderr: os.Stderr}
	ctx, stop := stopOnSignal(exits, os.Exit)
	defer stop()
	bot.TuneGC(os.Getenv)
	env := Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, UseLogger: exits.use}
	err := Main(ctx, os.Args[1:], env)
	switch {
	case errors.Is(err, flag.ErrHelp):
	case err != nil:
		exits.print("exiting", err)
		os.Exit(1)
	}
}

// exitLog writes the lines of the program's own as it exits: the error it
// exits on, a second signal. Once the bot has its logger (Env.UseLogger),
// they are lines of its log, in its format (a log collector reads every
// line as JSON with log_format = "json"); before, plain text.
type exitLog struct {
	stderr io.Writer
	logger atomic.Pointer[slog.Logger]
}

func (l *exitLog) use(logger *slog.Logger) { l.logger.Store(logger) }

// print writes msg and err, if any: "adega: ERR" (or "adega: MSG") as
// plain text.
func (l *exitLog) print(msg string, err error) {
	logger := l.logger.Load()
	switch {
	case logger != nil && err != nil:
		logger.Error(msg, "err", err)
	case logger != nil:
		logger.Error(msg)
	case err != nil:
		fmt.Fprintln(l.stderr, "adega:", err)
	default:
		fmt.Fprintln(l.stderr, "adega:", msg)
	}
}

// stopOnSignal returns a context that ends at the first SIGINT or SIGTERM,
// for the bot to stop in order (bot.Run); a second signal calls exit(1) at
// once. stop stops listening.
func stopOnSignal(exits *exitLog, exit func(int)) (ctx context.Context, stop func()) {
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		select {
		case <-signals:
		case <-done:
			return
		}
		cancel()
		select {
		case sig := <-signals:
			exits.print(fmt.Sprintf("%v again: exiting at once", sig), nil)
			exit(1)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(signals)
		close(done)
		cancel()
	}
}

// Env is the process's outside world, so tests can run Main in-process.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// UseLogger, if set, is given the bot's logger once it has one
	// (exitLog).
	UseLogger func(*slog.Logger)
}

// games is every game this binary can run, the default first, with the
// configured Vinhos component data.
func games(cfg Config) (*engine.Registry, error) {
	data := vinhos.DefaultData()
	if cfg.VinhosData != "" {
		f, err := os.Open(cfg.VinhosData)
		if err != nil {
			return nil, fmt.Errorf("vinhos data file: %w", err)
		}
		defer f.Close()
		if data, err = vinhos.LoadData(f); err != nil {
			return nil, fmt.Errorf("vinhos data file %s: %w", cfg.VinhosData, err)
		}
	}
	return engine.NewRegistry(vinhos.Game{Data: data}, lavina.Game{}, nim.Game{}), nil
}

// boards draws each game's board; games without a renderer get a summary card.
func boards() render.Boards {
	return render.Boards{"vinhos": vinhosboard.Renderer, "lavina": lavinaboard.Renderer}
}

// Main dispatches to a subcommand.
func Main(ctx context.Context, args []string, env Env) error {
	sub := ""
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		sub, args = args[0], args[1:]
	}
	switch sub {
	case "":
		return defaultCommand(ctx, args, env)
	case "run":
		return runCommand(ctx, args, env)
	case "local":
		return localCommand(ctx, args, env, false)
	case "replay":
		return replayCommand(args, env)
	case "tournament":
		return tournamentCommand(ctx, args, env)
	case "check":
		return checkCommand(args, env)
	case "salvage":
		return salvageCommand(args, env)
	case "restore":
		return restoreCommand(args, env)
	case "reshard":
		return reshardCommand(args, env)
	case "health":
		return healthCommand(args, env)
	case "version":
		return versionCommand(args, env)
	case "help":
		fmt.Fprint(env.Stdout, usage)
		return nil
	default:
		return fmt.Errorf("unknown command %q\n%s", sub, usage)
	}
}

const usage = `usage: adega [command] [flags]

commands:
  run      connect to Discord (the default when a token is configured);
           run --http ADDR serves the Interactions Endpoint instead of the gateway
  local    play at a table in this terminal, no Discord needed (the default otherwise)
  replay   replay a stored game or an exported file and report the result
  tournament
           play seeded games between AI levels and baselines; print a table (docs/AI.md)
  check FILE
           check a database file, with the bot stopped: every page, every game replayed
  salvage FILE NEW
           copy every game of a damaged database that can be read into a new file
  restore FILE
           with the bot stopped, check the backup FILE and put it in place of the database
  reshard --to NEW.toml,... OLD...
           with every bot stopped, move the games of the old processes' databases
           to the new processes' files for a new shard_count (docs/deploy.md)
  health   succeed if a running bot holds the configured database open
           (the container's health check, docs/deploy.md)
  version  print the version, the commit and the Go version of this build
  help     show this text

Run "adega COMMAND -h" for a command's flags.
`

// defaultCommand runs the bot if a token is configured, else the local table.
func defaultCommand(ctx context.Context, args []string, env Env) error {
	cmd := newCommand("adega", env)
	cmd.Usage = func() {
		fmt.Fprint(cmd.Output(), usage+"\nflags:\n")
		cmd.PrintDefaults()
	}
	cfg, err := cmd.parse(args, env)
	if err != nil {
		return err
	}
	if cfg.Token != "" {
		return runCommand(ctx, args, env)
	}
	return localCommand(ctx, args, env, true)
}

const defaultConfigPath = "adega.toml"

// subcommand is a subcommand's flags, with the --config flag they all share.
type subcommand struct {
	*flag.FlagSet
	configPath *string
}

func newCommand(name string, env Env) subcommand {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	return subcommand{fs, fs.String("config", defaultConfigPath, "configuration `file` (see config.example.toml)")}
}

// parse reads the arguments, with flags after the command's other
// arguments as well as before (replay FILE --db X), and loads the
// configuration they name. After "--" every argument is no flag.
func (c subcommand) parse(args []string, env Env) (Config, error) {
	var rest []string
	for {
		if err := c.Parse(args); err != nil {
			return Config{}, err
		}
		left := c.Args()
		if len(left) == 0 {
			break
		}
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			rest = append(rest, left...)
			break
		}
		rest, args = append(rest, left[0]), left[1:]
	}
	if err := c.Parse(append([]string{"--"}, rest...)); err != nil {
		return Config{}, err
	}
	return loadConfig(*c.configPath, env)
}

// loadConfig reads the config; only the default path may be missing.
func loadConfig(path string, env Env) (Config, error) {
	return LoadConfig(path, path == defaultConfigPath, env.Getenv)
}

// newLogger logs to stderr at the configured level, in the configured
// format.
func newLogger(cfg Config, env Env) *slog.Logger {
	level, _ := parseLevel(cfg.LogLevel) // validated on load
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		opts.ReplaceAttr = durationText
		return slog.New(slog.NewJSONHandler(env.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(env.Stderr, opts))
}

// durationText writes a duration as the text handler does ("1.5s"), not
// as JSON's count of nanoseconds.
func durationText(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		a.Value = slog.StringValue(a.Value.Duration().String())
	}
	return a
}
