package bot_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/rusage"
)

// randomTyped builds a random legal decision for seat as a player picks it
// from autocomplete: step by step from Choices, with the prefix so far,
// until the step is Complete. A decision of more steps than /vinhos play
// has options is drawn again; after 20 draws the bot's own choice
// (engine.Auto) is taken, and an error returned if even that is too long.
func randomTyped(st engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	for range 20 {
		var act engine.Action
		for {
			step, err := st.Choices(seat, act)
			if err != nil {
				return nil, err
			}
			if step.Complete {
				break
			}
			act = append(act, step.Choices[rng.IntN(len(step.Choices))].ID)
		}
		if len(act) <= 8 {
			return act, nil
		}
	}
	act, err := engine.Auto(st, seat)
	if err == nil && len(act) > 8 {
		err = fmt.Errorf("no decision of at most 8 steps found: %v", act)
	}
	return act, err
}

// BenchmarkMoveLatency plays whole 4-player games, one per iteration
// (seeds 1, 2, ...), each in a thread of its own, through the real
// discordgo session and the fake Discord, with the real board renderer.
// Every decision is built at random from Choices (randomTyped) and typed
// as /vinhos play; when the bot asks for a confirmation, Confirm is
// clicked. The benchmark waits for each move's turn message before the
// next move. It reports, per move:
//
//   - ack-ms, ack-p99-ms: from the fake sending an interaction to receiving
//     the bot's answer, for every interaction (confirmations included);
//   - post-ms: from sending the interaction that played the move to the
//     turn message with its board PNG, and post-early-ms and post-late-ms
//     for the first and second half of each game's moves, whose boards
//     differ;
//   - cpu-ms/move: the process's CPU time (getrusage) per move: the bot,
//     the fake Discord and the driver together;
//   - moves/game, confirms/game, and rereads/game: the moves before which
//     the player waited a second, having typed the same command as their
//     last (these seconds count in ns/op, a whole game).
func BenchmarkMoveLatency(b *testing.B) {
	benchMoveLatency(b, "vinhos", []string{"Ana", "Bruno", "Carla", "Duarte"})
}

// BenchmarkLaVinaMoveLatency is BenchmarkMoveLatency for 5-player games of
// La Viña, typed as /lavina play.
func BenchmarkLaVinaMoveLatency(b *testing.B) {
	benchMoveLatency(b, "lavina", []string{"Ana", "Bruno", "Carla", "Duarte", "Eva"})
}

func benchMoveLatency(b *testing.B, game string, names []string) {
	h := newHarnessWith(b, realBoards, fakediscord.WithoutFileData())
	users := map[string]*discordgo.User{}
	var seats []adega.SeatUser
	for _, name := range names {
		u := h.srv.NewUser(name)
		users[u.ID] = u
		seats = append(seats, adega.SeatUser{UserID: u.ID, Name: name})
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var acks []time.Duration
	var post, early, late time.Duration
	var moves, earlyMoves, lateMoves, confirms, rereads int
	cpu := rusage.CPU()
	for seed := uint64(1); b.Loop(); seed++ {
		thread := h.srv.NewChannel("game").ID
		g, err := h.store.Create(adega.Meta{ChannelID: thread, GuildID: h.srv.GuildID(), Seats: seats},
			engine.Setup{Game: game, Seed: seed, Players: names}, time.Now(), nil)
		if err != nil {
			b.Fatal(err)
		}
		var posted []time.Duration
		last := map[engine.Seat]string{} // each seat's last command
		for !g.State.Over() {
			seat := g.State.Pending()[0].Seat
			act, err := randomTyped(g.State, seat, rng)
			if err != nil {
				b.Fatal(err)
			}
			// The bot takes the same command typed again by the same seat,
			// within a second of the answer and before the turn message is
			// recorded, for a copy sent by mistake: a player reads first.
			if typed := strings.Join(act, " "); typed == last[seat] {
				time.Sleep(time.Second)
				rereads++
			} else {
				last[seat] = typed
			}
			sent, err := h.typeGameMove(h.srv.InGuild(users[g.Meta.Seats[seat].UserID], thread), game, act)
			for _, s := range sent {
				acks = append(acks, s.ack)
			}
			if err != nil {
				b.Fatal(err)
			}
			confirms += len(sent) - 1
			if g, err = h.store.Load(g.ID); err != nil {
				b.Fatal(err)
			}
			// One turn message for each change of the game.
			h.waitPosts(thread, int(g.Stamp)-1)
			posted = append(posted, time.Since(sent[len(sent)-1].in.SentAt))
		}
		half := len(posted) / 2
		for k, d := range posted {
			post += d
			if k < half {
				early, earlyMoves = early+d, earlyMoves+1
			} else {
				late, lateMoves = late+d, lateMoves+1
			}
		}
		moves += len(posted)
	}
	ms := func(d time.Duration, n int) float64 { return float64(d.Microseconds()) / 1000 / float64(n) }
	var sum time.Duration
	for _, d := range acks {
		sum += d
	}
	slices.Sort(acks)
	b.ReportMetric(ms(sum, len(acks)), "ack-ms")
	b.ReportMetric(ms(quantile(acks, 0.99), 1), "ack-p99-ms")
	b.ReportMetric(ms(post, moves), "post-ms")
	b.ReportMetric(ms(early, earlyMoves), "post-early-ms")
	b.ReportMetric(ms(late, lateMoves), "post-late-ms")
	b.ReportMetric(ms(rusage.CPU()-cpu, moves), "cpu-ms/move")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
	b.ReportMetric(float64(confirms)/float64(b.N), "confirms/game")
	b.ReportMetric(float64(rereads)/float64(b.N), "rereads/game")
}
