package main

import (
	"bytes"
	"context"
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

// A solo tournament shows the automa's row, where each side's VP came
// from, and the titles earned.
func TestSoloTournamentShowsTitles(t *testing.T) {
	out, err := runMain(t, "", "tournament", "--mode", "solo", "--games", "2", "--seats", "random")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"automa", "titles: [", "accolades: [", "mean VP by source:", "  automa: Exports "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// A tournament stopped (an interrupt) starts no more games and reports
// those it played to their end, saying so, rather than losing them all.
func TestStoppedTournamentReportsTheGamesPlayed(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var out bytes.Buffer
	// The progress line after the first game stops the tournament.
	progress := writerFunc(func(p []byte) (int, error) {
		if bytes.Contains(p, []byte("game 1 of")) {
			stop()
		}
		return len(p), nil
	})
	env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: progress, Getenv: func(string) string { return "" }}
	if err := Main(ctx, []string{"tournament", "--game", "nim", "--games", "50", "--players", "2",
		"--seats", "random,first", "--parallel", "1"}, env); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "stopped: the table counts the") {
		t.Fatalf("the table does not say the tournament stopped:\n%s", out.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[0] == "random" && (f[1] == "0" || f[1] == "50") {
			t.Errorf("random played %s seats of a stopped tournament:\n%s", f[1], out.String())
		}
	}
}

// Away from a terminal (a log, a pipe), the tournament tells one line a
// game, not a bar redrawn with carriage returns (issue 32).
func TestTournamentProgressIsOneLineAGameAwayFromATerminal(t *testing.T) {
	var progress, out bytes.Buffer
	env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &progress, Getenv: func(string) string { return "" }}
	if err := Main(context.Background(), []string{"tournament", "--game", "nim", "--games", "2", "--players", "2",
		"--seats", "random,first", "--parallel", "1"}, env); err != nil {
		t.Fatal(err)
	}
	if got := progress.String(); got != "game 1 of 2\ngame 2 of 2\n" {
		t.Errorf("the progress reads %q", got)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
