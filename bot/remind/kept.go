package remind

import (
	"container/list"
	"hash/fnv"
	"sync"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/ops"
)

// The bot's seats at a level that keeps its tree (ai.Level.KeepsTree)
// search on from what their earlier decisions learnt, as the tournament's
// players do, so that the tournament measures the player people meet.
// The trees live in the process, by game and seat: a restart loses them
// and the next decision starts a new one, and a game lives in one
// process. Only the bot's own seats keep one: an absent player's
// decisions under auto are few and far apart, and hints are not a seat's
// play.

// maxTreeEdges bounds one seat's kept tree, in edges of some 150 bytes:
// some 2.4 MB. In a 2-player Vinhos game at hard's 2 s, the tree held
// 1,300 to 8,500 edges once its move was played (docs/AI.md); a bigger
// one is not kept.
const maxTreeEdges = 16_000

// keptTrees are the bot's kept trees, bounded by their edges all
// together: past the bound the least recently used go first.
type keptTrees struct {
	max     int // edges; 0 keeps none
	metrics *ops.Metrics

	mu    sync.Mutex
	trees map[keptKey]*list.Element // of *kept
	order list.List                 // most recently used first
	edges int
}

type keptKey struct {
	game string
	seat engine.Seat
}

// kept is a seat's tree as its last decision left it: st is the state after
// that decision's action, the moves'th of the game's log, whose first moves
// have the fingerprint print.
type kept struct {
	key   keptKey
	tree  *ai.Tree
	st    engine.State
	moves int
	print uint64
	edges int
}

// fingerprint tells one log from another.
func fingerprint(moves []engine.Move) uint64 {
	h := fnv.New64a()
	for _, m := range moves {
		h.Write([]byte{byte(m.Seat), 0})
		for _, id := range m.Action {
			h.Write([]byte(id))
			h.Write([]byte{0})
		}
		h.Write([]byte{1})
	}
	return h.Sum64()
}

// take takes seat's tree in game out of the store, so that no other task
// searches it, followed down the moves played since (moves is the game's
// whole log). It is a new tree when none is kept, or when the log no
// longer begins with the one it was left at (an undo, a restore).
func (k *keptTrees) take(game string, seat engine.Seat, moves []engine.Move) *ai.Tree {
	k.mu.Lock()
	e := k.trees[keptKey{game, seat}]
	if e != nil {
		k.remove(e)
	}
	k.mu.Unlock()
	if e == nil {
		return &ai.Tree{}
	}
	t := e.Value.(*kept)
	if len(moves) < t.moves || fingerprint(moves[:t.moves]) != t.print {
		k.metrics.KeptTree(ops.TreeDropped)
		return &ai.Tree{}
	}
	st := t.st
	for _, m := range moves[t.moves:] {
		after, _, err := st.Apply(m.Seat, m.Action)
		if err != nil { // not the game the tree was left in
			k.metrics.KeptTree(ops.TreeDropped)
			return &ai.Tree{}
		}
		t.tree.Played(st, after, m.Seat, m.Action)
		st = after
	}
	if t.tree.Edges() == 0 {
		k.metrics.KeptTree(ops.TreeDropped) // it could not follow a move
	} else {
		k.metrics.KeptTree(ops.TreeReused)
	}
	return t.tree
}

// put keeps seat's tree in game after its decision, st being the state
// after it and moves the log to it, unless the tree is past maxTreeEdges;
// the least recently used trees go to keep the bound.
func (k *keptTrees) put(game string, seat engine.Seat, tree *ai.Tree, st engine.State, moves []engine.Move) {
	edges := tree.Edges()
	if edges == 0 || edges > maxTreeEdges || edges > k.max {
		return
	}
	t := &kept{key: keptKey{game, seat}, tree: tree, st: st, moves: len(moves), print: fingerprint(moves), edges: edges}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.trees == nil {
		k.trees = map[keptKey]*list.Element{}
	}
	if e := k.trees[t.key]; e != nil {
		k.remove(e)
	}
	k.trees[t.key] = k.order.PushFront(t)
	k.edges += edges
	for k.edges > k.max {
		k.remove(k.order.Back())
		k.metrics.KeptTree(ops.TreeEvicted)
	}
	k.metrics.KeptEdges(k.edges)
}

// remove forgets a kept tree; k.mu is held.
func (k *keptTrees) remove(e *list.Element) {
	t := k.order.Remove(e).(*kept)
	delete(k.trees, t.key)
	k.edges -= t.edges
	k.metrics.KeptEdges(k.edges)
}
