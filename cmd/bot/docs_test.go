package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/local"
)

// The pages hold to the program: docs/local.md is the reference for the
// table's flags, and the README's table commands play as it says.

// readPage reads a page of the repository.
func readPage(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// flagRows are the rows of a page's flag table, by each flag the row's
// first cell names ("| `--players N` or `--players Ana,Bento` | ...").
func flagRows(page string) map[string]string {
	rows := map[string]string{}
	for _, line := range strings.Split(page, "\n") {
		if !strings.HasPrefix(line, "| `--") {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " | ")
		for _, m := range regexp.MustCompile("`--([a-z-]+)").FindAllStringSubmatch(first, -1) {
			rows[m[1]] = line
		}
	}
	return rows
}

// docs/local.md documents every flag adega local takes and no other, every
// game and mode --game and --mode take, and every game's action shortcuts;
// the README has no flag table of its own to drift, and links to it.
func TestDocsLocalIsTheReferenceForTheTable(t *testing.T) {
	page := readPage(t, "docs/local.md")
	rows := flagRows(page)
	cmd := newCommand("local", Env{Stderr: io.Discard})
	(&local.Flags{}).Define(cmd.FlagSet)
	var taken []string
	cmd.VisitAll(func(f *flag.Flag) { taken = append(taken, f.Name) })
	for _, name := range taken {
		if _, ok := rows[name]; !ok {
			t.Errorf("docs/local.md does not document --%s", name)
		}
	}
	for name := range rows {
		if !slices.Contains(taken, name) {
			t.Errorf("docs/local.md documents --%s, which adega local does not take", name)
		}
	}
	reg, err := games(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range reg.Names() {
		game, _ := reg.Lookup(name)
		if !strings.Contains(rows["game"], "`"+name+"`") {
			t.Errorf("the --game row does not name %s: %s", name, rows["game"])
		}
		for _, m := range game.Modes() {
			if !strings.Contains(rows["mode"], "`"+m.Name+"`") {
				t.Errorf("the --mode row does not name %s's mode %s: %s", name, m.Name, rows["mode"])
			}
		}
		for _, sc := range commands.ShortcutNames(game) {
			if !regexp.MustCompile("(?m)^\\| `/" + name + " do.*[ `]" + sc + "[ `]").MatchString(page) {
				t.Errorf("docs/local.md does not list the shortcut /%s do %s", name, sc)
			}
		}
	}
	readme := readPage(t, "README.md")
	if len(flagRows(readme)) > 0 || !strings.Contains(readme, "(docs/local.md#starting)") {
		t.Error("the README has a flag table of its own, or does not link to docs/local.md's")
	}
}

// tableCommands are the README's `go run ./cmd/bot local` commands, in its
// code blocks and code spans, each as the words after "local".
func tableCommands(page string) [][]string {
	var code []string
	var prose strings.Builder
	fenced := false
	for _, line := range strings.Split(page, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			fenced = !fenced
		case fenced:
			code = append(code, line)
		default:
			prose.WriteString(line + "\n")
		}
	}
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(prose.String(), -1) {
		code = append(code, m[1])
	}
	var cmds [][]string
	for _, c := range code {
		if _, args, ok := strings.Cut(strings.Join(strings.Fields(c), " "), "go run ./cmd/bot local"); ok {
			cmds = append(cmds, strings.Fields(args))
		}
	}
	return cmds
}

// Every table command the README gives plays as it says, every time: a
// scripted one gives the seed its script was written for, and every
// opening of local/testdata the README names is played by one of them.
func TestReadmeTableCommandsPlay(t *testing.T) {
	readme := readPage(t, "README.md")
	cmds := tableCommands(readme)
	var scripts []string
	for _, args := range cmds {
		dir := t.TempDir()
		run := []string{"local", "--db", filepath.Join(dir, "t.db"), "--out", dir}
		for i := 0; i < len(args); i++ {
			run = append(run, args[i])
			if args[i] == "--script" && i+1 < len(args) {
				i++
				scripts = append(scripts, args[i])
				run = append(run, filepath.Join("..", "..", args[i]))
				if !slices.Contains(args, "--seed") {
					t.Errorf("go run ./cmd/bot local %s: a script plays the setup of one seed; give --seed", strings.Join(args, " "))
				}
			}
		}
		if out, err := runMain(t, "", run...); err != nil {
			t.Errorf("go run ./cmd/bot local %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	t.Logf("%d table commands played", len(cmds))
	for _, m := range regexp.MustCompile(`local/testdata/[a-z0-9-]+\.txt`).FindAllString(readme, -1) {
		if !slices.Contains(scripts, m) {
			t.Errorf("the README names %s, but no command of it plays it", m)
		}
	}
	if len(scripts) < 2 {
		t.Errorf("%d scripted table commands in the README, want the two openings", len(scripts))
	}
}
