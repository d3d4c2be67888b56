// Package stepstest helps a game's tests drive its step machine
// (engine/steps) directly.
package stepstest

import (
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/steps"
)

// Decide builds seat's decision on the walker w, stepping it forward: the
// answers Choices would offer at each step, in linear time where Choices
// walks each prefix again. pick picks each answer among the choices
// offered. It fails where two steps of the decision share a name, which
// a command could not tell apart, or a step offers no answer.
func Decide[W steps.Walker[W]](t testing.TB, m *steps.Machine[W], w W, seat engine.Seat, pick func(choices []engine.Choice) engine.Choice) engine.Action {
	t.Helper()
	var act engine.Action
	var choices []engine.Choice // reused from step to step
	names := map[string]bool{}
	for {
		st, done, err := m.Next(w, seat)
		if err != nil {
			t.Fatalf("after %v: %v", act, err)
		}
		if done {
			return act
		}
		if names[st.Name] {
			t.Fatalf("after %v, a second step is named %q (%s)", act, st.Name, st.Prompt)
		}
		names[st.Name] = true
		offered := m.Viable(w, seat, st.Opts)
		if len(offered) == 0 {
			t.Fatalf("dead end after %v at step %q (%s)", act, st.Name, st.Prompt)
		}
		choices = choices[:0]
		for _, o := range offered {
			choices = append(choices, o.Choice)
		}
		id := pick(choices).ID
		act = append(act, id)
		m.Answer(w, st, offered[slices.IndexFunc(offered, func(o steps.Option[W]) bool { return o.ID == id })])
	}
}
