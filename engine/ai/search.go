package ai

import (
	"fmt"
	"math"
	"time"

	"github.com/adega-bot/adega/engine"
)

// exploration weighs trying little-known choices against the best known
// (UCB1's constant, for results between 0 and 1).
const exploration = 0.7

// search is single-observer information-set MCTS (Cowling, Powley and
// Whitehouse, 2012) at the granularity of steps: each iteration draws one
// sample of the hidden state, walks down the tree choosing among the
// choices legal in that sample, adds one node and plays the game out at
// random. A node is the history of choices from the root, every seat's,
// as seen from the searching seat; its children are the next step's
// choices, each rated for the seat that takes it.
type search struct {
	seat    engine.Seat
	sample  func(*engine.RNG) engine.State
	rng     engine.RNG
	players int
	horizon int   // see Config.Horizon
	mast    *mast // what the iterations have learnt of each move
	// longest is the longest iteration of the decision so far, on the
	// budget's clock (see run).
	longest time.Duration
	// positions are the nodes of the positions met so far, for a game
	// whose positions recur by other orders of moves (engine.Positioned).
	positions map[string]*node
	stretch   float64 // see Config.ShareStretch
}

// node is a point in the tree: the steps taken from the root.
type node struct {
	children []*edge
}

// edge is one choice from a node, and the subtree after it.
type edge struct {
	seat   engine.Seat
	id     string
	visits int
	// avail counts the iterations in which the choice was legal: in a
	// sample other choices may be legal than in another, so UCB1 weighs
	// a choice against the times it could have been taken.
	avail  int
	reward float64 // sum of the results for seat
	wins   float64 // sum of seat's win shares
	// scored counts the results that gave a score (result.score), whose
	// sums for seat are score and margin (ahead of the best other seat).
	scored        int
	score, margin float64
	next          node
}

func (n *node) child(seat engine.Seat, id string) *edge {
	for _, e := range n.children {
		if e.seat == seat && e.id == id {
			return e
		}
	}
	return nil
}

// limit ends a search: an iteration count (0 for none), a time on the
// clock (no clock for none).
type limit struct {
	iterations int
	until      time.Duration
	clock      func() time.Duration
}

