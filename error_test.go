package adega

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A user reads a refusal as it is, whatever wraps it; any other error is
// the bot's own failure.
func TestUserMessage(t *testing.T) {
	for _, tc := range []struct {
		err     error
		message string
		refusal bool
	}{
		{engine.Errorf(CodeNotFound, "There is no game %s.", "g7"), "There is no game g7.", true},
		{fmt.Errorf("storage: game g7: %w", ErrStale), ErrStale.Message, true},
		{errors.Join(errors.New("a log line"), engine.Errorf(engine.CodeIllegal, "You need 4 Bagos; you have 3.")), "You need 4 Bagos; you have 3.", true},
		{errors.New("storage: open data/adega.db: permission denied"), "", false},
	} {
		if message, refusal := UserMessage(tc.err); message != tc.message || refusal != tc.refusal {
			t.Errorf("UserMessage(%v) = %q, %v; want %q, %v", tc.err, message, refusal, tc.message, tc.refusal)
		}
	}
}

// answering are the packages whose errors reach the people the bot
// answers, as refusals or as the apology for a failure.
var answering = []string{".", "storage", "referee", "bot", "bot/commands", "bot/remind"}

// failures are the errors of those packages that no user reads as they
// are: the bot's own failures, each with what a user reads instead.
var failures = map[string]string{
	"storage.CorruptError":         "a stored value that cannot be read: the apology",
	"storage.DamagedError":         "a damaged database file: the operator's, its own apology",
	"storage.ErrInUse":             "a database another process holds: the operator's, at start and in adega health",
	"storage.UnreadableError":      "a database file cut short past reading: the operator's, in check, salvage and restore",
	"storage.errChecksum":          "a snapshot whose sum is wrong: the game is rebuilt from its log",
	"storage.errSnapshotDisagrees": "a snapshot the replay contradicts: logged, the replay wins",
	"remind.errNoClaim":            "the scheduler's own rollback of a game with no claim to undo at a start: no user reads it",
	"bot.errStopping":              "an identify that was waiting when the bot stopped: the gateway's, no user reads it",
}

// A refusal is an *engine.Error: the bot answers any other error with an
// apology. So a new refusal made as an error type of its own, or as a
// plain errors.New at package level, would reach its user as "something
// went wrong": this test finds both in the packages that answer users,
// and allows only the failures listed above.
func TestEveryRefusalIsAnError(t *testing.T) {
	fset := token.NewFileSet()
	var found []string
	for _, dir := range answering {
		for name, f := range parseDir(t, fset, dir) {
			for _, decl := range f.Decls {
				for _, e := range errorsDeclared(decl) {
					found = append(found, path.Base(path.Join("adega", dir))+"."+e+" ("+name+")")
				}
			}
		}
	}
	for _, e := range found {
		id, _, _ := strings.Cut(e, " ")
		if _, ok := failures[id]; !ok {
			t.Errorf("%s: a refusal must be an *engine.Error (a user reads its Message); an error no user reads belongs in failures, with what they read instead", e)
		}
	}
	for id := range failures {
		if !slices.ContainsFunc(found, func(e string) bool { return strings.HasPrefix(e, id+" ") }) {
			t.Errorf("%s is listed as a failure but declared nowhere", id)
		}
	}
}

// parseDir parses the Go files of dir, tests left out.
func parseDir(t *testing.T, fset *token.FileSet, dir string) map[string]*ast.File {
	files := map[string]*ast.File{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		name := path.Join(dir, e.Name())
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	return files
}

// errorsDeclared names the error types decl makes (a method Error()
// string) and the errors it makes at package level with errors.New or
// fmt.Errorf.
func errorsDeclared(decl ast.Decl) []string {
	var names []string
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && d.Name.Name == "Error" && d.Type.Params.NumFields() == 0 && d.Type.Results.NumFields() == 1 {
			recv := d.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			if id, ok := recv.(*ast.Ident); ok {
				names = append(names, id.Name)
			}
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			v, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for k, value := range v.Values {
				if call, ok := value.(*ast.CallExpr); ok && isPlainError(call.Fun) {
					names = append(names, v.Names[k].Name)
				}
			}
		}
	}
	return names
}

// isPlainError reports whether fun is errors.New or fmt.Errorf.
func isPlainError(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf")
}
