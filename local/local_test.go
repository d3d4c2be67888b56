package local

import (
	"bytes"
	"context"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
	lavinaboard "github.com/adega-bot/adega/render/lavina"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
)

// testGames are the games cmd/bot registers, with the default component
// data.
func testGames() *engine.Registry {
	return engine.NewRegistry(vinhos.Game{Data: vinhos.DefaultData()}, lavina.Game{}, nim.Game{})
}

// tableEnv is what cmd/bot wires in: the games and boards, with the
// default component data, and a logger writing to logs.
func tableEnv(stdin io.Reader, stdout, logs io.Writer) Env {
	return Env{Stdin: stdin, Stdout: stdout, Games: testGames(),
		Boards: render.Boards{"vinhos": vinhosboard.Renderer, "lavina": lavinaboard.Renderer},
		Log:    slog.New(slog.NewTextHandler(logs, nil))}
}

// runWith runs the table as `adega local ARGS` does, in-process, with
// env. The database and boards go in ./data by default.
func runWith(env Env, args ...string) error {
	fs := flag.NewFlagSet("local", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := Flags{DataDir: "data"}
	f.Define(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	f.SetGiven(fs)
	return Run(context.Background(), f, env)
}

// runTable runs the table with stdin as its keyboard, and returns what it
// printed, then what it logged.
func runTable(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, logs bytes.Buffer
	err := runWith(tableEnv(strings.NewReader(stdin), &out, &logs), args...)
	return out.String() + logs.String(), err
}

func TestScriptStopsAtARefusedLine(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bad.txt")
	os.WriteFile(script, []byte("/nim p1 1\n/nim p9 1\n/nim p1 1\n"), 0o644)
	out, err := runTable(t, "", "--game", "nim", "--seed", "7", "--db", filepath.Join(dir, "t.db"), "--out", dir, "--script", script)
	if err == nil || !strings.Contains(err.Error(), "script line 2") || !strings.Contains(err.Error(), `"p9" is not among the answers to pile`) {
		t.Fatalf("got %v\n%s", err, out)
	}
	if strings.Count(out, "took") != 1 {
		t.Errorf("lines after the refused one ran:\n%s", out)
	}
}

func TestInteractiveMistakesAreExplainedAndChangeNothing(t *testing.T) {
	dir := t.TempDir()
	exportPath := filepath.Join(dir, "mid.json")
	out, err := runTable(t, "/nim p1\n/nim p1 9\nhello\n/dance\n/export\n/status\n/export "+exportPath+"\n", "--game", "nim", "--seed", "7",
		"--db", filepath.Join(dir, "t.db"), "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	outputHas(t, out,
		"Refused: Missing count: How many counters do you take?",
		`Refused: "9" is not among the answers to count`,
		"Refused: commands start with /",
		"Refused: unknown command /dance",
		"Refused: usage: /export FILE",
		"move 0.",
		"Exported: "+exportPath,
	)
}

func TestLocalScriptPlaysVinhos(t *testing.T) {
	dir := t.TempDir()
	out, err := runTable(t, "", "--seed", "5", "--db", filepath.Join(dir, "t.db"),
		"--out", dir, "--script", "testdata/vinhos-opening.txt")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out,
		"Bento spends a Porto tile on the first Douro wine.",
		"Ana builds a free Cellar in the Dão estate.",
		"Bento exports the red 5 from Douro (warehouse slot 1, value 5) in country 5 slot 6 (+6 VP), using 1 Renown cube from Douro.",
		"• Bento: Bagos 19, VP 6, Fair points 0, Barrels 1",
		"Bento takes an Alentejo white vineyard for 5 Bagos into estate 2.",
		"Next: Ana must take action 2 of year 1.",
	)
}

// /board move:N at the table writes the board after move N and says what
// that move did, as /vinhos board move: shows it on Discord; a move the
// game does not have is refused with the ones it has; /GAME replay writes
// the game so far as a GIF; /GAME status chart:true says nim keeps no VP
// to race.
func TestTableLooksBackAtAMove(t *testing.T) {
	out, err := playNimScript(t, "/nim pile:p1 count:2\n/nim p2 3\n/board move:1\n/board move:9\n/nim replay\n/nim status chart:true\n", "--keep-going")
	if err == nil {
		t.Fatalf("the refused line did not fail the script:\n%s", out)
	}
	outputHas(t, out, "looking back: move 1 of 2", "Ana took 2 from pile 1 (3 left there).", "-0001-back.png", "moves 0 (the setup) to 2",
		"the game so far: 3 frames", "-0002.gif", "Nim keeps no score that everyone may see as it goes")
}

// The terminal shows no Discord markdown: no heading marks, small print
// marks, bold or code; a file's label ends in no stray period (issue 32).
func TestTerminalShowsNoDiscordMarkdown(t *testing.T) {
	out, err := playNimScript(t, "/nim p1 1\n/nim replay\n/nim rules\n")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, mark := range []string{"**", "`", "\n-# ", "\n# ", "\n### ", ").:"} {
		if strings.Contains(out, mark) {
			t.Errorf("the terminal shows %q:\n%s", mark, out)
		}
	}
	outputHas(t, out, "now): ")
}

// The message that ends a game comes with the game's animation at the
// table too, written beside the final board; nim keeps no VP and does not
// tell where points come from, so it has neither VP chart.
func TestTableWritesTheEndingOfAGame(t *testing.T) {
	out, err := playNimScript(t, "/nim p1 3\n/nim p1 2\n/nim p2 3\n/nim p3 3\n/nim p3 2\n")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out, "The game, game.gif", "-0005-game.gif")
	if strings.Contains(out, "vp-sources") || strings.Contains(out, "vp-race") {
		t.Fatalf("nim's ending has a VP chart:\n%s", out)
	}
	// The last move is told first, then the ending; a game over is not
	// to be come back to (issue 32).
	if strings.Index(out, "Ana took the last counter") > strings.Index(out, "The game, game.gif") {
		t.Errorf("the animation is announced before the last move:\n%s", out)
	}
	if strings.Contains(out, "To come back to this game") {
		t.Errorf("the table offers to resume a game that is over:\n%s", out)
	}
}

