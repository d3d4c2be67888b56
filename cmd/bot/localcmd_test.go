package main

import (
	"bytes"
	"context"
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
		"Bento took 3 from pile 2 (0 left there).",
		"Next: Bento must take counters from a pile.",
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
	if err != nil || !strings.Contains(out, "Bento took 1 from pile 3") {
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
	_, err = runMain(t, "", "local", "--resume", "g1", "--seed", "1", "--data", filepath.Join(dir, "missing.toml"))
	if err == nil || !strings.Contains(err.Error(), "local: --seed set up a new game, but --resume continues") {
		t.Errorf("contradictory flags and a missing data file: %v", err)
	}
}

// The local command's flags and the configured data folder reach the
// table: the game set up, the bots, the default database and board
// folder, --json, --script with --keep-going, and --export.
func TestLocalFlagsReachTheTable(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	local := func(stdin string, args ...string) (string, error) {
		var out bytes.Buffer
		env := Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &out,
			Getenv: func(k string) string { return map[string]string{"ADEGA_DATA_DIR": data}[k] }}
		err := Main(context.Background(), append([]string{"local"}, args...), env)
		return out.String(), err
	}
	out, err := local("/nim p1 1\n/quit\n", "--game", "nim", "--players", "Rita,Sam", "--seed", "7", "--bots", "1", "--level", "easy")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out, "Welcome to adega's local table", "Game g1: Nim · seed 7 · players Rita, Sam.", "Rita took 1 from pile 1",
		"🤖 The bot plays for Sam.", "Board: "+filepath.Join(data, "boards", "g1-0000.png"), "To come back to this game: adega local --resume g1\n")
	if _, err := os.Stat(filepath.Join(data, "local.db")); err != nil {
		t.Errorf("the database is not in the configured data folder: %v", err)
	}

	out, err = local("/status\n", "--resume", "g1", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var opening struct {
		Game struct {
			ID   string `json:"id"`
			Move int    `json:"move"`
		} `json:"game"`
	}
	if err := json.NewDecoder(strings.NewReader(out)).Decode(&opening); err != nil || opening.Game.ID != "g1" || opening.Game.Move != 2 {
		t.Errorf("--resume g1 --json opens with %+v (%v):\n%s", opening, err, out)
	}

	script, export := filepath.Join(dir, "s.txt"), filepath.Join(dir, "e.json")
	if err := os.WriteFile(script, []byte("/nim p1 1\n/dance\n/nim p2 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = local("", "--game", "nim", "--seed", "7", "--script", script, "--keep-going", "--export", export)
	if err == nil || !strings.Contains(err.Error(), "script "+script+": 1 refused line: 2") {
		t.Errorf("--script --keep-going: %v\n%s", err, out)
	}
	outputHas(t, out, "Bento took 1 from pile 2", "Exported: "+export)
	if strings.Contains(out, "Welcome") {
		t.Errorf("a script was welcomed:\n%s", out)
	}

	if _, err := local("", "extra"); err == nil || err.Error() != `local: unexpected argument "extra"` {
		t.Errorf("an argument after the flags: %v", err)
	}
}
