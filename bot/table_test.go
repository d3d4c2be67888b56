package bot_test

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
	"github.com/adega-bot/adega/referee"
)

// table is a game of Vinhos set up in its own thread for a test, played
// through the fake Discord.
type table struct {
	h      *harness
	thread string
	id     string
	users  []*discordgo.User // by seat
}

// newTable sets a 2-player game up (first-play regions, the given seed),
// plays the first moves with engine.Auto, and posts its board with the
// buttons, as a turn message does.
func (h *harness) newTable(seed uint64, moves int) *table {
	h.t.Helper()
	tb := h.seatTable(seed, moves)
	h.callback(h.srv.SlashCommand(tb.at(tb.users[0]), "vinhos", fakediscord.Subcommand("board")))
	h.waitPosts(tb.thread, 1)
	return tb
}

// seatTable is newTable without the board.
func (h *harness) seatTable(seed uint64, moves int) *table {
	h.t.Helper()
	tb := &table{h: h, thread: h.srv.NewChannel("game").ID}
	names := []string{"Ana", "Bruno"}
	var seats []adega.SeatUser
	for _, n := range names {
		u := h.srv.NewUser(strings.ToLower(n))
		tb.users = append(tb.users, u)
		seats = append(seats, adega.SeatUser{UserID: u.ID, Name: n})
	}
	g, err := h.store.Create(adega.Meta{ChannelID: tb.thread, GuildID: h.srv.GuildID(), Seats: seats},
		engine.Setup{Game: "vinhos", Seed: seed, Players: names, Options: map[string]string{"regions": "first-play"}}, time.Now(), nil)
	if err != nil {
		h.t.Fatal(err)
	}
	tb.id = g.ID
	g = h.autoPlay(g, func(g *adega.Game) bool { return len(g.Log) >= moves })
	// The seats were stored in seat order by name.
	for s, su := range g.Meta.Seats {
		for _, u := range tb.users {
			if u.ID == su.UserID {
				tb.users[s] = u
			}
		}
	}
	return tb
}

func (tb *table) at(u *discordgo.User) fakediscord.Origin { return tb.h.srv.InGuild(u, tb.thread) }

func (tb *table) game() *adega.Game {
	tb.h.t.Helper()
	g, err := tb.h.store.Load(tb.id)
	if err != nil {
		tb.h.t.Fatal(err)
	}
	return g
}

// autoPlay plays g's pending decisions with engine.Auto through the store
// until done says so or the game is over.
func (h *harness) autoPlay(g *adega.Game, done func(*adega.Game) bool) *adega.Game {
	h.t.Helper()
	for !g.State.Over() && !done(g) {
		seat := g.State.Pending()[0].Seat
		act, err := engine.Auto(g.State, seat)
		if err != nil {
			h.t.Fatal(err)
		}
		res, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: time.Now()})
		if err != nil {
			h.t.Fatal(err)
		}
		g = res.Game
	}
	return g
}

// next is the seat that must decide, its user, and the decision the bot
// would make for it.
func (tb *table) next() (engine.Seat, *discordgo.User, engine.Action) {
	tb.h.t.Helper()
	g := tb.game()
	seat := g.State.Pending()[0].Seat
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		tb.h.t.Fatal(err)
	}
	return seat, tb.users[seat], act
}

// typedParts are the moves that typing act makes, as the bot plays a typed
// command: act, then the rest of the turn declined where the game paused
// it after a hidden tile came up and every step left may be declined.
func typedParts(st engine.State, seat engine.Seat, act engine.Action) ([]engine.Action, engine.State, error) {
	parts := []engine.Action{act}
	for {
		next, _, err := st.Apply(seat, act)
		if err != nil {
			return nil, nil, err
		}
		st = next
		if !engine.Continues(st, seat) {
			return parts, st, nil
		}
		if act, err = enginetest.Build(st, seat, nil, nil); err != nil {
			return parts, st, nil
		}
		parts = append(parts, act)
	}
}

