package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/internal/rusage"
)

// tournamentFlags are the tournament command's settings.
type tournamentFlags struct {
	game, mode string
	games      int
	players    int
	seats      string
	budget     time.Duration
	scale      float64
	iterations int
	horizon    int
	seed       uint64
	parallel   int
	wall       bool
}

// tournamentCommand plays seeded games between AI levels and baselines
// and prints how each kind of player did (docs/AI.md). An interrupt stops
// it once the games under way end.
func tournamentCommand(ctx context.Context, args []string, env Env) error {
	fs := newCommand("tournament", env)
	var f tournamentFlags
	fs.StringVar(&f.game, "game", "vinhos", "game to play")
	fs.StringVar(&f.mode, "mode", "", "game mode, such as solo (default: the game's first)")
	fs.IntVar(&f.games, "games", 20, "games to play")
	fs.IntVar(&f.players, "players", 4, "players per game (solo: 1)")
	fs.StringVar(&f.seats, "seats", "hard,random,random,random", "the kind of player in each seat, rotated from game to game: easy, normal, hard, random or first (today's bot seat)")
	fs.DurationVar(&f.budget, "budget", 0, "time per AI decision (default: each level's)")
	fs.Float64Var(&f.scale, "scale", 1, "factor on each level's budget, to play many games fast with the levels' ratios kept")
	fs.IntVar(&f.iterations, "iterations", 0, "cap on an AI decision's search iterations (0: none)")
	fs.IntVar(&f.horizon, "horizon", 0, "decisions an AI playout plays before it rates the game by its VP (0: to the end)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the first game; game i plays seed+i")
	fs.IntVar(&f.parallel, "parallel", runtime.NumCPU(), "games played at once")
	fs.BoolVar(&f.wall, "wall", false, "budget and time decisions on the wall clock, not the thread's CPU time")
	cfg, err := fs.parse(args, env)
	if err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("tournament: unexpected argument %q", fs.Arg(0))
	}
	registry, err := games(cfg)
	if err != nil {
		return err
	}
	g, err := registry.Lookup(f.game)
	if err != nil {
		return err
	}
	t, err := newTournament(g, f)
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	mode, err := engine.ModeOf(g, t.mode)
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	fmt.Fprintf(env.Stdout, "%s: %d games, %d players, seats %s, %s per decision on the %s, playouts %s\n",
		mode.FullTitle(g), f.games, t.players, f.seats, t.budgetText(), t.clockText(), t.horizonText())
	results, err := t.play(ctx, env.Stderr)
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	if len(results) < f.games {
		fmt.Fprintf(env.Stdout, "stopped: the table counts the %d of %d games played to their end\n", len(results), f.games)
	}
	t.report(env.Stdout, results)
	return nil
}

// tournament is a set of games to play.
type tournament struct {
	tournamentFlags
	g     engine.Game
	kinds []string
}

var playerKinds = []string{"easy", "normal", "hard", "random", "first"}

func newTournament(g engine.Game, f tournamentFlags) (*tournament, error) {
	if f.mode == "solo" {
		f.players = 1
	}
	kinds := strings.Split(f.seats, ",")
	if len(kinds) != f.players {
		return nil, fmt.Errorf("%d seats for %d players", len(kinds), f.players)
	}
	for _, k := range kinds {
		if !slices.Contains(playerKinds, k) {
			return nil, fmt.Errorf("no player kind %q; choose from %s", k, strings.Join(playerKinds, ", "))
		}
	}
	if f.games < 1 || f.parallel < 1 {
		return nil, fmt.Errorf("--games and --parallel must be at least 1")
	}
	return &tournament{tournamentFlags: f, g: g, kinds: kinds}, nil
}

// seatKind is the kind of player in seat for game i: the seats rotate.
func (t *tournament) seatKind(i, seat int) string { return t.kinds[(seat+i)%len(t.kinds)] }

