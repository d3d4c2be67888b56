package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
)

// Looking back through Discord: /vinhos board move:N answers privately
// with the board after move N, and its Next button replaces that view
// with the next move's, image and all.
func TestLookingBackThroughDiscord(t *testing.T) {
	h := newHarness(t)
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	thread := h.srv.NewChannel("game").ID
	g, err := h.store.Create(storage.Meta{ChannelID: thread, Seats: []storage.SeatUser{{UserID: ana.ID, Name: "Ana"}, {UserID: bruno.ID, Name: "Bruno"}}},
		engine.Setup{Game: "vinhos", Seed: 3, Players: []string{"Ana", "Bruno"}}, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	g = h.autoPlay(g, func(g *storage.Game) bool { return len(g.Log) >= 8 })
	at := h.srv.InGuild(bruno, thread)
	in := h.srv.SlashCommand(at, "vinhos", fakediscord.Subcommand("board", fakediscord.IntegerOption("move", 2)))
	if r := h.callback(in); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("answer: %+v", r)
	}
	shown := func(in fakediscord.Interaction, want string) fakediscord.Message {
		t.Helper()
		edit, err := h.srv.WaitFor(wait, in.IsOriginalEdit)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(edit.JSON), want) {
			t.Fatalf("the view says %s, want %q", edit.JSON, want)
		}
		view := h.lastEphemeral(thread)
		if len(view.Files) != 1 || !isPNG(view.Files[0].Data) {
			t.Fatalf("the view holds %d files, want one board", len(view.Files))
		}
		return view
	}
	view := shown(in, "move 2 of 8")
	var next string
	for _, c := range components(view.Message) {
		if b, ok := c.(*discordgo.Button); ok && b.Label == "Next ▶" {
			next = b.CustomID
		}
	}
	click := h.srv.Button(at, view.ID, next)
	if r := h.callback(click); r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("the click's answer: %+v", r)
	}
	shown(click, "move 3 of 8")
}
