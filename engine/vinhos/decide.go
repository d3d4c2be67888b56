package vinhos

import (
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/steps"
)

// A decision (a whole turn, a Press Release at the Fair, a draft pick) is
// built one step at a time on the step machine (engine/steps): each step
// lists its options, and each option carries the effect that taking it
// has. This file is what Vinhos declares to the machine, and where a
// decision starts.

// answers makes n answers once, the ith of which calls do with i: a step
// whose answers differ by an index only takes them from such a table,
// where a closure each was allocated every time the step was listed.
func answers(n int, do func(s *walker, i int)) []func(*walker) {
	out := make([]func(*walker), n)
	for i := range out {
		out[i] = func(s *walker) { do(s, i) }
	}
	return out
}

// option is one legal answer to a step, with its effect on the walker;
// step is the next question of a decision.
type (
	option = steps.Option[*walker]
	step   = steps.Step[*walker]
)

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
	stFairOpening
)

// work is the decision being built, on a walker; a decision that paused
// waits in State.Paused.
type work struct {
	// The small fields first, packed together: a walker is copied for
	// every look-ahead.
	active bool
	// stage is where the decision stands; back is the stage the action
	// in progress (run) returns to.
	stage, back stage
	// Once per turn: one Magnate Action tile and one Wine Expert.
	tileUsed, expertUsed bool
	// use is a Wine Expert's ability in progress (runAddCube or
	// runRetrieve), wherever the decision stands; once it is done the
	// decision goes on where it was.
	use runKind
	// benefitUsed: the turn's one R10 Magnate benefit is used (§10.2).
	benefitUsed bool
	// The move being made: its cell, and what it costs (fee, occupants).
	cell      Cell
	seat      engine.Seat // the seat deciding
	fee       int
	occupants []engine.Seat
	run       actionRun
	// tile is the Magnate tile chosen in the draft.
	tile int
	// experts is how many free Wine Experts are still to be taken (Setúbal).
	experts int
	// picks are the held Experts chosen so far for the R10 Fair, by index.
	picks []int
	// pair is a pair of barrels being taken back (pairs.go); pairsTaken
	// counts the pairs this decision took back.
	pair       pairRun
	pairsTaken int
	// bonusRank is the rank of the last option a look-ahead took besides
	// the action (see inOrder).
	bonusRank int
	// names are the names of the steps answered before a pause, which
	// the rest of the decision goes on from (steps.Walk.Names).
	names []string
}

// walker is a copy of a state that a decision is walked on: the state
// beside the step machine's Walk (engine/steps), the decision being built
// and the modes of Vinhos's own look-aheads.
type walker struct {
	State
	steps.Walk[*walker]
	work work
	// noStay marks a walker that asks whether a turn can leave Pass:
	// staying is not offered in it (see turnStartStep).
	noStay bool
	// arrays are the arrays a scratch walker's copies are cut from, for
	// the next copy to reuse (copyTo); nil in a walker made for one walk.
	arrays *copyArrays
}

// walker is a copy of s to walk a decision on.
func (s *State) walker() *walker {
	w := new(walker)
	s.copyTo(&w.State, &copyArrays{})
	return w
}

// Share is s with a memo of its own (engine.Memoized): a published state
// is never changed, so the two share everything else.
func (s *State) Share() engine.State {
	c := *s
	c.memo = &steps.Memo[*walker]{}
	return &c
}

// publish is the state the walker stands at, handed out with a memo of
// its own; the walker is done with.
func (s *walker) publish() *State {
	s.memo = steps.MemoAfter(&s.Walk)
	return &s.State
}

// machine is how Vinhos's decisions are walked (engine/steps): what it
// declares beyond its steps.
var machine = &steps.Machine[*walker]{
	New: func() *walker { return &walker{arrays: new(copyArrays)} },
	// Only staying on Pass needs the costly check of every other move.
	Checked: func(s *walker, id string) bool { return id == s.cellKey(CellC) },
	Words:   func(s *walker, prompt string) string { return s.term(prompt) },
	Done:    func(s *walker, seat engine.Seat) { s.say(seat, func() string { return s.doneText(seat) }) },
	Prefer:  (*walker).preferred,
	// A steered playout's policy picks the space a turn's action takes,
	// asked as "move" after a tile or an Expert used first.
	Steered: []string{"action", "move"},
}

// The walker's side of the machine (steps.Walker).

func (s *walker) Steps() *steps.Walk[*walker] { return &s.Walk }
func (s *walker) Deciding() bool              { return s.work.active }

func (s *walker) Owing(out []engine.Pending) []engine.Pending { return s.pending(out) }

