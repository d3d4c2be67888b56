package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
)

// aloneAt starts a game of Vinhos that user plays with nobody else: a
// solo game against Lacerda in direct messages, or, with bots, a game of
// one person and bot seats in a thread. opts go to solo start or to new.
// It returns where the game is played.
func (h *harness) aloneAt(user *discordgo.User, bots bool, opts ...fakediscord.CommandOption) fakediscord.Origin {
	h.t.Helper()
	if !bots {
		o := h.srv.InDM(user)
		posts := len(h.public(o.ChannelID))
		if r := h.shown(h.srv.SlashCommand(o, "vinhos", fakediscord.SubcommandGroup("solo", fakediscord.Subcommand("start", opts...)))); r.Data != nil &&
			r.Data.Content != "" {
			h.t.Fatalf("no solo game: %+v", r.Data)
		}
		h.waitPosts(o.ChannelID, posts+1)
		return o
	}
	return h.aloneIn(user, h.srv.NewChannel("vinhos").ID, opts...)
}

// aloneIn starts a game of Vinhos in a thread of channel that user plays
// with a bot seat, and returns where it is played.
func (h *harness) aloneIn(user *discordgo.User, channel string, opts ...fakediscord.CommandOption) fakediscord.Origin {
	h.t.Helper()
	opts = append(opts, fakediscord.IntegerOption("players", 2), fakediscord.IntegerOption("bots", 1), fakediscord.StringOption("level", "easy"))
	if r := h.callback(h.srv.SlashCommand(h.srv.InGuild(user, channel), "vinhos", fakediscord.Subcommand("new", opts...))); r.Data == nil ||
		!strings.Contains(r.Data.Content, "Press **Join**") {
		h.t.Fatalf("no lobby: %+v", r.Data)
	}
	return h.srv.InGuild(user, h.joinAndStart(channel, []*discordgo.User{user}))
}

// playUntilReveal types o.User's decisions, the bot's seats playing
// theirs, until an undo of theirs would take back a move that turned up
// hidden information; it returns the game then, waiting for them alone.
func (h *harness) playUntilReveal(o fakediscord.Origin) *adega.Game {
	h.t.Helper()
	id := h.game(o.ChannelID).ID
	for range 100 {
		g := h.untilAnaOrEnd(id, o.User.ID)
		seat, _ := seatOfUser(g, o.User.ID)
		last := len(g.Log) - 1
		for last >= 0 && g.Log[last].Seat != seat {
			last--
		}
		if last >= 0 && slicesContainReveal(g.Log[last:]) {
			return g
		}
		act, err := engine.Auto(g.State, seat)
		if err != nil {
			h.t.Fatal(err)
		}
		if _, err := h.typeGameMove(o, "vinhos", act); err != nil {
			h.t.Fatal(err)
		}
	}
	h.t.Fatal("no move of the player turned up hidden information")
	return nil
}

func seatOfUser(g *adega.Game, userID string) (engine.Seat, bool) {
	for s, u := range g.Meta.Seats {
		if u.UserID == userID {
			return engine.Seat(s), true
		}
	}
	return engine.NoSeat, false
}

func slicesContainReveal(log []adega.LogEntry) bool {
	for _, e := range log {
		if engine.Revealed(e.Events) {
			return true
		}
	}
	return false
}

// In a game nobody else plays (solo against Lacerda, or one person and a
// bot seat), an undo that would take back a move that turned up a hidden
// card is refused, with the reason and the way to play such undos: a
// practice game. The game stays as it was.
func TestUndoNeverPeeksWithNobodyToAsk(t *testing.T) {
	for name, bots := range map[string]bool{"solo against Lacerda": false, "one person and a bot seat": true} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.gameSeed.Store(7)
			o := h.aloneAt(h.srv.NewUser("ana"), bots)
			g := h.playUntilReveal(o)
			h.settle()
			posts := len(h.public(o.ChannelID))
			r := h.callback(h.srv.SlashCommand(o, "vinhos", fakediscord.Subcommand("undo")))
			if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(r.Data.Content, "nobody else plays this game") ||
				!strings.Contains(r.Data.Content, "`practice` option") {
				t.Errorf("the undo of a reveal answered %+v, want a private refusal", r.Data)
			}
			h.settle()
			if after := h.game(o.ChannelID); after.Stamp != g.Stamp || after.Version != g.Version || len(h.public(o.ChannelID)) != posts {
				t.Fatalf("the refused undo changed the game: version %d → %d, %d messages posted", g.Version, after.Version, len(h.public(o.ChannelID))-posts)
			}
		})
	}
}

