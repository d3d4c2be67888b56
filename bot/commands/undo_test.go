package commands

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/storage"
)

const table = "1120000000000000009" // a thread (see newHandler's IsThread)

func slash(userID, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	return &discordgo.Interaction{ID: "i-" + sub, Type: discordgo.InteractionApplicationCommand, ChannelID: table, GuildID: "g",
		Member: &discordgo.Member{User: &discordgo.User{ID: userID, Username: userID}},
		Data: discordgo.ApplicationCommandInteractionData{Name: Command, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}}
}

func click(userID, customID string) *discordgo.Interaction {
	return &discordgo.Interaction{ID: "c", Type: discordgo.InteractionMessageComponent, ChannelID: table, GuildID: "g",
		Member:  &discordgo.Member{User: &discordgo.User{ID: userID, Username: userID}},
		Message: &discordgo.Message{ID: "m"},
		Data:    discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}}
}

// startGame creates a game of the named game in the test thread for users
// u1 and u2, and returns it.
func startGame(t *testing.T, h *Handler, game string) *storage.Game {
	t.Helper()
	g, err := h.Store.Create(storage.Meta{ChannelID: table, CreatorID: "u1", Seats: []storage.SeatUser{{UserID: "u1", Name: "Ana"}, {UserID: "u2", Name: "Bruno"}}},
		engine.Setup{Game: game, Seed: 5, Players: []string{"Ana", "Bruno"}}, h.Now())
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playAuto plays the pending decision automatically and returns the user
// who played it.
func playAuto(t *testing.T, h *Handler, g *storage.Game) (*storage.Game, string) {
	t.Helper()
	seat := g.State.Pending()[0].Seat
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Store.Move(g.ID, g.Version, seat, act, h.Now())
	if err != nil {
		t.Fatal(err)
	}
	return res.Game, g.Meta.Seats[seat].UserID
}

func undoHandler(t *testing.T) *Handler {
	h := newHandler(t)
	h.Games = engine.NewRegistry(vinhos.Game{}, nim.Game{})
	store, err := storage.Open(t.TempDir()+"/u.db", h.Games)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h.Store = store
	return h
}

func TestUndoAtOnceWhenNobodyPlayedSinceAndNothingWasRevealed(t *testing.T) {
	h := undoHandler(t)
	g, mover := playAuto(t, h, startGame(t, h, "nim"))
	r := h.Handle(slash(mover, "undo"))
	if len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "took back their last action (1 move)") {
		t.Fatalf("undo reply: %+v", r)
	}
	if g2, _ := h.Store.Load(g.ID); g2.Version != 0 {
		t.Fatalf("version %d after undo", g2.Version)
	}
	if r := h.Handle(slash(mover, "undo")); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "no action to take back") {
		t.Fatalf("undo with nothing to undo: %+v", r.Ack.Data)
	}
}

func TestUndoAfterOthersPlayedNeedsTheirConsent(t *testing.T) {
	for _, answer := range []string{kindAgree, kindRefuse} {
		h := undoHandler(t)
		g, first := playAuto(t, h, startGame(t, h, "nim"))
		g, second := playAuto(t, h, g)
		r := h.Handle(slash(first, "undo"))
		if !ephemeral(r) || len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "others have played since") {
			t.Fatalf("request: %+v", r)
		}
		if got := r.Posts[0].Message.AllowedMentions.Users; len(got) != 1 || got[0] != second {
			t.Fatalf("the request pings %v, want %s", got, second)
		}
		id := customID{kind: answer, target: g.ID, version: g.Version}.String()
		if r := h.Handle(click(first, id)); !ephemeral(r) {
			t.Fatal("the requester answered their own request")
		}
		r = h.Handle(click(second, id))
		after, _ := h.Store.Load(g.ID)
		switch answer {
		case kindAgree:
			if after.Version != 0 || len(r.Posts) != 1 {
				t.Fatalf("after consent: version %d, %d posts", after.Version, len(r.Posts))
			}
		case kindRefuse:
			if after.Version != 2 || after.Meta.Undo != nil || !strings.Contains(r.Ack.Data.Content, "refused") {
				t.Fatalf("after refusal: version %d, request %+v", after.Version, after.Meta.Undo)
			}
		}
		if r := h.Handle(click(second, id)); !strings.Contains(r.Ack.Data.Content, "closed") {
			t.Fatalf("an answered request took a second answer: %+v", r.Ack.Data)
		}
	}
}

func TestUndoOfARevealNeedsConsent(t *testing.T) {
	h := undoHandler(t)
	g, mover := playAuto(t, h, startGame(t, h, "vinhos")) // an initial vineyard shows the next tile
	r := h.Handle(slash(mover, "undo"))
	if len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "revealed new information") {
		t.Fatalf("undoing a reveal: %+v", r)
	}
	if after, _ := h.Store.Load(g.ID); after.Version != g.Version || after.Meta.Undo == nil {
		t.Fatal("the reveal was undone without consent")
	}
}
