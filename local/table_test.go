package local

import (
	"bytes"
	"encoding/json"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// The local table, driven as a script or a player would drive it, read
// through --json. Nim keeps the tests quick; Vinhos where it matters.

// playJSON runs the table with --json and stdin as its keyboard, and
// returns its replies: the opening, one per line read, and the closing.
func playJSON(t *testing.T, stdin string, args ...string) ([]reply, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := runWith(tableEnv(strings.NewReader(stdin), &out, &errOut), append([]string{"--json"}, args...)...)
	var replies []reply
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if line == "" {
			continue
		}
		var r reply
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("a line of output is not JSON: %q (%v)\nstderr: %s", line, err, errOut.String())
		}
		replies = append(replies, r)
	}
	return replies, err
}

// play is playJSON for a table that must close without an error.
func play(t *testing.T, stdin string, args ...string) []reply {
	t.Helper()
	replies, err := playJSON(t, stdin, args...)
	if err != nil {
		t.Fatal(err)
	}
	return replies
}

// nimTable are the flags of a nim game (seed 7: piles 5 3 5, Ana first) in dir.
func nimTable(dir string, more ...string) []string {
	return append([]string{"--game", "nim", "--seed", "7", "--db", filepath.Join(dir, "t.db"), "--out", dir}, more...)
}

// answer is the reply to input line n.
func answer(t *testing.T, replies []reply, n int) reply {
	t.Helper()
	for _, r := range replies {
		if r.Line == n {
			return r
		}
	}
	t.Fatalf("no reply to line %d in %+v", n, replies)
	return reply{}
}

func refusedWith(t *testing.T, r reply, code engine.Code, reason string) {
	t.Helper()
	if r.OK || r.Error == nil || r.Error.Code != code || !strings.Contains(r.Error.Reason, reason) {
		t.Errorf("%q: want a refusal %s containing %q, got ok %v, error %+v", r.Command, code, reason, r.OK, r.Error)
	}
}

func saysLine(t *testing.T, r reply, want string) {
	t.Helper()
	if !slices.ContainsFunc(r.Text, func(s string) bool { return strings.Contains(s, want) }) {
		t.Errorf("%q: the text lacks %q: %q", r.Command, want, r.Text)
	}
}

// /choices names a misspelled option, as a typed move does, rather than
// listing the choices of the step it meant as if it had not been typed
// (issue 32).
func TestChoicesNamesAMisspelledOption(t *testing.T) {
	replies := play(t, "/choices pyle:p1\n/choices pile:p1 cont:2\n", nimTable(t.TempDir())...)
	refusedWith(t, answer(t, replies, 1), engine.CodeUnknownChoice, "There is no option pyle: here; did you mean pile:?")
	refusedWith(t, answer(t, replies, 2), engine.CodeUnknownChoice, "There is no option cont: here; did you mean count:?")
}

func TestRepeatedOptionIsRefused(t *testing.T) {
	replies := play(t, "/nim pile:p1 pile:p2 count:1\n/nim pile:p1 PILE:p1 1\n/nim pile:p1 count:1\n", nimTable(t.TempDir())...)
	refusedWith(t, answer(t, replies, 1), codeUsage, "pile: is given twice")
	refusedWith(t, answer(t, replies, 2), codeUsage, "pile: is given twice")
	if r := answer(t, replies, 2); r.Game.Move != 0 {
		t.Errorf("a refused line played: move %d", r.Game.Move)
	}
	if r := answer(t, replies, 3); !r.OK || r.Events[0].Text != "Ana took 1 from pile 1 (4 left there)." {
		t.Errorf("the same move given once: %+v", r)
	}
}

func TestUndoRightAfterOwnMoveIsAtOnce(t *testing.T) {
	replies := play(t, "/nim undo\n/nim p1 1\n/nim undo\n", nimTable(t.TempDir())...)
	refusedWith(t, answer(t, replies, 1), engine.CodeIllegal, "You have no action to take back yet.")
	r := answer(t, replies, 3)
	saysLine(t, r, "Ana took back their last action (1 move).")
	if !r.OK || r.Game.Move != 0 || r.Board == "" || len(r.Next) != 1 || r.Next[0].Player != "Ana" {
		t.Errorf("after the undo: %+v", r)
	}
}

