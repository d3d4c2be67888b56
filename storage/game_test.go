package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
)

func TestCreateStoresSeatsInSeatOrder(t *testing.T) {
	s := newStore(t)
	// Users may arrive in any order; nim seats players in join order.
	g, err := s.Create(adega.Meta{Seats: []adega.SeatUser{{UserID: "1002", Name: "Bia"}, {UserID: "1001", Name: "Ana"}}},
		engine.Setup{Game: "nim", Seed: 1, Players: []string{"Ana", "Bia"}}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}
	if !reflect.DeepEqual(g.Meta.Seats, want) || g.Meta.Status != adega.StatusActive || g.Meta.Game != "nim" {
		t.Fatalf("meta = %+v, want seats %v, active nim", g.Meta, want)
	}
	if _, err := s.Create(adega.Meta{Seats: []adega.SeatUser{{UserID: "1003", Name: "Cris"}}},
		engine.Setup{Game: "nim", Seed: 1, Players: []string{"Ana", "Bia"}}, t0, nil); err == nil {
		t.Error("Create with a user who has no seat succeeded")
	}
}

func TestCreateReturnsSetupErrorAsIs(t *testing.T) {
	s := newStore(t)
	before := dump(t, s)
	_, err := s.Create(adega.Meta{}, engine.Setup{Game: "nim", Players: []string{"Ana"}}, t0, nil)
	if e, ok := err.(*engine.Error); !ok || e.Code != engine.CodeBadSetup {
		t.Fatalf("Create with one player: err = %#v, want the engine's bad-setup *engine.Error", err)
	}
	if !reflect.DeepEqual(dump(t, s), before) {
		t.Error("a refused Create wrote to the database")
	}
}

func TestReopenKeepsCommittedMoves(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	g := play(t, s, gametest.Create(t, s, "c1"), 4)
	s.Close()

	reopened := openAt(t, path)
	got, err := reopened.Load(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 4 || len(got.Log) != 4 || got.SnapshotMismatch || reopened.replays.Load() != 0 {
		t.Fatalf("after reopen: version %d, %d log entries, mismatch %v, %d replays; want 4, 4, false, 0 (read from the snapshot)",
			got.Version, len(got.Log), got.SnapshotMismatch, reopened.replays.Load())
	}
	if !reflect.DeepEqual(got, g) {
		t.Errorf("after reopen:\n got %+v\nwant %+v", got, g)
	}
}

func TestNotFound(t *testing.T) {
	s := newStore(t)
	_, loadErr := s.Load("g404")
	_, moveErr := move(s, "g404", 1, 0, engine.Action{"p1", "1"}, t0)
	statusErr := s.SetStatus("g404", adega.StatusAbandoned, t0, nil)
	for _, err := range []error{loadErr, moveErr, statusErr} {
		if engine.CodeOf(err) != adega.CodeNotFound || err.Error() != "There is no game g404." {
			t.Errorf("err = %v, want a refusal saying %q", err, "There is no game g404.")
		}
	}
}

// A change made from a moment the game has left is refused, and nothing
// is written.
func TestStaleMoveChangesNothing(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	seat, action := gametest.FirstLegal(t, g.State)
	next, err := played(adega.LogEntry{Seat: seat, Action: action, At: t0})(g.Clone())
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, g, 1)
	before := dump(t, s)

	_, err = s.Commit(g, next, t0, nil, nil)
	if !errors.Is(err, adega.ErrStale) {
		t.Fatalf("move at the first moment after one move: err = %v, want adega.ErrStale", err)
	}
	if !strings.Contains(err.Error(), "Use the newest message") {
		t.Errorf("stale message %q does not tell the player what to do", err)
	}
	if !reflect.DeepEqual(dump(t, s), before) {
		t.Error("a stale move wrote to the database")
	}
}

