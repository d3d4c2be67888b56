package ai

import "github.com/adega-bot/adega/engine"

// maxKeptEdges bounds a kept tree: past it the tree is dropped and the
// next decision starts afresh. An edge takes some 150 bytes, so the
// bound is some 8 MB; a 2-player Vinhos decision at 200 ms adds some
// 800 edges, at 2 s some 8,000.
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

func (t *Tree) drop() { t.at, t.positions = nil, nil }

// keep keeps what a search from the tree's root learnt, unless it grew
// past maxKeptEdges; it forgets the positions out of reach from the root.
func (t *Tree) keep(positions map[string]*node) {
	var reach map[*node]bool // a graph's nodes met, where positions share them
	if positions != nil {
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
	if edges > maxKeptEdges {
		t.drop()
		return
	}
	for key, n := range positions {
		if !reach[n] {
			delete(positions, key)
		}
	}
	t.positions = positions
}