func TestUndoAfterOthersPlayedWaitsUntilEveryoneAgrees(t *testing.T) {
	replies := play(t, strings.Join([]string{
		"/nim p1 1", "/nim p2 1", "/nim p3 1",
		"/nim undo as:Ana",                  // 4: Bento and Carla played since
		"/agree",                            // 5: two must answer
		"/agree as:Bento",                   // 6
		"/agree",                            // 7: Carla, the last
		"/agree",                            // 8: nothing open
		"/nim p1 2", "/nim undo", "/refuse", // 9-11: Ana plays and takes it back at once; nothing is left to refuse
		"",
	}, "\n"), nimTable(t.TempDir(), "--players", "3")...)
	asked := answer(t, replies, 4)
	saysLine(t, asked, "Ana asks to take back their last action")
	saysLine(t, asked, "every other player must agree; the request closes in 12 hours: ")
	if !asked.OK || asked.Game.Move != 3 {
		t.Errorf("the request took moves back: %+v", asked)
	}
	refusedWith(t, answer(t, replies, 5), engine.CodeNotYourTurn, "Bento, Carla must answer; add as:NAME.")
	if r := answer(t, replies, 6); !r.OK || r.Game.Move != 3 {
		t.Errorf("one agreement took moves back: %+v", r)
	}
	done := answer(t, replies, 7)
	saysLine(t, done, "Ana took back their last action (3 moves); everyone agreed.")
	if done.Game.Move != 0 || done.Next[0].Player != "Ana" {
		t.Errorf("after everyone agreed: %+v", done)
	}
	refusedWith(t, answer(t, replies, 8), engine.CodeIllegal, "No undo request is open")
	if r := answer(t, replies, 10); r.Game.Move != 0 {
		t.Errorf("an undo of one's own last move, nobody having played since: %+v", r)
	}
	refusedWith(t, answer(t, replies, 11), engine.CodeIllegal, "No undo request is open")
}

// An undo takes back the whole of the player's last command, a typed
// turn played in two parts because hiring an Expert turned up the next
// one: not its last part alone. That part revealed a tile, so the others
// must agree (issue 32).
func TestUndoTakesBackTheWholeTypedTurn(t *testing.T) {
	dir := t.TempDir()
	replies := play(t, strings.Join([]string{
		"/vinhos region:douro wine:table", "/vinhos dao", "/vinhos lisboa",
		"/vinhos experts deck:taste", // 4: Ana hires, the next Expert turns up, her turn ends
		"/vinhos undo",               // 5
		"/agree as:Bento", "/agree as:Carla",
		"",
	}, "\n"), "--seed", "4", "--mode", "reserve2010", "--players", "3", "--db", filepath.Join(dir, "t.db"), "--out", dir)
	if r := answer(t, replies, 4); !r.OK || r.Game.Move != 6 {
		t.Fatalf("the typed turn: %+v", r)
	}
	asked := answer(t, replies, 5)
	saysLine(t, asked, "undoing 2 moves. Because it revealed new information (")
	if asked.Game.Move != 6 {
		t.Errorf("the request took moves back: %+v", asked)
	}
	done := answer(t, replies, 7)
	saysLine(t, done, "Ana took back their last action (2 moves); everyone agreed.")
	if done.Game.Move != 4 || done.Next[0].Player != "Ana" {
		t.Errorf("after everyone agreed: %+v", done.Game)
	}
}

func TestGameOverShowsTheFinalScores(t *testing.T) {
	replies := play(t, "/nim p1 3\n/nim p1 2\n/nim p2 3\n/nim p3 3\n/nim p3 2\n/nim undo\n/nim p1 1\n", nimTable(t.TempDir())...)
	last := answer(t, replies, 5)
	if !last.Game.Over || len(last.Next) != 0 || last.Events[1].Text != "Ana took the last counter and wins." ||
		len(last.Players) != 2 || last.Players[0].Stats[1] != (engine.Stat{Key: "won", Label: "Won", Value: 1}) {
		t.Errorf("the last move: %+v", last)
	}
	refusedWith(t, answer(t, replies, 6), engine.CodeGameOver, "The game is over; its moves can no longer be taken back.")
	refusedWith(t, answer(t, replies, 7), engine.CodeGameOver, "The game is over.")
}

func TestUndoRequestCanBeRefused(t *testing.T) {
	replies := play(t, "/nim p1 1\n/nim p2 1\n/nim undo as:Ana\n/refuse\n/agree\n", nimTable(t.TempDir())...)
	r := answer(t, replies, 4)
	saysLine(t, r, "Bento refused; Ana's action stands.")
	if r.Game.Move != 2 {
		t.Errorf("a refused undo took moves back: %+v", r)
	}
	refusedWith(t, answer(t, replies, 5), engine.CodeIllegal, "No undo request is open")
}

func TestStatusSaysWhoMustAct(t *testing.T) {
	replies := play(t, "/nim p1 1\n/nim status\n/status\n", nimTable(t.TempDir())...)
	for _, n := range []int{2, 3} {
		r := answer(t, replies, n)
		saysLine(t, r, "Nim, game g1: 12 counters left, move 1.")
		saysLine(t, r, "Waiting for Bento to take counters from a pile, since")
		saysLine(t, r, "• Ana: Taken 1, Won 0")
		if len(r.Players) != 2 || r.Players[0].Stats[0] != (engine.Stat{Key: "taken", Label: "Taken", Value: 1}) {
			t.Errorf("players: %+v", r.Players)
		}
	}
}