// playNimScript plays script at a local table of nim (seed 7), with more
// flags if given, and returns what it printed.
func playNimScript(t *testing.T, script string, flags ...string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "script.txt")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--game", "nim", "--seed", "7", "--db", filepath.Join(dir, "t.db"), "--out", dir, "--script", path}, flags...)
	return runTable(t, "", args...)
}

func outputHas(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// The local table plays the 2010 Reserve with its variants: --mode and
// --variant set it up, the opening and /status name the rules, and the
// Bank works.
func TestLocalScriptPlaysTheReserve(t *testing.T) {
	dir := t.TempDir()
	out, err := runTable(t, "", "--seed", "5", "--mode", "reserve2010", "--variant", "maintenance,five-estates", "--players", "3",
		"--db", filepath.Join(dir, "t.db"), "--out", dir, "--script", "testdata/reserve-opening.txt")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out,
		"Carla takes a Minho red vineyard for 2 Bagos into estate 1.",
		"By initial region, the player order is Carla, Bento, Ana.",
		"Ana receives 2 Bagos as player 3.",
		"Game g1: Vinhos Deluxe, 2010 Reserve · variant: maintenance,five-estates · seed 5 · players Ana, Bento, Carla.",
		"Rules: Vinhos Deluxe, 2010 Reserve · variant: maintenance,five-estates.",
		"• Carla: Bagos 8, VP 0, Fair points 0, Barrels 8, Bank 5, Investment 1",
		"Carla invests 3 Bagos from the bank account: investment +2, account 1.",
	)
	if _, err := runTable(t, "", "--game", "nim", "--variant", "maintenance", "--db", filepath.Join(dir, "n.db"), "--out", dir); err == nil ||
		!strings.Contains(err.Error(), "--variant") {
		t.Errorf("--variant for nim: %v", err)
	}
}

// The local table plays the first edition: --mode classic2010 sets it up,
// with its money and its own region numbers, and the opening names it.
func TestLocalPlaysTheFirstEdition(t *testing.T) {
	dir := t.TempDir()
	out, err := runTable(t, "", "--seed", "5", "--mode", "classic2010", "--players", "2", "--regions", "first-play",
		"--db", filepath.Join(dir, "t.db"), "--out", dir, "--script", "testdata/first-edition-status.txt")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out,
		"Regions in play: 1 Minho, 2 Trás-os-Montes, 3 Dão, 4 Douro, 5 Lisboa, 6 Alentejo.",
		"the Managers want nothing yet",
		"Game g1: Vinhos (first edition, 2010) · regions: first-play · seed 5 · players Ana, Bento.",
		"Rules: Vinhos (first edition, 2010) · regions: first-play.",
	)
	if !strings.Contains(out, "Bagos 11") || !strings.Contains(out, "Bagos 12") {
		t.Errorf("the first edition's money, 11 and 12, is not shown:\n%s", out)
	}
}

