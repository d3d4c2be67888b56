package lavina

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout). It steps one quiet copy forward through every
// decision, where the public path copies the state for each step and each
// action, walks the decision again from its first step, and formats
// labels and narration nobody reads. Every option a step lists is legal,
// so it draws among them as enginetest.RandomGame draws among the choices, from
// the same random numbers: the same generator plays the same game.
func (s *State) RandomPlayout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action)) engine.State {
	return s.playout(rng, record, nil)
}

// SteeredPlayout is RandomPlayout with the steps that shape a turn
// (steeredSteps) picked by p (engine.Steered).
func (s *State) SteeredPlayout(rng *engine.RNG, p engine.Policy, record func(seat engine.Seat, action engine.Action)) engine.State {
	return s.playout(rng, record, p)
}

// steeredSteps are the steps a policy picks in a steered playout: what the
// picker does next (take, move, dump, deliver, end) and where it moves,
// which decide how far it runs ahead and what it can reach. Which card and
// which basket follow from them, and stay random.
var steeredSteps = []string{"action", "to"}

// playout plays a quiet copy of s to the end, steered by p if not nil.
func (s *State) playout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action), p engine.Policy) engine.State {
	c := s.clone()
	c.events = nil
	c.quiet, c.nolabels = true, true
	sr := steerer{p: p}
	for !c.Ended {
		pending := c.Pending()
		seat := pending[rng.IntN(len(pending))].Seat
		var act engine.Action
		for {
			st, done, err := c.next(seat, nil)
			if err != nil {
				panic(fmt.Sprintf("lavina: a playout asked seat %d, who has nothing to decide: %v", seat, err))
			}
			if done {
				break
			}
			o := sr.answer(seat, st, rng)
			if record != nil {
				act = append(act, o.ID)
			}
			c.answer(st, o)
		}
		if record != nil {
			record(seat, act)
		}
		c.finish()
	}
	c.quiet, c.nolabels = s.quiet, s.nolabels
	return c
}

// steerer answers a playout's steps: each drawn as enginetest.RandomGame draws
// among the choices, or, at a steered step, the pick of p if not nil.
// Every option a step lists is legal, so a pick never needs drawing again.
type steerer struct {
	p   engine.Policy
	ids []string // reused from step to step
}

func (sr *steerer) answer(seat engine.Seat, st step, rng *engine.RNG) option {
	if sr.p == nil || !slices.Contains(steeredSteps, st.name) {
		return st.opts[rng.IntN(len(st.opts))]
	}
	sr.ids = sr.ids[:0]
	for _, o := range st.opts {
		sr.ids = append(sr.ids, o.ID)
	}
	o := st.opts[sr.p.Pick(seat, st.name, sr.ids, rng)]
	sr.p.Took(seat, st.name, o.ID)
	return o
}

var (
	_ engine.Playout = (*State)(nil)
	_ engine.Steered = (*State)(nil)
)
