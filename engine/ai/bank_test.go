package ai

import (
	"testing"
	"time"
)

// A decision whose best choice is settled stops and banks what it did
// not spend: with 3 counters left in one pile, taking all 3 wins at once,
// and no other choice can catch up long before the cap.
func TestSettledDecisionBanksWhatItSaves(t *testing.T) {
	bank := &Bank{}
	d, err := Decide(nimAt(0, 0, 3), 0, Config{Iterations: 2000, Seed: 1, Bank: bank})
	if err != nil {
		t.Fatal(err)
	}
	if d.Action[len(d.Action)-1] != "3" {
		t.Fatalf("took %v, not the 3 that win", d.Action)
	}
	if d.Iterations >= 2000 || bank.iterations != 2000-d.Iterations {
		t.Errorf("ran %d iterations of 2,000 and banked %d", d.Iterations, bank.iterations)
	}
}

// A close decision spends from the bank, but never more than half its
// budget: at piles 4, 4, 4 every move loses against best play, so the
// choices stay close, and with a full bank the search runs past its cap,
// or, on a clock, past its budget, but not past 1.5 times either.
func TestCloseDecisionSpendsHalfItsBudgetMoreAtMost(t *testing.T) {
	bank := &Bank{iterations: 10000}
	d, err := Decide(nimAt(4, 4, 4), 0, Config{Iterations: 200, Seed: 1, Bank: bank})
	if err != nil {
		t.Fatal(err)
	}
	if d.Iterations <= 200 || d.Iterations > 300 || bank.iterations != 10000-(d.Iterations-200) {
		t.Errorf("ran %d iterations for a cap of 200 (want 201 to 300), and left %d of 10,000 in the bank", d.Iterations, bank.iterations)
	}

	var now time.Duration
	// Each reading of the clock is a ms later: an iteration takes one.
	clock := func() time.Duration { now += time.Millisecond; return now }
	bank = &Bank{time: time.Second}
	if _, err := Decide(nimAt(4, 4, 4), 0, Config{Budget: 100 * time.Millisecond, Seed: 1, Clock: clock, Bank: bank}); err != nil {
		t.Fatal(err)
	}
	spent := time.Second - bank.time + 100*time.Millisecond
	if spent <= 120*time.Millisecond || spent > 152*time.Millisecond {
		t.Errorf("a decision of 100 ms with a full bank took %v; want 120 to 150 ms, and its last iteration", spent)
	}
}
