package steps

import (
	"slices"
	"sync"

	"github.com/adega-bot/adega/engine"
)

// Walker is what a game's walker W gives the machine: W is a pointer to a
// struct that holds a copy of the game's state and embeds a Walk[W].
type Walker[W any] interface {
	// Steps is the machine's part of the walker.
	Steps() *Walk[W]
	// CopyTo makes c a copy of the walker's state and decision, reusing
	// c's arrays; the machine copies the Walk.
	CopyTo(c W)
	// Deciding reports whether a decision is in progress.
	Deciding() bool
	// Begin starts seat's decision, or resumes the one it paused; the
	// machine has checked that seat owes one.
	Begin(seat engine.Seat)
	// List lists the step the decision stands at; done when it is
	// complete.
	List() (st Step[W], done bool)
	// Complete does the bookkeeping of a finished decision; Pause keeps
	// one that turned up hidden information for its seat to go on with.
	Complete(seat engine.Seat)
	Pause()
	// Advance moves the game on after a decision, until someone has one
	// to make; after a pause, it leaves the paused decision to its seat.
	Advance()
	// Owing appends to out who must decide now (engine.State.Pending).
	Owing(out []engine.Pending) []engine.Pending
	Players() []engine.PlayerSummary
	Over() bool
	Phase() string
}

// Machine is the step machine as a game declares it: every way a game's
// decisions are walked differently from another's is a field here, so
// that a reader can list them in one place.
type Machine[W Walker[W]] struct {
	// New makes an empty walker, which copies of walkers reuse.
	New func() W
	// Turn says, in a refusal to another seat, why it is the turn of the
	// one seat pending ("the picker farthest back plays next"); nil says
	// what that seat is asked.
	Turn func(p engine.Pending) string
	// Checked reports whether replaying the answer id needs its step
	// listed with every check a menu makes (Vinhos: staying on Pass,
	// offered only when no other action is possible); the other answers
	// are listed Walking. Nil: none does.
	Checked func(w W, id string) bool
	// Refuse refuses id, which is not among the options of st, on a walk;
	// nil: "id is not a legal answer to the prompt".
	Refuse func(w W, st Step[W], id string) error
	// Why says why value does not answer st beyond what the step builders
	// noted (Walk.Note), for engine.Explainer; nil: nothing more.
	Why func(w W, st Step[W], value string) string
	// Words puts a prompt in the words of the game's mode (Vinhos's first
	// edition has Managers for Magnates); nil: as written.
	Words func(w W, prompt string) string
	// Done narrates a decision that narrated nothing, so that every move
	// of the log says what it was; nil: none does.
	Done func(w W, seat engine.Seat)
	// Prefer is the index of the option a playout takes at st (Vinhos: a
	// Press Release's answer that scores most), or -1 to draw one.
	Prefer func(w W, seat engine.Seat, st Step[W]) int
	// Steered are the names of the steps a policy picks in a steered
	// playout (engine.Steered).
	Steered []string

	scratch sync.Pool
}

// Next returns the step seat must answer now, taking every step whose
// only answer is automatic; done reports that the decision is complete.
func (m *Machine[W]) Next(w W, seat engine.Seat) (st Step[W], done bool, err error) {
	k := w.Steps()
	if !w.Deciding() {
		if err := m.mayDecide(w, seat); err != nil {
			return Step[W]{}, false, err
		}
		k.Names, k.Drew = nil, false
		w.Begin(seat)
	}
	for {
		st, done = list(k, w)
		if done {
			return Step[W]{}, true, nil
		}
		st.Name = k.name(st.Name)
		if len(st.Opts) != 1 || !st.Opts[0].Auto {
			return st, false, nil
		}
		if k.taking != nil {
			*k.taking = append(*k.taking, engine.Taken{Name: st.Name, Prompt: m.words(w, st.Prompt), Choice: shown(st.Opts[0].Choice)})
		}
		answer(k, w, st, st.Opts[0])
	}
}

// list lists the step the decision stands at on w, whose Walk is k. A
// step that turned up hidden information ends the decision.
func list[W Walker[W]](k *Walk[W], w W) (Step[W], bool) {
	if k.Drew {
		return Step[W]{}, true
	}
	st, done := w.List()
	if cap(st.Opts) > cap(k.opts) {
		k.opts = st.Opts[:0] // it grew: the next step reuses it
	}
	return st, done
}

// Answer takes option o of step st.
func (m *Machine[W]) Answer(w W, st Step[W], o Option[W]) { answer(w.Steps(), w, st, o) }

func answer[W any](k *Walk[W], w W, st Step[W], o Option[W]) {
	if !k.Unnamed {
		if k.Names == nil {
			k.Names = make([]string, 0, 8) // a decision's names, in one array
		}
		k.Names = append(k.Names, st.Name)
	}
	o.Do(w)
}

