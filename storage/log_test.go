package storage

import (
	"math/rand/v2"
	"slices"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
)

// logLayout counts a game's packed log entries and those in its bucket.
func logLayout(t *testing.T, s *Store, id string) (packed, tail int) {
	t.Helper()
	err := s.db.View(func(tx *bbolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte(id))
		p, err := readPacked(gb, "game "+id)
		packed, tail = len(p), gb.Bucket([]byte(keyLog)).Stats().KeyN
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return packed, tail
}

// reloaded reads a game as a new build after a restart would: its log
// replayed, nothing cached. Its state and log must be want's.
func reloaded(t *testing.T, s *Store, want *adega.Game) {
	t.Helper()
	s.cache, s.buildID = gameCache{}, s.buildID+"+"
	g, err := s.Load(want.ID)
	if err != nil {
		t.Fatal(err)
	}
	if gametest.Encoded(t, g.State) != gametest.Encoded(t, want.State) || !slices.EqualFunc(g.Moves(), want.Moves(), func(a, b engine.Move) bool {
		return a.Seat == b.Seat && slices.Equal(a.Action, b.Action)
	}) {
		t.Fatalf("game %s read back with %d moves, state %s; want %d moves, state %s", g.ID, len(g.Log), gametest.Encoded(t, g.State), len(want.Log), gametest.Encoded(t, want.State))
	}
}

// A game's log is packed as it grows: its bucket keeps fewer than
// packAfter entries, the rest packed in one value; all of it reads back
// and replays, after an undo of packed moves too; a finished game's log
// is packed whole.
func TestLogIsPackedAsItGrows(t *testing.T) {
	path := dbPath(t)
	s := openBench(t, path)
	defer s.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	g := gametest.PlayRandomly(t, mover(s), gametest.CreateFourPlayer(t, s, 5), rng, 3*packAfter+5)
	if packed, tail := logLayout(t, s, g.ID); packed+tail != len(g.Log) || tail >= packAfter {
		t.Fatalf("after %d moves: %d packed, %d in the bucket; want fewer than %d in the bucket", len(g.Log), packed, tail, packAfter)
	}
	reloaded(t, s, g)

	// An undo back to before the newest packed moves.
	back := packAfter + 3
	undone := g.Clone()
	undone.Log = undone.Log[:back]
	undone.Version = uint64(back)
	var err error
	if undone.State, _, err = engine.Replay(vinhos.Game{}, g.Setup, undone.Moves()); err != nil {
		t.Fatal(err)
	}
	if g, err = s.Commit(g, undone, gametest.T0, nil, nil); err != nil {
		t.Fatal(err)
	}
	if packed, tail := logLayout(t, s, g.ID); packed+tail != back || packed > back {
		t.Fatalf("after an undo to move %d: %d packed, %d in the bucket", back, packed, tail)
	}
	reloaded(t, s, g)

	g = gametest.PlayRandomly(t, mover(s), g, rng, 1<<20)
	if packed, tail := logLayout(t, s, g.ID); packed != len(g.Log) || tail != 0 {
		t.Fatalf("a finished game of %d moves: %d packed, %d in the bucket; want all packed", len(g.Log), packed, tail)
	}
	reloaded(t, s, g)
	s.Close()
	if r, err := Check(path, s.games); err != nil || r.Games != 1 || len(r.Lost)+len(r.Problems) > 0 {
		t.Fatalf("adega check: %+v, %v", r, err)
	}
}

// A log stored before logs were packed, every entry in the bucket, reads
// as it is, and is packed when the game is next written.
func TestUnpackedLogStillReads(t *testing.T) {
	s := vinhosStore(t)
	rng := rand.New(rand.NewPCG(5, 6))
	g := gametest.PlayRandomly(t, mover(s), gametest.CreateFourPlayer(t, s, 7), rng, 2*packAfter+1)
	err := s.update(func(tx *bbolt.Tx) error { // the layout of before
		gb := tx.Bucket(bucketGames).Bucket([]byte(g.ID))
		packed, err := readPacked(gb, "game "+g.ID)
		if err != nil {
			return err
		}
		if err := gb.Delete([]byte(keyLogPacked)); err != nil {
			return err
		}
		lb := gb.Bucket([]byte(keyLog))
		for i, raw := range packed {
			if err := lb.Put(u64(uint64(i+1)), raw); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if packed, tail := logLayout(t, s, g.ID); packed != 0 || tail != len(g.Log) {
		t.Fatalf("the old layout: %d packed, %d in the bucket", packed, tail)
	}
	reloaded(t, s, g)
	g = gametest.PlayRandomly(t, mover(s), g, rng, len(g.Log)+1)
	if packed, tail := logLayout(t, s, g.ID); packed != len(g.Log) || tail != 0 {
		t.Fatalf("written again, %d moves: %d packed, %d in the bucket; want all packed", len(g.Log), packed, tail)
	}
	reloaded(t, s, g)
}