// The table's log tells every move in full: it has no message to fit
// (issue 32).
func TestTableLogTellsLongMovesInFull(t *testing.T) {
	dir := t.TempDir()
	replies := play(t, "/vinhos region:douro wine:table\n/vinhos log\n", "--seed", "4", "--mode", "reserve2010", "--players", "3", "--db", filepath.Join(dir, "t.db"), "--out", dir)
	r := answer(t, replies, 2)
	saysLine(t, r, "Ana's estate 1 (Douro red) makes a red wine of quality 2.")
	for _, line := range r.Text {
		if strings.HasSuffix(line, "…") {
			t.Errorf("a line of the log is cut: %q", line)
		}
	}
}

func TestLogAndRulesAnswerAsOnDiscord(t *testing.T) {
	replies := play(t, "/nim p1 1\n/nim log\n/nim log page:2\n/nim log 1\n/nim rules overview\n/nim rules topic:dice\n/nim log page:1 2\n",
		nimTable(t.TempDir())...)
	for _, n := range []int{2, 4} {
		r := answer(t, replies, n)
		saysLine(t, r, "Nim, game g1: the log, page 1 of 1")
		saysLine(t, r, "Move 1, Ana: Ana took 1 from pile 1 (4 left there).")
	}
	refusedWith(t, answer(t, replies, 3), engine.CodeUnknownChoice, "The log has pages 1 to 1.")
	saysLine(t, answer(t, replies, 5), "overview: 3 piles of 3 to 7 counters")
	refusedWith(t, answer(t, replies, 6), engine.CodeUnknownChoice, "Pick a topic from the list: overview.")
	refusedWith(t, answer(t, replies, 7), codeUsage, "page: is given twice")
}

func TestMeAndDownloadWriteFiles(t *testing.T) {
	dir := t.TempDir()
	replies := play(t, "/nim p1 1\n/nim me as:Ana\n/nim me\n/nim download\n", nimTable(dir)...)
	// Bento must decide: his view of the decision comes first.
	for n, want := range map[int][]string{2: {"g1-0001-seat1.png"}, 3: {"g1-0001-seat2-focus.png", "g1-0001-seat2.png"}} {
		r := answer(t, replies, n)
		var got []string
		for _, path := range r.Files {
			got = append(got, filepath.Base(path))
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(f); err != nil {
				t.Errorf("%s is not a PNG: %v", path, err)
			}
			f.Close()
		}
		if !slices.Equal(got, want) {
			t.Fatalf("line %d wrote %q, want %q", n, got, want)
		}
	}
	r := answer(t, replies, 4)
	if len(r.Files) != 1 || r.Files[0] != filepath.Join(dir, "adega-g1.json") {
		t.Fatalf("download wrote %q", r.Files)
	}
	data, err := os.ReadFile(r.Files[0])
	if err != nil {
		t.Fatal(err)
	}
	if exp, err := referee.ParseExport(data); err != nil || len(exp.Log) != 1 {
		t.Errorf("the download is not the game: %v", err)
	}
}

func TestPlayTakesDiscordsNumberedSteps(t *testing.T) {
	replies := play(t, "/nim play step2:1\n/nim play p1 step2:1\n/nim play step2:2 step1:p1\n/nim step1:p2 step2:1\n",
		nimTable(t.TempDir())...)
	refusedWith(t, answer(t, replies, 1), codeUsage, "step1: is missing")
	refusedWith(t, answer(t, replies, 2), codeUsage, "in order or as step1: step2: ..., not both")
	if r := answer(t, replies, 3); !r.OK || r.Events[0].Text != "Ana took 2 from pile 1 (3 left there)." {
		t.Errorf("/nim play step1: step2: %+v", r)
	}
	if r := answer(t, replies, 4); !r.OK || r.Events[0].Text != "Bento took 1 from pile 2 (2 left there)." {
		t.Errorf("/nim step1: step2: %+v", r)
	}
}

func TestEveryDiscordSubcommandIsAnswered(t *testing.T) {
	subs := commands.Subcommands(nim.Game{})
	var lines strings.Builder
	for _, sub := range subs {
		lines.WriteString("/nim " + sub + "\n")
	}
	replies := play(t, lines.String(), nimTable(t.TempDir())...)
	for k, sub := range subs {
		r := answer(t, replies, k+1)
		if r.Error != nil && strings.Contains(r.Error.Reason, engine.Quote(sub)+" is not among the answers") {
			t.Errorf("/nim %s was read as a move: %s", sub, r.Error.Reason)
		}
		if _, ok := discordOnly[sub]; ok && (r.Error == nil || r.Error.Code != codeDiscordOnly || !strings.Contains(r.Error.Reason, discordOnly[sub])) {
			t.Errorf("/nim %s: want a pointer to what to do instead, got %+v", sub, r.Error)
		}
	}
}