// mayDecide refuses a seat that owes no decision, with the reason.
func (m *Machine[W]) mayDecide(w W, seat engine.Seat) error {
	if w.Over() {
		return engine.Errorf(engine.CodeGameOver, "The game is over.")
	}
	k := w.Steps()
	k.pending = w.Owing(k.pending[:0]) // each decision asks
	pending := k.pending
	for _, p := range pending {
		if p.Seat == seat {
			return nil
		}
	}
	players := w.Players()
	if seat < 0 || int(seat) >= len(players) {
		return engine.Errorf(engine.CodeNotYourTurn, "There is no seat %d at this table.", seat+1)
	}
	if len(pending) == 1 {
		p := pending[0]
		why := p.Prompt
		if m.Turn != nil {
			why = m.Turn(p)
		}
		return engine.Errorf(engine.CodeNotYourTurn, "It is %s's turn: %s.", players[p.Seat].Name, why)
	}
	return engine.Errorf(engine.CodeNotYourTurn, "You have nothing to decide right now.")
}

func (m *Machine[W]) words(w W, prompt string) string {
	if m.Words == nil {
		return prompt
	}
	return m.Words(w, prompt)
}

// walk plays the steps of prefix on w, checking each against the options
// offered. With ahead it also refuses a step that cannot lead to a
// finished decision, exactly as Choices lists them; Apply needs no such
// look-ahead, since it requires the whole decision to finish anyway.
func (m *Machine[W]) walk(w W, seat engine.Seat, prefix engine.Action, ahead bool) error {
	k := w.Steps()
	for _, id := range prefix {
		k.Walking = m.Checked == nil || !m.Checked(w, id)
		st, done, err := m.Next(w, seat)
		k.Walking = false
		if err != nil {
			return err
		}
		if done {
			return engine.Errorf(engine.CodeUnknownChoice, "That decision is already complete; %s is one step too many.", engine.Quote(id))
		}
		o, ok := find(st.Opts, id)
		if !ok || (ahead && o.Risky && !m.LeadsToEnd(w, seat, o)) {
			if m.Refuse != nil {
				return m.Refuse(w, st, id)
			}
			return engine.Errorf(engine.CodeUnknownChoice, "%s is not a legal answer to %q.", engine.Quote(id), st.Prompt)
		}
		answer(k, w, st, o)
	}
	return nil
}

// shown is c as players see it, its ID in engine.ShownID's form.
func shown(c engine.Choice) engine.Choice {
	c.ID = engine.ShownID(c.ID)
	return c
}

func find[W any](opts []Option[W], id string) (Option[W], bool) {
	for _, o := range opts {
		if engine.SameID(o.ID, id) {
			return o, true
		}
	}
	return Option[W]{}, false
}

// Viable keeps the options from which the decision can still be
// completed, so that no offered answer leads into a dead end. It keeps
// them in opts' own array (a step's, which the next step listed on w
// reuses): every step lists its options anew.
func (m *Machine[W]) Viable(w W, seat engine.Seat, opts []Option[W]) []Option[W] {
	out := opts[:0]
	for _, o := range opts {
		if !o.Risky || m.LeadsToEnd(w, seat, o) {
			out = append(out, o)
		}
	}
	return out
}

// LeadsToEnd reports whether taking o still lets the decision finish.
func (m *Machine[W]) LeadsToEnd(w W, seat engine.Seat, o Option[W]) bool {
	return m.OnScratch(w, func(c W) bool {
		k := c.Steps()
		k.Quiet, k.Lookahead, k.Unnamed, k.NoLabels, k.Explaining = true, true, true, true, false
		o.Do(c)
		return m.completable(c, seat)
	})
}

// completable searches for any way to finish the decision from w, a
// look-ahead's scratch copy, which it may use up: any answer not risky
// finishes, and of the risky ones, each but the last is tried on a copy of
// its own and the last on w itself.
func (m *Machine[W]) completable(w W, seat engine.Seat) bool {
	st, done, err := m.Next(w, seat)
	if err != nil {
		return false
	}
	if done || slices.ContainsFunc(st.Opts, func(o Option[W]) bool { return !o.Risky }) {
		return true
	}
	if len(st.Opts) == 0 {
		return false
	}
	last := st.Opts[len(st.Opts)-1] // w's next step overwrites the array
	for _, o := range st.Opts[:len(st.Opts)-1] {
		if m.LeadsToEnd(w, seat, o) {
			return true
		}
	}
	last.Do(w)
	return m.completable(w, seat)
}

// OnScratch answers ask on a copy of w, walked as w is, thrown away
// after: the next such copy reuses its arrays instead of allocating a
// whole state again. Nothing ask leaves in the copy may outlive it.
func (m *Machine[W]) OnScratch(w W, ask func(c W) bool) bool {
	c, ok := m.scratch.Get().(W)
	if !ok {
		c = m.New()
	}
	defer m.scratch.Put(c)
	m.copyTo(w, c)
	return ask(c)
}

// Copy is a copy of w, walked as w is.
func (m *Machine[W]) Copy(w W) W {
	c := m.New()
	m.copyTo(w, c)
	return c
}

