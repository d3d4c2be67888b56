package referee

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

// exportFile exports g and parses the file back.
func exportFile(t testing.TB, s *fixture, g *adega.Game) *ExportFile {
	t.Helper()
	data, err := s.Export(g)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseExport(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// refusedSaying checks that err refuses a sealed export with a text that
// says why and that a finished game's export imports anywhere.
func refusedSaying(t *testing.T, what string, err error, why string) {
	t.Helper()
	if engine.CodeOf(err) != adega.CodeSealed || !strings.Contains(err.Error(), why) || !strings.Contains(err.Error(), "export holds nothing secret and imports anywhere") {
		t.Errorf("%s: %v, want a refusal saying %q", what, err, why)
	}
}

// A sealed export restores only its own game: where it was played, for
// its creator or an admin of its server, once it no longer goes on. The
// restored game is the original's, with its seed, moves, creator and
// seats, whoever restored it.
func TestSealedExportRestoresOnlyItsOwnGame(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	f := exportFile(t, s, g)
	creator := Restorer{UserID: "u1", GuildID: "guild", ChannelID: "c1"}
	_, err := s.Restore(f, creator)
	refusedSaying(t, "while the game goes on", err, "still goes on here")
	if err := s.SetStatus(g.ID, adega.StatusAbandoned, t0, nil); err != nil {
		t.Fatal(err)
	}
	for what, by := range map[string]Restorer{
		"an admin of another server":           {UserID: "u9", GuildID: "elsewhere", ChannelID: "c9", Admin: true},
		"the creator in another channel":       {UserID: "u1", GuildID: "guild", ChannelID: "c2"},
		"the creator in direct messages":       {UserID: "u1", ChannelID: "dm1"},
		"a player, not the creator, in place":  {UserID: "1002", GuildID: "guild", ChannelID: "c1"},
		"an admin of its server, elsewhere":    {UserID: "u9", GuildID: "guild", ChannelID: "c2", Admin: true},
		"an admin of another server, in place": {UserID: "u9", GuildID: "elsewhere", ChannelID: "c1", Admin: true},
	} {
		if _, err := s.Restore(f, by); err == nil || engine.CodeOf(err) != adega.CodeSealed {
			t.Errorf("%s restored it: %v", what, err)
		}
	}
	_, err = s.Restore(f, Restorer{UserID: "u9", GuildID: "elsewhere", ChannelID: "c9", Admin: true})
	refusedSaying(t, "elsewhere", err, "it restores only that game, in the channel where it was played")
	_, err = s.Restore(f, Restorer{UserID: "1002", GuildID: "guild", ChannelID: "c1"})
	refusedSaying(t, "by a player", err, "only its creator or a member with Manage Server")

	for _, by := range []Restorer{creator, {UserID: "u9", GuildID: "guild", ChannelID: "c1", Admin: true}} {
		r, err := s.Restore(f, by)
		if err != nil {
			t.Fatalf("%+v: %v", by, err)
		}
		if r.Setup.Seed != g.Setup.Seed || len(r.Moves) != len(g.Log) || r.Meta.CreatorID != "u1" || r.Meta.ChannelID != "c1" ||
			r.Meta.GuildID != "guild" || r.Meta.Seats[1].UserID != "1002" || r.Meta.ID != "" || r.Meta.Status != "" {
			t.Fatalf("restored for %+v: %+v", by, r)
		}
	}

	// A seal made before seals named their game cannot say where it
	// belongs.
	old := *f
	if old.Sealed, err = s.seal("", g.Setup, g.Moves(), f.Log); err != nil {
		t.Fatal(err)
	}
	_, err = s.Restore(&old, creator)
	refusedSaying(t, "an older seal", err, "sealed before exports named their game")
}

// A restore never takes back hidden information turned up since the
// export, in the game or in a copy restored before, which it would let be
// seen before it is drawn; in a practice game it may, as its undo may.
func TestRestoreNeverTakesBackWhatWasRevealedSince(t *testing.T) {
	s := vinhosStore(t)
	g, err := s.Create(adega.Meta{ChannelID: "c1", GuildID: "guild", CreatorID: "u1", Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
		engine.Setup{Game: "vinhos", Seed: 3, Players: []string{"Ana", "Bia"}}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := exportFile(t, s, g)
	g = play(t, s, g, 1) // an initial vineyard shows the next tile
	if !engine.Revealed(g.Log[0].Events) {
		t.Fatalf("the first move revealed nothing: %+v", g.Log[0].Events)
	}
	after := exportFile(t, s, g)
	if err := s.SetStatus(g.ID, adega.StatusAbandoned, t0, nil); err != nil {
		t.Fatal(err)
	}
	creator := Restorer{UserID: "u1", GuildID: "guild", ChannelID: "c1"}
	_, err = s.Restore(before, creator)
	refusedSaying(t, "before the reveal", err, "turned up hidden information (move 1)")
	r, err := s.Restore(after, creator)
	if err != nil {
		t.Fatalf("an export made after the reveal: %v", err)
	}
	// Restored, the game may not be restored again while its copy goes
	// on, nor past what its copy turned up since.
	restored, err := s.Import(r.Meta, r.Setup, r.Moves, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Restore(after, creator)
	refusedSaying(t, "while its copy goes on", err, "still goes on here (game "+restored.ID+")")
	for k := 0; k == 0 || !engine.Revealed(restored.Log[len(restored.Log)-1].Events); k++ {
		if k == 50 {
			t.Fatal("the copy turned up nothing in 50 moves")
		}
		restored = play(t, s, restored, 1)
	}
	if err := s.SetStatus(restored.ID, adega.StatusAbandoned, t0, nil); err != nil {
		t.Fatal(err)
	}
	_, err = s.Restore(after, creator)
	refusedSaying(t, "past what its copy revealed", err, "game "+restored.ID+" turned up hidden information")
	if _, err := s.UpdateMeta(g.ID, func(m *adega.Meta) error { m.Practice = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Restore(before, creator); err != nil || len(r.Moves) != 0 || !r.Meta.Practice {
		t.Errorf("a practice game before the reveal: %+v, %v", r, err)
	}
}

// BenchmarkRestore opens a sealed export of a 4-player game abandoned at
// move 100, in a database of 1,000 other games, as an import on Discord
// does before it imports: the seal, a scan of every game's metadata for
// the original's copies, and a replay of the original to see what it
// revealed since. The import that follows replays the log as any import.
func BenchmarkRestore(b *testing.B) {
	s := vinhosStore(b)
	for k := range 1000 {
		if _, err := s.Create(adega.Meta{ChannelID: fmt.Sprint("other", k), Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
			engine.Setup{Game: "nim", Seed: uint64(k), Players: []string{"Ana", "Bia"}}, t0, nil); err != nil {
			b.Fatal(err)
		}
	}
	g := gametest.CreateFourPlayer(b, s, 9)
	if _, err := s.UpdateMeta(g.ID, func(m *adega.Meta) error { m.GuildID, m.CreatorID = "guild", "1001"; return nil }); err != nil {
		b.Fatal(err)
	}
	g = gametest.PlayRandomly(b, s.mover(), g, rand.New(rand.NewPCG(9, 9)), 100)
	f := exportFile(b, s, g)
	if err := s.SetStatus(g.ID, adega.StatusAbandoned, t0, nil); err != nil {
		b.Fatal(err)
	}
	by := Restorer{UserID: "1001", GuildID: "guild", ChannelID: g.Meta.ChannelID}
	for b.Loop() {
		if _, err := s.Restore(f, by); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	start := time.Now()
	if _, err := s.Import(g.Meta, g.Setup, g.Moves(), t0, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000, "then-import-ms")
}
