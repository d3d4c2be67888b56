package referee

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/dbtest"
	"github.com/adega-bot/adega/storage"
)

// Version 2 exports, made by the adega of that format, still import: an
// import uses only the setup and the moves. oldExports holds a game
// exported in progress (sealed, with the key of the database that sealed
// it) and a finished solo game.
func TestVersionTwoExportsStillImport(t *testing.T) {
	for _, name := range []string{"export-v2-in-progress", "export-v2-solo-over"} {
		t.Run(name, func(t *testing.T) {
			path := dbPath(t)
			if key, err := os.ReadFile(filepath.Join(oldExports, name+".key")); err == nil {
				sealedBy(t, path, strings.TrimSpace(string(key)))
			}
			s := openWith(t, path, engine.NewRegistry(nim.Game{}, vinhos.Game{}))
			f := readVersionTwo(t, name)
			if f.RecordedState() != nil {
				t.Error("a version 2 state, of another shape, is offered for comparing replays")
			}
			g := importExport(t, s, f)
			// Played before the rules were fixed, it keeps their first
			// revision and replays exactly as it was played.
			if g.Setup.Rules != 0 {
				t.Errorf("imported under rules revision %d, want the first, 0", g.Setup.Rules)
			}
			if g.State.Phase() != f.Phase || g.State.Over() != f.Over {
				t.Errorf("imported at %q (over %v), exported at %q (over %v)", g.State.Phase(), g.State.Over(), f.Phase, f.Over)
			}
			for i, p := range g.State.Players() {
				for _, st := range p.Stats {
					if v, ok := f.Players[i].Stat(st.Key); !ok || v != st.Value {
						t.Errorf("%s's %s is %d, the export says %d", p.Name, st.Key, st.Value, v)
					}
				}
			}
		})
	}
}

// oldExports holds the exports of older adegas, which the store's tests
// and the replay command's read too.
var oldExports = filepath.Join("..", "storage", "testdata")

// readVersionTwo reads a version 2 export.
func readVersionTwo(t *testing.T, name string) *ExportFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(oldExports, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseExport(data)
	if err != nil || f.Version != 2 {
		t.Fatalf("version %d, %v; want a version 2 file read", f.Version, err)
	}
	return f
}

// importExport imports an export as the bot does.
func importExport(t *testing.T, s *fixture, f *ExportFile) *adega.Game {
	t.Helper()
	setup, moves, err := s.Unseal(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Import(adega.Meta{Seats: f.Seats}, setup, moves, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// sealedBy makes the database at path that of the adega that sealed an
// export with the key hexKey.
func sealedBy(t *testing.T, path, hexKey string) {
	t.Helper()
	key, err := hex.DecodeString(hexKey)
	if err != nil {
		t.Fatal(err)
	}
	s, err := storage.Open(path, registry)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	dbtest.Put(t, path, "seal_key", key, "meta")
}

// A file from a newer adega is refused, saying which versions this one reads.
func TestNewerExportVersionsAreRefused(t *testing.T) {
	data, _ := json.Marshal(map[string]any{"format": ExportFormat, "version": ExportVersion + 1,
		"setup": map[string]any{"game": "nim", "players": []string{"Ana", "Bia"}}, "log": []any{}})
	if _, err := ParseExport(data); err == nil || !strings.Contains(err.Error(), "versions 1 to 4") {
		t.Fatalf("err = %v, want a refusal naming the versions read", err)
	}
}
