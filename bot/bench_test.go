package bot_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
	"github.com/adega-bot/adega/storage"
)

// BenchmarkMoveLatency plays random legal moves typed as /vinhos play in a
// 4-player game and measures, on the fake Discord, the time from sending
// the interaction to the bot's acknowledgement (ack-ms) and to the turn
// message with its board PNG (post-ms), drawn by the real renderer.
func BenchmarkMoveLatency(b *testing.B) {
	h := newHarnessWith(b, render.Boards{"vinhos": {Board: vinhosboard.Board, Player: vinhosboard.Player}})
	srv := h.srv
	thread := srv.NewChannel("game").ID
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}
	users := map[string]*discordgo.User{}
	var seats []storage.SeatUser
	for _, name := range names {
		u := srv.NewUser(name)
		users[u.ID] = u
		seats = append(seats, storage.SeatUser{UserID: u.ID, Name: name})
	}
	var g *storage.Game
	newGame := func(seed uint64) {
		var err error
		g, err = h.store.Create(storage.Meta{ChannelID: thread, Seats: seats},
			engine.Setup{Game: "vinhos", Seed: seed, Players: names}, time.Now(), nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	newGame(1)
	rng := rand.New(rand.NewPCG(3, 4))
	var ack, post time.Duration
	moves := 0
	for b.Loop() {
		if g.State.Over() {
			newGame(uint64(moves) + 2)
		}
		seat := g.State.Pending()[0].Seat
		var opts []fakediscord.CommandOption
		var act engine.Action
		for {
			step, err := g.State.Choices(seat, act)
			if err != nil {
				b.Fatal(err)
			}
			if step.Complete {
				break
			}
			id := step.Choices[rng.IntN(len(step.Choices))].ID
			act = append(act, id)
			opts = append(opts, fakediscord.StringOption("step"+strconv.Itoa(len(act)), id))
		}
		if len(opts) > 8 {
			continue // more steps than the command has options
		}
		posts := len(h.public(thread))
		start := time.Now()
		in := srv.SlashCommand(srv.InGuild(users[g.Meta.Seats[seat].UserID], thread), "vinhos", fakediscord.Subcommand("play", opts...))
		if r := h.callback(in); r.Data != nil && strings.Contains(r.Data.Content, "to confirm") {
			continue // a big move waits for a confirmation: time another
		}
		ack += time.Since(start)
		h.waitPosts(thread, posts+1)
		post += time.Since(start)
		moves++
		var err error
		if g, err = h.store.Load(g.ID); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(ack.Microseconds())/1000/float64(moves), "ack-ms")
	b.ReportMetric(float64(post.Microseconds())/1000/float64(moves), "post-ms")
}
