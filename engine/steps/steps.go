// Package steps is the step machine every game's decisions run on. A
// decision (a whole turn, a draft pick) is built one step at a time: each
// step lists its options, and each option carries what taking it does.
// Choices walks a copy of the state through the answers given so far and
// lists the next step; Apply walks the same path and commits it. Both run
// the same code, so Apply accepts exactly what Choices offers.
//
// A game writes its rules as steps (its walker's List) and declares the
// rest in one Machine value; the machine does the walking, the names of
// the steps, the steps answered on their own, the look-ahead that offers
// only answers from which the decision can finish, the refusals' reasons,
// the memo of the last walk and the fast playouts.
//
// The copy a decision is walked on is the game's walker: a copy of its
// state with a Walk beside it, which says how the copy is walked (Modes)
// and keeps the decision's bookkeeping. The state itself is a value; no
// mode of a walk is ever part of it.
package steps

import (
	"strconv"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// Option is one legal answer to a step, with what taking it does to the
// walker W of the game.
type Option[W any] struct {
	engine.Choice
	Do func(W)
	// Auto marks an answer that costs nothing and reveals nothing: when
	// it is the only one, it is taken without asking.
	Auto bool
	// Risky marks an answer that starts something which may turn out
	// impossible, such as moving to a space whose action cannot be done.
	// Every other answer is listed only when what follows it has answers
	// too, so only risky ones need a look-ahead.
	Risky bool
}

// Step is the next question of a decision.
type Step[W any] struct {
	// Name is the step's name for commands ("wine"); the machine numbers
	// repeats within a decision ("wine2"), so a game's names end in a
	// letter.
	Name, Prompt string
	// Focus names the part of the game the step is about
	// (engine.Step.Focus).
	Focus string
	Opts  []Option[W]
	// Forfeits marks a step whose declining gives up something earned
	// (engine.Step.Forfeits).
	Forfeits bool
}

// Modes say how a walker is walked: what nobody reads of it is skipped.
type Modes struct {
	// Quiet: nobody reads the narration (a look-ahead, a playout).
	Quiet bool
	// NoLabels: nobody reads the choices' labels, which are most of the
	// cost of listing them.
	NoLabels bool
	// Unnamed: nobody reads the steps' names (a look-ahead, a playout),
	// so none is kept.
	Unnamed bool
	// Lookahead: the walker only asks whether the decision can finish.
	Lookahead bool
	// Explaining: the step builders note why they leave answers out
	// (Walk.Note), for a refusal's reason.
	Explaining bool
	// Walking: the step is listed to replay an answer already chosen, so
	// a check only a menu needs may be skipped (see Machine.Checked).
	Walking bool
}

// Walk is the machine's part of a game's walker: how it is walked, and
// the bookkeeping of the decision in progress.
type Walk[W any] struct {
	Modes
	// Drew marks a step that turned up hidden information: the decision
	// ends there, and the rest is a decision of its own (Continues).
	Drew bool
	// Events narrate what the walker played so far.
	Events []engine.Event
	// Names are the names of the steps answered in the decision so far.
	// A game whose paused decisions go on naming from where they stopped
	// keeps them with the paused decision.
	Names []string

	taking   *[]engine.Taken // the steps answered on their own, for Choices
	opts     []Option[W]     // where the next step lists its options
	refusals []refusal       // the answers left out and why, when Explaining
	// pending are who must decide, asked at each decision's start and
	// after each in a playout, in an array the walker reuses.
	pending []engine.Pending
}

// refusal is an answer a step left out, and why.
type refusal struct{ id, reason string }

// EmptyOptions is an empty list for a step's options, in the array the
// previous step listed on the walker used: each step is read to the end,
// its answer taken, before the next is listed, so steps, which every
// look-ahead lists, need not allocate their options. A walker's first
// array has room for a turn's moves and more, so that a decision's
// steps do not grow it in turn.
func (k *Walk[W]) EmptyOptions() []Option[W] {
	if k.opts == nil {
		k.opts = make([]Option[W], 0, firstOptions)
	}
	return k.opts[:0]
}

// firstOptions is the room a walker's first array of options has.
const firstOptions = 16

// Glance runs look on the walker itself, quiet, without labels and
// listing loosely (Walking), then puts its modes back: for a look that
// lists a step to read its answers only, where a copy of the walker would
// cost more than the look.
func (k *Walk[W]) Glance(look func()) {
	modes := k.Modes
	k.Quiet, k.NoLabels, k.Walking, k.Explaining = true, true, true, false
	look()
	k.Modes = modes
}

// Note notes, when Explaining, that the answer id is left out, and why.
func (k *Walk[W]) Note(id, reason string) {
	if k.Explaining {
		k.refusals = append(k.refusals, refusal{id, reason})
	}
}

// name is the name of a step of the decision: name, or name2, name3...
// when steps answered so far had it, so that no two steps of a decision
// share one: the second wine of a Sales action is "wine2".
func (k *Walk[W]) name(name string) string {
	if k.Unnamed {
		return name
	}
	n := 1
	for _, used := range k.Names {
		if used == name || numbered(used, name) {
			n++
		}
	}
	if n == 1 {
		return name
	}
	return name + strconv.Itoa(n)
}

// numbered reports whether used is name and a number after it: whether
// its digits trimmed from the right leave name. It reads used without
// building strings.TrimRight's set of digits, which every step named
// asked for each name before it.
func numbered(used, name string) bool {
	if !strings.HasPrefix(used, name) || (name != "" && isDigit(name[len(name)-1])) {
		return false
	}
	for i := len(name); i < len(used); i++ {
		if !isDigit(used[i]) {
			return false
		}
	}
	return true
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// copyFrom makes k the bookkeeping of a copy of the walker whose Walk is
// w, keeping k's own array for options.
func (k *Walk[W]) copyFrom(w *Walk[W]) {
	opts, pending := k.opts[:0], k.pending[:0]
	*k = Walk[W]{Modes: w.Modes, Drew: w.Drew, opts: opts, pending: pending}
	// Capped, the shared slices are copied by their first append instead
	// of written into.
	k.Names = w.Names[:len(w.Names):len(w.Names)]
	k.Events = w.Events[:len(w.Events):len(w.Events)]
}
