package bot_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/render"
	lavinaboard "github.com/adega-bot/adega/render/lavina"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
)

// realBoards is the renderer the bot uses in production.
var realBoards = render.Boards{"vinhos": vinhosboard.Renderer, "lavina": lavinaboard.Renderer}

// rush plays moves decisions in each of n games at once, on one bot: each
// player types their decision as soon as the turn message before it is
// posted. It returns how long each interaction waited for its
// acknowledgement, measured by the fake from sending it to receiving the
// answer.
func rush(t testing.TB, h *harness, n, moves int) []time.Duration {
	tables := make([]*table, n)
	for k := range tables {
		tables[k] = h.newTable(uint64(k+1), 0)
	}
	var mu sync.Mutex
	var acks []time.Duration
	record := func(d time.Duration) {
		mu.Lock()
		acks = append(acks, d)
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for _, tb := range tables {
		wg.Go(func() {
			for range moves {
				if err := tb.playOne(record); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return acks
}

// playOne types the next decision (confirming it if asked) and waits for
// its turn message, passing record how long each answer took. A decision
// of more steps than the command takes is stored directly and its board
// asked for.
func (tb *table) playOne(record func(time.Duration)) error {
	h := tb.h
	g, err := h.store.Load(tb.id)
	if err != nil || g.State.Over() {
		return err
	}
	seat, u, act := tb.next()
	posts := len(h.public(tb.thread))
	if len(act) > 8 {
		if _, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: time.Now()}); err != nil {
			return err
		}
		in := h.srv.SlashCommand(tb.at(u), "vinhos", fakediscord.Subcommand("board"))
		r, err := h.srv.WaitFor(wait, in.IsCallback)
		if err != nil {
			return fmt.Errorf("no answer to /vinhos board: %w", err)
		}
		record(r.At.Sub(in.SentAt))
	} else {
		sent, err := h.typeMove(tb.at(u), act)
		for _, s := range sent {
			record(s.ack)
		}
		if err != nil {
			return err
		}
	}
	deadline := time.Now().Add(time.Minute)
	for len(h.public(tb.thread)) <= posts {
		if time.Now().After(deadline) {
			return fmt.Errorf("no turn message after %v", act)
		}
		time.Sleep(2 * time.Millisecond)
	}
	return nil
}

// quantile is the q-quantile of sorted durations.
func quantile(sorted []time.Duration, q float64) time.Duration {
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// TestTwentyGamesAcknowledgeInTime plays 20 games at once with the real
// renderer: every interaction is acknowledged within Discord's 3 seconds
// (the fake refuses a later answer), however busy drawing the boards is.
func TestTwentyGamesAcknowledgeInTime(t *testing.T) {
	if testing.Short() {
		t.Skip("20 games with the real renderer")
	}
	var drawer commands.Drawer = realBoards
	if raceEnabled {
		drawer = summaryDrawer{} // the race detector makes the real renderer ten times slower
	}
	h := newHarnessWith(t, drawer)
	acks := rush(t, h, 20, 4)
	slices.Sort(acks)
	t.Logf("%d acknowledgements: p50 %v, p99 %v, max %v", len(acks), quantile(acks, 0.5), quantile(acks, 0.99), acks[len(acks)-1])
}

// BenchmarkAcksUnderLoad measures the acknowledgements of 20 games moving
// at once on one bot with the real renderer: each player types the next
// decision as soon as the last turn message is posted, so the boards of
// the other games are being drawn and uploaded meanwhile. It reports the
// 50th and 99th percentile and the longest wait, from the fake sending the
// interaction to it receiving the answer.
func BenchmarkAcksUnderLoad(b *testing.B) {
	h := newHarnessWith(b, realBoards, fakediscord.WithoutFileData())
	var acks []time.Duration
	for b.Loop() {
		acks = append(acks, rush(b, h, 20, 15)...)
	}
	slices.Sort(acks)
	b.ReportMetric(float64(quantile(acks, 0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(quantile(acks, 0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(acks[len(acks)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(len(acks)), "acks")
}
