// Package ai plays any game of the engine contract: information-set Monte
// Carlo tree search over samples of the hidden state (see engine.Sampler),
// built from Pending, Choices and Apply alone. docs/AI.md explains the
// design and its measured strength.
package ai

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/adega-bot/adega/engine"
)

// Config is how long one decision may search.
type Config struct {
	// Budget is the time one decision may take; zero for no limit.
	Budget time.Duration
	// Iterations caps the search iterations of one decision; zero for no
	// cap. With an iteration cap, no time budget and a fixed Seed the
	// decision is deterministic.
	Iterations int
	// Seed seeds the samples and the playouts.
	Seed uint64
	// Horizon is how many decisions a playout plays before it rates the
	// game as it stands, by its VP: 0 plays to the end.
	Horizon int
	// Clock measures the budget: nil for the wall clock. A tournament on
	// a shared machine passes the thread's CPU time, so that a budget buys
	// the same search whatever else runs.
	Clock func() time.Duration
	// ShareStretch, when positive, rates a finished game mostly by the
	// seat's VP share against the best other seat, stretched about an
	// even share by this factor (see rate): at 2 players a win is a coin
	// toss's 0 or 1, where the margin tells a playout's result in more
	// than one bit. Zero rates it mostly by the win.
	ShareStretch float64
}

// Decision is the AI's answer to a seat's pending decision.
type Decision struct {
	// Action is the whole decision, every step, ready to apply.
	Action engine.Action
	// Top are the best first-step choices, best first, at most three: for
	// hints.
	Top []Candidate
	// Iterations counts the searches' iterations.
	Iterations int
}

// Candidate is one first-step choice as the search rates it.
type Candidate struct {
	engine.Choice
	// Visits counts the iterations that tried it.
	Visits int
	// Win is the estimated chance to win after it, from 0 to 1.
	Win float64
	// Value is the estimated result, from 0 to 1: the win blended with the
	// margin (see result).
	Value float64
	// Scored is whether the game keeps a score (engine.Scored); then
	// Score is the seat's expected score at the end, and Margin how far
	// ahead of the best other seat it expects to be (behind: negative).
	Scored        bool
	Score, Margin float64
}

// WinInterval is the 95% interval of the chance to win after the choice,
// as far as its visits tell: how sure Win is.
func (c Candidate) WinInterval() (lo, hi float64) { return Wilson(c.Win, c.Visits) }

// Wilson is the 95% Wilson score interval of a rate p measured over n
// trials, which stays inside 0 to 1 and says something even at 0 or 1.
func Wilson(p float64, n int) (lo, hi float64) {
	const z = 1.96
	nf := float64(max(1, n))
	center := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / (1 + z*z/nf)
	return max(0, center-half), min(1, center+half)
}

// Decide builds seat's pending decision in s. It searches samples of the
// hidden parts of s and never s itself, so that it decides from what seat
// may see: a game that hides information (an engine.Viewer) must offer
// an engine.Sampler.
func Decide(s engine.State, seat engine.Seat, cfg Config) (Decision, error) {
	sample, err := sampler(s, seat)
	if err != nil {
		return Decision{}, err
	}
	if cfg.Budget <= 0 && cfg.Iterations <= 0 {
		return Decision{}, fmt.Errorf("ai: a decision needs a time budget or an iteration cap")
	}
	sr := &search{seat: seat, sample: sample, rng: engine.NewRNG(cfg.Seed), players: len(s.Players()), horizon: cfg.Horizon, mast: newMast(), stretch: cfg.ShareStretch}
	b := newBudget(cfg)
	var d Decision
	at := sr.transpose(s, &node{})
	for {
		// The menu of seat's own decision is what seat sees: the choices
		// before a step that turns up hidden information depend on
		// nothing hidden.
		step, err := s.Choices(seat, d.Action)
		if err != nil {
			return Decision{}, err
		}
		if step.Complete {
			return d, nil
		}
		if len(step.Choices) == 0 {
			return Decision{}, fmt.Errorf("ai: no legal choice at %q", step.Prompt)
		}
		best, err := sr.searchStep(s, at, d.Action, step.Choices, b, &d)
		if err != nil {
			return Decision{}, err
		}
		if d.Action == nil {
			d.Top = top(at, seat, step.Choices)
		}
		d.Action = append(d.Action, best.id)
		at = &best.next
	}
}

