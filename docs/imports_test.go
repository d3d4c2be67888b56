package docs

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The tests of this file hold docs/ARCHITECTURE.md to the tree: its list
// of folders and its import rules are read from its tables and checked
// against what `go list` says of the module, run offline from its root.

const architecture = "ARCHITECTURE.md"

// goPackage is what `go list` says of one package of the module.
type goPackage struct {
	path, name, dir string
	imports, deps   []string // without tests; deps is transitive
}

// goList lists the module's packages. It runs from the module's root
// with the module proxy off, so it never reaches the network.
func goList(t *testing.T) (module string, pkgs []goPackage) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
	run := func(args ...string) string {
		cmd := exec.Command("go", args...)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "GOPROXY=off")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return string(out)
	}
	module = strings.TrimSpace(run("list", "-m"))
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	out := run("list", "-f", `{{.ImportPath}}	{{.Name}}	{{.Dir}}	{{join .Imports " "}}	{{join .Deps " "}}`, "./...")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			t.Fatalf("go list: %q", line)
		}
		dir, err := filepath.Rel(root, f[2])
		if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, goPackage{path: f[0], name: f[1], dir: filepath.ToSlash(dir),
			imports: strings.Fields(f[3]), deps: strings.Fields(f[4])})
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	noteSources(t, pkgs)
	return module, pkgs
}

// noteSources looks at every Go file of the module's packages, so that go
// test's cache, which knows of the files a test reads but not of those
// its go list reads, runs the test again when one changes.
func noteSources(t *testing.T, pkgs []goPackage) {
	t.Helper()
	for _, p := range pkgs {
		dir := filepath.Join("..", p.dir)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".go") {
				if _, err := os.Stat(filepath.Join(dir, e.Name())); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, f := range []string{"../go.mod", "../go.sum"} {
		if _, err := os.Stat(f); err != nil {
			t.Fatal(err)
		}
	}
}

// table returns the rows of the first table in the section of page under
// the "## " heading title, each cut into its trimmed cells; the header
// row and the row under it are left out.
func table(t *testing.T, page, title string) [][]string {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	in, header := false, 0
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			in = strings.TrimSpace(line[3:]) == title
		case in && strings.HasPrefix(line, "|"):
			if header < 2 {
				header++
				continue
			}
			cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			rows = append(rows, cells)
		case in && header == 2:
			in = false // the table has ended
		}
	}
	if len(rows) == 0 {
		t.Fatalf("%s has no table under %q", page, title)
	}
	return rows
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

// patterns are the patterns of a cell of the import rules: its code
// spans, the ones after "except" taken out of the ones before.
type patterns struct{ in, out []string }

func parsePatterns(cell string) patterns {
	spans := func(s string) []string {
		var ps []string
		for _, m := range codeSpan.FindAllStringSubmatch(s, -1) {
			ps = append(ps, m[1])
		}
		return ps
	}
	in, out, _ := strings.Cut(cell, " except ")
	return patterns{spans(in), spans(out)}
}

// matchOne reports whether the import path p matches pattern: a go list
// pattern from the module's root ("." the root, "./x", "./x/...",
// "./..."), or an import path, possibly ending in "/...".
func matchOne(module, pattern, p string) bool {
	if pattern == "." || strings.HasPrefix(pattern, "./") {
		pattern = module + strings.TrimPrefix(pattern, ".")
	}
	if prefix, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == prefix || strings.HasPrefix(p, prefix+"/")
	}
	return p == pattern
}

func (ps patterns) match(module, p string) bool {
	has := func(list []string) bool {
		return slices.ContainsFunc(list, func(pattern string) bool { return matchOne(module, pattern, p) })
	}
	return has(ps.in) && !has(ps.out)
}

