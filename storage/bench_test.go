package storage

import (
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
)

// The storage benchmarks build games through the store's own API (Create,
// then Commit for every decision, random and legal), as the bot stores
// them.

func openBench(b testing.TB, path string) *Store {
	s, err := Open(path, engine.NewRegistry(nim.Game{}, vinhos.Game{}))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// vinhosStore is a store that plays Vinhos as well as nim.
func vinhosStore(t testing.TB) *Store {
	s := openBench(t, dbPath(t))
	t.Cleanup(func() { s.Close() })
	return s
}

func fileSize(b testing.TB, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return fi.Size()
}

// BenchmarkFinishedGameSize plays one random 4-player game to its end and
// reports the database file's size (file-bytes) and the part of it bbolt
// has allocated (used-bytes). bbolt grows a small file by doubling it.
func BenchmarkFinishedGameSize(b *testing.B) {
	var file, used int64
	for b.Loop() {
		path := dbPath(b)
		s := openBench(b, path)
		gametest.PlayRandomly(b, mover(s), gametest.CreateFourPlayer(b, s, 5), rand.New(rand.NewPCG(1, 2)), 1<<20)
		s.db.View(func(tx *bbolt.Tx) error { used = tx.Size(); return nil })
		s.Close()
		file = fileSize(b, path)
	}
	b.ReportMetric(float64(file), "file-bytes")
	b.ReportMetric(float64(used), "used-bytes")
}

// BenchmarkThousandGames builds a database of 1,000 4-player games, 800
// played to their end and 200 stopped midway and left active, by two
// workers that each keep 25 games going at once, so that moves interleave
// as a busy bot's do. Then:
//   - size: the file's size, in all and per game;
//   - startup: opening the database and indexing the active games' waits
//     (EnsureWaiting), as the bot does before it serves: "indexed" after a
//     normal stop, "legacy" with every wait record removed, as in a
//     database from before reminders, so that each active game is read
//     and indexed. It reports the longest hold of bbolt's writer;
//   - read: what /adega games reads with one process: "following", the
//     games a user follows (every game's metadata, no index), against
//     "waiting", a player's 200 active games (their index).
func BenchmarkThousandGames(b *testing.B) {
	start := time.Now()
	path := b.TempDir() + "/adega.db"
	buildLibrary(b, path, 800, 200)
	built := time.Since(start)
	b.Run("size", func(b *testing.B) {
		for b.Loop() {
		}
		size := fileSize(b, path)
		b.ReportMetric(float64(size)/(1<<20), "file-MB")
		b.ReportMetric(float64(size)/1000, "file-bytes/game")
		b.ReportMetric(built.Seconds(), "build-s")
	})
	for _, legacy := range []bool{false, true} {
		b.Run("startup="+map[bool]string{false: "indexed", true: "legacy"}[legacy], func(b *testing.B) {
			var longest time.Duration
			for b.Loop() {
				b.StopTimer()
				copied := dbPath(b)
				copyFile(b, path, copied)
				active := 0
				if legacy {
					active = dropWaits(b, copied)
				}
				b.StartTimer()
				s := openBench(b, copied)
				n, err := s.EnsureWaiting(t0)
				if err != nil || n != active {
					b.Fatalf("indexed %d games (%v), want %d", n, err, active)
				}
				longest = max(longest, s.WriterStats().LongestHeld)
				s.Close()
			}
			b.ReportMetric(float64(longest)/float64(time.Millisecond), "longest-writer-ms")
		})
	}
	s := openBench(b, path)
	defer s.Close()
	for _, read := range []struct {
		name string
		read func(userID string) ([]adega.GameWait, error)
		user string
	}{{"following", s.Following, "2001"}, {"waiting", s.WaitingOfUser, "1001"}} {
		b.Run("read="+read.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := read.read(read.user); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// buildLibrary stores finished games played to their end and active ones
// stopped at a random move.
func buildLibrary(b *testing.B, path string, finished, active int) {
	s := openBench(b, path)
	defer s.Close()
	s.db.NoSync = true // the layout is the same; only the building is faster
	const workers, inFlight = 2, 25
	games := make(chan int)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 99))
			type playing struct {
				g     *adega.Game
				until int
			}
			var going []playing
			next := func() {
				if k, ok := <-games; ok {
					until := 1 << 20 // to the end
					if k >= finished {
						until = 10 + rng.IntN(130)
					}
					going = append(going, playing{gametest.CreateFourPlayer(b, s, uint64(k+1)), until})
				}
			}
			for range inFlight {
				next()
			}
			for len(going) > 0 {
				i := rng.IntN(len(going))
				p := &going[i]
				p.g = gametest.PlayRandomly(b, mover(s), p.g, rng, len(p.g.Log)+1)
				if p.g.State.Over() || len(p.g.Log) >= p.until {
					going = append(going[:i], going[i+1:]...)
					next()
				}
			}
		})
	}
	for k := range finished + active {
		games <- k
	}
	close(games)
	wg.Wait()
}

func copyFile(b *testing.B, from, to string) {
	data, err := os.ReadFile(from)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o600); err != nil {
		b.Fatal(err)
	}
}

// dropWaits removes every game's waiting record and the reminders index,
// and returns the number of active games.
func dropWaits(b *testing.B, path string) int {
	s := openBench(b, path)
	defer s.Close()
	metas, err := s.ListGames()
	if err != nil {
		b.Fatal(err)
	}
	active := 0
	for _, m := range metas {
		if m.Status == adega.StatusActive {
			active++
		}
	}
	err = s.db.Update(func(tx *bbolt.Tx) error {
		if err := tx.DeleteBucket(bucketReminders); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(bucketReminders); err != nil {
			return err
		}
		return tx.Bucket(bucketGames).ForEach(func(k, _ []byte) error {
			return tx.Bucket(bucketGames).Bucket(k).Delete([]byte(keyWaiting))
		})
	})
	if err != nil {
		b.Fatal(err)
	}
	return active
}
