package commands

import (
	"image"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/render"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
	"github.com/adega-bot/adega/storage"
)

// BenchmarkMoveAtAction times what the handler does for one decision of a
// 4-player Vinhos game, typed as /vinhos play (and confirmed where the bot
// asks), at action 10 and at action 110 of the same game: reading the game,
// building and checking the decision, and storing it with its queued turn
// message. Each op plays the next 10 decisions from that action; it reports
// the handler's CPU per decision (cpu-ms/decision) and the time each write
// transaction spent before its commit (in-tx-ms/write: wall time on one
// goroutine, an upper bound of its CPU). The undo that puts the game back
// after each op, and the delivery of the queued messages, are not counted.
func BenchmarkMoveAtAction(b *testing.B) {
	for _, at := range []int{10, 110} {
		b.Run("action="+strconv.Itoa(at), func(b *testing.B) {
			h := newHandler(b)
			g := fourPlayerGame(b, h)
			rng := rand.New(rand.NewPCG(1, 2))
			for len(g.Log) < at {
				g = storeMove(b, h, g, randomAction(b, g.State, rng))
			}
			var cpu, working time.Duration
			decisions, writes := 0, 0
			for b.Loop() {
				for range 10 {
					before := h.Store.WriterStats()
					var spent time.Duration
					g, spent = typeDecision(b, h, g)
					after := h.Store.WriterStats()
					cpu += spent
					working += after.Working - before.Working
					writes += after.Transactions - before.Transactions
					decisions++
				}
				res, err := h.referee().Undo(g.ID, g.Stamp, len(g.Log)-at, h.Now(), nil)
				if err != nil {
					b.Fatal(err)
				}
				g = res.Game
				drain(b, h)
			}
			b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(decisions), "cpu-ms/decision")
			b.ReportMetric(float64(working)/float64(time.Millisecond)/float64(writes), "in-tx-ms/write")
		})
	}
}

// fourPlayerGame starts a 4-player Vinhos game for u1..u4 in the test thread.
func fourPlayerGame(b testing.TB, h *Handler) *adega.Game {
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}
	var seats []adega.SeatUser
	for k, u := range []string{u1, u2, u3, u4} {
		seats = append(seats, adega.SeatUser{UserID: u, Name: names[k]})
	}
	g, err := h.Store.Create(adega.Meta{ChannelID: table, CreatorID: u1, Seats: seats},
		engine.Setup{Game: "vinhos", Seed: 11, Players: names}, h.Now(), nil)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func randomAction(b testing.TB, s engine.State, rng *rand.Rand) engine.Action {
	seat := s.Pending()[0].Seat
	var act engine.Action
	for {
		step, err := s.Choices(seat, act)
		if err != nil {
			b.Fatal(err)
		}
		if step.Complete {
			return act
		}
		act = append(act, step.Choices[rng.IntN(len(step.Choices))].ID)
	}
}

func storeMove(b testing.TB, h *Handler, g *adega.Game, act engine.Action) *adega.Game {
	res, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Now: h.Now(),
		Play: referee.Play{Seat: g.State.Pending()[0].Seat, Action: act}})
	if err != nil {
		b.Fatal(err)
	}
	return res.Game
}

// typeDecision types the pending seat's automatic decision as /vinhos play
// and confirms it if the bot asks. It returns the game after it and the
// CPU time the handler spent.
func typeDecision(b testing.TB, h *Handler, g *adega.Game) (*adega.Game, time.Duration) {
	seat := g.State.Pending()[0].Seat
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		b.Fatal(err)
	}
	user := g.Meta.Seats[seat].UserID
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	for k, id := range act {
		opts = append(opts, strOpt(stepName(k), id))
	}
	in := slash(user, "play", opts...)
	start := rusage.CPU()
	r := h.Handle(in)
	if id, ok := confirmID(r); ok {
		r = h.Handle(click(user, id))
	}
	spent := rusage.CPU() - start
	next, err := h.Store.Load(g.ID)
	if err != nil {
		b.Fatal(err)
	}
	if next.Stamp == g.Stamp {
		b.Fatalf("the decision %v was not played: %+v", act, r.Ack.Data)
	}
	return next, spent
}

