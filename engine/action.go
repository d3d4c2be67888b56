package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Action is a complete answer to a prompt: the IDs of the choices taken, one
// per step, in order. A Sales action might be ["sell", "w3", "slot-7", "no-cube"].
type Action []string

func (a Action) String() string { return strings.Join(a, " ") }

// Step is the next decision of an action in progress.
type Step struct {
	// Name is a short option name for the step, used by slash commands and
	// scripts: "wine", "slot".
	Name string `json:"name"`
	// Prompt asks the question in words for the player.
	Prompt string `json:"prompt"`
	// Choices are every legal answer, in a stable order.
	Choices []Choice `json:"choices"`
	// Complete reports that the prefix is already a whole action, ready to
	// apply. Choices is then empty.
	Complete bool `json:"complete"`
}

// Choice is one legal answer to a step.
type Choice struct {
	// ID is stable across versions and state changes: it is stored in logs.
	ID string `json:"id"`
	// Label describes the answer for players, with any cost included.
	Label string `json:"label"`
	// Cost is what the answer costs, in words ("4 Bagos"); empty if free.
	Cost string `json:"cost,omitempty"`
}

// Find returns the choice whose ID matches id, or failing that whose label
// matches it, both case-insensitively.
func (s Step) Find(id string) (Choice, bool) {
	for _, c := range s.Choices {
		if strings.EqualFold(c.ID, id) {
			return c, true
		}
	}
	for _, c := range s.Choices {
		if strings.EqualFold(c.Label, id) {
			return c, true
		}
	}
	return Choice{}, false
}

// Filter returns at most max choices whose ID or label contains typed,
// case-insensitively, in their original order; autocomplete uses it.
func (s Step) Filter(typed string, max int) []Choice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []Choice
	for _, c := range s.Choices {
		if len(out) == max {
			break
		}
		if typed == "" || strings.Contains(strings.ToLower(c.Label), typed) || strings.Contains(strings.ToLower(c.ID), typed) {
			out = append(out, c)
		}
	}
	return out
}

// Validate walks action through the state's own choice lists and reports the
// first step that is not legal. Games call it at the start of Apply so that
// Apply accepts exactly what Choices offers.
func Validate(s State, seat Seat, action Action) error {
	for i := 0; ; i++ {
		step, err := s.Choices(seat, action[:i])
		if err != nil {
			return err
		}
		if step.Complete {
			if i < len(action) {
				return Errorf(CodeUnknownChoice, "That action is already complete; %s is one step too many.", Quote(action[i]))
			}
			return nil
		}
		if i == len(action) {
			return Errorf(CodeIncomplete, "That action is not finished: %s", step.Prompt)
		}
		if _, ok := step.Find(action[i]); !ok {
			return Errorf(CodeUnknownChoice, "%s is not a legal answer to %q.", Quote(action[i]), step.Prompt)
		}
	}
}

// Resolve turns a command's options into as much of an action as they
// fill, walking the steps in order. Each step takes the option named after
// it, or else the next positional value; values may be choice IDs or labels.
// It returns the action so far and the step that comes next (Complete when
// the action is whole). Slash commands, autocomplete, the local table and
// scripts all read options this way, so they accept the same words.
func Resolve(s State, seat Seat, positional []string, named map[string]string) (Action, Step, error) {
	opts := &options{positional, maps.Clone(named)}
	act, next, err := resolve(s, seat, opts, false)
	if err == nil && next.Complete {
		err = opts.leftover(act)
	}
	return act, next, err
}

// SkipIDs are the choice IDs that decline a step ("done" after a first
// item, "none" for an optional extra). A command may leave such a step out.
var SkipIDs = []string{"done", "none"}

// Build is Resolve for a whole action. Steps left out that can be declined
// are declined; any other missing step is refused with its choices.
func Build(s State, seat Seat, positional []string, named map[string]string) (Action, error) {
	act, rest, restNamed, err := BuildPart(s, seat, positional, named)
	if err == nil {
		err = (&options{rest, restNamed}).leftover(act)
	}
	return act, err
}

// BuildPart is Build for a command that may hold more than one decision:
// a decision ends early where a step turns up hidden information, and the
// player who typed a whole turn goes on from there once that part is
// played. It returns the first decision and the values left for the next.
func BuildPart(s State, seat Seat, positional []string, named map[string]string) (Action, []string, map[string]string, error) {
	opts := &options{positional, maps.Clone(named)}
	act, next, err := resolve(s, seat, opts, true)
	if err != nil {
		return nil, nil, nil, err
	}
	if !next.Complete {
		return nil, nil, nil, Errorf(CodeIncomplete, "Missing %s: %s Choices: %s", next.Name, next.Prompt, listChoices(next.Choices))
	}
	return act, opts.positional, opts.named, nil
}

// options are a command's values not used yet.
type options struct {
	positional []string
	named      map[string]string
}

// take returns the value for the step called name.
func (o *options) take(name string) (string, bool) {
	if v, ok := o.named[name]; ok {
		delete(o.named, name)
		return v, true
	}
	if len(o.positional) > 0 {
		v := o.positional[0]
		o.positional = o.positional[1:]
		return v, true
	}
	return "", false
}

// leftover refuses values that a complete action has no step for.
func (o *options) leftover(act Action) error {
	if len(o.positional) == 0 && len(o.named) == 0 {
		return nil
	}
	extra := append(slices.Sorted(maps.Keys(o.named)), o.positional...)
	for i, e := range extra {
		extra[i] = Quote(e)
	}
	if len(extra) > 4 {
		extra = append(extra[:4], fmt.Sprintf("and %d more", len(extra)-4))
	}
	return Errorf(CodeUnknownChoice, "The action %q is complete without %s.", act, strings.Join(extra, ", "))
}

// resolve fills steps from opts until the action is complete or the values
// run out; skipOptional declines the steps left out that can be declined.
func resolve(s State, seat Seat, opts *options, skipOptional bool) (Action, Step, error) {
	var act Action
	for {
		step, err := s.Choices(seat, act)
		if err != nil {
			return nil, Step{}, err
		}
		if step.Complete {
			return act, step, nil
		}
		value, ok := opts.take(step.Name)
		if !ok {
			if id, can := step.skip(); can && skipOptional {
				act = append(act, id)
				continue
			}
			return act, step, nil
		}
		c, found := step.Find(value)
		if !found {
			return nil, Step{}, Errorf(CodeUnknownChoice, "%s is not a legal %s. %s Choices: %s", Quote(value), step.Name, step.Prompt, listChoices(step.Choices))
		}
		act = append(act, c.ID)
	}
}

// skip returns the choice that declines the step, if it has one.
func (s Step) skip() (string, bool) {
	for _, c := range s.Choices {
		if slices.Contains(SkipIDs, c.ID) {
			return c.ID, true
		}
	}
	return "", false
}

// listChoices shows the first few choices of a step for an error message.
func listChoices(choices []Choice) string {
	const shown = 8
	parts := make([]string, 0, shown+1)
	for i, c := range choices {
		if i == shown {
			parts = append(parts, fmt.Sprintf("and %d more", len(choices)-shown))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", c.ID, c.Label))
	}
	return strings.Join(parts, "; ")
}
