package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adega-bot/adega/internal/dbtest"
)

// localGames stores n games of nim, one move each, in dir/t.db through the
// local table, and returns the file.
func localGames(t *testing.T, dir string, n int) string {
	t.Helper()
	for range n {
		out, err := runMain(t, "/nim p1 1\n", "local", "--game", "nim", "--seed", "7", "--db", filepath.Join(dir, "t.db"), "--out", dir)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	return filepath.Join(dir, "t.db")
}

// check finds the game on a damaged page; salvage copies the others into
// a new file, which plays and checks clean.
func TestCheckAndSalvageADamagedDatabase(t *testing.T) {
	dir := t.TempDir()
	db := localGames(t, dir, 3)
	dbtest.OverwritePage(t, db, "games", "g2")

	out, err := runMain(t, "", "check", db)
	if err == nil || !strings.Contains(err.Error(), db+" has problems (1, listed above): to keep what can be read, stop the bot and run `adega salvage "+db+" NEW`") {
		t.Fatalf("check: %v\n%s", err, out)
	}
	outputHas(t, out, db+": 2 games read and replayed.", "Lost: game g2: on a damaged page (")

	salvaged := filepath.Join(dir, "salvaged.db")
	out, err = runMain(t, "", "salvage", db, salvaged)
	if err != nil {
		t.Fatalf("salvage: %v\n%s", err, out)
	}
	outputHas(t, out, "2 games copied into "+salvaged+".", "Lost: game g2: on a damaged page (", db+" is unchanged.")

	out, err = runMain(t, "/nim p2 1\n/status\n", "local", "--resume", "g3", "--db", salvaged, "--out", dir)
	if err != nil || strings.Contains(out, "Refused") || !strings.Contains(out, "Bento took 1 from pile 2") || !strings.Contains(out, "move 2.") {
		t.Errorf("a salvaged game does not play: %v\n%s", err, out)
	}
	if _, err := runMain(t, "", "local", "--resume", "g2", "--db", salvaged, "--out", dir); err == nil || !strings.Contains(err.Error(), "There is no game g2") {
		t.Errorf("resuming the lost game: %v", err)
	}
	if out, err := runMain(t, "", "check", salvaged); err != nil || !strings.Contains(out, "No problems found.") {
		t.Errorf("check of the salvaged file: %v\n%s", err, out)
	}
}

// A damaged file stops run and local with what to do, not a panic.
func TestDamagedDatabaseStopsTheBotWithWhatToDo(t *testing.T) {
	dir := t.TempDir()
	db := localGames(t, dir, 2)
	fi, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(db, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	want := "the database " + db + " is damaged ("
	what := "): run `adega check " + db + "`, then `adega salvage " + db + " NEW`"
	_, err = runMain(t, "", "local", "--resume", "g1", "--db", db, "--out", dir)
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), what) {
		t.Errorf("local: %v; want %q…%q", err, want, what)
	}

	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(db, filepath.Join(data, "adega.db")); err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	env := Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stdout,
		Getenv: func(k string) string { return map[string]string{"ADEGA_DATA_DIR": data}[k] }}
	err = Main(context.Background(), []string{"run"}, env)
	db = filepath.Join(data, "adega.db")
	if err == nil || !strings.Contains(err.Error(), "the database "+db+" is damaged (") || !strings.Contains(err.Error(), "run `adega check "+db+"`") {
		t.Errorf("run: %v", err)
	}
}

// A game whose saved state was damaged is rebuilt from its log when the
// table opens it, and the table says so before the next move.
func TestDamagedSnapshotIsRepairedAndTheTableSaysSo(t *testing.T) {
	dir := t.TempDir()
	db := localGames(t, dir, 1)
	dbtest.FlipByte(t, db, "snapshot", 40, "games", "g1")
	out, err := runMain(t, "/nim p2 1\n", "local", "--resume", "g1", "--db", db, "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	outputHas(t, out, "The saved state of this game was found damaged, and was rebuilt from its log (1 move).", "Bento took 1 from pile 2")
}
