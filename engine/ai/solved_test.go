package ai

import (
	"fmt"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
)

// Nim is solved (Sprague-Grundy): taking 1 to 3 from a pile, a pile of n
// is worth n mod 4, and the player to move loses against best play exactly
// when the values XOR to 0. A winning move leaves them at 0. The search
// must find one, as a player who plays back would punish any other.

// grundy is the value of a nim position for the player to move: 0 when it
// is lost.
func grundy(piles []int) int {
	x := 0
	for _, p := range piles {
		x ^= p % 4
	}
	return x
}

// nimAt is a 2-player game of nim at the given piles, Ana to move.
func nimAt(piles ...int) *nim.State {
	return &nim.State{Names: []string{"Ana", "Bruno"}, Piles: piles, Taken: make([]int, 2), Winner: engine.NoSeat, RNG: engine.NewRNG(1)}
}

// tally is how the search did over positions that can be won.
type tally struct {
	won, winnable int
	missed        []string // the positions it did not win, with its move
}

// winsAt counts the positions, of those that can be won, where the search
// at iterations a decision chooses a winning move, and lists the others.
func winsAt(t *testing.T, positions [][]int, iterations int) tally {
	t.Helper()
	var r tally
	for k, piles := range positions {
		if grundy(piles) == 0 {
			continue
		}
		r.winnable++
		st := nimAt(piles...)
		d, err := Decide(st, 0, Config{Iterations: iterations, Seed: uint64(k + 1)})
		if err != nil {
			t.Fatal(err)
		}
		after, _, err := st.Apply(0, d.Action)
		if err != nil {
			t.Fatal(err)
		}
		if after.Over() || grundy(after.(*nim.State).Piles) == 0 {
			r.won++
		} else {
			r.missed = append(r.missed, fmt.Sprintf("%v: %v", piles, d.Action))
		}
	}
	return r
}

// atLeast95 fails unless the search won at least 95% of the winnable
// positions.
func atLeast95(t *testing.T, r tally) {
	t.Helper()
	t.Logf("a winning move in %d of %d winnable positions", r.won, r.winnable)
	if r.winnable == 0 || 100*r.won < 95*r.winnable {
		t.Errorf("a winning move in %d of %d winnable positions; missed %v", r.won, r.winnable, r.missed)
	}
}

// Every opening the seeded setup deals (three piles of 3 to 7) that can be
// won, at 20,000 iterations a decision.
func TestNimOpeningsAreWon(t *testing.T) {
	var openings [][]int
	for a := 3; a <= 7; a++ {
		for b := 3; b <= 7; b++ {
			for c := 3; c <= 7; c++ {
				openings = append(openings, []int{a, b, c})
			}
		}
	}
	atLeast95(t, winsAt(t, openings, 20000))
}

// Positions later in a game: every way to leave 10 to 14 counters in
// three piles of at most 7, at 5,000 iterations a decision.
func TestNimEndgamesAreWon(t *testing.T) {
	var later [][]int
	for a := 0; a <= 7; a++ {
		for b := 0; b <= 7; b++ {
			for c := 0; c <= 7; c++ {
				if n := a + b + c; n >= 10 && n <= 14 {
					later = append(later, []int{a, b, c})
				}
			}
		}
	}
	atLeast95(t, winsAt(t, later, 5000))
}

// The position the issue found: only taking the whole middle pile wins.
func TestNimSixThreeSixTakesTheMiddlePile(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		d, err := Decide(nimAt(6, 3, 6), 0, Config{Iterations: 20000, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if d.Action.String() != "p2 3" {
			t.Errorf("seed %d: %v, want the whole middle pile", seed, d.Action)
		}
	}
}

// A hint ranks its choices by how well they do, not by how often they
// were tried: at 6, 3, 6 the middle pile wins, and the others lose against
// best play.
func TestTopChoicesAreRankedByTheirResult(t *testing.T) {
	d, err := Decide(nimAt(6, 3, 6), 0, Config{Iterations: 20000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Top) != 3 || d.Top[0].ID != "p2" {
		t.Fatalf("top %+v, want the middle pile first", d.Top)
	}
	for k := 1; k < len(d.Top); k++ {
		if d.Top[k].Value > d.Top[k-1].Value {
			t.Errorf("choice %d (%s, %.2f) rated above choice %d (%s, %.2f)", k+1, d.Top[k].ID, d.Top[k].Value, k, d.Top[k-1].ID, d.Top[k-1].Value)
		}
	}
	if d.Top[0].Win < 0.8 || d.Top[1].Win > 0.5 {
		t.Errorf("wins %.2f for the middle pile and %.2f for the next; want a clear winner", d.Top[0].Win, d.Top[1].Win)
	}
}

// In solo every choice may lose to Lacerda; a hint then compares them by
// the expected margin against him, in VP.
func TestSoloChoicesCarryTheirMarginAgainstLacerda(t *testing.T) {
	s := newGame(t, "vinhos", 3, 1)
	d, err := Decide(s, next(s), Config{Iterations: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Top) == 0 {
		t.Fatal("no choices rated")
	}
	for _, c := range d.Top {
		if !c.Scored || c.Score <= 0 || c.Margin >= c.Score || c.Margin == 0 {
			t.Errorf("%s: scored %v, %.1f VP, margin %.1f; want its VP and how far it ends from Lacerda's", c.ID, c.Scored, c.Score, c.Margin)
		}
	}
}