// typed is /vinhos play with the action's steps as options.
func typed(action engine.Action) fakediscord.CommandOption {
	var opts []fakediscord.CommandOption
	for k, id := range action {
		opts = append(opts, fakediscord.StringOption("step"+strconv.Itoa(k+1), id))
	}
	return fakediscord.Subcommand("play", opts...)
}

// play types a decision and returns the answer.
func (tb *table) play(u *discordgo.User, action engine.Action) answer {
	tb.h.t.Helper()
	return tb.h.callback(tb.h.srv.SlashCommand(tb.at(u), "vinhos", typed(action)))
}

// selectOf returns the select menu a message carries.
func selectOf(m *discordgo.Message) *discordgo.SelectMenu {
	for _, c := range components(m) {
		if s, ok := c.(*discordgo.SelectMenu); ok {
			return s
		}
	}
	return nil
}

// newest is the newest public message of the table's thread.
func (tb *table) newest() fakediscord.Message {
	msgs := tb.h.public(tb.thread)
	return msgs[len(msgs)-1]
}

// settle waits until the outbox is empty: every message owed is posted.
func (h *harness) settle() {
	h.t.Helper()
	h.settleWithin(wait)
}

// settleWithin is settle with a time limit.
func (h *harness) settleWithin(limit time.Duration) {
	h.t.Helper()
	deadline := time.Now().Add(limit)
	for {
		out, err := h.store.Outbox()
		if err != nil {
			h.t.Fatal(err)
		}
		if len(out) == 0 {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("%d messages are still owed: %+v", len(out), out[0])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// acked is an interaction and how long its answer took, from the fake
// sending it to receiving the answer.
type acked struct {
	in     fakediscord.Interaction
	ack    time.Duration
	answer fakediscord.Request // the callback
}

// typeMove types a decision as /vinhos play and, when the bot asks for a
// confirmation, clicks Confirm on the private view. It returns the
// interactions it sent, oldest first (the last one played the move), and
// an error unless the bot answered that it played. It may run beside
// other moves, in other channels.
func (h *harness) typeMove(o fakediscord.Origin, act engine.Action) ([]acked, error) {
	return h.typeGameMove(o, "vinhos", act)
}

// typeGameMove is typeMove with another game's command.
func (h *harness) typeGameMove(o fakediscord.Origin, game string, act engine.Action) ([]acked, error) {
	return typeCommand(h.srv, o, game, act, func() {})
}

// typeCommand is typeGameMove on a fake Discord, calling before just
// before it sends each interaction.
func typeCommand(srv *fakediscord.Server, o fakediscord.Origin, game string, act engine.Action, before func()) ([]acked, error) {
	var sent []acked
	before()
	in := srv.SlashCommand(o, game, typed(act))
	for {
		r, err := srv.WaitFor(wait, in.IsCallback)
		if err != nil {
			return sent, fmt.Errorf("%v: %w", act, err)
		}
		sent = append(sent, acked{in, r.At.Sub(in.SentAt), r})
		var a answer
		if err := r.Decode(&a); err != nil || a.Data == nil {
			return sent, fmt.Errorf("%v: unreadable answer %s", act, r.JSON)
		}
		switch {
		case strings.HasPrefix(a.Data.Content, "Played"):
			return sent, nil
		case len(sent) > 1 || !strings.Contains(a.Data.Content, "to confirm"):
			return sent, fmt.Errorf("%v: %q", act, a.Data.Content)
		}
		msgs := srv.Messages(o.ChannelID)
		k := len(msgs) - 1
		for k >= 0 && msgs[k].Flags&discordgo.MessageFlagsEphemeral == 0 {
			k--
		}
		if k < 0 {
			return sent, fmt.Errorf("%v: no private view to confirm", act)
		}
		confirm, ok := findButton(msgs[k].Message, "Confirm")
		if !ok {
			return sent, fmt.Errorf("%v: no Confirm button on %q", act, msgs[k].Content)
		}
		before()
		in = srv.Button(o, msgs[k].ID, confirm)
	}
}
