package storage

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
)

// vinhosStore is a store that plays Vinhos as well as nim.
func vinhosStore(t *testing.T) *Store {
	t.Helper()
	s, err := Open(dbPath(t), engine.NewRegistry(nim.Game{}, vinhos.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Version 2 exports, made by the adega of that format, still import: an
// import uses only the setup and the moves. testdata holds a game exported
// in progress (sealed, with the key of the database that sealed it) and a
// finished solo game.
func TestVersionTwoExportsStillImport(t *testing.T) {
	for _, name := range []string{"export-v2-in-progress", "export-v2-solo-over"} {
		t.Run(name, func(t *testing.T) {
			s := vinhosStore(t)
			if key, err := os.ReadFile(filepath.Join("testdata", name+".key")); err == nil {
				useSealKey(t, s, strings.TrimSpace(string(key)))
			}
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

// readVersionTwo reads a version 2 export from testdata.
func readVersionTwo(t *testing.T, name string) *ExportFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".json"))
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
func importExport(t *testing.T, s *Store, f *ExportFile) *Game {
	t.Helper()
	setup, moves, err := s.Unseal(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Import(Meta{Seats: f.Seats}, setup, moves, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A snapshot an older adega wrote, in the state's old shape (version 2's,
// with numbers for names), disagrees with the replayed log: the game loads
// from its log, says so, and its snapshot is written again in today's
// shape.
func TestOldFormatSnapshotIsRebuilt(t *testing.T) {
	logged := captureLog(t)
	s := vinhosStore(t)
	f := readVersionTwo(t, "export-v2-solo-over") // a finished game's export holds its whole state
	g := importExport(t, s, f)
	if _, err := (vinhos.Game{}).Decode(f.State); err == nil {
		t.Fatal("the old shape reads as today's: this test tests nothing")
	}
	old, err := encode(f.State)
	if err != nil {
		t.Fatal(err)
	}
	breakSnapshot(t, s, g.ID, old)
	got, err := s.Load(g.ID)
	if err != nil {
		t.Fatalf("a game with an old snapshot refused to load: %v", err)
	}
	if !got.SnapshotMismatch || encoded(t, got.State) != encoded(t, g.State) {
		t.Fatalf("mismatch %v; want the old snapshot noticed and the replayed state", got.SnapshotMismatch)
	}
	if !strings.Contains(logged.String(), "rebuilt") || !strings.Contains(logged.String(), "game="+g.ID) {
		t.Errorf("no warning naming the game: %q", logged.String())
	}
	if storedSnapshot(t, s, g.ID) != encoded(t, g.State) {
		t.Error("the old snapshot was not rewritten")
	}
}

// useSealKey makes s the database that sealed an export, by its key.
func useSealKey(t *testing.T, s *Store, hexKey string) {
	t.Helper()
	key, err := hex.DecodeString(hexKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySeal, key) }); err != nil {
		t.Fatal(err)
	}
}

// A file from a newer adega is refused, saying which versions this one reads.
func TestNewerExportVersionsAreRefused(t *testing.T) {
	data, _ := json.Marshal(map[string]any{"format": ExportFormat, "version": ExportVersion + 1,
		"setup": map[string]any{"game": "nim", "players": []string{"Ana", "Bia"}}, "log": []any{}})
	if _, err := ParseExport(data); err == nil || !strings.Contains(err.Error(), "versions 1 to 4") {
		t.Fatalf("err = %v, want a refusal naming the versions read", err)
	}
}
