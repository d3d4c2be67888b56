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

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
)

var (
	registry = engine.NewRegistry(nim.Game{})
	t0       = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
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

func create(t *testing.T, s *Store, channel string) *Game {
	t.Helper()
	g, err := s.Create(Meta{
		Title: "Friday nim", ChannelID: channel, GuildID: "guild", CreatorID: "u1",
		Seats: []SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}},
	}, engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bia"}}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// firstLegal returns the first legal action of the seat that must act.
func firstLegal(t *testing.T, st engine.State) (engine.Seat, engine.Action) {
	t.Helper()
	seat := st.Pending()[0].Seat
	return seat, legalAction(t, st, seat, func(int) int { return 0 })
}

// legalAction builds a decision of seat step by step, taking the choice
// that pick picks of each step's n.
func legalAction(t testing.TB, st engine.State, seat engine.Seat, pick func(n int) int) engine.Action {
	t.Helper()
	var action engine.Action
	for {
		step, err := st.Choices(seat, action)
		if err != nil {
			t.Fatal(err)
		}
		if step.Complete {
			return action
		}
		action = append(action, step.Choices[pick(len(step.Choices))].ID)
	}
}

// play makes n legal moves, a minute apart, and returns the game after them.
func play(t *testing.T, s *Store, g *Game, n int) *Game {
	t.Helper()
	for range n {
		seat, action := firstLegal(t, g.State)
		res, err := move(s, g.ID, g.Stamp, seat, action, t0.Add(time.Duration(g.Version+1)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		g = res.Game
	}
	return g
}

func encoded(t *testing.T, st engine.State) string {
	t.Helper()
	b, err := engine.Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
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
	g := play(t, s, create(t, s, "c1"), 2)
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
	if err != nil || !reflect.DeepEqual(u, User{ID: "u1"}) {
		t.Fatalf("unknown user = %+v, %v; want only its ID", u, err)
	}
	want := User{ID: "u1", Prefs: Prefs{TimeZone: "Europe/Lisbon", DMReminders: true},
		Stats: map[string]GameStats{"nim": {Played: 3, Won: 1}}}
	if err := s.PutUser(want); err != nil {
		t.Fatal(err)
	}
	if err := s.PutUser(User{}); err == nil {
		t.Error("PutUser without an ID succeeded")
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

// move plays one action for a seat at the game's moment stamp.
func move(s *Store, id string, stamp uint64, seat engine.Seat, action engine.Action, at time.Time) (*MoveResult, error) {
	return s.Move(MoveRequest{Game: id, Stamp: stamp, Play: Play{Seat: seat, Action: action}, Now: at})
}
