package ai

import "github.com/adega-bot/adega/engine"

// EdgeBytes is about what a kept tree's edge takes in memory.
const EdgeBytes = 150

// maxKeptEdges bounds a kept tree: past it the tree is dropped and the
// next decision starts afresh. It is some 8 MB (EdgeBytes); a 2-player
// Vinhos decision at 200 ms adds some 800 edges, at 2 s some 8,000.
const maxKeptEdges = 50_000

// Tree is what one seat's searches have learnt, kept from one of its
// decisions to the next, so that their iterations add up: Decide searches
// on from the node of the position it is asked about, and Played follows
// each action played, every seat's, down the tree as far as the seat sees
// it. It is dropped (the next decision starts a tree of its own) where the
// seat cannot follow: an action the tree never tried, or one taken while
// several seats decided at once, which a game may keep secret (a 2010
// Reserve Fair's Experts; the other games' samplers draw no past choice
// again, so their players see every action). Chance, such as a deck's
// draw, is not in the tree: the samples draw it. The zero Tree is empty.
//
// A decision from a kept tree depends on the searches before it: under an
// iteration cap with fixed seeds it is the same only for the same history
// of decisions and actions, from the tree's first decision on.
type Tree struct {
	seat      engine.Seat
	at        *node            // the current position's node; nil: none
	positions map[string]*node // see search.positions
}

// root is the node to search seat's decision in s from: the kept one if
// the tree is seat's, else a new tree's.
func (t *Tree) root(seat engine.Seat) (*node, map[string]*node) {
	if t.at == nil || t.seat != seat {
		t.seat, t.at, t.positions = seat, &node{}, nil
	}
	return t.at, t.positions
}

// Played follows seat's action act, played on before to give after, down
// the tree; before is the state it was chosen in.
func (t *Tree) Played(before, after engine.State, seat engine.Seat, act engine.Action) {
	if t.at == nil {
		return
	}
	if len(before.Pending()) > 1 {
		t.drop()
		return
	}
	at := t.at
	for _, id := range act {
		e := at.child(seat, id)
		if e == nil {
			t.drop()
			return
		}
		at = &e.next
	}
	if p, ok := after.(engine.Positioned); ok {
		if n := t.positions[p.Position(t.seat)]; n != nil {
			at = n
		}
	}
	t.at = at
}

// Playouts is how many of the tree's playouts went through the current
// position: 0 once it is dropped.
func (t *Tree) Playouts() int {
	if t.at == nil {
		return 0
	}
	n := 0
	for _, e := range t.at.children {
		n += e.visits
	}
	return n
}

func (t *Tree) drop() { t.at, t.positions = nil, nil }

// keep keeps what a search from the tree's root learnt, unless it grew
// past maxKeptEdges.
func (t *Tree) keep(positions map[string]*node) {
	t.positions = positions
	if t.Edges() > maxKeptEdges {
		t.drop()
	}
}

// Edges is the size of what the tree keeps, in edges (some 150 bytes
// each): those in reach of the current position, 0 once it is dropped. It
// forgets the positions out of reach, so that they are not kept either.
func (t *Tree) Edges() int {
	if t.at == nil {
		return 0
	}
	var reach map[*node]bool // a graph's nodes met, where positions share them
	if t.positions != nil {
		reach = map[*node]bool{}
	}
	edges := 0
	var walk func(n *node)
	walk = func(n *node) {
		if reach != nil {
			if reach[n] {
				return
			}
			reach[n] = true
		}
		edges += len(n.children)
		for _, e := range n.children {
			walk(&e.next)
		}
	}
	walk(t.at)
	for key, n := range t.positions {
		if !reach[n] {
			delete(t.positions, key)
		}
	}
	return edges
}
