package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGoTestCommandsNameTheirTests: every `go test` command that the pages
// of docs/ and the README give, in code spans and code blocks, names
// packages that exist, and each pattern of its -run and -bench flags
// matches a test, fuzz test, example or benchmark in them, so that a
// reader who runs it runs what the page says. A -run of '^$' (no test)
// is left alone.
func TestGoTestCommandsNameTheirTests(t *testing.T) {
	_, pkgs := goList(t)
	dirs := map[string]bool{}
	for _, p := range pkgs {
		dirs[p.dir] = true
	}
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, "../README.md")
	checked := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range goTestCommands(string(b)) {
			if checkGoTest(t, page, cmd, dirs) {
				checked++
			}
		}
	}
	t.Logf("%d go test commands checked", checked)
	if checked < 10 {
		t.Errorf("only %d go test commands with -run or -bench found", checked)
	}
}

// goTestCommands returns the `go test` commands of a Markdown page, each
// as its shell words: those of its code blocks, line by line, and those
// of its code spans, which may break across lines. An escaped pipe of a
// table cell (\|) is a pipe.
func goTestCommands(md string) [][]string {
	var code []string
	var prose strings.Builder
	fenced := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			code = append(code, line)
		} else {
			prose.WriteString(line + "\n")
		}
	}
	for _, m := range codeSpan.FindAllStringSubmatch(prose.String(), -1) {
		code = append(code, strings.ReplaceAll(m[1], `\|`, "|"))
	}
	var cmds [][]string
	for _, c := range code {
		for _, part := range regexp.MustCompile(`&&|;|\|\|`).Split(c, -1) {
			words := shellWords(part)
			for i := 0; i+1 < len(words); i++ {
				if words[i] == "go" && words[i+1] == "test" {
					cmds = append(cmds, words[i:])
					break
				}
			}
		}
	}
	return cmds
}

// shellWords cuts a command into words at white space and takes off
// their quotes: no quoted word of the pages holds a space.
func shellWords(s string) []string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.Trim(w, `'"`)
	}
	return words
}

// placeholder is a package path in capitals, which the reader fills in.
var placeholder = regexp.MustCompile(`^\./[A-Z]+$`)

// checkGoTest checks one command, given as its words from "go test" on,
// and reports whether it had a -run or -bench to check.
func checkGoTest(t *testing.T, page string, words []string, dirs map[string]bool) bool {
	t.Helper()
	cmd := strings.Join(words, " ")
	var packages []string
	flags := map[string]string{}
	for i := 2; i < len(words); i++ {
		w := words[i]
		if name, value, ok := strings.Cut(w, "="); ok && (name == "-run" || name == "-bench") {
			flags[name] = value
			continue
		}
		switch {
		case (w == "-run" || w == "-bench") && i+1 < len(words):
			flags[w] = words[i+1]
			i++
		case w == "./...":
			for dir := range dirs {
				packages = append(packages, dir)
			}
		case placeholder.MatchString(w):
			// ./PACKAGE: the reader names one
		case w == "." || strings.HasPrefix(w, "./"):
			dir := strings.TrimSuffix(strings.TrimPrefix(w, "./"), "/")
			if !dirs[dir] {
				t.Errorf("%s: `%s` names %s, which is no package", page, cmd, w)
				return true
			}
			packages = append(packages, dir)
		}
	}
	if len(flags) == 0 {
		return false
	}
	if len(packages) == 0 {
		t.Errorf("%s: `%s` names no package", page, cmd)
		return true
	}
	var tests, benchmarks []string
	for _, dir := range packages {
		names, err := testFuncs(filepath.Join("..", dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if strings.HasPrefix(n, "Benchmark") {
				benchmarks = append(benchmarks, n)
			} else {
				tests = append(tests, n)
			}
		}
	}
	for flag, names := range map[string][]string{"-run": tests, "-bench": benchmarks} {
		pattern, ok := flags[flag]
		if !ok || pattern == "^$" {
			continue
		}
		// As go test does, the pattern's first level (up to a slash)
		// names the top-level function; each of its alternatives must
		// match one.
		first, _, _ := strings.Cut(pattern, "/")
		for _, alt := range alternatives(first) {
			re, err := regexp.Compile(alt)
			if err != nil {
				t.Errorf("%s: `%s`: %s %q is no regular expression: %v", page, cmd, flag, pattern, err)
				continue
			}
			found := false
			for _, n := range names {
				found = found || re.MatchString(n)
			}
			if !found {
				t.Errorf("%s: `%s`: %s %q matches no function in %s", page, cmd, flag, alt, strings.Join(packages, " "))
			}
		}
	}
	return true
}

// alternatives cuts a regular expression at its top-level bars.
func alternatives(re string) []string {
	var alts []string
	depth, start := 0, 0
	for i := 0; i < len(re); i++ {
		switch re[i] {
		case '\\':
			i++
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '|':
			if depth == 0 {
				alts = append(alts, re[start:i])
				start = i + 1
			}
		}
	}
	return append(alts, re[start:])
}

// testFuncs lists the tests, fuzz tests, examples and benchmarks of the
// package in dir: the functions of its _test.go files that go test runs.
func testFuncs(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil {
				continue
			}
			for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
				if strings.HasPrefix(fn.Name.Name, prefix) {
					names = append(names, fn.Name.Name)
				}
			}
		}
	}
	return names, nil
}
