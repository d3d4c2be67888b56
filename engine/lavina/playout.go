package lavina

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout). It steps one quiet copy forward through every
// decision, where the public path copies the state for each step and each
// action, walks the decision again from its first step, and formats
// labels and narration nobody reads. Every option a step lists is legal,
// so it draws among them as engine.RandomGame draws among the choices, from
// the same random numbers: the same generator plays the same game.
func (s *State) RandomPlayout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action)) engine.State {
	c := s.clone()
	c.events = nil
	c.quiet, c.nolabels = true, true
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
			o := st.opts[rng.IntN(len(st.opts))]
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

var _ engine.Playout = (*State)(nil)