// In a practice game the same undo is taken back at once, and the game
// says in its status that it is practice.
func TestPracticeUndoTakesBackAReveal(t *testing.T) {
	for name, bots := range map[string]bool{"solo against Lacerda": false, "one person and a bot seat": true} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.gameSeed.Store(7)
			o := h.aloneAt(h.srv.NewUser("ana"), bots, fakediscord.BooleanOption("practice", true))
			status := h.callback(h.srv.SlashCommand(o, "vinhos", fakediscord.Subcommand("status")))
			if status.Data == nil || !strings.Contains(status.Data.Content, "A practice game") {
				t.Errorf("the status does not say it is practice: %+v", status.Data)
			}
			g := h.playUntilReveal(o)
			seat, _ := seatOfUser(g, o.User.ID)
			last := len(g.Log) - 1
			for g.Log[last].Seat != seat {
				last--
			}
			if r := h.callback(h.srv.SlashCommand(o, "vinhos", fakediscord.Subcommand("undo"))); r.Data == nil || !strings.Contains(r.Data.Content, "Done") {
				t.Fatalf("the undo in a practice game answered %+v", r.Data)
			}
			if after := h.game(o.ChannelID); after.Version != uint64(last) {
				t.Fatalf("version %d after the undo, want %d", after.Version, last)
			}
		})
	}
}

// Practice games count in no statistics: not in /adega stats, not in the
// server's leaderboard, not in the solo record, finished or not.
func TestPracticeGamesCountInNoStatistics(t *testing.T) {
	h := newHarness(t)
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	channel := h.srv.NewChannel("vinhos").ID
	if r := h.callback(h.srv.SlashCommand(h.srv.InGuild(ana, channel), "vinhos", fakediscord.Subcommand("new",
		fakediscord.IntegerOption("players", 2), fakediscord.BooleanOption("practice", true)))); r.Data == nil || !strings.Contains(r.Data.Content, "A practice game") {
		t.Fatalf("the lobby does not say it is practice: %+v", r.Data)
	}
	table := h.joinAndStart(channel, []*discordgo.User{ana, bruno})
	h.autoPlay(h.game(table), func(*adega.Game) bool { return false })
	solo := h.aloneAt(ana, false, fakediscord.BooleanOption("practice", true))
	h.autoPlay(h.game(solo.ChannelID), func(*adega.Game) bool { return false })
	h.aloneAt(ana, false, fakediscord.BooleanOption("another", true), fakediscord.BooleanOption("practice", true)) // in progress

	for _, c := range []struct {
		o       fakediscord.Origin
		command fakediscord.CommandOption
		want    string
	}{
		{h.srv.InGuild(ana, channel), fakediscord.Subcommand("stats"), "No finished games yet."},
		{h.srv.InGuild(bruno, channel), fakediscord.Subcommand("leaderboard"), "No game has been finished in this server yet."},
		{solo, fakediscord.SubcommandGroup("solo", fakediscord.Subcommand("stats")), "You have not finished a solo game yet (0 in progress)."},
	} {
		name := "adega"
		if c.command.Name == "solo" {
			name = "vinhos"
		}
		in := h.srv.SlashCommand(c.o, name, c.command)
		body := h.answerText(in)
		if !strings.Contains(body, c.want) || strings.Contains(body, "In progress") {
			t.Errorf("/%s %s: %s, want %q", name, c.command.Name, body, c.want)
		}
	}
}