// searchStep searches one step of seat's decision, begun with prefix, and
// returns its best choice. It searches half of what is left of the
// budget; if the best choice then ends the decision (every later step is
// forced), it searches the rest too, since no later step needs it: a
// one-step decision spends its whole budget.
func (sr *search) searchStep(s engine.State, at *node, prefix engine.Action, choices []engine.Choice, b *budget, d *Decision) (*edge, error) {
	if len(choices) == 1 {
		return sr.best(at, choices), nil
	}
	search := func(l limit) (*edge, error) {
		n, err := sr.run(at, prefix, l)
		d.Iterations += n
		b.left -= n
		return sr.best(at, choices), err
	}
	best, err := search(b.share())
	if err != nil {
		return nil, err
	}
	if ends, err := endsDecision(s, sr.seat, append(slices.Clip(prefix), best.id)); err != nil || !ends {
		return best, err
	}
	return search(b.rest())
}

// endsDecision is whether the decision begun with prefix has no choice
// left to make: every step after it has one choice only.
func endsDecision(s engine.State, seat engine.Seat, prefix engine.Action) (bool, error) {
	for act := prefix; ; {
		step, err := s.Choices(seat, act)
		if err != nil || step.Complete {
			return err == nil, err
		}
		if len(step.Choices) != 1 {
			return false, nil
		}
		act = append(slices.Clip(act), step.Choices[0].ID)
	}
}

// budget is what a decision has left to spend.
type budget struct {
	cfg   Config
	clock func() time.Duration
	start time.Duration
	left  int // iterations, under a cap
}

func newBudget(cfg Config) *budget {
	b := &budget{cfg: cfg, clock: cfg.Clock, left: cfg.Iterations}
	if b.clock == nil {
		wall := time.Now()
		b.clock = func() time.Duration { return time.Since(wall) }
	}
	b.start = b.clock()
	return b
}

// share is one step's search: half of what is left, since a decision's
// length is not known ahead; the later steps search on the subtree the
// earlier ones chose. Under an iteration cap each step searches once at
// least, so that a deterministic decision never picks blindly.
func (b *budget) share() limit {
	var l limit
	if b.cfg.Iterations > 0 {
		l.iterations = max(1, (b.left+1)/2)
	}
	if b.cfg.Budget > 0 {
		now := b.clock()
		l.clock, l.until = b.clock, now+(b.cfg.Budget-(now-b.start))/2
	}
	return l
}

// rest is all that is left of the budget, for a step that ends the
// decision. Under an iteration cap it searches once at least.
func (b *budget) rest() limit {
	var l limit
	if b.cfg.Iterations > 0 {
		l.iterations = max(1, b.left)
	}
	if b.cfg.Budget > 0 {
		l.clock, l.until = b.clock, b.start+b.cfg.Budget
	}
	return l
}

// ErrNoSampler refuses a game that hides information but cannot sample it.
var ErrNoSampler = errors.New("ai: the game hides information and offers no way to sample it")

// sampler returns how to draw a state seat cannot tell from s.
func sampler(s engine.State, seat engine.Seat) (func(*engine.RNG) engine.State, error) {
	if smp, ok := s.(engine.Sampler); ok {
		return func(rng *engine.RNG) engine.State { return smp.Sample(seat, rng) }, nil
	}
	if _, hides := s.(engine.Viewer); hides {
		return nil, ErrNoSampler
	}
	// States are values: nothing hidden, nothing to draw.
	return func(*engine.RNG) engine.State { return s }, nil
}

// top rates the first step's choices that the search tried, best first,
// at most three: by their estimated result, among those tried at least a
// tenth as often as the most tried (a mean over a few games says little),
// then the others.
func top(at *node, seat engine.Seat, choices []engine.Choice) []Candidate {
	var out []Candidate
	most := 0
	for _, c := range choices {
		if e := at.child(seat, c.ID); e != nil && e.visits > 0 {
			out = append(out, e.candidate(c))
			most = max(most, e.visits)
		}
	}
	tried := func(c Candidate) int {
		if 10*c.Visits >= most {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(out, func(a, b Candidate) int {
		return cmp.Or(cmp.Compare(tried(b), tried(a)), cmp.Compare(b.Value, a.Value), cmp.Compare(b.Visits, a.Visits))
	})
	return out[:min(3, len(out))]
}

// candidate is what the search learnt of choice c, the edge's.
func (e *edge) candidate(c engine.Choice) Candidate {
	n := float64(e.visits)
	out := Candidate{Choice: c, Visits: e.visits, Win: e.wins / n, Value: e.reward / n, Scored: e.scored > 0}
	if out.Scored {
		out.Score, out.Margin = e.score/float64(e.scored), e.margin/float64(e.scored)
	}
	return out
}
