package ai

import (
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
)

// A seat that keeps its tree searches on from what its last decision
// learnt: after Bruno's reply, Ana's next decision rests on more playouts
// than a new tree's of the same iterations, and its hint counts them.
func TestKeptTreeCarriesTheSearchOn(t *testing.T) {
	var s engine.State = nimAt(5, 6, 7)
	tree := &Tree{}
	cfg := Config{Iterations: 400, Seed: 1, Tree: tree}
	d, err := Decide(s, 0, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, tree, s, 0, d.Action)
	reply, err := Decide(s, 1, Config{Iterations: 100, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, tree, s, 1, reply.Action)
	carried := tree.Playouts()
	if carried == 0 {
		t.Fatalf("the tree kept nothing after %v and %v", d.Action, reply.Action)
	}
	cfg.Seed = 3
	fresh, err := Decide(s, 0, Config{Iterations: cfg.Iterations, Seed: cfg.Seed})
	if err != nil {
		t.Fatal(err)
	}
	kept, err := Decide(s, 0, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if playouts(kept) <= playouts(fresh) {
		t.Errorf("the top choices count %d playouts from the kept tree (%d carried), %d from a new one", playouts(kept), carried, playouts(fresh))
	}
}

// playouts counts the playouts behind the hint's figures.
func playouts(d Decision) int {
	n := 0
	for _, c := range d.Top {
		n += c.Visits
	}
	return n
}

// play applies seat's action to s and tells the tree.
func play(t *testing.T, tree *Tree, s engine.State, seat engine.Seat, act engine.Action) engine.State {
	t.Helper()
	after, _, err := s.Apply(seat, act)
	if err != nil {
		t.Fatal(err)
	}
	tree.Played(s, after, seat, act)
	return after
}

// The tree is dropped where the seat cannot follow it: a reply it never
// tried, and an action taken while several seats decide at once (a 2010
// Reserve Fair's Experts are chosen in secret).
func TestKeptTreeIsDroppedWhereTheSeatCannotFollow(t *testing.T) {
	t.Run("a reply never tried", func(t *testing.T) {
		var s engine.State = nimAt(5, 6, 7)
		tree := &Tree{}
		d, err := Decide(s, 0, Config{Iterations: 3, Seed: 1, Tree: tree})
		if err != nil {
			t.Fatal(err)
		}
		s = play(t, tree, s, 0, d.Action)
		step, err := s.Choices(1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range step.Choices {
			if tree.at.child(1, c.ID) == nil {
				act, err := engine.Complete(s, 1, engine.Action{c.ID}, func(step engine.Step, _ int) engine.Choice { return step.Choices[0] })
				if err != nil {
					t.Fatal(err)
				}
				play(t, tree, s, 1, act)
				if tree.at != nil {
					t.Errorf("the tree went on after %s, which it never tried", c.ID)
				}
				return
			}
		}
		t.Fatal("every reply was tried")
	})
	t.Run("a secret choice", func(t *testing.T) {
		for seed := uint64(1); seed < 40; seed++ {
			for _, s := range positions(t, newGame(t, "reserve", seed, 3), seed, 1) {
				if len(s.Pending()) < 2 {
					continue
				}
				seat := next(s)
				tree := &Tree{}
				d, err := Decide(s, seat, Config{Iterations: 20, Seed: 1, Tree: tree})
				if err != nil {
					t.Fatal(err)
				}
				play(t, tree, s, seat, d.Action)
				if tree.at != nil {
					t.Errorf("seed %d: the tree went on after %v, chosen while %d seats chose", seed, d.Action, len(s.Pending()))
				}
				return
			}
		}
		t.Fatal("no game had seats decide at once")
	})
}

// Under an iteration cap, a player that keeps its tree makes the same
// decisions for the same history: the same game twice is the same game.
func TestKeptTreePlaysAlikeForTheSameHistory(t *testing.T) {
	game := func() string {
		players := []Player{NewSearcher(Hard, Config{Iterations: 200, Seed: 1}), &Searcher{Config: Config{Iterations: 50, Seed: 2}}}
		m, err := Play(nim.Game{}, engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bruno"}}, players, nil)
		if err != nil {
			t.Fatal(err)
		}
		return string(mustEncode(t, m.Final))
	}
	if a, b := game(), game(); a != b {
		t.Errorf("the same game ended twice differently:\n%s\n%s", a, b)
	}
}
