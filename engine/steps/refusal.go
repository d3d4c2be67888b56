package steps

import (
	"fmt"
	"slices"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// Refusals say why an answer is not legal, in the rule's own terms: "A
// second Winery costs 3 more Bagos; you have 1." The step builders note
// each answer they leave out with the rule that leaves it out (Walk.Note),
// but only in a walker made to explain a refusal (Modes.Explaining), so
// that listing choices, which the look-ahead does constantly, costs
// nothing more.

// Refusal says why value is not a legal answer to seat's step after
// prefix, walked on the walker start makes, or "" when no rule of the
// step explains it (engine.Explainer).
func (m *Machine[W]) Refusal(start func() W, seat engine.Seat, prefix engine.Action, value string) string {
	c := start()
	k := c.Steps()
	k.NoLabels = true
	if m.walk(c, seat, prefix, false) != nil {
		return ""
	}
	// The steps answered on their own on the way note their refusals too:
	// a value meant for one of them is explained.
	k.NoLabels, k.Quiet, k.Explaining = false, true, true
	st, done, err := m.Next(c, seat)
	if err != nil {
		return ""
	}
	for _, r := range k.refusals {
		if engine.SameID(r.id, value) {
			return r.reason
		}
	}
	if done {
		return ""
	}
	for _, o := range st.Opts {
		if (engine.SameID(o.ID, value) || strings.EqualFold(o.Label, value)) && o.Risky && !m.LeadsToEnd(c, seat, o) {
			return m.deadEnd(c, seat, o)
		}
	}
	if m.Why != nil {
		return m.Why(c, st, value)
	}
	return ""
}

// deadEnd says why seat's decision cannot finish once o is taken: the
// first step on the way that has no answer left, and the rules that leave
// its answers out.
func (m *Machine[W]) deadEnd(w W, seat engine.Seat, o Option[W]) string {
	c := m.Copy(w)
	k := c.Steps()
	o.Do(c)
	for range 8 {
		k.refusals = nil
		st, done, err := m.Next(c, seat)
		if err != nil || done || len(m.Viable(c, seat, st.Opts)) > 0 {
			break
		}
		// A step that left answers out says why; one whose every answer
		// is a detour (an Expert flipped first) would only say where the
		// detour stops.
		reasons := k.reasons()
		if len(st.Opts) == 0 || len(reasons) > 0 {
			if len(reasons) == 0 {
				return fmt.Sprintf("After that, nothing would answer %s.", engine.Quote(st.Prompt))
			}
			return fmt.Sprintf("After that, nothing would answer %s: %s", engine.Quote(st.Prompt), strings.Join(reasons[:min(3, len(reasons))], " "))
		}
		o = st.Opts[0] // every answer ends the same way: follow one
		o.Do(c)
	}
	return "You could not finish your turn after that."
}

// reasons are the reasons noted for the answers left out, each once.
func (k *Walk[W]) reasons() []string {
	var reasons []string
	for _, r := range k.refusals {
		if !slices.Contains(reasons, r.reason) {
			reasons = append(reasons, r.reason)
		}
	}
	return reasons
}
