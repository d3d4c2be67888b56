package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout). It steps one quiet copy forward through every
// decision, where the public path copies the state for each step and each
// action, and formats labels and narration nobody reads; it keeps no
// step's name, which only commands read; and it looks ahead only from
// the answer it draws.
func (s *State) RandomPlayout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action)) engine.State {
	c := s.clone()
	c.events = nil
	c.quiet, c.nolabels, c.unnamed = true, true, true
	var buf [MaxPlayers]engine.Pending
	for !c.Over() {
		pending := c.pending(buf[:0])
		seat := pending[rng.IntN(len(pending))].Seat
		act := c.decideRandomly(seat, rng, record != nil)
		if record != nil {
			record(seat, act)
		}
		c.finish(seat)
		c.advance()
	}
	c.quiet, c.nolabels, c.unnamed = false, false, false
	return c.published()
}

// decideRandomly plays seat's decision by random legal answers, each drawn
// among the answers Choices would list, and returns the action if asked.
func (s *State) decideRandomly(seat engine.Seat, rng *engine.RNG, keep bool) engine.Action {
	var act engine.Action
	for {
		st, done, err := s.next(seat)
		if err != nil {
			panic(fmt.Sprintf("vinhos: a playout asked seat %d, who has nothing to decide: %v", seat, err))
		}
		if done {
			return act
		}
		if len(st.opts) == 0 {
			panic(fmt.Sprintf("vinhos: a playout found no answer to %q (%s) at %s", st.name, st.prompt, s.Phase()))
		}
		o := s.randomViable(seat, st.opts, rng)
		if keep {
			act = append(act, o.ID)
		}
		s.answer(st, o)
	}
}

// randomViable draws one of the options Choices would list, each as likely:
// it draws among all of them and looks ahead only from the one drawn,
// drawing again without it if it leads nowhere, where Choices looks ahead
// from every risky option. It removes those from opts, the step's own,
// which is read no further.
func (s *State) randomViable(seat engine.Seat, opts []option, rng *engine.RNG) option {
	for {
		i := rng.IntN(len(opts))
		if o := opts[i]; !o.risky || s.leadsToEnd(seat, o) {
			return o
		}
		opts = slices.Delete(opts, i, i+1)
	}
}
