package referee

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
	"github.com/adega-bot/adega/internal/rusage"
)

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
			s := vinhosStore(b)
			rng := rand.New(rand.NewPCG(7, 8))
			g := gametest.PlayRandomly(b, s.mover(), gametest.CreateFourPlayer(b, s, 9), rng, at)
			var plays []Play
			states := []engine.State{g.State}
			for range 10 {
				st := states[len(states)-1]
				seat := st.Pending()[0].Seat
				act := gametest.LegalAction(b, st, seat, func(n int) int { return rng.IntN(n) })
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
