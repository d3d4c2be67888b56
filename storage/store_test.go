package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/internal/gametest"
)

var (
	registry = engine.NewRegistry(nim.Game{})
	t0       = gametest.T0
)

func dbPath(t testing.TB) string { return filepath.Join(t.TempDir(), "adega.db") }

func openAt(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path, registry)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func newStore(t *testing.T) *Store { return openAt(t, dbPath(t)) }

// commit stores the change make makes of game id at the moment stamp, the
// way package referee does (without its refusals): make gets a copy of the
// game as loaded and returns its successor, which Commit stores from
// stamp, with edit's change of the metadata and post's messages.
func commit(s *Store, id string, stamp uint64, at time.Time, post adega.PostFunc, edit func(*adega.Meta), make func(g *adega.Game) (*adega.Game, error)) (*adega.Game, error) {
	g, err := s.LoadNarrated(id)
	if err != nil {
		return nil, err
	}
	next, err := make(g.Clone())
	if err != nil {
		return nil, err
	}
	g.Stamp = stamp
	return s.Commit(g, next, at, post, edit)
}

// played is a change for commit that plays the entries' actions and logs
// them with their events.
func played(entries ...adega.LogEntry) func(g *adega.Game) (*adega.Game, error) {
	return func(g *adega.Game) (*adega.Game, error) {
		for _, e := range entries {
			next, events, err := g.State.Apply(e.Seat, e.Action)
			if err != nil {
				return nil, err
			}
			e.Events = events
			g.State, g.Log = next, append(g.Log, e)
		}
		g.Version = uint64(len(g.Log))
		return g, nil
	}
}

// move plays one action for a seat at the game's moment stamp.
func move(s *Store, id string, stamp uint64, seat engine.Seat, action engine.Action, at time.Time) (*adega.Game, error) {
	return commit(s, id, stamp, at, nil, nil, played(adega.LogEntry{Seat: seat, Action: action, At: at}))
}

// mover plays moves with move.
func mover(s *Store) gametest.Mover {
	return func(g *adega.Game, seat engine.Seat, action engine.Action, at time.Time) (*adega.Game, error) {
		return move(s, g.ID, g.Stamp, seat, action, at)
	}
}

// play makes n legal moves, a minute apart, and returns the game after them.
func play(t *testing.T, s *Store, g *adega.Game, n int) *adega.Game {
	t.Helper()
	return gametest.Play(t, mover(s), g, n)
}

// dump flattens every bucket, key, value and sequence of the database, to
// show that a refused call wrote nothing.
func dump(t *testing.T, s *Store) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(prefix string, b *bbolt.Bucket) error
	walk = func(prefix string, b *bbolt.Bucket) error {
		out[prefix+"#seq"] = fmt.Sprint(b.Sequence())
		return b.ForEach(func(k, v []byte) error {
			if v == nil {
				return walk(fmt.Sprintf("%s/%x", prefix, k), b.Bucket(k))
			}
			out[fmt.Sprintf("%s/%x", prefix, k)] = string(v)
			return nil
		})
	}
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bbolt.Bucket) error { return walk(string(name), b) })
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestOpenStampsSchemaAndReopens(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	err := s.db.View(func(tx *bbolt.Tx) error {
		if got := tx.Bucket(bucketMeta).Get(keySchema); string(got) != string(u64(schemaVersion)) {
			return fmt.Errorf("schema stamp = %x, want %x", got, u64(schemaVersion))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	openAt(t, path)
}

func TestNewerSchemaIsRefused(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySchema, u64(schemaVersion+1)) }); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := Open(path, registry)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("schema version %d", schemaVersion+1)) {
		t.Fatalf("Open of a newer database: err = %v, want a schema version refusal", err)
	}
}

// A database of schema 1 had no stamps and no outbox: it opens, its games
// count their moves as their stamp, and they go on.
func TestSchemaOneUpgrades(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	err := s.update(func(tx *bbolt.Tx) error {
		if err := tx.DeleteBucket(bucketOutbox); err != nil {
			return err
		}
		if err := tx.Bucket(bucketGames).Bucket([]byte(g.ID)).Delete([]byte(keyStamp)); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keySchema, u64(1))
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openAt(t, path)
	got, err := s.Load(g.ID)
	if err != nil || got.Stamp != 2 || got.Version != 2 {
		t.Fatalf("after the upgrade: %v, stamp %d, version %d; want stamp 2 at move 2", err, got.Stamp, got.Version)
	}
	play(t, s, got, 1)
	if out, err := s.Outbox(); err != nil || len(out) != 0 {
		t.Fatalf("outbox after the upgrade: %v, %v", out, err)
	}
}

func TestSecondOpenIsRefused(t *testing.T) {
	path := dbPath(t)
	openAt(t, path)
	_, err := Open(path, registry)
	if err == nil || !strings.Contains(err.Error(), "in use by another process") {
		t.Fatalf("second Open: err = %v, want an in-use error", err)
	}
}

func TestUsers(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	u, err := s.GetUser("u1")
	if err != nil || !reflect.DeepEqual(u, adega.User{ID: "u1"}) {
		t.Fatalf("unknown user = %+v, %v; want only its ID", u, err)
	}
	want := adega.User{ID: "u1", Prefs: adega.Prefs{TimeZone: "Europe/Lisbon", DMReminders: true},
		Stats: map[string]adega.GameStats{"nim": {Played: 3, Won: 1}}}
	if err := putUser(s, want); err != nil {
		t.Fatal(err)
	}
	if err := putUser(s, adega.User{}); err == nil {
		t.Error("a user without an ID was stored")
	}
	s.Close()
	if got, err := openAt(t, path).GetUser("u1"); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("user after reopen = %+v, %v; want %+v", got, err, want)
	}
}

func TestCorruptUserIsReported(t *testing.T) {
	s := newStore(t)
	if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketUsers).Put([]byte("u1"), []byte("{")) }); err != nil {
		t.Fatal(err)
	}
	var ce *CorruptError
	if _, err := s.GetUser("u1"); !errors.As(err, &ce) || ce.Key != "users/u1" {
		t.Fatalf("GetUser of a corrupt user: err = %v, want a *CorruptError for users/u1", err)
	}
}

// putUser stores u, replacing what was stored under its ID.
func putUser(s *Store, u adega.User) error {
	return s.update(func(tx *bbolt.Tx) error { return s.putUser(tx, u) })
}