// run searches from root, the node after prefix of the searching seat's
// pending decision, until the limit. It returns the iterations run.
//
// On a clock it starts no iteration that one as long as the decision's
// longest so far would carry past the limit: iterations vary, and a playout from
// early in a game may take twenty times the usual (in the 2010 Reserve's
// setup some 50 ms, where the usual is 2), so a search that stopped only
// once past its limit overran it by a long playout, a decision of 200 ms
// by 56 ms at the 99th percentile.
func (sr *search) run(root *node, prefix engine.Action, l limit) (int, error) {
	done := 0
	var began time.Duration
	if l.clock != nil {
		began = l.clock()
	}
	for l.iterations == 0 || done < l.iterations {
		if l.clock != nil {
			now := l.clock()
			if done > 0 {
				sr.longest = max(sr.longest, now-began)
			}
			if now+sr.longest > l.until {
				break
			}
			began = now
		}
		if err := sr.iterate(root, prefix); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

// iterate is one iteration: select, expand, play out, back up.
func (sr *search) iterate(root *node, prefix engine.Action) error {
	st := sr.sample(&sr.rng)
	seat, act := sr.seat, append(engine.Action(nil), prefix...)
	at := root
	var path []*edge
	for !st.Over() {
		step, err := st.Choices(seat, act)
		if err != nil {
			return fmt.Errorf("ai: choices after %v: %w", act, err)
		}
		if step.Complete {
			if st, _, err = st.Apply(seat, act); err != nil {
				return fmt.Errorf("ai: offered action %v refused: %w", act, err)
			}
			seat, act = next(st), nil
			at = sr.transpose(st, at)
			continue
		}
		if len(step.Choices) == 0 {
			return fmt.Errorf("ai: no legal choice at %q", step.Prompt)
		}
		e, fresh := sr.selectOrExpand(at, seat, step.Name, step.Choices)
		sr.mast.Took(seat, step.Name, e.id)
		path = append(path, e)
		act = append(act, e.id)
		if fresh {
			break
		}
		at = &e.next
	}
	res, err := playout(st, seat, act, &sr.rng, sr.players, sr.horizon, sr.mast, sr.stretch)
	if err != nil {
		return err
	}
	sr.mast.credit(res)
	for _, e := range path {
		e.credit(res)
	}
	return nil
}

// credit counts an iteration's result for the edge's seat.
func (e *edge) credit(res result) {
	e.visits++
	e.reward += res.reward[e.seat]
	e.wins += res.win[e.seat]
	if res.score != nil {
		e.scored++
		e.score += res.score[e.seat]
		e.margin += res.score[e.seat] - bestOther(res.score, e.seat)
	}
}

// transpose is the node of st's position, which every order of moves
// that reaches it shares, in a game whose positions recur
// (engine.Positioned); else at, the node of this order of moves. A
// position's first node stands for it from then on.
func (sr *search) transpose(st engine.State, at *node) *node {
	p, ok := st.(engine.Positioned)
	if !ok {
		return at
	}
	if sr.positions == nil {
		sr.positions = map[string]*node{}
	}
	key := p.Position(sr.seat)
	if n := sr.positions[key]; n != nil {
		return n
	}
	sr.positions[key] = at
	return at
}

// selectOrExpand counts the legal choices as available and returns a
// choice never tried from at, added to the tree (fresh), while the node
// may widen (see widen), or else the best by UCB1 for the seat that takes
// it.
func (sr *search) selectOrExpand(at *node, seat engine.Seat, step string, choices []engine.Choice) (*edge, bool) {
	var legal []*edge
	var untried []string
	visits := 0
	for _, c := range choices {
		if e := at.child(seat, c.ID); e != nil {
			e.avail++
			legal = append(legal, e)
			visits += e.visits
		} else {
			untried = append(untried, c.ID)
		}
	}
	if len(untried) > 0 && len(legal) < widen(visits) {
		e := &edge{seat: seat, id: sr.mast.promising(seat, step, untried, &sr.rng), avail: 1}
		at.children = append(at.children, e)
		return e, true
	}
	var best *edge
	bestScore := math.Inf(-1)
	for _, e := range legal {
		if score := ucb(e); score > bestScore {
			best, bestScore = e, score
		}
	}
	return best, false
}

// widen is how many choices a node searches after visits iterations
// (progressive widening: Coulom 2007, Chaslot et al. 2008). A node that
// tried every choice before it tried any twice would spread a wide step's
// iterations (a Vinhos step may offer a dozen spaces, regions or wines)
// over them all, and the search would stay shallow whatever its budget;
// widened a choice at a time, the most promising first (mast.promising),
// it searches the best choices and their replies deeper. A narrow step
// (nim's three piles) opens all its choices within two iterations, as
// before.
func widen(visits int) int {
	return 2 + int(math.Sqrt(float64(visits)))
}

// ucb is UCB1 with availability counts. An edge never visited (see best)
// is tried first.
func ucb(e *edge) float64 {
	if e.visits == 0 {
		return math.Inf(1)
	}
	n := float64(e.visits)
	return e.reward/n + exploration*math.Sqrt(math.Log(float64(e.avail))/n)
}

// best is the most visited of the choices at at, the better result
// breaking ties; a choice the search never reached is picked at random.
func (sr *search) best(at *node, choices []engine.Choice) *edge {
	var best *edge
	for _, c := range choices {
		e := at.child(sr.seat, c.ID)
		if e == nil {
			continue
		}
		if best == nil || e.visits > best.visits || (e.visits == best.visits && e.reward > best.reward) {
			best = e
		}
	}
	if best == nil {
		best = &edge{seat: sr.seat, id: choices[sr.rng.IntN(len(choices))].ID}
		at.children = append(at.children, best)
	}
	return best
}

// next is the seat that acts next in s: the first of those pending, so
// that simultaneous decisions are searched in a fixed order.
func next(s engine.State) engine.Seat {
	if p := s.Pending(); len(p) > 0 {
		return p[0].Seat
	}
	return engine.NoSeat
}
