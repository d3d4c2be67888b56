package referee

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

// An export of a game in progress shows neither the seed nor the state
// beyond its public view, yet the same database continues it exactly.
func TestExportOfAGameInProgressIsSealed(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	data, err := s.Export(g)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"seed": `+strconv.FormatUint(g.Setup.Seed, 10)) || strings.Contains(string(data), `"rng"`) {
		t.Fatalf("the export shows the seed:\n%s", data)
	}
	f, err := ParseExport(data)
	if err != nil {
		t.Fatal(err)
	}
	if f.Sealed == nil || f.Setup.Seed != 0 {
		t.Fatalf("sealed %x, seed %d", f.Sealed, f.Setup.Seed)
	}
	for _, m := range f.Log {
		if m.Action != nil {
			t.Fatalf("the export shows a move: %v", m.Action)
		}
	}
	setup, moves, err := s.Unseal(f)
	if err != nil || setup.Seed != g.Setup.Seed || len(moves) != len(g.Log) {
		t.Fatalf("unsealed %+v, %d moves, %v; want the seed and the moves back", setup, len(moves), err)
	}
	imported, err := s.Import(adega.Meta{ChannelID: "c2", Seats: f.Seats}, setup, moves, t0, nil)
	if err != nil || gametest.Encoded(t, imported.State) != gametest.Encoded(t, g.State) {
		t.Fatalf("import: %v; want the same game", err)
	}

	// Another database cannot open the seal, and a changed log breaks it.
	if _, _, err := newStore(t).Unseal(f); engine.CodeOf(err) != adega.CodeSealed {
		t.Errorf("another database unsealed it: %v", err)
	}
	f.Log[1].Events[0].Text = "Bia took all the counters."
	if _, _, err := s.Unseal(f); engine.CodeOf(err) != adega.CodeSealed {
		t.Errorf("a changed log unsealed: %v", err)
	}
	f.Log = f.Log[:1]
	if _, _, err := s.Unseal(f); engine.CodeOf(err) != adega.CodeSealed {
		t.Errorf("a shortened log unsealed: %v", err)
	}
}

// A finished game's export holds everything.
func TestExportOfAFinishedGameHoldsTheSeed(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	for !g.State.Over() {
		g = play(t, s, g, 1)
	}
	data, err := s.Export(g)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseExport(data)
	if err != nil || f.Sealed != nil || f.Seed != g.Setup.Seed || f.Setup.Seed != g.Setup.Seed {
		t.Fatalf("finished export: %v, sealed %x, seed %d", err, f.Sealed, f.Seed)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, f.State); err != nil || compact.String() != gametest.Encoded(t, g.State) {
		t.Errorf("the finished export's state is not the game's")
	}
}

// An export keeps the game's AI level, and a file with a level that does
// not exist is refused.
func TestExportKeepsTheGamesLevel(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	g.Meta.Level = "hard"
	data, err := s.Export(g)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := ParseExport(data); err != nil || f.Level != "hard" {
		t.Fatalf("the export's level is %+v (%v)", f, err)
	}
	bad := strings.Replace(string(data), `"level": "hard"`, `"level": "genius"`, 1)
	if _, err := ParseExport([]byte(bad)); err == nil || !strings.Contains(err.Error(), `"genius"`) {
		t.Fatalf("a level that does not exist: %v", err)
	}
}

// The seats of an export name Discord users, one seat a user.
func TestImportedSeatsAreChecked(t *testing.T) {
	for _, tc := range []struct {
		seats []adega.SeatUser
		says  string
	}{
		{[]adega.SeatUser{{UserID: "abc", Name: "Ana"}}, "not a Discord ID"},
		{[]adega.SeatUser{{UserID: "99999999999999999999999", Name: "Ana"}}, "not a Discord ID"},
		{[]adega.SeatUser{{UserID: "0123", Name: "Ana"}}, "not a Discord ID"},
		{[]adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1001", Name: "Bia"}}, "holds two seats"},
		{[]adega.SeatUser{{Name: "Bot Baga", Bot: true, Level: "genius"}}, `has the AI level "genius"`},
	} {
		if err := CheckSeats(tc.seats); engine.CodeOf(err) != engine.CodeBadSetup || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%+v: %v, want %q", tc.seats, err, tc.says)
		}
	}
	if err := CheckSeats([]adega.SeatUser{{UserID: "1001", Name: "Ana"}, {Name: "Lacerda"}, {UserID: "1002", Name: "Bia"}, {Name: "Bot Baga", Bot: true, Level: "hard"}}); err != nil {
		t.Errorf("good seats refused: %v", err)
	}
}

// The export's version 1 files (with their seed in the clear) still read.
func TestExportVersionOneStillReads(t *testing.T) {
	data, _ := json.Marshal(map[string]any{"format": ExportFormat, "version": 1,
		"setup": map[string]any{"game": "nim", "seed": 7, "players": []string{"Ana", "Bia"}}, "log": []any{}})
	f, err := ParseExport(data)
	if err != nil {
		t.Fatal(err)
	}
	setup, _, err := newStore(t).Unseal(f)
	if err != nil || setup.Seed != 7 {
		t.Fatalf("%+v %v", setup, err)
	}
}
