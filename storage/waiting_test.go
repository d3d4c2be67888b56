package storage

import (
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

// index lists the reminders index, in key order.
func index(t *testing.T, s *Store) []adega.Wake {
	t.Helper()
	var out []adega.Wake
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketReminders).ForEach(func(k, _ []byte) error {
			w, err := parseWakeKey(k)
			out = append(out, w)
			return err
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func waiting(t *testing.T, s *Store, id string) adega.WaitState {
	t.Helper()
	w, err := s.Waiting(id)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// Each move rewrites who the game waits for and its one index entry, in
// the move's transaction; a game that ends leaves the index.
func TestMovesKeepTheWaitingIndex(t *testing.T) {
	s := newStore(t)
	rules := adega.WaitRules{Pace: "normal", Interval: 8 * time.Hour, Deadline: 3 * time.Hour}
	g, err := s.Create(adega.Meta{ChannelID: "c1", Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}, Wait: rules},
		engine.Setup{Game: "nim", Seed: 1, Players: []string{"Ana", "Bia"}}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := waiting(t, s, g.ID)
	first := g.State.Pending()[0].Seat
	if len(w.Seats) != 1 || w.Seats[0].Seat != first || w.Seats[0].UserID != g.Meta.Seats[first].UserID ||
		!w.Seats[0].Since.Equal(t0) || w.Seats[0].Prompt != "take counters from a pile" {
		t.Fatalf("after create: %+v", w)
	}
	// The earliest thing that may fall due is the 3-hour deadline.
	if idx := index(t, s); len(idx) != 1 || idx[0].Kind != adega.WakeGame || idx[0].ID != g.ID || !idx[0].At.Equal(t0.Add(3*time.Hour)) {
		t.Fatalf("index after create: %+v", idx)
	}
	if next, ok, err := s.NextWake(); err != nil || !ok || !next.At.Equal(t0.Add(3*time.Hour)) {
		t.Fatalf("NextWake = %+v %v %v", next, ok, err)
	}
	at := t0.Add(time.Hour)
	seat, act := gametest.FirstLegal(t, g.State)
	moved, err := move(s, g.ID, g.Stamp, seat, act, at)
	if err != nil {
		t.Fatal(err)
	}
	w = waiting(t, s, g.ID)
	if len(w.Seats) != 1 || w.Seats[0].Seat == seat || !w.Seats[0].Since.Equal(at) || w.Version != 1 {
		t.Fatalf("after a move: %+v", w)
	}
	if idx := index(t, s); len(idx) != 1 || !idx[0].At.Equal(at.Add(3*time.Hour)) {
		t.Fatalf("index after a move: %+v", idx)
	}
	if due, err := s.Due(at.Add(3*time.Hour-1), 10); err != nil || len(due) != 0 {
		t.Fatalf("due early: %v %v", due, err)
	}
	if due, err := s.Due(at.Add(3*time.Hour), 10); err != nil || len(due) != 1 || due[0].ID != g.ID {
		t.Fatalf("due: %v %v", due, err)
	}
	g = moved
	for !g.State.Over() {
		seat, act := gametest.FirstLegal(t, g.State)
		moved, err := move(s, g.ID, g.Stamp, seat, act, at)
		if err != nil {
			t.Fatal(err)
		}
		g = moved
	}
	if w := waiting(t, s, g.ID); len(w.Seats) != 0 || !w.Wake.IsZero() {
		t.Fatalf("a finished game still waits: %+v", w)
	}
	if idx := index(t, s); len(idx) != 0 {
		t.Fatalf("a finished game is still indexed: %+v", idx)
	}
}

func TestAbandonedGameLeavesTheIndex(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	if len(index(t, s)) != 1 {
		t.Fatal("a new game is not indexed")
	}
	if err := s.SetStatus(g.ID, adega.StatusAbandoned, t0, nil); err != nil {
		t.Fatal(err)
	}
	if idx := index(t, s); len(idx) != 0 {
		t.Fatalf("an abandoned game is still indexed: %+v", idx)
	}
}

// A seat that changes hands starts a new wait; a seat the bot plays waits
// for nobody.
func TestReplacedSeatStartsANewWait(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	seat := g.State.Pending()[0].Seat
	later := t0.Add(5 * time.Hour)
	if _, err := s.UpdateMeta(g.ID, func(m *adega.Meta) error {
		m.Seats[seat].UserID, m.UpdatedAt = "u9", later
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if w := waiting(t, s, g.ID); len(w.Seats) != 1 || w.Seats[0].UserID != "u9" || !w.Seats[0].Since.Equal(later) {
		t.Fatalf("after a replacement: %+v", w.Seats)
	}
	if _, err := s.UpdateMeta(g.ID, func(m *adega.Meta) error {
		m.Seats[seat].UserID, m.Seats[seat].Bot = "", true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if w := waiting(t, s, g.ID); len(w.Seats) != 0 || len(index(t, s)) != 0 {
		t.Fatalf("a bot seat waits: %+v", w)
	}
}

// Games stored before reminders existed get their waiting record when the
// scheduler starts. A new database, or one indexed once, has every game's
// record, so a start reads no game: a record taken away behind the
// store's back is not seen.
func TestEnsureWaitingIndexesOldGames(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	dropWait := func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketGames).Bucket([]byte(g.ID)).Delete([]byte(keyWaiting))
	}
	unseen := func(when string) {
		t.Helper()
		if err := s.update(dropWait); err != nil {
			t.Fatal(err)
		}
		if n, err := s.EnsureWaiting(t0); err != nil || n != 0 {
			t.Fatalf("%s: EnsureWaiting read the games again, and indexed %d (%v)", when, n, err)
		}
	}
	unseen("a new database")
	err := s.update(func(tx *bbolt.Tx) error { // as a database from before reminders
		if err := tx.Bucket(bucketMeta).Delete(keyWaitsKept); err != nil {
			return err
		}
		return tx.DeleteBucket(bucketReminders)
	})
	if err == nil {
		err = s.update(func(tx *bbolt.Tx) error { _, err := tx.CreateBucket(bucketReminders); return err })
	}
	if err != nil {
		t.Fatal(err)
	}
	later := t0.Add(time.Hour)
	if n, err := s.EnsureWaiting(later); err != nil || n != 1 {
		t.Fatalf("EnsureWaiting = %d, %v", n, err)
	}
	if w := waiting(t, s, g.ID); len(w.Seats) != 1 || !w.Seats[0].Since.Equal(later) || w.Version != 2 {
		t.Fatalf("waiting: %+v", w)
	}
	if idx := index(t, s); len(idx) != 1 || idx[0].ID != g.ID {
		t.Fatalf("index: %+v", idx)
	}
	unseen("a database indexed once")
}

// A user's digest has one index entry, moved when the user is stored.
func TestDigestIsIndexed(t *testing.T) {
	s := newStore(t)
	set := func(at time.Time) {
		t.Helper()
		if _, err := s.UpdateUser("u1", func(u *adega.User) error { u.Prefs.Digest, u.DigestAt = !at.IsZero(), at; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	set(t0)
	set(t0.Add(time.Hour))
	if idx := index(t, s); len(idx) != 1 || idx[0].Kind != adega.WakeDigest || idx[0].ID != "u1" || !idx[0].At.Equal(t0.Add(time.Hour)) {
		t.Fatalf("index: %+v", idx)
	}
	if err := putUser(s, adega.User{ID: "u1"}); err != nil {
		t.Fatal(err)
	}
	if idx := index(t, s); len(idx) != 0 {
		t.Fatalf("index after the digest was turned off: %+v", idx)
	}
}

// Watchers hear of every committed change of the index.
func TestWatchWakes(t *testing.T) {
	s := newStore(t)
	c, stop := s.WatchWakes()
	defer stop()
	gametest.Create(t, s, "c1")
	select {
	case <-c:
	default:
		t.Fatal("no wake after a game was created")
	}
}
