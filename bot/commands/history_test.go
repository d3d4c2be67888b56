package commands

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/referee"
)

func TestLogPagesThroughTwentyMovesAPage(t *testing.T) {
	h := undoHandler(t)
	g := startGame(t, h, "vinhos")
	for range 30 {
		g, _ = playAuto(t, h, g)
	}
	r := h.Handle(slash(u1, "log"))
	if !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "page 2 of 2") || !strings.Contains(r.Ack.Data.Content, "Move 30") {
		t.Fatalf("the log opens on the latest page: %q", r.Ack.Data.Content)
	}
	r = h.Handle(click(u2, customID{kind: kindLog, target: g.ID, stamp: g.Stamp, offset: 0}.String()))
	text := r.Ack.Data.Content
	if !strings.Contains(text, "page 1 of 2") || !strings.Contains(text, "Setup") || !strings.Contains(text, "Move 20,") || strings.Contains(text, "Move 21,") {
		t.Fatalf("page 1: %q", text)
	}
	if r := h.Handle(slash(u1, "log", &discordgo.ApplicationCommandInteractionDataOption{Name: "page", Type: discordgo.ApplicationCommandOptionInteger, Value: float64(9)})); !strings.Contains(r.Ack.Data.Content, "pages 1 to 2") {
		t.Fatalf("a page past the end: %q", r.Ack.Data.Content)
	}
}

func TestExportThenImportRestoresTheGame(t *testing.T) {
	h := undoHandler(t)
	g := startGame(t, h, "vinhos")
	if _, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error { m.GuildID = slash(u1, "status").GuildID; return nil }); err != nil {
		t.Fatal(err)
	}
	for range 12 {
		g, _ = playAuto(t, h, g)
	}
	// /vinhos do export is the Export action; the file is /vinhos download.
	if r := h.Handle(doSlash(u1, "export")); !strings.Contains(r.Ack.Data.Content, "export action") || r.Edit != nil {
		t.Fatalf("/vinhos do export answered %q", r.Ack.Data.Content)
	}
	if r := h.Handle(slash(u1, "export")); !strings.Contains(r.Ack.Data.Content, "no option") {
		t.Fatalf("/vinhos export, outside the group, answered %q", r.Ack.Data.Content)
	}
	edit, err := h.Handle(slash(u2, "download")).Edit()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(edit.Files[0].Reader)
	if _, err := referee.ParseExport(data); err != nil {
		t.Fatalf("the attached export does not parse: %v", err)
	}
	if err := h.Store.SetStatus(g.ID, adega.StatusAbandoned, h.Now(), nil); err != nil {
		t.Fatal(err)
	}
	h.Fetch = func(url string) ([]byte, error) {
		if url != "https://cdn.example/export.json" {
			return nil, fmt.Errorf("unexpected %s", url)
		}
		return data, nil
	}
	const file = "1600000000000000001"
	importBy := func(userID string) *discordgo.Interaction {
		in := slash(userID, "import", &discordgo.ApplicationCommandInteractionDataOption{Name: "file", Type: discordgo.ApplicationCommandOptionAttachment, Value: file})
		data := in.Data.(discordgo.ApplicationCommandInteractionData)
		data.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Attachments: map[string]*discordgo.MessageAttachment{file: {ID: file, URL: "https://cdn.example/export.json"}}}
		in.Data = data
		return in
	}
	// The game was in progress: only its creator or a server manager
	// restores it, here.
	if r := h.Handle(importBy(u3)); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "only its creator or a member with Manage Server") {
		t.Fatalf("a member without Manage Server imported: %+v", r.Ack.Data)
	}
	in := importBy(u1)
	h.Handle(in)
	if msgs := deliver(t, h); len(msgs) != 1 || !strings.Contains(msgs[0].Content, "restored from an export") {
		t.Fatalf("import posted %+v", msgs)
	}
	restored, err := h.channelGame(in)
	if err != nil || restored.ID == g.ID || restored.Version != g.Version || restored.Meta.Seats[0].UserID != u1 || restored.Meta.CreatorID != u1 {
		t.Fatalf("restored %+v (%v)", restored, err)
	}
}

func TestReplaceGivesASeatToAUserOrTheBot(t *testing.T) {
	h := undoHandler(t)
	g := startGame(t, h, "vinhos")
	user := func(name string, value any) *discordgo.ApplicationCommandInteractionDataOption {
		typ := discordgo.ApplicationCommandOptionString
		switch {
		case name == "bot":
			typ = discordgo.ApplicationCommandOptionBoolean
		case name == "user":
			typ = discordgo.ApplicationCommandOptionUser
		}
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: value}
	}
	if r := h.Handle(slash(u2, "replace", user("seat", "Ana"), user("user", u3))); !strings.Contains(r.Ack.Data.Content, "Only the game's creator") {
		t.Fatalf("a player replaced another: %+v", r.Ack.Data)
	}
	h.Handle(slash(u1, "replace", user("seat", "2"), user("user", u3)))
	if msgs := deliver(t, h); len(msgs) != 1 || !strings.Contains(msgs[0].Content, "Bruno's seat is now played by <@"+u3+">") {
		t.Fatalf("replace posted %+v", msgs)
	}
	g, _ = h.Store.Load(g.ID)
	if g.Meta.Seats[1].UserID != u3 {
		t.Fatalf("seat 2 is %+v", g.Meta.Seats[1])
	}
	if r := h.Handle(slash(u1, "replace", user("seat", "Ana"), user("user", u3), user("level", "hard"))); !strings.Contains(r.Ack.Data.Content, "is for the bot") {
		t.Fatalf("a level for a person: %+v", r.Ack.Data)
	}
	// The bot takes both seats, one at the hard level: the scheduler plays
	// them on until nobody is left to ask, and says so.
	h.Handle(slash(u1, "replace", user("seat", "Ana"), user("bot", true), user("level", "hard")))
	h.Handle(slash(u1, "replace", user("seat", "Bruno"), user("bot", true)))
	if msgs := deliver(t, h); len(msgs) != 2 || !strings.Contains(msgs[0].Content, "Ana's seat is now played by the bot, at the hard level") ||
		!strings.Contains(msgs[1].Content, "the bot is thinking") {
		t.Fatalf("replace posted %+v", msgs)
	}
	g = runBots(t, h, g.ID)
	if !g.State.Over() {
		t.Fatalf("two bot seats stopped at %s", g.State.Phase())
	}
	// One turn message, and the game's ending after it.
	if msgs := deliver(t, h); len(msgs) != 2 || !strings.Contains(msgs[0].Content, "The bot played for **Bruno and Ana**") ||
		!strings.Contains(msgs[1].Content, "move by move") {
		for _, m := range msgs {
			t.Log(m.Content)
		}
		t.Fatal("the bot's turns were not announced in one message")
	}
}