func TestActionShortcutMovesToItsSpace(t *testing.T) {
	dir := t.TempDir()
	opening := "/vinhos region:douro wine:porto\n/vinhos dao\n/vinhos tile:sales@2\n/vinhos tile:expert@4\n"
	replies := play(t, opening+"/vinhos sell\n/vinhos export wine:w1-1 slot:country5-row3\n",
		"--seed", "5", "--db", filepath.Join(dir, "t.db"), "--out", dir)
	refusedWith(t, answer(t, replies, 5), engine.CodeIncomplete, "Missing wine")
	r := answer(t, replies, 6)
	if !r.OK || len(r.Events) < 2 || r.Events[0].Text != "Bento moves to Export." ||
		!strings.HasPrefix(r.Events[1].Text, "Bento exports the red 5 from Douro") {
		t.Errorf("/vinhos export: %+v", r)
	}
}

// /vinhos do alone, or with what is not an action, names the actions it
// takes: it is the table's as much as Discord's (issue 32).
func TestDoWithoutAnActionNamesTheActions(t *testing.T) {
	dir := t.TempDir()
	replies := play(t, "/vinhos do\n/vinhos do foo\n", "--seed", "5", "--db", filepath.Join(dir, "t.db"), "--out", dir)
	refusedWith(t, answer(t, replies, 1), codeUsage, "/vinhos do needs an action: vineyards, cellars, wineries, experts, hire, export, sell, pass, bank (as /vinhos do sell, or /vinhos sell).")
	refusedWith(t, answer(t, replies, 2), codeUsage, `"foo" is not an action of /vinhos do: vineyards,`)
}

func TestRegionsFlagChoosesTheRegions(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	checkRefusedStarts(t, []string{"--seed", "5", "--db", db, "--out", dir}, []refusedStart{
		{[]string{"--regions", "1,2,3,4,5,6,dao"}, "--regions 1,2,3,4,5,6,dao: Region Dão is listed twice."},
		{[]string{"--regions", "1,2"}, "--regions 1,2: A 2-player game uses 7 regions, not 2."},
	})
	for regions, want := range map[string]string{
		"first-play":           "Regions in play: 1 Trás-os-Montes, 2 Minho, 3 Douro, 4 Dão, 5 Ribatejo, 6 Lisboa, 8 Alentejo.",
		"1,2,3,4,5,6,alentejo": "Regions in play: 1 Trás-os-Montes, 2 Minho, 3 Douro, 4 Dão, 5 Ribatejo, 6 Lisboa, 8 Alentejo.",
	} {
		open := play(t, "", "--seed", "5", "--db", db, "--out", dir, "--regions", regions)[0]
		if open.Setup.Options["regions"] != regions || !slices.ContainsFunc(open.Events, func(e event) bool { return strings.HasPrefix(e.Text, want) }) {
			t.Errorf("--regions %s: setup %+v, events %+v", regions, open.Setup, open.Events)
		}
	}
	// The refused setups stored nothing: the two games are those above.
	if _, err := playJSON(t, "", "--db", db, "--out", dir, "--resume", "g3"); err == nil || !strings.Contains(err.Error(), "There is no game g3 in the database "+db) {
		t.Errorf("a refused setup was stored: %v", err)
	}
}

// --option sets any option the game declares, as /GAME new does; an
// option the game does not have is refused before anything is stored.
func TestOptionFlagSetsTheGamesOptions(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	checkRefusedStarts(t, []string{"--seed", "5", "--db", db, "--out", dir}, []refusedStart{
		{[]string{"--option", "colours=4"}, "--option colours: Vinhos Deluxe's options are regions"},
		{[]string{"--game", "nim", "--option", "regions=1"}, "--option regions: Nim has no setup options"},
		{[]string{"--option", "regions"}, "give NAME=VALUE"},
	})
	open := play(t, "", "--seed", "5", "--db", db, "--out", dir, "--option", "regions=first-play")[0]
	if open.Setup.Options["regions"] != "first-play" {
		t.Errorf("--option regions=first-play: setup %+v", open.Setup)
	}
}

func TestSoloModeSeatsOnePlayerAgainstLacerda(t *testing.T) {
	dir := t.TempDir()
	open := play(t, "", "--mode", "solo", "--seed", "5", "--db", filepath.Join(dir, "t.db"), "--out", dir)[0]
	if open.Setup.Mode != "solo" || !slices.Equal(open.Setup.Players, []string{"Ana"}) ||
		len(open.Next) != 1 || open.Next[0].Player != "Ana" ||
		!slices.ContainsFunc(open.Events, func(e event) bool { return strings.Contains(e.Text, "Lacerda") }) {
		t.Errorf("solo opening: %+v", open)
	}
}

// At a solo table nobody else can agree to take back what a move revealed,
// so such an undo is refused, unless the game is --practice.
func TestSoloUndoOfARevealNeedsPractice(t *testing.T) {
	const script = "/vinhos ribatejo\n/vinhos undo\n" // the first vineyard shows the next one
	dir := t.TempDir()
	replies := play(t, script, "--mode", "solo", "--seed", "5", "--db", filepath.Join(dir, "t.db"), "--out", dir)
	refusedWith(t, answer(t, replies, 2), engine.CodeIllegal, "nobody else plays this game")
	replies = play(t, script, "--mode", "solo", "--seed", "5", "--practice", "--db", filepath.Join(dir, "p.db"), "--out", dir)
	if r := answer(t, replies, 2); !r.OK || r.Game.Move != 0 {
		t.Errorf("the undo at a practice table: %+v", r)
	}
}