func TestChannelIndexFollowsStatus(t *testing.T) {
	s := newStore(t)
	g1, g2 := gametest.Create(t, s, "c1"), gametest.Create(t, s, "c1")
	active := func(want ...string) {
		t.Helper()
		if got, err := s.ActiveGames("c1"); err != nil || !slices.Equal(got, want) {
			t.Fatalf("ActiveGames(c1) = %v, %v; want %v", got, err, want)
		}
	}
	active(g1.ID, g2.ID)

	if err := s.SetStatus(g1.ID, adega.StatusAbandoned, t0, nil); err != nil {
		t.Fatal(err)
	}
	active(g2.ID)

	for !g2.State.Over() {
		g2 = play(t, s, g2, 1)
	}
	if g2.Meta.Status != adega.StatusFinished {
		t.Errorf("status after the last move = %q, want finished", g2.Meta.Status)
	}
	active()

	metas, err := s.ListGames()
	if err != nil {
		t.Fatal(err)
	}
	var statuses []adega.Status
	for _, m := range metas {
		statuses = append(statuses, m.Status)
	}
	if !slices.Equal(statuses, []adega.Status{adega.StatusAbandoned, adega.StatusFinished}) {
		t.Errorf("ListGames statuses = %v, want [abandoned finished]", statuses)
	}
	if mine, err := s.GamesOfUser("1002"); err != nil || len(mine) != 2 {
		t.Errorf("GamesOfUser(u2) = %d games, %v; want 2", len(mine), err)
	}
	if theirs, err := s.GamesOfUser("u9"); err != nil || len(theirs) != 0 {
		t.Errorf("GamesOfUser(u9) = %d games, %v; want none", len(theirs), err)
	}
}

func TestImportRoundTrip(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	for !g.State.Over() {
		g = play(t, s, g, 1)
	}
	imported, err := s.Import(adega.Meta{ChannelID: "c2", Seats: g.Meta.Seats}, g.Setup, g.Moves(), t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := s.Load(imported.ID)
	if err != nil {
		t.Fatal(err)
	}
	if loaded.ID == g.ID || loaded.Version != g.Version || gametest.Encoded(t, loaded.State) != gametest.Encoded(t, g.State) {
		t.Fatalf("import %s: version %d, state %s; want a new ID, version %d, state %s",
			loaded.ID, loaded.Version, gametest.Encoded(t, loaded.State), g.Version, gametest.Encoded(t, g.State))
	}
	if loaded.Meta.Status != adega.StatusFinished || !reflect.DeepEqual(loaded.Meta.Seats, g.Meta.Seats) {
		t.Errorf("imported meta = %+v, want finished with seats %v", loaded.Meta, g.Meta.Seats)
	}
	if ids, _ := s.ActiveGames("c2"); len(ids) != 0 {
		t.Errorf("a finished import is listed as active in its channel: %v", ids)
	}
}

func TestImportRefusesDivergence(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 3)
	moves := g.Moves()
	moves[1].Action = engine.Action{"p1", "9"}
	before := dump(t, s)

	_, err := s.Import(adega.Meta{}, g.Setup, moves, t0, nil)
	var div *engine.DivergenceError
	if !errors.As(err, &div) || div.Index != 1 {
		t.Fatalf("import of a diverging log: err = %v, want a divergence at move 2", err)
	}
	if !reflect.DeepEqual(dump(t, s), before) {
		t.Error("a refused import wrote to the database")
	}
}

// A log that no longer replays, as after a change of the rules, is found
// by the audit, and by the first load under a new build; a load under the
// build that wrote the snapshot reads the snapshot and replays nothing.
func TestAuditReportsLogDivergence(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	// A log entry that decodes but no longer applies.
	err := s.update(func(tx *bbolt.Tx) error {
		lb := tx.Bucket(bucketGames).Bucket([]byte(g.ID)).Bucket([]byte(keyLog))
		entry := g.Log[1]
		entry.Action = engine.Action{"p1", "9"}
		data, err := encode(entry)
		if err != nil {
			return err
		}
		return lb.Put(u64(2), data)
	})
	if err != nil {
		t.Fatal(err)
	}
	s.cache = gameCache{} // as after a restart
	if _, err := s.Load(g.ID); err != nil {
		t.Fatalf("a load by the build that wrote the snapshot replayed the log: %v", err)
	}
	checks := map[string]func() error{
		"audit": func() error { _, err := s.Audit(g.ID); return err },
		"load by a new build": func() error {
			s.cache, s.buildID = gameCache{}, "commit new"
			_, err := s.Load(g.ID)
			return err
		},
	}
	for name, check := range checks {
		err := check()
		var div *engine.DivergenceError
		if !errors.As(err, &div) || div.Index != 1 || !strings.Contains(err.Error(), g.ID) {
			t.Fatalf("%s of a diverging log: err = %v, want a divergence at move 2 naming %s", name, err, g.ID)
		}
	}
}