// CopyTo makes c a copy of the walker's state and decision; the machine
// copies its Walk.
func (s *walker) CopyTo(c *walker) {
	a := c.arrays
	if a == nil {
		a = new(copyArrays)
	}
	s.State.copyTo(&c.State, a)
	c.work, c.noStay = s.work, s.noStay
}

// start begins seat's decision at the stage the phase calls for.
func (s *walker) start(seat engine.Seat) {
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
	case PhaseFairOpening:
		return stFairOpening
	case PhaseBenefits:
		return stBenefitTurn
	}
	return stDone
}

// List lists the step for the decision's stage, with the part of the
// board it is about for a menu.
func (s *walker) List() (step, bool) {
	st, done := s.listStep()
	if !done && !s.NoLabels {
		st.Focus = s.focus()
	}
	return st, done
}

// listStep lists the step for the decision's stage. Free Wine Experts
// owed (Setúbal, a Fair booth) are taken first, wherever the decision
// stands.
func (s *walker) listStep() (step, bool) {
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
		return s.pairsStep(func(s *walker) { s.pressIfOwed(s.work.seat) }), false
	case stMaintenancePairs:
		return s.maintenancePairsStep(), false
	case stFairOpening:
		return s.fairOpeningStep(), false
	case stBenefitTurn:
		return s.benefitTurnStep(), false
	}
	panic("vinhos: unknown stage")
}

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
func (s *walker) inOrder(rank int) bool {
	return !s.Lookahead || s.rules().oneExpertPerTurn || rank >= s.work.bonusRank
}

// ranked records, in a look-ahead, the rank of the option it took.
func (s *walker) ranked(rank int) {
	if s.Lookahead {
		s.work.bonusRank = rank
	}
}

// Choices lists the legal answers to the next step of seat's decision.
func (s *State) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	return machine.Choices(s.memo, s.walker, seat, prefix)
}

// Apply plays one whole decision for seat.
func (s *State) Apply(seat engine.Seat, action engine.Action) (engine.State, []engine.Event, error) {
	c, events, err := machine.Apply(s.memo, s.walker, seat, action)
	if err != nil {
		return nil, nil, err
	}
	return c.publish(), events, nil
}

// Preview is the game as seat's answers prefix leave it
// (engine.Previewer), with the decision in progress, whose prices the
// focused view draws (prices.go).
func (s *State) Preview(seat engine.Seat, prefix engine.Action) (engine.State, error) {
	c, err := machine.Walked(s.walker, seat, prefix)
	if err != nil {
		return nil, err
	}
	st := c.publish()
	st.deciding = &c.work
	return st, nil
}

// Refusal says why value is not a legal answer to seat's step after
// prefix, or "" when no rule of the step explains it (engine.Explainer).
func (s *State) Refusal(seat engine.Seat, prefix engine.Action, value string) string {
	return machine.Refusal(s.walker, seat, prefix, value)
}

// autoDecide plays seat's decision if every step of it is automatic, and
// reports whether it did.
func (s *walker) autoDecide(seat engine.Seat) bool {
	if !s.startsAutomatic(seat) {
		return false
	}
	// The rest may not be: a quiet scratch copy finds out, and only an
	// automatic decision is played again on s.
	automatic := machine.OnScratch(s, func(c *walker) bool {
		// Staying on Pass is never automatic, so whether it is allowed
		// cannot make a step automatic: the probe skips that costly
		// check, as a walk does.
		c.Quiet, c.NoLabels, c.Walking = true, true, true
		_, done, err := machine.Next(c, seat)
		return err == nil && done
	})
	if !automatic {
		return false
	}
	machine.Next(s, seat)
	machine.Finish(s, seat)
	return true
}

// startsAutomatic reports whether the first step of seat's decision would
// be answered on its own. Most decisions start with a real question, so
// this glances at s itself, without a copy: it is called between
// decisions, listing a step changes nothing, and the decision begun to
// list it is dropped after. Like the probe of autoDecide, it skips the
// check of whether staying on Pass is allowed.
func (s *walker) startsAutomatic(seat engine.Seat) (auto bool) {
	paused := s.Paused
	s.Glance(func() {
		s.Begin(seat)
		// A turn opens with the move, never automatic: no need to list them.
		if s.work.stage == stTurnStart && s.work.experts == 0 && s.work.use == runNone {
			return
		}
		st, done := s.listStep()
		auto = done || len(st.Opts) == 1 && st.Opts[0].Auto
	})
	s.work, s.Paused, s.Names = work{}, paused, nil
	return auto
}
