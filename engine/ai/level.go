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

// levels is every difference between the levels (docs/AI.md, "Levels and
// budgets").
var levels = [...]struct {
	name string
	// budget is the default time per decision on one core; a setting
	// may replace it.
	budget time.Duration
	// iterations is the iteration cap for deterministic play (tests,
	// benchmarks), in the levels' ratio. It is far less than a budget
	// buys since playouts became cheap (docs/AI.md): tests need the
	// ratio and speed, not the strength.
	iterations int
	// shareStretch is Config.ShareStretch.
	shareStretch float64
}{
	Easy:   {"easy", 100 * time.Millisecond, 3, 0},
	Normal: {"normal", 500 * time.Millisecond, 16, 0},
	Hard:   {"hard", 2 * time.Second, 64, 4},
}

func (l Level) String() string { return levels[l].name }

// ParseLevel reads a level's name.
func ParseLevel(name string) (Level, error) {
	for l, v := range levels {
		if v.name == name {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("ai: no level %q; choose easy, normal or hard", name)
}

// Budget is the level's default time per decision on one core.
func (l Level) Budget() time.Duration { return levels[l].budget }

// Iterations is the level's iteration cap for deterministic play.
func (l Level) Iterations() int { return levels[l].iterations }

// ShareStretch is the level's Config.ShareStretch.
func (l Level) ShareStretch() float64 { return levels[l].shareStretch }

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
}

// Config is the search of one decision at level l.
func (s Settings) Config(l Level, seed uint64) Config {
	cfg := Config{Budget: s.Budgets[l], Horizon: s.Horizon, Seed: seed, ShareStretch: l.ShareStretch()}
	if s.Iterations > 0 {
		cfg.Iterations = max(1, s.Iterations*l.Iterations()/Hard.Iterations())
	} else if cfg.Budget <= 0 {
		cfg.Budget = l.Budget()
	}
	return cfg
}

// Play decides seat's pending decision as the bot plays its seats: at the
// level named (empty for normal), with these settings.
func (s Settings) Play(st engine.State, seat engine.Seat, level string, seed uint64) (engine.Action, error) {
	l := Normal
	if level != "" {
		var err error
		if l, err = ParseLevel(level); err != nil {
			return nil, err
		}
	}
	d, err := Decide(st, seat, s.Config(l, seed))
	return d.Action, err
}

// Seed is the seed of a decision the bot makes in a stored game, from the
// game's ID and moment: the same moment searches alike.
func Seed(gameID string, version uint64, k int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/%d", gameID, version, k)
	return h.Sum64()
}
