package vinhos

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/adega-bot/adega/engine"
)

// A decision (a whole turn, a Press Release at the Fair, a draft pick) is
// built one step at a time. Each step lists its options, and each option
// carries the effect that taking it has. Choices walks a copy of the state
// through the steps taken so far and lists the next ones; Apply walks the same
// path and commits it. Because both run the same code, Apply accepts exactly
// what Choices offers.

// answers makes n answers once, the ith of which calls do with i: a step
// whose answers differ by an index only takes them from such a table,
// where a closure each was allocated every time the step was listed.
func answers(n int, do func(s *State, i int)) []func(*State) {
	out := make([]func(*State), n)
	for i := range out {
		out[i] = func(s *State) { do(s, i) }
	}
	return out
}

// option is one legal answer to a step, with its effect.
type option struct {
	engine.Choice
	do func(s *State)
	// auto marks an answer that costs nothing and reveals nothing: when it is
	// the only one, it is taken without asking.
	auto bool
	// risky marks an answer that starts something which may turn out
	// impossible, such as moving to a space whose action cannot be done.
	// Every other answer is listed only when what follows it has answers
	// too, so only risky ones need a look-ahead.
	risky bool
}

// step is the next question of a decision.
type step struct {
	name, prompt string
	opts         []option
	// forfeits marks a step whose declining gives up something earned
	// (engine.Step.Forfeits).
	forfeits bool
}

// stage is where a decision stands.
type stage uint8

const (
	stNone stage = iota
	stDone
	stInitRegion
	stInitPorto
	stInitMagnate
	stTurnStart
	stPayment
	stRun
	stTurnAfter
	stMaintenance
	stProduction
	stFairExpert
	stDraftTile
	stDraftWine
	stFairPicks
	stBenefitTurn
	stFairPairs
	stMaintenancePairs
)

// work is the decision being built. It lives only inside Choices and Apply;
// between decisions it is zero, unless a decision paused (State.Paused).
type work struct {
	active bool
	seat   engine.Seat
	stage  stage
	// drew marks a step that turned up a hidden tile: the decision ends
	// there (see exposed).
	// Once per turn: one Magnate Action tile and one Wine Expert.
	tileUsed, expertUsed bool
	// The move being made: its cell and what it costs.
	cell      Cell
	fee       int
	occupants []engine.Seat
	// run is the action in progress; back is the stage it returns to.
	run  actionRun
	back stage
	// tile is the Magnate tile chosen in the draft.
	tile int
	// experts is how many free Wine Experts are still to be taken (Setúbal).
	experts int
	// picks are the held Experts chosen so far for the R10 Fair, by index.
	picks []int
	// use is a Wine Expert's ability in progress (runAddCube or
	// runRetrieve), wherever the decision stands; once it is done the
	// decision goes on where it was.
	use  runKind
	drew bool
	// benefitUsed: the turn's one R10 Magnate benefit is used (§10.2).
	benefitUsed bool
	// pair is a pair of barrels being taken back (pairs.go); pairsTaken
	// counts the pairs this decision took back.
	pair       pairRun
	pairsTaken int
	// bonusRank is the rank of the last option a look-ahead took besides
	// the action (see inOrder).
	bonusRank int
	// names are the names of the steps answered so far, so that no two
	// steps of a decision share one (see uniqueName).
	names []string
}

// start begins seat's decision at the stage the phase calls for.
func (s *State) start(seat engine.Seat) {
	s.work = work{active: true, seat: seat, stage: s.firstStage()}
	if s.At == PhaseFairPress {
		s.startFairDecision(seat)
	}
}

func (s *State) firstStage() stage {
	switch s.At {
	case PhaseInitialVineyard:
		return stInitRegion
	case PhaseInitialMagnate:
		return stInitMagnate
	case PhaseActions, PhaseFinalAction:
		return stTurnStart
	case PhaseMaintenance:
		return stMaintenance
	case PhaseProduction:
		return stProduction
	case PhaseFairPress:
		return stRun
	case PhaseFairExperts:
		return stFairExpert
	case PhaseDraft:
		return stDraftTile
	case PhaseFairPicks:
		return stFairPicks
	case PhaseMaintenancePairs:
		return stMaintenancePairs
	case PhaseBenefits:
		return stBenefitTurn
	}
	return stDone
}

