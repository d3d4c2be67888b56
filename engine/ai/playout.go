package ai

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// Random builds seat's decision by uniform random choices, step by step
// through Choices: the baseline player, and the playouts' policy.
func Random(s engine.State, seat engine.Seat, rng *engine.RNG) (engine.Action, error) {
	return completeRandomly(s, seat, nil, rng)
}

// completeRandomly finishes the decision begun with prefix at random.
func completeRandomly(s engine.State, seat engine.Seat, prefix engine.Action, rng *engine.RNG) (engine.Action, error) {
	return engine.Complete(s, seat, prefix, func(step engine.Step, _ int) engine.Choice {
		return step.Choices[rng.IntN(len(step.Choices))]
	})
}

// playout plays s at random, seat first finishing the decision begun with
// prefix, and rates the end for every seat (stretch: see rate). With a
// horizon it stops after that many decisions and rates the game as it
// stands, by its VP.
func playout(s engine.State, seat engine.Seat, prefix engine.Action, rng *engine.RNG, players, horizon int, policy engine.Policy, stretch float64) (result, error) {
	for decisions := 0; !s.Over(); decisions++ {
		if horizon > 0 && decisions == horizon {
			if r, ok := rateUnfinished(s, players); ok {
				return r, nil
			}
		}
		if steered, ok := s.(engine.Steered); ok && policy != nil && prefix == nil && horizon == 0 {
			return rate(steered.SteeredPlayout(rng, policy, nil), players, stretch), nil
		}
		if fast, ok := s.(engine.Playout); ok && prefix == nil && horizon == 0 {
			// The game plays itself out at random faster than Choices and
			// Apply can, with the same policy.
			return rate(fast.RandomPlayout(rng, nil), players, stretch), nil
		}
		act, err := completeRandomly(s, seat, prefix, rng)
		if err != nil {
			return result{}, err
		}
		if s, _, err = s.Apply(seat, act); err != nil {
			return result{}, fmt.Errorf("ai: offered action %v refused: %w", act, err)
		}
		seat, prefix = next(s), nil
	}
	return rate(s, players, stretch), nil
}

// result rates a finished game for each seat, from 0 to 1, and keeps the
// seats' scores.
type result struct {
	win    []float64 // 1 for the winner
	reward []float64 // what the search maximizes
	score  []float64 // each seat's score (engine.Scored); nil if the game keeps none
}

// shareWeight is the part of a result that rewards the VP share (see
// vpShare), so that a long game's search still tells a close loss from a
// rout.
const shareWeight = 0.3

// stretchedWeight is the part of a result that rewards the stretched VP
// share, under Config.ShareStretch.
const stretchedWeight = 0.7

// rate rates a finished game: a win counts most, the rest rewards the VP
// share against the best other seat (the rank, for games without a "vp"
// counter). With a stretch (Config.ShareStretch) the share counts most,
// stretched about an even share by that factor and cut to 0 to 1, except
// in a game against an automa (engine.SoloScored).
func rate(s engine.State, players int, stretch float64) result {
	summaries := s.Players()
	r := result{win: make([]float64, players), reward: make([]float64, players), score: scores(s, summaries)}
	ranked, ok := s.(engine.Ranked)
	if !ok {
		return r
	}
	ranking := ranked.Ranking()
	if len(ranking) == 0 {
		return r
	}
	r.win[ranking[0]] = 1
	if solo, ok := s.(engine.SoloScored); ok {
		if _, _, against := solo.SoloResult(); against {
			// Against an automa a playout ends far behind it (some 100 VP
			// behind Lacerda), where the stretched share is flat: the win
			// and the plain share rate it (20 solo games at 200 ms: 7 won
			// so, 2 with the stretch; docs/AI.md).
			stretch = 0
		}
	}
	vp, hasVP := counters(summaries, "vp")
	for rank, seat := range ranking {
		share := 1 - float64(rank)/float64(max(1, len(ranking)-1))
		if hasVP {
			share = vpShare(vp, seat)
		}
		if stretch > 0 {
			r.reward[seat] = (1-stretchedWeight)*r.win[seat] + stretchedWeight*min(1, max(0, 0.5+stretch*(share-0.5)))
			continue
		}
		r.reward[seat] = (1-shareWeight)*r.win[seat] + shareWeight*share
	}
	return r
}

// rateUnfinished rates a game in progress by its VP share alone, which
// then stands for the chance to win too; false for a game without VP.
func rateUnfinished(s engine.State, players int) (result, bool) {
	summaries := s.Players()
	vp, ok := counters(summaries, "vp")
	if !ok {
		return result{}, false
	}
	r := result{win: make([]float64, players), reward: make([]float64, players), score: scores(s, summaries)}
	for seat := range vp {
		r.win[seat] = vpShare(vp, engine.Seat(seat))
		r.reward[seat] = r.win[seat]
	}
	return r, true
}

// scores reads every seat's score from the summaries of s, nil for a game
// that keeps none.
func scores(s engine.State, summaries []engine.PlayerSummary) []float64 {
	scored, ok := s.(engine.Scored)
	if !ok {
		return nil
	}
	c, ok := counters(summaries, scored.ScoreKey())
	if !ok {
		return nil
	}
	out := make([]float64, len(c))
	for i, v := range c {
		out[i] = float64(v)
	}
	return out
}

// counters reads one counter of every seat from their summaries.
func counters(players []engine.PlayerSummary, key string) ([]int, bool) {
	out := make([]int, len(players))
	for i, p := range players {
		v, ok := p.Stat(key)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// bestOther is the best VP of the seats but seat; seat's own for a game of
// one.
func bestOther[N int | float64](vp []N, seat engine.Seat) N {
	best, found := vp[seat], false
	for i, v := range vp {
		if engine.Seat(i) != seat && (!found || v > best) {
			best, found = v, true
		}
	}
	return best
}

// vpShare rates seat's VP against the best other seat's, from 0 to 1, 0.5
// for a tie: its share of the two. A share keeps its gradient however far
// behind the seat is, where a squashed difference would flatten out (a
// random playout ends some 100 VP behind Lacerda).
func vpShare(vp []int, seat engine.Seat) float64 {
	mine, best := float64(max(0, vp[seat])), float64(max(0, bestOther(vp, seat)))
	if mine+best == 0 {
		return 0.5
	}
	return mine / (mine + best)
}
