package ai

import (
	"fmt"
	"hash/fnv"
	"time"

	"github.com/adega-bot/adega/engine"
)

// Level is how strongly the AI plays: how long it searches, and how.
type Level int

const (
	Easy Level = iota
	Normal
	Hard
)

// levels is every way the levels differ, in one place (docs/AI.md,
// "Levels and budgets").
var levels = [...]struct {
	name string
	// budget is the default time per decision on one core; a setting may
	// replace it.
	budget time.Duration
	// iterations is the cap for deterministic play (tests, benchmarks),
	// in the levels' ratio. It is far less than a budget buys since
	// playouts became cheap (docs/AI.md): tests need the ratio and speed,
	// not the strength.
	iterations int
	// keepsTree: the player keeps its tree from one decision to the next
	// (Tree): the tournament's (NewSearcher) and the bot's seats
	// (bot/remind's kept trees).
	keepsTree bool
}{
	Easy:   {name: "easy", budget: 100 * time.Millisecond, iterations: 3},
	Normal: {name: "normal", budget: 500 * time.Millisecond, iterations: 16},
	Hard:   {name: "hard", budget: 2 * time.Second, iterations: 64, keepsTree: true},
}

func (l Level) String() string { return levels[l].name }

// ParseLevel reads a level's name.
func ParseLevel(name string) (Level, error) {
	for l, lv := range levels {
		if lv.name == name {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("ai: no level %q; choose easy, normal or hard", name)
}

// Budget is the level's default time per decision on one core.
func (l Level) Budget() time.Duration { return levels[l].budget }

// Iterations is the level's iteration cap for deterministic play.
func (l Level) Iterations() int { return levels[l].iterations }

// KeepsTree is whether the level's player keeps its tree between its
// decisions (NewSearcher).
func (l Level) KeepsTree() bool { return levels[l].keepsTree }

// Settings are how a running bot plays its levels: each level's time per
// decision, or an iteration cap in place of time (tests, which need the
// same decisions on any machine).
type Settings struct {
	// Budgets are the times per decision by level; zero is the level's
	// Budget.
	Budgets [3]time.Duration
	// Iterations, when set, caps every decision at the level's share of
	// it (see Level.Iterations), and a level without a budget of its own
	// searches by it alone.
	Iterations int
	// Horizon is Config.Horizon.
	Horizon int
	// KeptEdges bounds the trees the bot keeps for its seats between
	// their decisions (Level.KeepsTree), all games together, in edges
	// (Tree.Edges); 0 keeps none.
	KeptEdges int
}

// Config is the search of one decision at level l.
func (s Settings) Config(l Level, seed uint64) Config {
	cfg := Config{Budget: s.Budgets[l], Horizon: s.Horizon, Seed: seed}
	if s.Iterations > 0 {
		cfg.Iterations = max(1, s.Iterations*l.Iterations()/Hard.Iterations())
	} else if cfg.Budget <= 0 {
		cfg.Budget = l.Budget()
	}
	return cfg
}

// LevelNamed is the level a game's settings name: empty is normal.
func LevelNamed(name string) (Level, error) {
	if name == "" {
		return Normal, nil
	}
	return ParseLevel(name)
}

// Play decides seat's pending decision as the bot plays its seats: at the
// level named (empty for normal), with these settings, searching on from
// tree if it is not nil (Config.Tree).
func (s Settings) Play(st engine.State, seat engine.Seat, level string, seed uint64, tree *Tree) (engine.Action, error) {
	l, err := LevelNamed(level)
	if err != nil {
		return nil, err
	}
	cfg := s.Config(l, seed)
	cfg.Tree = tree
	d, err := Decide(st, seat, cfg)
	return d.Action, err
}

// Seed is the seed of a decision the bot makes in a stored game, from the
// game's ID and moment: the same moment searches alike.
func Seed(gameID string, version uint64, k int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/%d", gameID, version, k)
	return h.Sum64()
}