// next returns the step seat must answer now, taking every step whose only
// answer is automatic; done reports that the decision is complete.
func (s *State) next(seat engine.Seat) (st step, done bool, err error) {
	if !s.work.active {
		if err := s.mayDecide(seat); err != nil {
			return step{}, false, err
		}
		s.resume(seat)
	}
	for {
		st, done = s.current()
		if done {
			return step{}, true, nil
		}
		st.name = s.uniqueName(st.name)
		if len(st.opts) != 1 || !st.opts[0].auto {
			return st, false, nil
		}
		if s.taking != nil {
			*s.taking = append(*s.taking, engine.Taken{Name: st.name, Prompt: s.term(st.prompt), Choice: st.opts[0].Choice})
		}
		s.answer(st, st.opts[0])
	}
}

// answer takes option o of step st.
func (s *State) answer(st step, o option) {
	if !s.unnamed {
		s.work.names = append(s.work.names, st.name) // copies clip it: see copyTo
	}
	o.do(s)
}

// uniqueName is name, or name2, name3... when steps of the decision
// answered so far had it: the second wine of a Sales action is "wine2".
// A look-ahead or a playout reads no names.
func (s *State) uniqueName(name string) string {
	if s.unnamed {
		return name
	}
	n := 1
	for _, used := range s.work.names {
		if used == name || strings.TrimRight(used, "0123456789") == name {
			n++
		}
	}
	if n == 1 {
		return name
	}
	return name + strconv.Itoa(n)
}

// mayDecide refuses a seat that owes no decision, with the reason.
func (s *State) mayDecide(seat engine.Seat) error {
	if s.At == PhaseOver {
		return engine.Errorf(engine.CodeGameOver, "The game is over.")
	}
	if seat < 0 || int(seat) >= len(s.Seats) {
		return engine.Errorf(engine.CodeNotYourTurn, "There is no seat %d at this table.", seat+1)
	}
	var buf [MaxPlayers]engine.Pending // each decision asks: no allocation
	pending := s.pending(buf[:0])
	for _, p := range pending {
		if p.Seat == seat {
			return nil
		}
	}
	if len(pending) == 1 {
		return engine.Errorf(engine.CodeNotYourTurn, "It is %s's turn: %s.", s.Seats[pending[0].Seat].Name, pending[0].Prompt)
	}
	return engine.Errorf(engine.CodeNotYourTurn, "You have nothing to decide right now.")
}

// current lists the step for the decision's stage.
func (s *State) current() (step, bool) {
	st, done := s.listStep()
	if cap(st.opts) > cap(s.optArray) {
		s.optArray = st.opts[:0] // it grew: the next step reuses it
	}
	return st, done
}

// options is an empty list for a step's options, in the array the
// previous step listed on s used: each step is read to the end, its
// answer taken, before the next is listed, so steps, which every
// look-ahead lists, need not allocate their options.
func (s *State) options() []option { return s.optArray[:0] }

// listStep lists the step for the decision's stage. Free Wine Experts
// owed (Setúbal, a Fair booth) are taken first, wherever the decision
// stands.
func (s *State) listStep() (step, bool) {
	if s.work.drew {
		return step{}, true
	}
	if s.work.experts > 0 {
		return s.freeExpertStep(), false
	}
	if s.work.pair.owed() {
		return s.pairStep(), false
	}
	switch s.work.use {
	case runAddCube:
		return s.addCubeStep(), false
	case runRetrieve:
		return s.retrieveStep(), false
	}
	switch s.work.stage {
	case stDone:
		return step{}, true
	case stInitRegion:
		return s.initRegionStep(), false
	case stInitPorto:
		return s.initPortoStep(), false
	case stInitMagnate:
		return s.initMagnateStep(), false
	case stTurnStart:
		return s.turnStartStep(), false
	case stPayment:
		return s.paymentStep(), false
	case stRun:
		return s.runStep(), false
	case stTurnAfter:
		return s.turnAfterStep(), false
	case stMaintenance:
		if s.rules().bank {
			return s.penaltyStep(), false
		}
		return s.maintenanceStep(), false
	case stProduction:
		return s.productionStep(), false
	case stFairExpert:
		return s.fairExpertStep(), false
	case stDraftTile:
		return s.draftTileStep(), false
	case stDraftWine:
		return s.draftWineStep(), false
	case stFairPicks:
		return s.picksStep(), false
	case stFairPairs:
		return s.pairsStep(func(s *State) { s.pressIfOwed(s.work.seat) }), false
	case stMaintenancePairs:
		return s.maintenancePairsStep(), false
	case stBenefitTurn:
		return s.benefitTurnStep(), false
	}
	panic("vinhos: unknown stage")
}