// refusedStart is a command line the table refuses before it opens.
type refusedStart struct {
	args []string
	want string
}

// checkRefusedStarts runs each command line after base and checks that it
// is refused with its words.
func checkRefusedStarts(t *testing.T, base []string, starts []refusedStart) {
	t.Helper()
	for _, s := range starts {
		if _, err := playJSON(t, "", append(slices.Clone(base), s.args...)...); err == nil || !strings.Contains(err.Error(), s.want) {
			t.Errorf("%q: got %v, want %q", s.args, err, s.want)
		}
	}
}

func TestPlayerNamesAreCheckedBeforeAnythingIsCreated(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	checkRefusedStarts(t, []string{"--game", "nim", "--db", db, "--out", dir}, []refusedStart{
		{[]string{"--players", "Ana,ana"}, `--players: two players are called "Ana" and "ana"`},
		{[]string{"--players", "Ana, ,Bruno"}, "--players: A player's name may not be empty."},
		{[]string{"--players", "Ana," + strings.Repeat("x", 41)}, "is longer than 40 characters"},
		{[]string{"--players", "Ana,Bruno\tX"}, "holds control characters"},
		{[]string{"--players", "6"}, "--players: Nim needs 2 to 4 players, not 6"},
		{[]string{"--game", "lavina", "--players", "6"}, "--players: La Viña needs 2 to 5 players, not 6"}, // not "1 to 5" (issue 32)
		{[]string{"--players", "Ana"}, "--players: Nim needs 2 to 4 players, not 1"},
		{[]string{"--mode", "solo", "--game", "vinhos", "--players", "2"}, "--players: Solo against Lacerda needs exactly 1 player, not 2"},
		{[]string{"--mode", "solo", "--game", "vinhos", "--players", "lacerda"}, `--players: the game seats "Lacerda" itself; choose another name`},
	})
	if _, err := playJSON(t, "", "--db", db, "--out", dir, "--resume", "g1"); err == nil || !strings.Contains(err.Error(), "There is no game g1 in the database "+db) {
		t.Errorf("a refused table stored a game: %v", err)
	}
}

func TestContradictoryFlagsAreRefused(t *testing.T) {
	dir := t.TempDir()
	checkRefusedStarts(t, []string{"--db", filepath.Join(dir, "t.db"), "--out", dir}, []refusedStart{
		{[]string{"--resume", "g1", "--import", "x.json"}, "--resume and --import both name the game to play"},
		{[]string{"--resume", "g1", "--players", "3", "--seed", "4"}, "--players, --seed set up a new game, but --resume continues"},
		{[]string{"--import", "x.json", "--regions", "first-play"}, "--regions set up a new game, but --import continues"},
		{[]string{"--keep-going"}, "--keep-going goes on past the refused lines of a --script"},
		{[]string{"--game", "nim", "--regions", "first-play"}, "--regions: Nim has no regions"},
		{[]string{"--level", "hard"}, "--level is how well the bots play; give --bots too"},
		{[]string{"--bots", "1", "--level", "brilliant"}, "--level: choose easy, normal or hard"},
		{[]string{"--game", "nim", "--bots", "3"}, "--bots 3: the table has 2 seats"},
	})
}

// With --bots the last seats are the bot's: its AI plays each of their
// decisions as soon as it falls due, in a reply of its own that says so,
// and nobody can play them by hand.
func TestBotsPlayTheirSeatsAtTheTable(t *testing.T) {
	replies := play(t, "/nim p1 1\n/nim p2 1 as:Bento\n/status\n", nimTable(t.TempDir(), "--bots", "1", "--level", "easy")...)
	var bot []reply
	for _, r := range replies {
		if r.Line == 0 && len(r.Events) > 0 && r.Events[0].Text == "🤖 The bot plays for Bento." {
			bot = append(bot, r)
		}
	}
	if len(bot) != 1 || !bot[0].OK || len(bot[0].Events) < 2 || bot[0].Game.Move != 2 || bot[0].Board == "" {
		t.Fatalf("the bot's replies after Ana's move: %+v", bot)
	}
	refusedWith(t, answer(t, replies, 2), engine.CodeNotYourTurn, "Bento is the bot's seat; it plays by itself.")
	saysLine(t, answer(t, replies, 3), "Waiting for Ana to take counters from a pile, since")
}