// captureLog sends the default logger's lines to a buffer for the test.
func captureLog(t *testing.T) *bytes.Buffer {
	var logged bytes.Buffer
	old := slog.Default()
	t.Cleanup(func() { slog.SetDefault(old) })
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	return &logged
}

// breakSnapshot replaces a game's stored snapshot with raw (deleting it
// when raw is nil) and forgets the cached game, as a restart would.
func breakSnapshot(t *testing.T, s *Store, id string, raw []byte) {
	t.Helper()
	err := s.update(func(tx *bbolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte(id))
		if raw == nil {
			return gb.Delete([]byte(keySnapshot))
		}
		return gb.Put([]byte(keySnapshot), raw)
	})
	if err != nil {
		t.Fatal(err)
	}
	s.cache = gameCache{}
}

func storedSnapshot(t *testing.T, s *Store, id string) string {
	t.Helper()
	var snapshot []byte
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		snapshot, _, err = unpackSnapshot("game "+id, tx.Bucket(bucketGames).Bucket([]byte(id)).Get([]byte(keySnapshot)))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(snapshot)
}

// A sealed snapshot of the wrong state (the cache lies, the log does not)
// is trusted by loads of the build that wrote it, found by the audit,
// logged and flagged, and the replayed state wins.
func TestSnapshotMismatchReplayWins(t *testing.T) {
	logged := captureLog(t)
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	stale := g.State
	g = play(t, s, g, 2)
	breakSnapshot(t, s, g.ID, packSnapshot([]byte(gametest.Encoded(t, stale))))
	if got, err := s.Load(g.ID); err != nil || gametest.Encoded(t, got.State) != gametest.Encoded(t, stale) {
		t.Fatalf("a load did not read the snapshot (err %v): the replay check is on the hot path", err)
	}

	got, err := s.Audit(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.SnapshotMismatch || gametest.Encoded(t, got.State) != gametest.Encoded(t, g.State) {
		t.Fatalf("mismatch = %v, state %s; want true and the replayed %s", got.SnapshotMismatch, gametest.Encoded(t, got.State), gametest.Encoded(t, g.State))
	}
	if !strings.Contains(logged.String(), "game="+g.ID) {
		t.Errorf("no warning naming the game was logged: %q", logged.String())
	}
	if storedSnapshot(t, s, g.ID) != gametest.Encoded(t, g.State) {
		t.Error("the wrong snapshot was not rewritten from the log")
	}
	if !flagged(t, s, g.ID) {
		t.Error("the game was not flagged")
	}
	s.cache = gameCache{}
	if got, err := s.Load(g.ID); err != nil || gametest.Encoded(t, got.State) != gametest.Encoded(t, g.State) {
		t.Fatalf("after the audit a load reads %v (err %v), want the replayed state", got, err)
	}
}

// A snapshot written by another build of adega is checked against a
// replay once, on the first load, then trusted again.
func TestNewBuildChecksEachSnapshotOnce(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 3)
	s.cache, s.buildID = gameCache{}, "commit upgraded"
	before := s.replays.Load()
	got, err := s.Load(g.ID)
	if err != nil || s.replays.Load() != before+1 || got.SnapshotMismatch {
		t.Fatalf("first load under a new build: %d replays, mismatch %v, err %v; want a replay that agrees", s.replays.Load()-before, got.SnapshotMismatch, err)
	}
	s.cache = gameCache{}
	if _, err = s.Load(g.ID); err != nil || s.replays.Load() != before+1 {
		t.Fatalf("second load under the new build: %d replays, err %v; want the snapshot read, no replay", s.replays.Load()-before-1, err)
	}
}

