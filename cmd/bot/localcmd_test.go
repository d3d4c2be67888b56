package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/adega-bot/adega/referee"
)

// The local command's wiring: the flags, the configuration and the
// subcommand reach the table (package local, whose own tests play it).

func TestLocalScriptPlaysAndWritesFiles(t *testing.T) {
	dir := t.TempDir()
	exportPath := filepath.Join(dir, "game.json")
	_, err := runMain(t, "", "local", "--game", "nim", "--seed", "7", "--db", filepath.Join(dir, "t.db"),
		"--out", dir, "--script", "../../local/testdata/nim-session.txt", "--export", exportPath,
		"--config", filepath.Join(dir, "none.toml"))
	if err == nil || !strings.Contains(err.Error(), "none.toml") {
		t.Fatalf("a missing explicit config must fail, got %v", err)
	}
	out, err := runMain(t, "", "local", "--game", "nim", "--seed", "7", "--db", filepath.Join(dir, "t.db"),
		"--out", dir, "--script", "../../local/testdata/nim-session.txt", "--export", exportPath)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out,
		"The piles hold [5 3 5]. Ana goes first.",
		"Ana took 2 from pile 1 (3 left there).",
		"Bruno took 3 from pile 2 (0 left there).",
		"Next: Bruno must take counters from a pile.",
		"Exported: "+exportPath,
	)
	boards := regexp.MustCompile(`Board: (\S+\.png)`).FindAllStringSubmatch(out, -1)
	if len(boards) != 5 { // the start, three moves and /board
		t.Fatalf("%d board images announced, want 5:\n%s", len(boards), out)
	}
	for _, b := range boards {
		f, err := os.Open(b[1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(f); err != nil {
			t.Errorf("%s is not a PNG: %v", b[1], err)
		}
		f.Close()
	}
	data, err := os.ReadFile(exportPath)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := referee.ParseExport(data)
	if err != nil {
		t.Fatal(err)
	}
	// The game goes on, so its seed is sealed: the file shows no draw to come.
	if len(exp.Log) != 3 || exp.Seed != 0 || exp.Setup.Seed != 0 || exp.Sealed == nil || exp.Game != "nim" {
		t.Errorf("export has %d moves, seed %d, sealed %x, game %q", len(exp.Log), exp.Seed, exp.Sealed, exp.Game)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	players := raw["players"].([]any)
	if p := players[0].(map[string]any); p["name"] != "Ana" || p["taken"] != 3.0 {
		t.Errorf("first exported player: %v", p)
	}

	// With the database that sealed it, the export replays to the state it
	// records, and imports as a new game; without it, it cannot be opened.
	out, err = runMain(t, "", "replay", "--db", filepath.Join(dir, "t.db"), exportPath)
	if err != nil || !strings.Contains(out, "matches the recorded one") {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	if out, err = runMain(t, "", "replay", "--db", filepath.Join(dir, "other.db"), exportPath); err == nil || !strings.Contains(err.Error(), "only the adega that exported it") {
		t.Fatalf("replay with another database: %v\n%s", err, out)
	}
	out, err = runMain(t, "/nim p3 1\n", "local", "--db", filepath.Join(dir, "t.db"), "--out", dir, "--import", exportPath)
	if err != nil || !strings.Contains(out, "Bruno took 1 from pile 3") {
		t.Fatalf("import and continue: %v\n%s", err, out)
	}
}

func TestNoArgumentsNoTokenOpensTheLocalTable(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	out, err := runMain(t, "/status\n/quit\n")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Welcome to adega's local table") || !strings.Contains(out, "move 0.") {
		t.Fatalf("no welcome or status:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "data", "local.db")); err != nil {
		t.Errorf("the default database was not created: %v", err)
	}
}

// --data, and the config's vinhos_data, load the component data the
// table plays with; the hint to resume repeats --data.
func TestDataFlagLoadsTheComponentData(t *testing.T) {
	const example = "../../engine/vinhos/testdata/data-example.toml"
	// Seed 11 turns up Vintage tile 5, which the example data file corrects.
	const tile = "The first Vintage tile is weather +1; features Taste 2, Aroma 1; Anabela wants red, Bruno a value of 9+"
	dir := t.TempDir()
	out, err := runMain(t, "", "local", "--seed", "11", "--db", filepath.Join(dir, "t.db"), "--out", dir, "--data", example)
	if err != nil {
		t.Fatal(err)
	}
	outputHas(t, out, tile, "To come back to this game: adega local --resume g1 --db "+filepath.Join(dir, "t.db")+" --data "+example+" --out "+dir+"\n")
	config := filepath.Join(dir, "adega.toml")
	if err := os.WriteFile(config, []byte("vinhos_data = \""+example+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = runMain(t, "", "local", "--seed", "11", "--db", filepath.Join(dir, "c.db"), "--out", dir, "--config", config)
	if err != nil {
		t.Fatal(err)
	}
	outputHas(t, out, tile)
	_, err = runMain(t, "", "local", "--db", filepath.Join(dir, "u.db"), "--out", dir, "--data", filepath.Join(dir, "missing.toml"))
	if err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Errorf("a missing data file: %v", err)
	}
	// Contradictory flags are refused before the data file is read.
	_, err = runMain(t, "", "local", "--resume", "g1", "--bots", "1", "--data", filepath.Join(dir, "missing.toml"))
	if err == nil || !strings.Contains(err.Error(), "local: --bots set up a new game, but --resume continues") {
		t.Errorf("contradictory flags and a missing data file: %v", err)
	}
}
