package engine

import (
	"slices"
	"strings"
)

// Auto builds a decision for a seat nobody is playing right now (an absent
// player past the deadline, or a seat the bot took over). It is simple and
// always legal: the first choice of the first step, then the choice that
// declines each optional step when there is one, else the first choice.
// Declining is always offered where a decision may stop, so it ends.
func Auto(s State, seat Seat) (Action, error) {
	return Complete(s, seat, nil, func(step Step, depth int) Choice {
		if c, ok := step.skip(); ok && depth > 0 {
			return c
		}
		return step.Choices[0]
	})
}

// Skip builds a pass for the seat, where the rules allow one: the first
// step must offer a choice that passes ("pass", or a move to a pass space
// such as "pass@c"); the rest declines what it can. It reports false when
// no pass is possible.
func Skip(s State, seat Seat) (Action, bool, error) {
	first, err := s.Choices(seat, nil)
	if err != nil {
		return nil, false, err
	}
	if !slices.ContainsFunc(first.Choices, isPass) {
		return nil, false, nil
	}
	act, err := Complete(s, seat, nil, func(step Step, _ int) Choice {
		if i := slices.IndexFunc(step.Choices, isPass); i >= 0 {
			return step.Choices[i]
		}
		if c, ok := step.skip(); ok {
			return c
		}
		return step.Choices[0]
	})
	return act, err == nil, err
}

func isPass(c Choice) bool { return c.ID == "pass" || strings.HasPrefix(c.ID, "pass@") }

// Complete finishes the decision begun with prefix, picking each step's
// choice with pick, which is told the step's place in the action (0 for
// the first).
func Complete(s State, seat Seat, prefix Action, pick func(step Step, depth int) Choice) (Action, error) {
	act := slices.Clip(prefix) // never writes into the caller's array
	for depth := len(prefix); ; depth++ {
		step, err := s.Choices(seat, act)
		if err != nil {
			return nil, err
		}
		if step.Complete {
			return act, nil
		}
		if len(step.Choices) == 0 {
			return nil, Errorf(CodeIllegal, "No legal choice at %q.", step.Prompt)
		}
		if len(act) == cap(act) {
			act = slices.Grow(act, 8) // room for a turn's steps at once
		}
		act = append(act, pick(step, depth).ID)
	}
}