// A game is handed to the bot between two sittings: --resume with --bots
// seats the bot in the last players' seats, which it plays at once, and
// --bots 0 gives them back to the keyboard.
func TestResumeWithBotsHandsSeatsToTheBot(t *testing.T) {
	dir := t.TempDir()
	play(t, "/nim p1 1\n", nimTable(dir)...)
	db := []string{"--db", filepath.Join(dir, "t.db"), "--out", dir}
	replies := play(t, "/nim p1 1\n/nim p2 1 as:Bento\n", append([]string{"--resume", "g1", "--bots", "1", "--level", "easy"}, db...)...)
	if r := replies[1]; r.Line != 0 || len(r.Events) == 0 || r.Events[0].Text != "🤖 The bot plays for Bento." || r.Game.Move != 2 {
		t.Fatalf("resumed with --bots 1, the bot does not play Bento's move: %+v", replies)
	}
	refusedWith(t, answer(t, replies, 2), engine.CodeNotYourTurn, "Bento is the bot's seat; it plays by itself.")
	refusedWith(t, answer(t, play(t, "/nim replace\n", nimTable(t.TempDir())...), 1), codeDiscordOnly, "resume with --bots N")
	replies = play(t, "/nim p3 1\n/nim p3 1 as:Bento\n", append([]string{"--resume", "g1", "--bots", "0"}, db...)...)
	if r := answer(t, replies, 2); !r.OK || r.Game.Move != 6 || !strings.HasPrefix(r.Events[0].Text, "Bento took 1 from pile 3") {
		t.Errorf("resumed with --bots 0, Bento's seat is not the keyboard's: %+v", r)
	}
}

func TestQuitSaysHowToResume(t *testing.T) {
	dir := t.TempDir()
	out, err := runTable(t, "/nim p1 1\n/quit\n/nim p2 1\n", nimTable(dir)...)
	if err != nil {
		t.Fatal(err)
	}
	hint := "adega local --resume g1 --db " + filepath.Join(dir, "t.db") + " --out " + dir
	if !strings.Contains(out, "To come back to this game: "+hint+"\n") || strings.Contains(out, "Bento took") {
		t.Fatalf("after /quit:\n%s", out)
	}
	// The command it gives opens the game where it was left.
	replies := play(t, "/nim p2 1\n", strings.Fields(hint)[2:]...)
	if r := answer(t, replies, 1); !r.OK || r.Game.Move != 2 || r.Events[0].Text != "Bento took 1 from pile 2 (2 left there)." {
		t.Errorf("resumed: %+v", r)
	}
}

func TestEndOfInputSaysHowToResume(t *testing.T) {
	dir := t.TempDir()
	replies := play(t, "/nim p1 1\n", nimTable(dir)...)
	last := replies[len(replies)-1]
	if last.Line != 0 || last.Resume != "adega local --resume g1 --db "+filepath.Join(dir, "t.db")+" --out "+dir {
		t.Errorf("closing reply: %+v", last)
	}
}