// player makes the player of kind for one game.
func (t *tournament) player(kind string, seed uint64, clock func() time.Duration) ai.Player {
	switch kind {
	case "random":
		return &ai.RandomPlayer{RNG: engine.NewRNG(seed)}
	case "first":
		return ai.FirstChoice{}
	}
	level, _ := ai.ParseLevel(kind) // checked in newTournament
	cfg := ai.Config{Budget: time.Duration(float64(level.Budget()) * t.scale), Iterations: t.iterations, Horizon: t.horizon, Seed: seed, Clock: clock, ShareStretch: level.ShareStretch()}
	if t.budget > 0 {
		cfg.Budget = t.budget
	}
	if t.iterations > 0 && t.budget == 0 {
		cfg.Budget = 0 // the cap alone: deterministic
	}
	return &ai.Searcher{Config: cfg}
}

func (t *tournament) budgetText() string {
	switch {
	case t.iterations > 0 && t.budget == 0:
		return fmt.Sprintf("%d iterations", t.iterations)
	case t.iterations > 0:
		return fmt.Sprintf("%v or %d iterations", t.budget, t.iterations)
	case t.budget > 0:
		return t.budget.String()
	case t.scale != 1:
		return fmt.Sprintf("each level's budget times %g (%s)", t.scale, t.levelBudgets())
	}
	return "each level's budget (" + t.levelBudgets() + ")"
}

func (t *tournament) levelBudgets() string {
	var parts []string
	for _, l := range []ai.Level{ai.Easy, ai.Normal, ai.Hard} {
		parts = append(parts, fmt.Sprintf("%s %v", l, time.Duration(float64(l.Budget())*t.scale)))
	}
	return strings.Join(parts, ", ")
}

func (t *tournament) horizonText() string {
	if t.horizon > 0 {
		return fmt.Sprintf("rated by VP after %d decisions", t.horizon)
	}
	return "to the end"
}

func (t *tournament) clockText() string {
	if t.wall {
		return "wall clock"
	}
	return "thread's CPU clock"
}

// play plays the games, t.parallel at a time, each on a goroutine locked
// to its thread so that the thread's CPU time is the game's. Stopped (an
// interrupt: a table at hard's full budget takes hours), it starts no
// more games, finishes those under way and returns the games played.
func (t *tournament) play(ctx context.Context, progress io.Writer) ([]ai.Match, error) {
	results := make([]ai.Match, t.games)
	errs := make([]error, t.games)
	todo := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	tell := progressOf(progress, t.games)
	for range min(t.parallel, t.games) {
		wg.Go(func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			clock := rusage.Thread
			if t.wall {
				clock = nil
			}
			for i := range todo {
				results[i], errs[i] = t.playOne(i, clock)
				mu.Lock()
				done++
				tell(done)
				mu.Unlock()
			}
		})
	}
feed:
	for i := range t.games {
		select {
		case todo <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(todo)
	wg.Wait()
	if isTerminal(progress) {
		fmt.Fprintln(progress) // the end of the bar's line
	}
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("game %d (seed %d): %w", i, t.seed+uint64(i), err)
		}
	}
	var out []ai.Match
	for _, m := range results {
		if m.Final != nil { // played to its end
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return nil, ctx.Err()
	}
	return out, nil
}

// progressOf tells on w that done of n games are played: a bar redrawn
// in place at a terminal, elsewhere (a log, a pipe) one line a game.
func progressOf(w io.Writer, n int) func(done int) {
	if !isTerminal(w) {
		return func(done int) { fmt.Fprintf(w, "game %d of %d\n", done, n) }
	}
	const width = 30
	return func(done int) {
		full := width * done / n
		fmt.Fprintf(w, "\r[%s%s] game %d of %d", strings.Repeat("#", full), strings.Repeat(" ", width-full), done, n)
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (t *tournament) playOne(i int, clock func() time.Duration) (ai.Match, error) {
	seed := t.seed + uint64(i)
	setup := engine.Setup{Game: t.g.Name(), Mode: t.mode, Seed: seed, Rules: engine.LatestRules(t.g)}
	players := make([]ai.Player, t.players)
	for seat := range players {
		kind := t.seatKind(i, seat)
		setup.Players = append(setup.Players, fmt.Sprintf("%s%d", kind, seat+1))
		players[seat] = t.player(kind, seed*31+uint64(seat), clock)
	}
	return ai.Play(t.g, setup, players, clock)
}