// The snapshot is only a cache: a game whose snapshot is missing or
// unreadable loads from its log, says so in the log, and gets its
// snapshot back.
func TestMissingOrUnreadableSnapshotIsRebuilt(t *testing.T) {
	for name, raw := range map[string][]byte{"missing": nil, "unreadable": []byte("{not json"), "no version": []byte(`{"data":{}}`),
		"not deflate": {packedSnapshot, 0xff, 0xff}, "deflated nonsense": packSnapshot([]byte("{not a state"))} {
		t.Run(name, func(t *testing.T) {
			logged := captureLog(t)
			s := newStore(t)
			g := play(t, s, gametest.Create(t, s, "c1"), 3)
			breakSnapshot(t, s, g.ID, raw)
			got, err := s.Load(g.ID)
			if err != nil {
				t.Fatalf("the game refused to load: %v", err)
			}
			if got.Version != 3 || gametest.Encoded(t, got.State) != gametest.Encoded(t, g.State) {
				t.Fatalf("loaded version %d; want the replayed game at move 3", got.Version)
			}
			if !strings.Contains(logged.String(), "rebuilt") || !strings.Contains(logged.String(), "game="+g.ID) {
				t.Errorf("no warning naming the game: %q", logged.String())
			}
			if storedSnapshot(t, s, g.ID) != gametest.Encoded(t, g.State) {
				t.Error("the snapshot was not rewritten")
			}
			play(t, s, got, 1) // and the game goes on
		})
	}
}

