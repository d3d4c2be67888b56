package ai

import "github.com/adega-bot/adega/engine"

// Player decides for the seats it plays: the AI, or a baseline to measure
// it against. A player keeps its own random numbers, so one game's
// players are not shared with another's.
type Player interface {
	Decide(s engine.State, seat engine.Seat) (engine.Action, error)
}

// Searcher is the AI as a player; each decision takes the next seed.
type Searcher struct {
	Config
}

func (p *Searcher) Decide(s engine.State, seat engine.Seat) (engine.Action, error) {
	p.Seed++
	d, err := Decide(s, seat, p.Config)
	return d.Action, err
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