// TestImportRules: every rule of the import rules table of
// ARCHITECTURE.md holds. A package the rule names must not have among its
// own imports ("imports") or among everything it depends on ("deps"),
// tests left out, any package of the "must not import" column. Every
// pattern of the module that a rule names must name a package, so that a
// rule cannot go quiet when a package moves.
func TestImportRules(t *testing.T) {
	module, pkgs := goList(t)
	rows := table(t, architecture, "Import rules")
	if len(rows) < 10 {
		t.Fatalf("only %d import rules", len(rows))
	}
	for n, row := range rows {
		n++ // rules are counted from 1, as a reader counts them
		if len(row) != 4 {
			t.Errorf("a rule of %d cells, not 4: %q", len(row), row)
			continue
		}
		who, forbidden, among := parsePatterns(row[0]), parsePatterns(row[1]), row[2]
		if len(who.in) == 0 || len(forbidden.in) == 0 || among != "imports" && among != "deps" {
			t.Errorf("a rule that checks nothing: %q", row)
			continue
		}
		for _, pattern := range slices.Concat(who.in, who.out, forbidden.in, forbidden.out) {
			if pattern != "." && !strings.HasPrefix(pattern, "./") {
				continue
			}
			if !slices.ContainsFunc(pkgs, func(p goPackage) bool { return matchOne(module, pattern, p.path) }) {
				t.Errorf("import rule %d names %s, which matches no package", n, pattern)
			}
		}
		for _, p := range pkgs {
			if !who.match(module, p.path) {
				continue
			}
			list := p.deps
			if among == "imports" {
				list = p.imports
			}
			for _, imp := range list {
				if imp != p.path && forbidden.match(module, imp) {
					t.Errorf("%s %s %s, which import rule %d of %s forbids (%s)", short(module, p.path),
						map[string]string{"imports": "imports", "deps": "depends on"}[among],
						short(module, imp), n, architecture, row[3])
				}
			}
		}
	}
}

// short names a package of the module as the rules do.
func short(module, p string) string {
	if p == module {
		return "."
	}
	if rest, ok := strings.CutPrefix(p, module+"/"); ok {
		return "./" + rest
	}
	return p
}

// TestFolderListMatchesTheTree: the folders table of ARCHITECTURE.md has
// one row for every folder that holds a Go package and for every
// top-level folder, and no row for a folder that does not exist; a row
// names the folder's package, or "(none)" where it holds none.
func TestFolderListMatchesTheTree(t *testing.T) {
	_, pkgs := goList(t)
	listed := map[string]string{} // folder -> package name, "" for none
	for _, row := range table(t, architecture, "Folders") {
		m := codeSpan.FindStringSubmatch(row[0])
		if m == nil || len(row) < 3 || !strings.HasSuffix(m[1], "/") {
			t.Errorf("a row that names no folder: %q", row)
			continue
		}
		dir := strings.TrimSuffix(strings.TrimPrefix(m[1], "./"), "/")
		if dir == "" {
			dir = "."
		}
		if _, dup := listed[dir]; dup {
			t.Errorf("%s is listed twice", m[1])
		}
		listed[dir] = strings.Trim(row[1], "`")
		if row[1] == "(none)" {
			listed[dir] = ""
		}
		if fi, err := os.Stat(filepath.Join("..", dir)); err != nil || !fi.IsDir() {
			t.Errorf("%s is listed, but there is no such folder", m[1])
		}
	}
	found := map[string]string{}
	for _, p := range pkgs {
		found[p.dir] = p.name
	}
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	ignored, _ := os.ReadFile("../.gitignore")
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || name == ".git" || bytes.Contains(ignored, []byte("\n/"+name+"/")) {
			continue
		}
		if _, ok := found[name]; !ok {
			found[name] = ""
		}
	}
	for dir, name := range found {
		got, ok := listed[dir]
		switch {
		case !ok && name == "":
			t.Errorf("the top-level folder %s/ is not listed", dir)
		case !ok:
			t.Errorf("%s/ (package %s) is not listed", dir, name)
		case got != name:
			t.Errorf("%s/ is listed with package %q; it holds %q", dir, got, name)
		}
	}
	for dir, name := range listed {
		if _, ok := found[dir]; !ok && name != "" {
			t.Errorf("%s/ is listed with package %s, but holds no Go package", dir, name)
		}
	}
}