// A new game is played by the latest rules revision; the revision is
// stored with its setup, so that it keeps it for life.
func TestNewGamesTakeTheLatestRules(t *testing.T) {
	s := vinhosStore(t)
	g, err := s.Create(adega.Meta{Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
		engine.Setup{Game: "vinhos", Seed: 1, Players: []string{"Ana", "Bia"}}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := s.Load(g.ID)
	if err != nil || loaded.Setup.Rules != vinhos.LatestRules || loaded.State.(*vinhos.State).Rules != vinhos.LatestRules {
		t.Fatalf("stored rules %d (%v), want %d", loaded.Setup.Rules, err, vinhos.LatestRules)
	}
}

// The log stores who did what when; the narration is derived by replay,
// and reads as the moves told it.
func TestLogStoresOnlyWhatCannotBeDerived(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	g := play(t, s, gametest.Create(t, s, "c1"), 3)
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketGames).Bucket([]byte(g.ID)).Bucket([]byte(keyLog)).ForEach(func(k, v []byte) error {
			if strings.Contains(string(v), `"events"`) {
				t.Errorf("log entry %x stores its events: %s", k, v)
			}
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	reopened := openAt(t, path)
	loaded, err := reopened.Load(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	narrated, err := reopened.Narrate(loaded)
	if err != nil {
		t.Fatal(err)
	}
	for k := range g.Log {
		if !reflect.DeepEqual(narrated.Log[k].Events, g.Log[k].Events) || len(g.Log[k].Events) == 0 {
			t.Fatalf("move %d narrated as %v, played as %v", k+1, narrated.Log[k].Events, g.Log[k].Events)
		}
	}
}

// The first change after a restart still tells what happened since each
// player's last move, from the events kept with the newest moves, without
// replaying the log.
func TestChangeAfterRestartTellsTheRecentMovesWithoutReplay(t *testing.T) {
	path := dbPath(t)
	s := openBench(t, path)
	g := gametest.PlayRandomly(t, mover(s), gametest.CreateFourPlayer(t, s, 3), rand.New(rand.NewPCG(1, 2)), narratedTail+10)
	s.Close()
	s = openBench(t, path)
	defer s.Close()
	seat := g.State.Pending()[0].Seat
	action, err := engine.Auto(g.State, seat)
	if err != nil {
		t.Fatal(err)
	}
	var seen *adega.Game
	see := func(c adega.Change) ([]*adega.Outgoing, error) { seen = c.Game; return nil, nil }
	_, err = commit(s, g.ID, g.Stamp, t0, see, nil, played(adega.LogEntry{Seat: seat, Action: action, At: t0}))
	if err != nil {
		t.Fatal(err)
	}
	if n := s.replays.Load(); n != 0 {
		t.Fatalf("the move replayed the log %d times", n)
	}
	if from := seen.NarratedFrom; from != len(g.Log)-narratedTail {
		t.Fatalf("the moves from %d on are narrated, want the newest %d of %d", from+1, narratedTail, len(g.Log))
	}
	for k, e := range seen.Log[:len(g.Log)] {
		stored := k >= len(g.Log)-narratedTail // and the new move has its own
		if stored && !slices.EqualFunc(e.Events, g.Log[k].Events, func(a, b engine.Event) bool { return a == b }) {
			t.Fatalf("move %d is told as %v, was played as %v", k+1, e.Events, g.Log[k].Events)
		}
		if !stored && e.Events != nil {
			t.Fatalf("move %d of %d: events %v; want them for the newest %d moves only", k+1, len(g.Log), e.Events, narratedTail)
		}
	}
	full, err := s.Narrate(seen)
	if err != nil || !full.Narrated() || len(full.Log[0].Events) == 0 {
		t.Fatalf("Narrate gave the first move %v (err %v), want its events", full.Log[0].Events, err)
	}
}

// NextGame walks every stored game once, then starts again.
func TestNextGameWalksEveryGame(t *testing.T) {
	s := newStore(t)
	want := map[string]bool{}
	for range 3 {
		want[gametest.Create(t, s, "c1").ID] = true
	}
	seen := map[string]bool{}
	id := ""
	for range 3 {
		next, ok, err := s.NextGame(id)
		if err != nil || !ok || seen[next] {
			t.Fatalf("NextGame(%q) = %q, %v, %v after %v", id, next, ok, err, seen)
		}
		seen[next], id = true, next
	}
	if !reflect.DeepEqual(seen, want) {
		t.Fatalf("walked %v, want %v", seen, want)
	}
	if first, _, _ := s.NextGame(id); first != "g1" {
		t.Fatalf("after the last game came %q, want the first again", first)
	}
}

// Imports are validated: seats name Discord users, one seat a user, and
// names and titles within their limits. Nothing is written on refusal.
func TestImportIsValidated(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	long := strings.Repeat("x", MaxNameLength+1)
	for name, tc := range map[string]struct {
		meta    adega.Meta
		players []string
		says    string
	}{
		"name too long":      {adega.Meta{}, []string{long, "Bia"}, "longer than"},
		"empty name":         {adega.Meta{}, []string{" ", "Bia"}, "may not be empty"},
		"control characters": {adega.Meta{}, []string{"A\x00na", "Bia"}, "control characters"},
		"same name twice":    {adega.Meta{}, []string{"Ana", "Ana"}, "Two players"},
		"title too long":     {adega.Meta{Title: strings.Repeat("t", MaxTitleLength+1)}, nil, "title is longer"},
	} {
		t.Run(name, func(t *testing.T) {
			setup := g.Setup
			moves := g.Moves()
			if tc.players != nil {
				setup.Players, moves = tc.players, nil
			}
			before := dump(t, s)
			_, err := s.Import(tc.meta, setup, moves, t0, nil)
			if engine.CodeOf(err) != engine.CodeBadSetup || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("err = %v, want a refusal saying %q", err, tc.says)
			}
			if len(err.Error()) > 300 {
				t.Errorf("the refusal is %d characters long", len(err.Error()))
			}
			if d := dump(t, s); len(d) != len(before) {
				t.Error("a refused import wrote to the database")
			}
		})
	}
}

// A snapshot an older adega wrote, in the state's old shape (version 2's,
// with numbers for names), disagrees with the replayed log: the game loads
// from its log, says so, and its snapshot is written again in today's
// shape.
func TestOldFormatSnapshotIsRebuilt(t *testing.T) {
	logged := captureLog(t)
	s := vinhosStore(t)
	// A finished game's export (package referee reads the format) holds
	// its whole state: this one, of version 2, in the old shape.
	data, err := os.ReadFile(filepath.Join("testdata", "export-v2-solo-over.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Setup engine.Setup     `json:"setup"`
		Seats []adega.SeatUser `json:"seats"`
		Log   []engine.Move    `json:"log"`
		State json.RawMessage  `json:"state"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	g, err := s.Import(adega.Meta{Seats: f.Seats}, f.Setup, f.Log, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
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
	if !got.SnapshotMismatch || gametest.Encoded(t, got.State) != gametest.Encoded(t, g.State) {
		t.Fatalf("mismatch %v; want the old snapshot noticed and the replayed state", got.SnapshotMismatch)
	}
	if !strings.Contains(logged.String(), "rebuilt") || !strings.Contains(logged.String(), "game="+g.ID) {
		t.Errorf("no warning naming the game: %q", logged.String())
	}
	if storedSnapshot(t, s, g.ID) != gametest.Encoded(t, g.State) {
		t.Error("the old snapshot was not rewritten")
	}
}
