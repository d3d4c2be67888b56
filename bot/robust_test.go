package bot_test

import (
	"image"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
)

// panickyDrawer fails the way a bug would.
type panickyDrawer struct{ summaryDrawer }

func (panickyDrawer) Board(string, engine.State) image.Image { panic("the brush broke") }
func (panickyDrawer) Player(string, engine.State, engine.Seat) image.Image {
	panic("the brush broke")
}

// A panic while handling one interaction is answered with an apology and
// the bot keeps serving; a panic while drawing a turn message's board
// still posts the message, without the board.
func TestPanicIsRecoveredAndAnswered(t *testing.T) {
	h := newHarnessWith(t, panickyDrawer{})
	bruno, thread := h.panicAfterTheAck()
	in := h.srv.SlashCommand(h.srv.InGuild(bruno, thread), "vinhos", fakediscord.Subcommand("board"))
	if r := h.callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "board follows") {
		t.Fatalf("the bot stopped answering after a panic: %+v", r)
	}
	posted := h.waitPosts(thread, 1)[0]
	if len(posted.Files) != 0 || !strings.Contains(posted.Content, "The board, as bruno asked.") || posted.Embeds[0].Image != nil {
		t.Fatalf("the board's message after a panic in the drawing: %q, %d files", posted.Content, len(posted.Files))
	}
	in = h.srv.SlashCommand(h.srv.InGuild(bruno, thread), "vinhos", fakediscord.Subcommand("status"))
	if r := h.callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "Setup: initial vineyards") {
		t.Fatalf("the bot stopped answering after a panic: %+v", r)
	}
}

// panicAfterTheAck seats ana and bruno in a game and has ana ask for her
// own board, which a panickyDrawer cannot draw: the bot must have
// apologized in a follow-up. It returns bruno and the game's thread.
func (h *harness) panicAfterTheAck() (*discordgo.User, string) {
	h.t.Helper()
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	thread := h.srv.NewChannel("game").ID
	if _, err := h.store.Create(adega.Meta{ChannelID: thread, Seats: []adega.SeatUser{{UserID: ana.ID, Name: "Ana"}, {UserID: bruno.ID, Name: "Bruno"}}},
		engine.Setup{Game: "vinhos", Seed: 1, Players: []string{"Ana", "Bruno"}}, time.Now(), nil); err != nil {
		h.t.Fatal(err)
	}
	in := h.srv.SlashCommand(h.srv.InGuild(ana, thread), "vinhos", fakediscord.Subcommand("me"))
	h.callback(in) // the deferred ack went out before the drawing panicked
	sorry, err := h.srv.WaitFor(wait, in.IsFollowup)
	if err != nil {
		h.t.Fatal("no apology after the panic:", err)
	}
	if !strings.Contains(string(sorry.JSON), "Sorry, something went wrong") {
		h.t.Fatalf("apology: %s", sorry.JSON)
	}
	return bruno, thread
}

// Interactions from a DM carry a user instead of a member; they are routed
// and answered in the DM.
func TestDirectMessagesAreRouted(t *testing.T) {
	h := newHarness(t)
	ana := h.srv.NewUser("ana")
	in := h.srv.SlashCommand(h.srv.InDM(ana), "vinhos", fakediscord.Subcommand("new"))
	r := h.callback(in)
	if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(r.Data.Content, "server channel") {
		t.Fatalf("DM answer: %+v", r)
	}
	in = h.srv.SlashCommand(h.srv.InDM(ana), "vinhos", fakediscord.Subcommand("rules", fakediscord.StringOption("topic", "fair")))
	if r := h.callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "years 3, 5 and 6") {
		t.Fatalf("rules in a DM: %+v", r)
	}
}
