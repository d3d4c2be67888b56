package lavina

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/component"
)

// table is a game set up for a rules example: seat 0 plays first, the
// aisle is empty unless the example lays cards out.
type table struct {
	t      *testing.T
	s      *State
	events []engine.Event
}

func newTable(t *testing.T, players int, options map[string]string) *table {
	t.Helper()
	return newTableBy(t, 0, players, options)
}

// newTableBy is newTable by the rules revision given.
func newTableBy(t *testing.T, rules, players int, options map[string]string) *table {
	t.Helper()
	s := newGameBy(t, rules, 1, players, options)
	s.First, s.Pickers = 0, nil
	s.setupPlayers(names[:players])
	for i := range s.Aisle {
		for side := range s.Aisle[i].Sides {
			s.Discard = append(s.Discard, cardsOf(s.Aisle[i].Sides[side])...)
			s.Aisle[i].Sides[side] = nil
		}
	}
	return &table{t: t, s: s}
}

func cardsOf(stack []Placed) []Card {
	out := make([]Card, len(stack))
	for i, p := range stack {
		out[i] = p.Card
	}
	return out
}

// card takes a card of the variety and value out of the deck or the
// discard pile, with the tool asked for, so that the 72 stay in play.
func (x *table) card(v Variety, value int, tool Tool) Card {
	x.t.Helper()
	match := func(c Card) bool { return c.Variety == v && c.Value == value && c.Tool == tool }
	for _, pile := range []*[]Card{&x.s.Deck, &x.s.Discard} {
		if i := slices.IndexFunc(*pile, match); i >= 0 {
			c := (*pile)[i]
			*pile = slices.Delete(*pile, i, i+1)
			return c
		}
	}
	x.t.Fatalf("no %v %d with %v left", v, value, tool)
	return Card{}
}

// lay puts cards beside space (from 1) on a side, the lower first: only the
// top one's tool is known.
func (x *table) lay(space, side int, cards ...Card) {
	stack := make([]Placed, len(cards))
	for i, c := range cards {
		stack[i] = Placed{Card: c, Known: i == len(cards)-1}
	}
	x.s.Discard = append(x.s.Discard, cardsOf(x.s.Aisle[space-1].Sides[side])...)
	x.s.Aisle[space-1].Sides[side] = stack
}

// fill puts cards into a seat's basket b (from 1).
func (x *table) fill(seat engine.Seat, b int, cards ...Card) {
	x.s.Seats[seat].Baskets[b-1].Cards = cards
}

// give hands tools to a seat from the bank.
func (x *table) give(seat engine.Seat, tools ...Tool) {
	for _, t := range tools {
		x.s.ToolBank[t]--
		x.s.Seats[seat].Tools = append(x.s.Seats[seat].Tools, t)
	}
	slices.Sort(x.s.Seats[seat].Tools)
}

// at puts picker p in a space (from 1) and box, or at the entrance
// (space 0, slot = queue place).
func (x *table) at(p, space, slot int) { x.s.Pickers[p].Space, x.s.Pickers[p].Slot = space, slot }

// turn puts picker p in a space and box and every other picker at the far
// end of the aisle, so that p plays next.
func (x *table) turn(p, space, box int) {
	x.at(p, space, box)
	k := 0
	for q := range x.s.Pickers {
		if q != p {
			x.at(q, len(x.s.Aisle)-k/2, 1-k%2)
			k++
		}
	}
}

func (x *table) seat() engine.Seat {
	x.t.Helper()
	p := x.s.Pending()
	if len(p) != 1 {
		x.t.Fatalf("pending %v", p)
	}
	return p[0].Seat
}

// play plays a decision for the seat to act.
func (x *table) play(ids ...string) {
	x.t.Helper()
	next, ev, err := x.s.Apply(x.seat(), ids)
	if err != nil {
		x.t.Fatalf("%v: %v", ids, err)
	}
	x.s, x.events = next.(*State), ev
	if err := invariants(x.s); err != nil {
		x.t.Fatalf("%v broke an invariant: %v", ids, err)
	}
}

// refused checks that a decision is refused with a message holding want,
// and changes nothing.
func (x *table) refused(want string, ids ...string) {
	x.t.Helper()
	before := mustEncode(x.t, x.s)
	_, _, err := x.s.Apply(x.seat(), ids)
	if err == nil || !strings.Contains(err.Error(), want) {
		x.t.Fatalf("%v: got %v, want a refusal saying %q", ids, err, want)
	}
	if !bytes.Equal(before, mustEncode(x.t, x.s)) {
		x.t.Fatalf("the refused %v changed the state", ids)
	}
}

// step lists the step after prefix for the seat to act.
func (x *table) step(prefix ...string) engine.Step {
	x.t.Helper()
	st, err := x.s.Choices(x.seat(), prefix)
	if err != nil {
		x.t.Fatalf("%v: %v", prefix, err)
	}
	return st
}

// offers reports whether the step after prefix offers id.
func (x *table) offers(id string, prefix ...string) bool {
	x.t.Helper()
	_, ok := x.step(prefix...).Find(id)
	return ok
}

// said reports whether the last decision's events hold text.
func (x *table) said(text string) bool {
	return slices.ContainsFunc(x.events, func(e engine.Event) bool { return strings.Contains(e.Text, text) })
}

func (x *table) p(seat engine.Seat) *Player { return &x.s.Seats[seat] }

// coop is the cooperative, last among the wineries.
func (x *table) coop() *Winery { return &x.s.Wineries[len(x.s.Wineries)-1] }

// winery puts a winery card of the data set in play, empty, as the only
// winery besides the cooperative.
func (x *table) winery(id string) *Winery {
	x.t.Helper()
	i := slices.IndexFunc(x.s.data.Wineries[:], func(w component.Sourced[WineryCard]) bool { return w.V.ID == id })
	if i < 0 {
		x.t.Fatalf("no winery %s", id)
	}
	x.s.Wineries = []Winery{{Card: x.s.data.Wineries[i].V}, *x.coop()}
	return &x.s.Wineries[0]
}
