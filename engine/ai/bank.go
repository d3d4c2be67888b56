package ai

import "time"

// Bank is what a player saved on its decisions settled before their
// budget ran out (see limit.settle), and on those it had no choice in,
// for its close ones: a decision may spend up to half its budget more
// from it, never more, so that no decision takes more than 1.5 times its
// budget (and its last iteration). Under an iteration cap it banks
// iterations, so that play stays deterministic. The zero Bank is empty.
type Bank struct {
	time       time.Duration
	iterations int
}

// bankDraw is the most a decision may draw from the bank, of its budget.
const bankDraw = 0.5

// allow is what a decision of cfg's budget may spend, with its draw.
func (k *Bank) allow(cfg Config) Config {
	if k == nil {
		return cfg
	}
	if cfg.Budget > 0 {
		cfg.Budget += min(k.time, time.Duration(bankDraw*float64(cfg.Budget)))
	}
	if cfg.Iterations > 0 {
		cfg.Iterations += min(k.iterations, int(bankDraw*float64(cfg.Iterations)))
	}
	return cfg
}

// settle banks what a decision of cfg's budget left unspent: spent and
// ran are its time and iterations. It draws on the bank for what it spent
// over its own budget.
func (k *Bank) settle(cfg Config, spent time.Duration, ran int) {
	if k == nil {
		return
	}
	if cfg.Budget > 0 {
		k.time = max(0, k.time+cfg.Budget-spent)
	}
	if cfg.Iterations > 0 {
		k.iterations = max(0, k.iterations+cfg.Iterations-ran)
	}
}
