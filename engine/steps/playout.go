package steps

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// Playout plays the game on w to its end by random legal decisions
// (engine.Playout), steered by p where it is not nil (engine.Steered). It
// steps w forward through every decision, where the public path copies
// the state for each step and each action, and labels and narrates
// nothing; it keeps no step's name, which only commands read; and it
// looks ahead only from the answer it draws. record, if not nil, is told
// each decision as Apply takes it.
func (m *Machine[W]) Playout(w W, rng *engine.RNG, p engine.Policy, record func(seat engine.Seat, action engine.Action)) {
	k := w.Steps()
	k.Modes, k.Events = Modes{Quiet: true, NoLabels: true, Unnamed: true}, nil
	pl := player[W]{m: m, rng: rng, p: p}
	for !w.Over() {
		k.pending = w.Owing(k.pending[:0])
		seat := k.pending[rng.IntN(len(k.pending))].Seat
		act := pl.decide(w, seat, record != nil)
		if record != nil {
			record(seat, act)
		}
		m.Finish(w, seat)
		w.Advance()
	}
}

// player answers a playout's steps.
type player[W Walker[W]] struct {
	m   *Machine[W]
	rng *engine.RNG
	p   engine.Policy
	ids []string // reused from step to step
}

// decide plays seat's decision by random legal answers, each drawn among
// the answers Choices would list, and returns the action if asked.
func (pl *player[W]) decide(w W, seat engine.Seat, keep bool) engine.Action {
	var act engine.Action
	for {
		st, done, err := pl.m.Next(w, seat)
		if err != nil {
			panic(fmt.Sprintf("steps: a playout asked seat %d, who has nothing to decide: %v", seat, err))
		}
		if done {
			return act
		}
		if len(st.Opts) == 0 {
			panic(fmt.Sprintf("steps: a playout found no answer to %q (%s) at %s", st.Name, st.Prompt, w.Phase()))
		}
		o := pl.answer(w, seat, st)
		if keep {
			act = append(act, o.ID)
		}
		answer(w.Steps(), w, st, o)
	}
}

// answer is a playout's answer to st: the game's preferred answer if it
// has one, the pick of the policy at a steered step, else a random one.
func (pl *player[W]) answer(w W, seat engine.Seat, st Step[W]) Option[W] {
	if pl.m.Prefer != nil {
		if i := pl.m.Prefer(w, seat, st); i >= 0 {
			if o := st.Opts[i]; !o.Risky || pl.m.LeadsToEnd(w, seat, o) {
				return o
			}
		}
	}
	if pl.p != nil && slices.Contains(pl.m.Steered, st.Name) {
		o := pl.firstViable(w, seat, st.Opts, func(opts []Option[W]) int {
			pl.ids = pl.ids[:0]
			for _, o := range opts {
				pl.ids = append(pl.ids, o.ID)
			}
			return pl.p.Pick(seat, st.Name, pl.ids, pl.rng)
		})
		pl.p.Took(seat, st.Name, o.ID)
		return o
	}
	// Each answer Choices would list is as likely: it draws among all of
	// them and looks ahead only from the one drawn, drawing again without
	// it if it leads nowhere, where Choices looks ahead from every risky
	// option.
	i := pl.rng.IntN(len(st.Opts))
	if o := st.Opts[i]; !o.Risky || pl.m.LeadsToEnd(w, seat, o) {
		return o // most draws: the first, with no draw function to call
	}
	return pl.firstViable(w, seat, slices.Delete(st.Opts, i, i+1), func(opts []Option[W]) int { return pl.rng.IntN(len(opts)) })
}

// firstViable takes the option draw picks among opts, looking ahead only
// from it, and picks again without it if it leads nowhere (it removes
// those from opts, the step's own, which is read no further).
func (pl *player[W]) firstViable(w W, seat engine.Seat, opts []Option[W], draw func(opts []Option[W]) int) Option[W] {
	for {
		i := draw(opts)
		if o := opts[i]; !o.Risky || pl.m.LeadsToEnd(w, seat, o) {
			return o
		}
		opts = slices.Delete(opts, i, i+1)
	}
}