// Run takes Flags made in code as well as parsed ones, and an Env with
// only what it must have: the database and boards go in the data folder,
// a game without a renderer gets summary cards, and nothing is logged.
func TestRunWithFlagsMadeInCode(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	f := Flags{Game: "nim", Seed: 7, Players: "Rita,Sam", Script: "testdata/nim-session.txt", DataDir: dir,
		Given: map[string]string{"players": "Rita,Sam"}}
	if err := Run(context.Background(), f, Env{Stdout: &out, Games: testGames()}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	outputHas(t, out.String(), "Game g1: Nim · seed 7 · players Rita, Sam.", "Rita took 2 from pile 1 (3 left there).",
		"Board: "+filepath.Join(dir, "boards", "g1-0003.png"), "To come back to this game: adega local --resume g1\n")
	if _, err := os.Stat(filepath.Join(dir, "local.db")); err != nil {
		t.Errorf("the database is not in the data folder: %v", err)
	}
	out.Reset()
	f = Flags{Game: "vinhos", Seed: 5, Regions: "first-play", DataDir: t.TempDir()}
	if err := Run(context.Background(), f, Env{Stdin: strings.NewReader(""), Stdout: &out, Games: testGames()}); err != nil {
		t.Fatalf("--regions without Options: %v\n%s", err, out.String())
	}
	outputHas(t, out.String(), "Regions in play: 1 Trás-os-Montes, 2 Minho, 3 Douro, 4 Dão, 5 Ribatejo, 6 Lisboa, 8 Alentejo.")
}

// The default names are no Magnate's or Manager's: "Carla moves a barrel
// from Bruno's space" would leave the reader to guess who Bruno is.
func TestDefaultNamesAreNoMagnates(t *testing.T) {
	for _, mode := range []vinhos.Mode{vinhos.SpecialVintage2016, vinhos.Reserve2010, vinhos.Classic2010} {
		for m := range vinhos.Magnate(vinhos.NumMagnates) {
			name := vinhos.MagnateName(mode, m)
			for _, d := range defaultNames {
				if strings.EqualFold(d, name) {
					t.Errorf("the default name %s is a Magnate's (%s)", d, vinhos.BoardTitle(mode))
				}
			}
		}
	}
}

// --resume of a game the database lacks names the database it looked in,
// the default one included, and creates nothing: no database where there
// was none, no board folder.
func TestResumingAMissingGameNamesTheDatabaseAndCreatesNothing(t *testing.T) {
	dir := t.TempDir()
	resume := Flags{Resume: "g9", DataDir: dir, Given: map[string]string{"resume": "g9"}}
	err := Run(context.Background(), resume, Env{Stdout: io.Discard, Games: testGames()})
	if want := "There is no game g9 in the database " + filepath.Join(dir, "local.db") + ": that file does not exist."; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("--resume g9 without a database: %v, want %q", err, want)
	}
	if files, _ := os.ReadDir(dir); len(files) > 0 {
		t.Errorf("--resume g9 created %s", files[0].Name())
	}

	db := filepath.Join(dir, "t.db")
	if _, err := runTable(t, "", "--game", "nim", "--db", db, "--out", dir); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "none")
	_, err = runTable(t, "", "--resume", "g9", "--db", db, "--out", out)
	if want := "There is no game g9 in the database " + db + ": it holds no game of that ID."; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("--resume g9 in a database without it: %v, want %q", err, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("--resume g9 created the board folder")
	}
}

// The table's rules help answers by the rules of the game at the table:
// the first edition's cash Multiplier has no cap, its Enologists cost 1
// Bago and a salary (issue 31, point 10).
func TestLocalRulesAnswerByTheTablesMode(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "rules.txt")
	os.WriteFile(script, []byte("/vinhos rules scoring\n/vinhos rules workers\n"), 0o644)
	out, err := runTable(t, "", "--seed", "5", "--mode", "classic2010", "--players", "2",
		"--db", filepath.Join(dir, "t.db"), "--out", dir, "--script", script)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out, "1 VP a Bago on the left slot, 1 for 2 on the right, with no cap", "Hire 1 or 2 enologists (1 Bago each")
	if strings.Contains(out, "at most 16") || strings.Contains(out, "3 Bagos, +2 quality") {
		t.Errorf("the first edition's help gives another mode's rules:\n%s", out)
	}
}

// /choices lines its labels up in one column, whatever the IDs' length
// (issue 32).
func TestChoicesColumnsAlignForLongIDs(t *testing.T) {
	lines := stepLines(stepInfo{Step: engine.Step{Name: "action", Prompt: "Which?", Choices: []engine.Choice{
		{ID: "divest", Label: "Divest"}, {ID: "expert-appearance-free_move", Label: "Flip your Appearance Expert"}}}})
	if a, b := strings.Index(lines[1], "Divest"), strings.Index(lines[2], "Flip"); a != b {
		t.Errorf("the labels start at columns %d and %d:\n%s", a, b, strings.Join(lines, "\n"))
	}
}

// A step whose only answer declines it is complete for a typed command,
// which leaves it out: the JSON says "complete" (issue 32).
func TestAStepOnlyDeclinedIsComplete(t *testing.T) {
	done := engine.Step{Name: "after", Prompt: "Anything else?", Choices: []engine.Choice{{ID: "done", Label: "End your turn"}}}
	if !asTyped(done).Complete {
		t.Error("a step whose only answer is done is not complete")
	}
	done.Choices = append(done.Choices, engine.Choice{ID: "divest", Label: "Divest"})
	if asTyped(done).Complete {
		t.Error("a step with a real choice left is complete")
	}
}