func TestOverlongLineIsRefusedAndTheTableGoesOn(t *testing.T) {
	long := "/nim p1 1 " + strings.Repeat("x", maxLine)
	replies := play(t, "/nim p1 1\n"+long+"\n/nim p2 1\n", nimTable(t.TempDir())...)
	refusedWith(t, answer(t, replies, 2), codeTooLong, "longer than 65536 bytes")
	if r := answer(t, replies, 3); !r.OK || r.Game.Move != 2 {
		t.Errorf("the line after a long one: %+v", r)
	}

	// A script stops there, as at any refused line, and says so.
	dir := t.TempDir()
	script := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(script, []byte("/nim p1 1\n"+long+"\n/nim p2 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	replies, err := playJSON(t, "", nimTable(dir, "--script", script)...)
	if err == nil || !strings.Contains(err.Error(), "script line 2: That line is longer than 65536 bytes") {
		t.Errorf("a script with a long line: %v", err)
	}
	if last := replies[len(replies)-1]; last.Game.Move != 1 {
		t.Errorf("the script went on after its long line: %+v", last)
	}
}

func TestKeepGoingRunsTheWholeScriptAndFailsTheExitStatus(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.txt")
	if err := os.WriteFile(script, []byte("/nim p1 1\n/nim p9 1\n# a comment\n/dance\n/nim p2 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	replies, err := playJSON(t, "", nimTable(dir, "--script", script, "--keep-going")...)
	if err == nil || !strings.Contains(err.Error(), "2 refused lines: 2, 4") {
		t.Errorf("exit error: %v", err)
	}
	refusedWith(t, answer(t, replies, 2), engine.CodeUnknownChoice, `"p9" is not among the answers to pile`)
	refusedWith(t, answer(t, replies, 4), codeUsage, "unknown command /dance")
	if last := replies[len(replies)-1]; last.Game.Move != 2 {
		t.Errorf("the script stopped: %+v", last)
	}
}

// TestJSONRepliesFollowTheSchema holds the output to docs/local.md: one
// object a line, one reply per line read, the documented keys only.
func TestJSONRepliesFollowTheSchema(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	stdin := strings.NewReader("/nim p1 1\n\n/nim p9\n/choices p2\n/quit\n")
	if err := runWith(tableEnv(stdin, &out, io.Discard), append([]string{"--json"}, nimTable(dir)...)...); err != nil {
		t.Fatal(err)
	}
	documented := []string{"line", "command", "ok", "error", "game", "setup", "text", "events", "step", "board", "files", "next", "players", "outcome", "resume"}
	var objects []map[string]json.RawMessage
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var o map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("not one JSON object: %q", line)
		}
		for key := range o {
			if !slices.Contains(documented, key) {
				t.Errorf("undocumented key %q in %s", key, line)
			}
		}
		objects = append(objects, o)
	}
	keys := func(o map[string]json.RawMessage) []string {
		var ks []string
		for k := range o {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		return ks
	}
	for k, want := range [][]string{
		{"board", "events", "game", "next", "ok", "setup"},           // the opening
		{"board", "command", "events", "game", "line", "next", "ok"}, // a move
		{"command", "error", "game", "line", "next", "ok"},           // a refusal (line 3: blank lines get none)
		{"command", "game", "line", "next", "ok", "step"},            // /choices
		{"command", "game", "line", "next", "ok", "resume"},          // /quit
	} {
		if got := keys(objects[k]); !slices.Equal(got, want) {
			t.Errorf("reply %d has keys %q, want %q", k, got, want)
		}
	}
	if len(objects) != 5 {
		t.Errorf("%d replies, want 5", len(objects))
	}
}

func TestKeyboardLinesCanBeEditedAndRecalled(t *testing.T) {
	const up, left, backspace = "\x1b[A", "\x1b[D", "\x7f"
	keys := "/status\r" + up + "\r" + "/nim p 9" + backspace + "1" + left + left + "1\r" + strings.Repeat("x", editorLimit+5) + "\r"
	s := newScreen(struct {
		io.Reader
		io.Writer
	}{strings.NewReader(keys), io.Discard})
	for _, want := range []string{"/status", "/status", "/nim p1 1"} {
		if got, err := s.readLine(); err != nil || got != want {
			t.Fatalf("read %q, %v; want %q", got, err, want)
		}
	}
	if _, err := s.readLine(); engine.CodeOf(err) != codeTooLong {
		t.Errorf("a line cut by the editor was not refused: %v", err)
	}
	if _, err := s.readLine(); err != io.EOF {
		t.Errorf("after the last line: %v", err)
	}
}

func TestResumingAnOlderLocalGameGivesItDiscordIDs(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	store, err := storage.Open(db, testGames())
	if err != nil {
		t.Fatal(err)
	}
	// The way tables before this one stored a game: no user IDs, channel "local".
	_, err = store.Create(adega.Meta{ChannelID: "local", Seats: []adega.SeatUser{{Name: "Ana"}, {Name: "Bruno"}}},
		engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bruno"}}, time.Now(), nil)
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	replies := play(t, "/nim p1 1\n/nim undo\n", "--db", db, "--out", dir, "--resume", "g1")
	saysLine(t, answer(t, replies, 2), "Ana took back their last action (1 move).")
}

// vinhosOpening seats Ana in Ribatejo (a red 3) with a Sales tile and
// Bento in Lisboa, and comes to Ana's first action.
const vinhosOpening = "/vinhos ribatejo\n/vinhos lisboa\n/vinhos winery@3\n/vinhos sales@5\n"

func vinhosTable(dir string, more ...string) []string {
	return append([]string{"--seed", "5", "--regions", "first-play", "--db", filepath.Join(dir, "t.db"), "--out", dir}, more...)
}

// The command grammar through --json: a refusal names the rule, every
// step has a name of its own (move: after a tile), steps left out are
// declined aloud, and a step with one answer may still be typed.
func TestCommandGrammarThroughJSON(t *testing.T) {
	replies := play(t, vinhosOpening+
		"/vinhos action:sales@bm wine:w1-1 slot:hotel-red-6\n"+
		"/choices action:tile-sales wine:w1-1 slot:casa-de-fados-red-3\n"+
		"/vinhos action:tile-sales wine:w1-1 slot:casa-de-fados-red-3 move:wine_experts@ml deck:taste\n"+
		"/vinhos action:wine_experts@ml deck:aroma\n"+
		"/vinhos action:pass@c order:order-1 release:pass\n"+
		"/vinhos action:cellars@tm estate:e1 foo:1\n", vinhosTable(t.TempDir())...)
	refusedWith(t, answer(t, replies, 5), engine.CodeUnknownChoice,
		`"hotel-red-6": Your wine's value is 3, and 1 more with 1 cube of Ribatejo; that slot needs 6. Choices for slot: casa-de-fados-red-3`)
	if st := answer(t, replies, 6).Step; st == nil || st.Name != "move" {
		t.Errorf("/choices after the tile's sale: %+v, want the step move", st)
	}
	sold := answer(t, replies, 7)
	if !sold.OK || len(sold.Declined) != 2 || sold.Declined[0].Step != "deck2" || sold.Declined[0].Choice.ID != "done" || sold.Declined[1].Step != "after" {
		t.Errorf("the tile, the sale, the move and the Expert: %+v", sold)
	}
	refusedWith(t, answer(t, replies, 10), engine.CodeUnknownChoice, `There is no option "foo" in this decision; its steps are action, estate, estate2, after.`)
	if before, after := answer(t, replies, 9).Game.Move, answer(t, replies, 10).Game.Move; before != after {
		t.Errorf("the refused line played a move: %d → %d", before, after)
	}
	if passed := answer(t, replies, 9); !passed.OK || !slices.ContainsFunc(passed.Events, func(e event) bool { return e.Text == "Ana passes." }) {
		t.Errorf("release:pass, the only answer, was refused: %+v", passed)
	}
}

// /board style:compact makes the board after each move the compact one, as
// /vinhos board style: does in Discord, until style:full.
func TestBoardStyleChangesTheBoardAfterEachMove(t *testing.T) {
	dir := t.TempDir()
	replies := play(t, "/vinhos board style:compact\n/vinhos region:douro wine:porto\n/vinhos board style:full\n/vinhos board style:tiny\n/vinhos board move:0 style:full\n",
		"--seed", "5", "--db", filepath.Join(dir, "t.db"), "--out", dir)
	width := func(n int) int {
		t.Helper()
		r := answer(t, replies, n)
		f, err := os.Open(r.Board)
		if err != nil {
			t.Fatalf("line %d wrote no board: %v", n, err)
		}
		defer f.Close()
		cfg, err := png.DecodeConfig(f)
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Width
	}
	saysLine(t, answer(t, replies, 1), "the compact board")
	if w := width(1); w >= 1000 {
		t.Errorf("the compact board is %d pixels wide", w)
	}
	if w := width(2); w >= 1000 {
		t.Errorf("the board after a move is %d pixels wide, not the compact one", w)
	}
	if w := width(3); w != 1800 {
		t.Errorf("back to the full board: %d pixels wide", w)
	}
	refusedWith(t, answer(t, replies, 4), codeUsage, "style: is full or compact")
	refusedWith(t, answer(t, replies, 5), codeUsage, "not both")
}

// /GAME hint at the table: the AI's suggestion for the decision at hand,
// and the log notes it.
func TestHintAtTheTable(t *testing.T) {
	replies := play(t, "/nim hint\n/nim log\n/nim hint extra\n", nimTable(t.TempDir())...)
	r := answer(t, replies, 1)
	if !r.OK || len(r.Text) < 3 || !strings.HasPrefix(r.Text[0], "💡 **A hint** for ") || !slices.ContainsFunc(r.Text, func(l string) bool { return strings.HasPrefix(l, "Its whole move: ") }) {
		t.Fatalf("the hint: %+v", r)
	}
	if !slices.ContainsFunc(r.Text, func(l string) bool {
		return strings.HasPrefix(l, "1. ") && strings.Contains(l, " games (likely ") && strings.Contains(l, " · Taken: ")
	}) {
		t.Errorf("the hint's first choice has no win rate with its interval and counters taken: %q", r.Text)
	}
	saysLine(t, answer(t, replies, 2), "💡 Ana asked the AI for a hint.")
	refusedWith(t, answer(t, replies, 3), engine.CodeIllegal, "hint takes no steps")
}

// clockedLines is a keyboard that sets the clock as each line is typed.
type clockedLines struct {
	clock *time.Time
	lines []string
	at    []time.Time
}

func (c *clockedLines) Read(p []byte) (int, error) {
	if len(c.lines) == 0 {
		return 0, io.EOF
	}
	*c.clock = c.at[0]
	n := copy(p, c.lines[0]+"\n")
	c.lines, c.at = c.lines[1:], c.at[1:]
	return n, nil
}

// The table keeps Env's clock: the game starts and its moves are made at
// the clock's time, and /status says how long ago in Discord's words.
func TestTheTableKeepsEnvsClock(t *testing.T) {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := start
	keyboard := &clockedLines{clock: &clock, lines: []string{"/nim p1 1", "/status"},
		at: []time.Time{start.Add(time.Minute), start.Add(3 * time.Hour)}}
	var out bytes.Buffer
	env := tableEnv(keyboard, &out, io.Discard)
	env.Now = func() time.Time { return clock }
	dir := t.TempDir()
	if err := runWith(env, nimTable(dir)...); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Waiting for Bento to take counters from a pile, since 3 hours ago.") {
		t.Errorf("/status does not count from the clock:\n%s", out.String())
	}
	store, err := storage.Open(filepath.Join(dir, "t.db"), testGames())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	g, err := store.Load("g1")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Meta.CreatedAt.Equal(start) || !g.Meta.UpdatedAt.Equal(start.Add(time.Minute)) {
		t.Errorf("the game was created at %v and last moved at %v, want %v and a minute later", g.Meta.CreatedAt, g.Meta.UpdatedAt, start)
	}
}
