package main

import (
	"strings"
	"testing"
)

// A tournament prints a row per kind of player, the seats rotating so that
// each kind plays every seat.
func TestTournamentTable(t *testing.T) {
	out, err := runMain(t, "", "tournament", "--game", "nim", "--games", "6", "--players", "3",
		"--seats", "easy,random,first", "--iterations", "30")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "30 iterations") {
		t.Errorf("the budget is not told:\n%s", out)
	}
	seats := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 2 {
			seats[f[0]] = f[1]
		}
	}
	for _, kind := range []string{"easy", "random", "first"} {
		if seats[kind] != "6" {
			t.Errorf("%s played %q seats, want 6:\n%s", kind, seats[kind], out)
		}
	}
}

// A solo tournament shows the automa's row and the titles earned.
func TestSoloTournamentShowsTitles(t *testing.T) {
	out, err := runMain(t, "", "tournament", "--mode", "solo", "--games", "2", "--seats", "random")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"automa", "titles: [", "accolades: ["} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

func TestWilsonInterval(t *testing.T) {
	lo, hi := wilson(19, 20)
	if lo < 0.763 || lo > 0.765 || hi < 0.99 || hi > 0.995 {
		t.Errorf("19 of 20: %.4f–%.4f, want 0.7639–0.9911", lo, hi)
	}
}
