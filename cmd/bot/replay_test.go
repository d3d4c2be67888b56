package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// An export of a Vinhos game in progress replays, with the database that
// sealed it, to the public view it records: --db before the file or after.
func TestReplayOfAVinhosExportMatches(t *testing.T) {
	dir := t.TempDir()
	db, exportPath := filepath.Join(dir, "t.db"), filepath.Join(dir, "game.json")
	if out, err := runMain(t, "", "local", "--seed", "5", "--db", db, "--out", dir,
		"--script", "../../local/testdata/vinhos-opening.txt", "--export", exportPath); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, args := range [][]string{{"--db", db, exportPath}, {exportPath, "--db", db}} {
		out, err := runMain(t, "", append([]string{"replay"}, args...)...)
		if err != nil || !strings.Contains(out, "matches the recorded one") {
			t.Fatalf("replay %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	// After "--" nothing is a flag: the file is named -v.json.
	if _, err := runMain(t, "", "replay", "--db", db, "--", "-v.json"); err == nil || !strings.Contains(err.Error(), "-v.json") {
		t.Errorf("replay -- -v.json: %v", err)
	}
}

// A version 2 export, whose state had another shape, still replays from
// its setup and moves; its state is not compared.
func TestReplayOfAVersionTwoExport(t *testing.T) {
	out, err := runMain(t, "", "replay", "../../storage/testdata/export-v2-solo-over.json")
	for _, want := range []string{"format version 2, whose state is not compared", "Replayed 39 moves", "Game over"} {
		if err != nil || !strings.Contains(out, want) {
			t.Fatalf("replay: %v; the output lacks %q:\n%s", err, want, out)
		}
	}
}
