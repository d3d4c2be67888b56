package ai

import (
	"math"

	"github.com/adega-bot/adega/engine"
)

// greedy is how often, in percent, a steered playout takes the move that
// has done best so far in the search rather than one at random: random
// half the time keeps the playouts varied.
const greedy = 50

// mast is the Move-Average Sampling Technique (Finnsson and Björnsson,
// 2008): each move's mean result for its seat over the search's
// iterations, wherever in the game it was taken, steers the playouts
// (engine.Steered) toward the moves that have done well. A move is a
// step's name and an answer: a Vinhos turn's action, such as Sales. A
// playout that picks each turn's action at random ends some 100 VP behind
// Lacerda and says little of where a move leads; one that leans on the
// actions that have paid in this search plays more like the player it
// stands for. The steps a game lets a policy steer are the game's choice.
type mast struct {
	stats map[mastKey]*mastStat
	taken []mastKey // this iteration's
}

type mastKey struct {
	seat     engine.Seat
	step, id string
}

type mastStat struct {
	sum float64
	n   int
}

func newMast() *mast { return &mast{stats: map[mastKey]*mastStat{}} }

// Pick is engine.Policy's: the best mean among the moves credited so far,
// greedy percent of the time, else a move at random.
func (m *mast) Pick(seat engine.Seat, step string, ids []string, rng *engine.RNG) int {
	if rng.IntN(100) < greedy {
		best, bestMean := -1, 0.0
		for i, id := range ids {
			if st := m.stats[mastKey{seat, step, id}]; st != nil {
				if mean := st.sum / float64(st.n); best < 0 || mean > bestMean {
					best, bestMean = i, mean
				}
			}
		}
		if best >= 0 {
			return best
		}
	}
	return rng.IntN(len(ids))
}

// promising is which of ids, none yet in the tree, the search should try
// first: one never credited (nothing is known of it), else the best mean.
// Ties are broken at random.
func (m *mast) promising(seat engine.Seat, step string, ids []string, rng *engine.RNG) string {
	best, bestMean, ties := "", math.Inf(-1), 0
	for _, id := range ids {
		mean := math.Inf(1)
		if st := m.stats[mastKey{seat, step, id}]; st != nil {
			mean = st.sum / float64(st.n)
		}
		switch {
		case mean > bestMean:
			best, bestMean, ties = id, mean, 1
		case mean == bestMean:
			ties++
			if rng.IntN(ties) == 0 {
				best = id
			}
		}
	}
	return best
}

// Took is engine.Policy's: the move is credited with the iteration's
// result.
func (m *mast) Took(seat engine.Seat, step, id string) {
	m.taken = append(m.taken, mastKey{seat, step, id})
}

// credit adds an iteration's result to every move it took.
func (m *mast) credit(res result) {
	for _, k := range m.taken {
		st := m.stats[k]
		if st == nil {
			st = &mastStat{}
			m.stats[k] = st
		}
		st.sum += res.reward[k.seat]
		st.n++
	}
	m.taken = m.taken[:0]
}