// walk plays the steps of prefix on s (a copy), checking each against the
// options offered. With ahead it also refuses a step that cannot lead to a
// finished decision, exactly as Choices lists them; Apply needs no such
// look-ahead, since it requires the whole decision to finish anyway.
func (s *State) walk(seat engine.Seat, prefix engine.Action, ahead bool) error {
	for _, id := range prefix {
		// Only staying on Pass needs the costly check of every other move.
		s.walking = id != s.cellKey(CellC)
		st, done, err := s.next(seat)
		s.walking = false
		if err != nil {
			return err
		}
		if done {
			return engine.Errorf(engine.CodeUnknownChoice, "That decision is already complete; %s is one step too many.", engine.Quote(id))
		}
		o, ok := findOption(st.opts, id)
		if !ok || (ahead && o.risky && !s.leadsToEnd(seat, o)) {
			return engine.Errorf(engine.CodeUnknownChoice, "%s is not a legal answer to %q.", engine.Quote(id), st.prompt)
		}
		s.answer(st, o)
	}
	return nil
}

func findOption(opts []option, id string) (option, bool) {
	for _, o := range opts {
		if o.ID == id {
			return o, true
		}
	}
	return option{}, false
}

// Choices lists the legal answers to the next step of seat's decision.
func (s *State) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	if step, ok := s.memo.answered(seat, prefix); ok {
		return step, nil
	}
	c, err := s.walked(seat, prefix, true)
	if err != nil {
		return engine.Step{}, err
	}
	var taken []engine.Taken
	c.taking = &taken
	st, done, err := c.next(seat)
	c.taking = nil
	if err != nil {
		return engine.Step{}, err
	}
	out := engine.Step{Complete: true, Continues: c.work.drew, Taken: taken}
	var offered []option
	if !done {
		out = engine.Step{Name: st.name, Prompt: s.term(st.prompt), Forfeits: st.forfeits, Taken: taken, Focus: c.focus()}
		offered = c.viable(seat, st.opts)
		for _, o := range offered {
			out.Choices = append(out.Choices, o.Choice)
		}
	}
	asked := st
	asked.opts = nil // in c's array, which its next step reuses
	s.memo.keep(&walked{seat: seat, prefix: slices.Clone(prefix), state: c, step: out, asked: asked, offered: offered})
	out.Choices, out.Taken = slices.Clone(out.Choices), slices.Clone(out.Taken)
	return out, nil
}

// walked returns a copy of s walked through prefix (see walk). It goes on
// from the copy the last Choices walked when that one's prefix begins
// prefix, and takes it over.
func (s *State) walked(seat engine.Seat, prefix engine.Action, ahead bool) (*State, error) {
	w, ok := s.memo.takeBefore(seat, prefix)
	if !ok {
		c := s.clone()
		c.events = nil
		c.nolabels = true
		err := c.walk(seat, prefix, ahead)
		c.nolabels = false
		return c, err
	}
	c, rest := w.state, prefix[len(w.prefix):]
	c.nolabels = true
	defer func() { c.nolabels = false }()
	// An answer Choices offered is taken as it was listed, with no step
	// listed again and no look-ahead.
	if len(rest) > 0 {
		if o, ok := findOption(w.offered, rest[0]); ok {
			c.answer(w.asked, o)
			rest = rest[1:]
		}
	}
	return c, c.walk(seat, rest, ahead)
}

// viable keeps the options from which the decision can still be completed,
// so that no offered answer leads into a dead end.
func (s *State) viable(seat engine.Seat, opts []option) []option {
	out := make([]option, 0, len(opts))
	for _, o := range opts {
		if !o.risky || s.leadsToEnd(seat, o) {
			out = append(out, o)
		}
	}
	return out
}

// leadsToEnd reports whether taking o still lets the decision finish.
func (s *State) leadsToEnd(seat engine.Seat, o option) bool {
	return s.onScratch(func(c *State) bool {
		c.quiet, c.lookahead, c.unnamed, c.nolabels, c.explaining = true, true, true, true, false
		o.do(c)
		return c.completable(seat)
	})
}

// onScratch answers ask on a copy of s thrown away after: the next such
// copy reuses its arrays instead of allocating a whole state again.
// Nothing ask leaves in the copy may outlive it.
func (s *State) onScratch(ask func(c *State) bool) bool {
	scratch := scratchCopies.Get().(*scratchCopy)
	defer scratchCopies.Put(scratch)
	s.copyTo(&scratch.state, &scratch.arrays)
	ok := ask(&scratch.state)
	scratch.arrays.options = scratch.state.optArray
	return ok
}

