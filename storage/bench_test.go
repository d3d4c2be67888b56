package storage

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/rusage"
)

// The storage benchmarks build games through the store's own API (Create,
// then Move for every decision, random and legal), as the bot stores them.

var fourPlayers = []string{"Ana", "Bruno", "Carla", "Duarte"}

// createFourPlayer creates a 4-player Vinhos game.
func createFourPlayer(b testing.TB, s *Store, seed uint64) *Game {
	var seats []SeatUser
	for k, name := range fourPlayers {
		seats = append(seats, SeatUser{UserID: fmt.Sprint(1001 + k), Name: name})
	}
	g, err := s.Create(Meta{ChannelID: fmt.Sprint("c", seed), Seats: seats},
		engine.Setup{Game: "vinhos", Seed: seed, Players: fourPlayers}, t0, nil)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// playRandomly plays random legal decisions in g until it is over or has
// moves decisions.
func playRandomly(b testing.TB, s *Store, g *Game, rng *rand.Rand, moves int) *Game {
	for !g.State.Over() && len(g.Log) < moves {
		seat := g.State.Pending()[0].Seat
		act := legalAction(b, g.State, seat, func(n int) int { return rng.IntN(n) })
		res, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: seat, Action: act}, Now: t0})
		if err != nil {
			b.Fatal(err)
		}
		g = res.Game
	}
	return g
}

func openBench(b testing.TB, path string) *Store {
	s, err := Open(path, engine.NewRegistry(nim.Game{}, vinhos.Game{}))
	if err != nil {
		b.Fatal(err)
	}
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
		playRandomly(b, s, createFourPlayer(b, s, 5), rand.New(rand.NewPCG(1, 2)), 1<<20)
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
//     and indexed. It reports the longest hold of bbolt's writer.
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
				g     *Game
				until int
			}
			var going []playing
			next := func() {
				if k, ok := <-games; ok {
					until := 1 << 20 // to the end
					if k >= finished {
						until = 10 + rng.IntN(130)
					}
					going = append(going, playing{createFourPlayer(b, s, uint64(k+1)), until})
				}
			}
			for range inFlight {
				next()
			}
			for len(going) > 0 {
				i := rng.IntN(len(going))
				p := &going[i]
				p.g = playRandomly(b, s, p.g, rng, len(p.g.Log)+1)
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
		if m.Status == StatusActive {
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

// BenchmarkMoveAtAction stores the next 10 decisions of a random 4-player
// game at action 10 and at action 110 with Move (no message), then takes
// them back with Undo, which is not counted. In the same loop it times the
// engine's Apply of the same decisions on their own, so that what storage
// adds (storage-cpu-ms/move: Move's CPU minus Apply's) can be compared
// between early and late moves; the engine's own cost depends on the
// position, not on the log's length.
func BenchmarkMoveAtAction(b *testing.B) {
	for _, at := range []int{10, 110} {
		b.Run(fmt.Sprint("action=", at), func(b *testing.B) {
			s := openBench(b, dbPath(b))
			defer s.Close()
			rng := rand.New(rand.NewPCG(7, 8))
			g := playRandomly(b, s, createFourPlayer(b, s, 9), rng, at)
			var plays []Play
			states := []engine.State{g.State}
			for range 10 {
				st := states[len(states)-1]
				seat := st.Pending()[0].Seat
				act := legalAction(b, st, seat, func(n int) int { return rng.IntN(n) })
				next, _, err := st.Apply(seat, act)
				if err != nil {
					b.Fatal(err)
				}
				plays, states = append(plays, Play{Seat: seat, Action: act}), append(states, next)
			}
			var moveCPU, applyCPU, working time.Duration
			moves, writes := 0, 0
			for b.Loop() {
				start := rusage.CPU()
				for k, p := range plays {
					if _, _, err := states[k].Apply(p.Seat, p.Action); err != nil {
						b.Fatal(err)
					}
				}
				applyCPU += rusage.CPU() - start
				before := s.WriterStats()
				start = rusage.CPU()
				for _, p := range plays {
					res, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: p, Now: t0})
					if err != nil {
						b.Fatal(err)
					}
					g = res.Game
				}
				moveCPU += rusage.CPU() - start
				after := s.WriterStats()
				working, writes = working+after.Working-before.Working, writes+after.Transactions-before.Transactions
				moves += len(plays)
				res, err := s.Undo(g.ID, g.Stamp, len(plays), t0, nil)
				if err != nil {
					b.Fatal(err)
				}
				g = res.Game
			}
			perMove := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(moves) }
			b.ReportMetric(perMove(moveCPU), "cpu-ms/move")
			b.ReportMetric(perMove(applyCPU), "apply-cpu-ms/move")
			b.ReportMetric(perMove(moveCPU-applyCPU), "storage-cpu-ms/move")
			b.ReportMetric(float64(working)/float64(time.Millisecond)/float64(writes), "in-tx-ms/write")
			state, err := engine.Encode(g.State)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(state)), "state-bytes")
		})
	}
}