func confirmID(r Reply) (string, bool) {
	if r.Ack == nil || r.Ack.Data == nil {
		return "", false
	}
	for _, row := range r.Ack.Data.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if bt, ok := c.(discordgo.Button); ok && bt.Label == "Confirm" {
				return bt.CustomID, true
			}
		}
	}
	return "", false
}

// drain empties the outbox as the courier would.
func drain(b testing.TB, h *Handler) {
	out, err := h.Store.Outbox()
	if err != nil {
		b.Fatal(err)
	}
	for _, o := range out {
		if err := h.Store.Discard(o.Seq); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayAnimation makes the animation of /vinhos replay for a
// finished 2-player Vinhos game (60 moves, 25 frames) with the real
// boards (render/vinhos), bypassing the Handler's drawings kept: replaying
// the log, drawing each frame, scaling, mapping it to a palette and
// encoding the GIF. With -benchmem, B/op is what one replay allocates;
// live-MB is the most the heap held, after a collection, as a frame was
// about to be drawn, less what it held before the replay (measured in one
// replay before the timed ones); gif-KB is the animation's size.
func BenchmarkReplayAnimation(b *testing.B) {
	h := newHandler(b)
	h.Drawer = render.Boards{"vinhos": vinhosboard.Renderer}
	g := startGame(b, h, "vinhos")
	for len(g.Log) < 120 && !g.State.Over() {
		act, err := engine.Auto(g.State, g.State.Pending()[0].Seat)
		if err != nil {
			b.Fatal(err)
		}
		g = storeMove(b, h, g, act)
	}
	ends, err := partEnds(h.Games, g)
	if err != nil {
		b.Fatal(err)
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	base, live := heap(), uint64(0)
	measured := heapDrawer{h.Drawer, func() { live = max(live, heap()-min(base, heap())) }}
	data, _, err := Animate(h.Games, measured, g)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := Animate(h.Games, h.Drawer, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
	b.ReportMetric(float64(len(data))/(1<<10), "gif-KB")
	b.ReportMetric(float64(len(ends)), "frames")
	b.ReportMetric(float64(len(g.Log)), "moves")
}

// heapDrawer calls before ahead of each board it draws.
type heapDrawer struct {
	Drawer
	before func()
}

func (d heapDrawer) Board(game string, s engine.State) image.Image {
	d.before()
	return d.Drawer.Board(game, s)
}

// BenchmarkStats answers /adega stats and /adega leaderboard through the
// handler (the command and its deferred edit) in a server with 300
// finished 2-player Vinhos games: u1 and u2 played 150, u3 and u4 the
// others. The store caches the state of 256 games; "after-restart" asks
// u1's stats of a store just opened, as after a restart or on a bot with
// more games than its cache holds (the reopening is not timed).
func BenchmarkStats(b *testing.B) {
	h := newHandler(b)
	h.Games = engine.NewRegistry(vinhos.Game{}, nim.Game{})
	path := filepath.Join(b.TempDir(), "stats.db")
	open := func() {
		store, err := storage.Open(path, h.Games)
		if err != nil {
			b.Fatal(err)
		}
		h.Store = store
	}
	open()
	defer func() { h.Store.Close() }()
	const guild = "1100000000000000000" // slash's
	g := startGame(b, h, "vinhos")
	for !g.State.Over() {
		act, err := engine.Auto(g.State, g.State.Pending()[0].Seat)
		if err != nil {
			b.Fatal(err)
		}
		g = storeMove(b, h, g, act)
	}
	for k := range 300 {
		a, z := u1, u2
		if k%2 == 1 {
			a, z = u3, u4
		}
		meta := adega.Meta{ChannelID: table, GuildID: guild, Seats: []adega.SeatUser{{UserID: a, Name: "Ana"}, {UserID: z, Name: "Bruno"}}}
		if _, err := h.Store.Import(meta, g.Setup, g.Moves(), h.Now(), nil); err != nil {
			b.Fatal(err)
		}
	}
	ask := func(b *testing.B, sub string) {
		if _, err := h.Handle(adegaSlash(u1, sub)).Edit(); err != nil {
			b.Fatal(err)
		}
	}
	for _, sub := range []string{"stats", "leaderboard"} {
		b.Run(sub, func(b *testing.B) {
			for b.Loop() {
				ask(b, sub)
			}
		})
	}
	b.Run("stats-after-restart", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			h.Store.Close()
			open()
			b.StartTimer()
			ask(b, "stats")
		}
	})
}