// scratchCopy is a copy of a state for onScratch, with its arrays.
type scratchCopy struct {
	state  State
	arrays copyArrays
}

var scratchCopies = sync.Pool{New: func() any { return new(scratchCopy) }}

// Where a turn may use any number of options besides its action (R10:
// divesting, Wine Experts, pairs of barrels), a look-ahead tries them in
// one order only, by rank: they add cash, barrels or cubes, and so
// commute, and trying every order of a dozen of them, each followed by
// every move, took seconds where a player is stuck on Pass. A player may
// still use them in any order. Ranks: divesting, then the held Experts in
// order, then pairs by establishment.
const (
	rankDivest = 1
	rankExpert = 10 // + the Expert's index in the player's hand
	rankPair   = 40 // + the establishment
)

// inOrder reports whether a look-ahead may take an option of this rank now.
func (s *State) inOrder(rank int) bool {
	return !s.lookahead || s.rules().oneExpertPerTurn || rank >= s.work.bonusRank
}

// ranked records, in a look-ahead, the rank of the option it took.
func (s *State) ranked(rank int) {
	if s.lookahead {
		s.work.bonusRank = rank
	}
}

// completable searches for any way to finish the decision from here.
func (s *State) completable(seat engine.Seat) bool {
	st, done, err := s.next(seat)
	if err != nil {
		return false
	}
	if done {
		return true
	}
	for _, o := range st.opts {
		if !o.risky || s.leadsToEnd(seat, o) {
			return true
		}
	}
	return false
}

// Apply plays one whole decision for seat.
func (s *State) Apply(seat engine.Seat, action engine.Action) (engine.State, []engine.Event, error) {
	c, err := s.walked(seat, action, false)
	if err != nil {
		return nil, nil, err
	}
	c.nolabels = true
	defer func() { c.nolabels = false }()
	st, done, err := c.next(seat)
	if err != nil {
		return nil, nil, err
	}
	if !done {
		return nil, nil, engine.Errorf(engine.CodeIncomplete, "That is not finished yet: %s", st.prompt)
	}
	c.finish(seat)
	if len(c.events) == 0 {
		c.say(seat, func() string { return c.doneText(seat) })
	}
	c.advance()
	events := c.events
	c.events = nil
	return c.published(), events, nil
}

// finish ends a decision whose steps are all taken: it completes it, or
// pauses it where it drew a hidden tile.
func (s *State) finish(seat engine.Seat) {
	if s.work.drew {
		s.pause()
		return
	}
	s.complete(seat)
}

// autoDecide plays seat's decision if every step of it is automatic, and
// reports whether it did.
func (s *State) autoDecide(seat engine.Seat) bool {
	if !s.startsAutomatic(seat) {
		return false
	}
	// The rest may not be: a quiet scratch copy finds out, and only an
	// automatic decision is played again on s.
	automatic := s.onScratch(func(c *State) bool {
		// Staying on Pass is never automatic, so whether it is allowed
		// cannot make a step automatic: the probe skips that costly
		// check, as a walk does.
		c.quiet, c.nolabels, c.walking = true, true, true
		_, done, err := c.next(seat)
		return err == nil && done
	})
	if !automatic {
		return false
	}
	s.next(seat)
	s.finish(seat)
	return true
}

// startsAutomatic reports whether the first step of seat's decision would
// be answered on its own. Most decisions start with a real question, so
// this looks on s itself, without a copy: listing a step changes nothing,
// and the decision begun to list it is put back. Like the probe of
// autoDecide, it skips the check of whether staying on Pass is allowed.
func (s *State) startsAutomatic(seat engine.Seat) bool {
	work, paused := s.work, s.Paused
	quiet, nolabels, walking, explaining := s.quiet, s.nolabels, s.walking, s.explaining
	s.quiet, s.nolabels, s.walking, s.explaining = true, true, true, false
	s.resume(seat)
	// A turn opens with the move, never automatic: no need to list them.
	opensTurn := s.work.stage == stTurnStart && s.work.experts == 0 && s.work.use == runNone && !s.work.drew
	st, done := step{}, false
	if !opensTurn {
		st, done = s.current()
	}
	s.work, s.Paused = work, paused
	s.quiet, s.nolabels, s.walking, s.explaining = quiet, nolabels, walking, explaining
	return done || len(st.opts) == 1 && st.opts[0].auto
}
