package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout), but for a Press Release, which makes the Fair Points
// it can (playoutAnswer). It steps one quiet copy forward through every
// decision, where the public path copies the state for each step and each
// action, and formats labels and narration nobody reads; it keeps no
// step's name, which only commands read; and it looks ahead only from
// the answer it draws.
func (s *State) RandomPlayout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action)) engine.State {
	return s.playout(rng, record, nil)
}

// SteeredPlayout is RandomPlayout with the action of each turn
// (steeredSteps) picked by p (engine.Steered).
func (s *State) SteeredPlayout(rng *engine.RNG, p engine.Policy, record func(seat engine.Seat, action engine.Action)) engine.State {
	return s.playout(rng, record, p)
}

// steeredSteps are the steps a policy picks in a steered playout: the
// space a turn's action takes, asked as "move" after a tile or an Expert
// used first.
var steeredSteps = []string{"action", "move"}

// playout plays a quiet copy of s to the end, steered by p if not nil.
func (s *State) playout(rng *engine.RNG, record func(seat engine.Seat, action engine.Action), p engine.Policy) engine.State {
	c := s.clone()
	c.events = nil
	c.quiet, c.nolabels, c.unnamed = true, true, true
	var buf [MaxPlayers]engine.Pending
	for !c.Over() {
		pending := c.pending(buf[:0])
		seat := pending[rng.IntN(len(pending))].Seat
		act := c.decideRandomly(seat, rng, p, record != nil)
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
// among the answers Choices would list (a turn's action picked by p, if
// not nil), and returns the action if asked.
func (s *State) decideRandomly(seat engine.Seat, rng *engine.RNG, p engine.Policy, keep bool) engine.Action {
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
		o := s.playoutAnswer(seat, st, rng, p)
		if keep {
			act = append(act, o.ID)
		}
		s.answer(st, o)
	}
}

// playoutAnswer is a playout's answer to st: at a Press Release the one
// that scores most Fair Points (preferred), at a turn's action the
// pick of p, if not nil, elsewhere a random one.
func (s *State) playoutAnswer(seat engine.Seat, st step, rng *engine.RNG, p engine.Policy) option {
	if i := s.preferred(seat, st); i >= 0 {
		if o := st.opts[i]; !o.risky || s.leadsToEnd(seat, o) {
			return o
		}
	}
	if p != nil && slices.Contains(steeredSteps, st.name) {
		return s.steered(seat, st, rng, p)
	}
	return s.randomViable(seat, st.opts, rng)
}

// preferred is the answer to a Press Release's step that scores most
// Fair Points, or -1 for another step: press rather than pass, the wine
// of highest value, every Renown cube that raises it, the Fair Points
// booth, an Expert rather than none. A Fair rewards only the player
// ahead: a random Press Release, some 4 Fair Points where Lacerda makes
// 15, never wins one, and a search whose playouts never win a Fair cannot
// see what a better wine would win there.
func (s *State) preferred(seat engine.Seat, st step) int {
	if st.name != "release" && s.work.run.kind != runPress {
		return -1
	}
	// A step lists its own answers first; the Wine Experts usable at that
	// point of an action may follow them.
	with := func(id string) int { return slices.IndexFunc(st.opts, func(o option) bool { return o.ID == id }) }
	switch st.name {
	case "release":
		return with("press")
	case "wine":
		return with(s.bestWineKey(seat))
	case "cubes":
		for n := len(cubeKeys) - 1; n >= 0; n-- {
			if i := with(cubeKeys[n]); i >= 0 {
				return i
			}
		}
	case "booth":
		return with(boothKeys[boothWith(BoothFairPoints)])
	}
	if f := slices.Index(featureKeys[:], st.name); f >= 0 && len(st.opts) > 1 && st.opts[0].ID == "none" {
		for _, x := range s.Seats[seat].Experts {
			if xf, _ := s.expertTile(x.ID); x.FaceUp && xf == Feature(f) && s.expertKey(x.ID) == st.opts[1].ID {
				return 1 // an Expert sent for the Vintage's feature
			}
		}
	}
	return -1
}

// bestWineKey is the choice ID of seat's wine of highest value.
func (s *State) bestWineKey(seat engine.Seat) string {
	best, bestValue := "", 0
	for _, w := range s.wines(seat) {
		if v := s.baseValue(seat, w); best == "" || v > bestValue {
			best, bestValue = wineKey(w), v
		}
	}
	return best
}

// randomViable draws one of the options Choices would list, each as likely:
// it draws among all of them and looks ahead only from the one drawn,
// drawing again without it if it leads nowhere, where Choices looks ahead
// from every risky option. It removes those from opts, the step's own,
// which is read no further.
func (s *State) randomViable(seat engine.Seat, opts []option, rng *engine.RNG) option {
	return s.firstViable(seat, opts, func(opts []option) int { return rng.IntN(len(opts)) })
}

// firstViable takes the option draw picks among opts, looking ahead only from
// it, and picks again without it if it leads nowhere (it removes those
// from opts, which is read no further).
func (s *State) firstViable(seat engine.Seat, opts []option, draw func(opts []option) int) option {
	for {
		i := draw(opts)
		if o := opts[i]; !o.risky || s.leadsToEnd(seat, o) {
			return o
		}
		opts = slices.Delete(opts, i, i+1)
	}
}

// steered is p's pick among the options of st, a turn's action, among
// those that lead somewhere.
func (s *State) steered(seat engine.Seat, st step, rng *engine.RNG, p engine.Policy) option {
	var ids []string
	o := s.firstViable(seat, st.opts, func(opts []option) int {
		ids = ids[:0]
		for _, o := range opts {
			ids = append(ids, o.ID)
		}
		return p.Pick(seat, st.name, ids, rng)
	})
	p.Took(seat, st.name, o.ID)
	return o
}
