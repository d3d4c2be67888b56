package referee

import (
	"encoding/json"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
)

// docs/export.md describes every field of an export, and only fields
// that exist. Its tables name fields by path: each table documents the
// object whose path is in backticks in the heading above it (none: the
// file itself), and each row's first cell names one or more keys of it
// in backticks, possibly dotted. A segment "<name>" stands for any key of
// a map, "[]" for the elements of a list. A row whose type cell says
// "internal" keeps its inner fields to itself; one whose type cell says
// "as `PATH`" holds an object documented at PATH.
//
// The exports checked are of real games at every move: a 4-player game
// and a 2-player first play to their ends, a solo practice game to its end, and
// two 2010 Reserve games (with each variant) and a first-edition game to
// theirs.
func TestExportDocumentsEveryField(t *testing.T) {
	doc := readExportDoc(t, "../docs/export.md")
	seen := map[string]bool{}
	for _, setup := range []engine.Setup{
		{Game: "vinhos", Mode: vinhos.ModeSpecial2016, Rules: vinhos.LatestRules, Seed: 4, Players: []string{"Ana", "Bruno", "Carla", "Duarte"}},
		{Game: "vinhos", Mode: vinhos.ModeSpecial2016, Rules: vinhos.LatestRules, Seed: 2, Players: []string{"Ana", "Bruno"},
			Options: map[string]string{vinhos.OptionRegions: "first-play"}},
		{Game: "vinhos", Mode: vinhos.ModeSolo, Rules: vinhos.LatestRules, Seed: 2, Players: []string{"Ana"}},
		{Game: "vinhos", Mode: vinhos.ModeReserve2010, Rules: vinhos.LatestRules, Seed: 3, Players: []string{"Ana", "Bruno", "Carla"},
			Options: map[string]string{vinhos.OptionVariants: "maintenance"}},
		{Game: "vinhos", Mode: vinhos.ModeReserve2010, Rules: vinhos.LatestRules, Seed: 6, Players: []string{"Ana", "Bruno", "Carla", "Duarte"},
			Options: map[string]string{vinhos.OptionVariants: "five-estates"}},
		{Game: "vinhos", Mode: vinhos.ModeClassic2010, Rules: vinhos.LatestRules, Seed: 6, Players: []string{"Ana", "Bruno"}},
	} {
		exportEveryMove(t, setup, func(data []byte) {
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			doc.walk("", v, seen)
		})
	}
	paths := slices.Sorted(maps.Keys(seen))
	for _, path := range paths {
		if !doc.documents(path) {
			t.Errorf("docs/export.md does not describe %s", path)
		}
	}
	for _, field := range doc.fields {
		if !slices.ContainsFunc(paths, func(path string) bool { return matches(field, path) }) {
			t.Errorf("docs/export.md describes %s, which no export holds", field)
		}
	}
}

// exportEveryMove plays a game by random legal choices and exports it
// after every move.
func exportEveryMove(t *testing.T, setup engine.Setup, check func(export []byte)) {
	t.Helper()
	s := vinhosStore(t)
	st, _, err := vinhos.Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	g := &adega.Game{Setup: setup, State: st, Meta: adega.Meta{Title: "Friday wine", Level: "easy", Practice: setup.Mode == vinhos.ModeSolo}}
	for i, name := range setup.Players {
		g.Meta.Seats = append(g.Meta.Seats, adega.SeatUser{UserID: strconv.Itoa(1001 + i), Name: name})
	}
	g.Meta.Seats[len(g.Meta.Seats)-1] = adega.SeatUser{Name: setup.Players[len(setup.Players)-1], Bot: true, Level: "hard"}
	r := engine.NewRNG(setup.Seed)
	for !g.State.Over() {
		pending := g.State.Pending()
		seat := pending[r.IntN(len(pending))].Seat
		action := gametest.LegalAction(t, g.State, seat, r.IntN)
		next, events, err := g.State.Apply(seat, action)
		if err != nil {
			t.Fatal(err)
		}
		g.State = next
		g.Log = append(g.Log, adega.LogEntry{Seat: seat, Action: action, At: t0.Add(time.Duration(len(g.Log)) * time.Minute), Events: events})
		data, err := s.Export(g)
		if err != nil {
			t.Fatal(err)
		}
		check(data)
	}
}

// exportDoc is what docs/export.md says about the fields.
type exportDoc struct {
	fields   []string          // documented paths
	internal []string          // paths whose inner fields are not documented
	aliases  map[string]string // path -> the path that documents its fields
}

var (
	docHeading = regexp.MustCompile("^#+ .*`([^`]+)`")
	docRow     = regexp.MustCompile("^\\| *(`[^|]+) \\|([^|]*)\\|")
	docKey     = regexp.MustCompile("`([^`]+)`")
	docAlias   = regexp.MustCompile("as `([^`]+)`")
)

func readExportDoc(t *testing.T, path string) *exportDoc {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := &exportDoc{aliases: map[string]string{}}
	object := ""
	for line := range strings.Lines(string(text)) {
		if strings.HasPrefix(line, "#") {
			object = ""
			if m := docHeading.FindStringSubmatch(line); m != nil {
				object = m[1]
			}
			continue
		}
		row := docRow.FindStringSubmatch(line)
		if row == nil {
			continue
		}
		for _, key := range docKey.FindAllStringSubmatch(row[1], -1) {
			field := key[1]
			if object != "" {
				field = object + "." + key[1]
			}
			doc.fields = append(doc.fields, field)
			if strings.Contains(row[2], "internal") {
				doc.internal = append(doc.internal, field)
			}
			if m := docAlias.FindStringSubmatch(row[2]); m != nil {
				doc.aliases[field] = m[1]
			}
		}
	}
	if len(doc.fields) == 0 {
		t.Fatalf("%s documents no fields", path)
	}
	return doc
}

// walk records the path of every key in v, as the doc names it.
func (d *exportDoc) walk(path string, v any, seen map[string]bool) {
	for field, alias := range d.aliases {
		if matches(field, path) {
			path = alias
		}
	}
	if slices.ContainsFunc(d.internal, func(field string) bool { return matches(field, path) }) {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for key, inner := range v {
			child := key
			if path != "" {
				child = path + "." + key
			}
			seen[child] = true
			d.walk(child, inner, seen)
		}
	case []any:
		for _, inner := range v {
			d.walk(path+"[]", inner, seen)
		}
	}
}

func (d *exportDoc) documents(path string) bool {
	return slices.ContainsFunc(d.fields, func(field string) bool { return matches(field, path) })
}

// matches reports whether a documented field names path, segment by
// segment; "<name>" stands for any one key.
func matches(field, path string) bool {
	fs, ps := strings.Split(field, "."), strings.Split(path, ".")
	if len(fs) != len(ps) {
		return false
	}
	for i, f := range fs {
		key, list := strings.CutSuffix(ps[i], "[]")
		if name, ok := strings.CutPrefix(f, "<"); ok {
			if _, after, _ := strings.Cut(name, ">"); (after == "[]") != list || key == "" {
				return false
			}
			continue
		}
		if f != ps[i] {
			return false
		}
	}
	return true
}
