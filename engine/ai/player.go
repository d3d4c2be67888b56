package ai

import "github.com/adega-bot/adega/engine"

// Player decides for the seats it plays: the AI, or a baseline to measure
// it against. A player keeps its own random numbers, so one game's
// players are not shared with another's.
type Player interface {
	Decide(s engine.State, seat engine.Seat) (engine.Action, error)
}

// Watcher is a player told of every action played in its game, every
// seat's: Play calls Played after each.
type Watcher interface {
	Played(before, after engine.State, seat engine.Seat, act engine.Action)
}

// Searcher is the AI as a player; each decision takes the next seed. At
// a level that keeps its tree (Level.KeepsTree) it keeps one for the
// game, from the first decision (Config.Tree).
type Searcher struct {
	Config
}

// NewSearcher is the player of level l with cfg's search.
func NewSearcher(l Level, cfg Config) *Searcher {
	if l.KeepsTree() {
		cfg.Tree = &Tree{}
	}
	return &Searcher{Config: cfg}
}

func (p *Searcher) Decide(s engine.State, seat engine.Seat) (engine.Action, error) {
	p.Seed++
	d, err := Decide(s, seat, p.Config)
	return d.Action, err
}

// Played follows the action down the kept tree, if any.
func (p *Searcher) Played(before, after engine.State, seat engine.Seat, act engine.Action) {
	if p.Tree != nil {
		p.Tree.Played(before, after, seat, act)
	}
}

// RandomPlayer takes a uniform random choice at each step (see Random).
type RandomPlayer struct {
	RNG engine.RNG
}

func (p *RandomPlayer) Decide(s engine.State, seat engine.Seat) (engine.Action, error) {
	return Random(s, seat, &p.RNG)
}

// FirstChoice is today's bot seat: engine.Auto.
type FirstChoice struct{}

func (FirstChoice) Decide(s engine.State, seat engine.Seat) (engine.Action, error) {
	return engine.Auto(s, seat)
}