func (m *Machine[W]) copyTo(w, c W) {
	w.CopyTo(c)
	c.Steps().copyFrom(w.Steps())
}

// Finish ends a decision whose steps are all taken: it pauses it where a
// step turned up hidden information, and completes it otherwise.
func (m *Machine[W]) Finish(w W, seat engine.Seat) {
	k := w.Steps()
	if k.Drew {
		k.Drew = false
		w.Pause()
		return
	}
	w.Complete(seat)
}

// Apply plays one whole decision for seat on the walker start makes, or on
// the one memo kept, and returns the walker, the game moved on, and the
// events that narrate it.
func (m *Machine[W]) Apply(memo *Memo[W], start func() W, seat engine.Seat, action engine.Action) (W, []engine.Event, error) {
	var none W
	c, _, err := m.walked(memo, start, seat, action, false)
	if err != nil {
		return none, nil, err
	}
	k := c.Steps()
	st, done, err := m.Next(c, seat)
	if err != nil {
		return none, nil, err
	}
	if !done {
		k.NoLabels = false // the prompt, as a menu would ask it
		st, _ = list(k, c)
		return none, nil, engine.Errorf(engine.CodeIncomplete, "That is not finished yet: %s", st.Prompt)
	}
	m.Finish(c, seat)
	if len(k.Events) == 0 && m.Done != nil {
		m.Done(c, seat)
	}
	c.Advance()
	events := k.Events
	k.Events = nil
	return c, events, nil
}

// Choices lists the legal answers to the next step of seat's decision
// after prefix, walked on the walker start makes or the one memo kept.
func (m *Machine[W]) Choices(memo *Memo[W], start func() W, seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	if step, ok := memo.answered(seat, prefix); ok {
		return step, nil
	}
	c, rec, err := m.walked(memo, start, seat, prefix, true)
	if err != nil {
		return engine.Step{}, err
	}
	if rec == nil {
		rec = &walked[W]{prefix: make(engine.Action, 0, 8)} // a decision's prefixes, in one array
	}
	// The steps taken on their own are collected in the record, which
	// the memo keeps: a slice of the call's own would escape.
	k := c.Steps()
	rec.step.Taken = nil
	k.NoLabels, k.taking = false, &rec.step.Taken
	st, done, err := m.Next(c, seat)
	k.taking = nil
	taken := rec.step.Taken
	if err != nil {
		return engine.Step{}, err
	}
	out := engine.Step{Complete: true, Continues: k.Drew, Taken: taken}
	var offered []Option[W]
	if !done {
		out = engine.Step{Name: st.Name, Prompt: m.words(c, st.Prompt), Forfeits: st.Forfeits, Taken: taken, Focus: st.Focus}
		offered = m.Viable(c, seat, st.Opts)
		out.Choices = choices(offered)
	}
	asked := st
	asked.Opts = nil // in c's array, which its next step reuses
	kept := out
	kept.Choices = nil // the caller's: the memo lists offered again
	*rec = walked[W]{seat: seat, prefix: append(rec.prefix[:0], prefix...), walker: c, step: kept, asked: asked, offered: offered}
	memo.keep(rec)
	out.Taken = slices.Clone(out.Taken)
	return out, nil
}

// choices are the offered options as players see them; nil if none.
func choices[W any](offered []Option[W]) []engine.Choice {
	if len(offered) == 0 {
		return nil
	}
	out := make([]engine.Choice, len(offered))
	for i, o := range offered {
		out[i] = shown(o.Choice)
	}
	return out
}

// Walked returns a walker of its own, from start, walked through prefix,
// the answers so far of seat's decision: the game as they leave it.
func (m *Machine[W]) Walked(start func() W, seat engine.Seat, prefix engine.Action) (W, error) {
	c := start()
	c.Steps().NoLabels = true
	return c, m.walk(c, seat, prefix, false)
}

// walked returns a walker walked through prefix (see walk), labelling
// nothing. It goes on from the walker the last Choices walked when that
// one's prefix begins prefix, and takes it over with its record, for
// Choices to keep the next one in; else from start's, with no record.
func (m *Machine[W]) walked(memo *Memo[W], start func() W, seat engine.Seat, prefix engine.Action, ahead bool) (W, *walked[W], error) {
	w, ok := memo.takeBefore(seat, prefix)
	if !ok {
		c := start()
		memo.lend(c.Steps())
		c.Steps().NoLabels = true
		return c, nil, m.walk(c, seat, prefix, ahead)
	}
	c, rest := w.walker, prefix[len(w.prefix):]
	c.Steps().NoLabels = true
	// An answer Choices offered is taken as it was listed, with no step
	// listed again and no look-ahead.
	if len(rest) > 0 {
		if o, ok := find(w.offered, rest[0]); ok {
			m.Answer(c, w.asked, o)
			rest = rest[1:]
		}
	}
	return c, w, m.walk(c, seat, rest, ahead)
}
