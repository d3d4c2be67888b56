package commands

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/storage"
)

// /vinhos hint: refused in a game of several people unless it was created
// with hints on, and to a player with nothing to decide; otherwise a
// private answer after a deferred acknowledgement, with the AI's top
// choices among the legal ones and its whole move, and the log shows the
// hint was asked.
func TestHintSuggestsTheAIsMoveWhereHintsAreAllowed(t *testing.T) {
	h := newHandler(t)
	h.AI = ai.Settings{Iterations: 8, Horizon: 4}
	g := startGame(t, h, "vinhos")
	mover := g.Meta.Seats[g.State.Pending()[0].Seat].UserID
	other := map[string]string{u1: u2, u2: u1}[mover]
	if r := h.Handle(slash(mover, "hint")); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "Hints are off") {
		t.Fatalf("a hint in a game without hints: %+v", r.Ack.Data)
	}
	if _, err := h.Store.UpdateMeta(g.ID, func(m *storage.Meta) error { m.Hints = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if r := h.Handle(slash(other, "hint")); !strings.Contains(r.Ack.Data.Content, "no decision to make") {
		t.Fatalf("a hint for a player who waits: %+v", r.Ack.Data)
	}
	r := h.Handle(slash(mover, "hint"))
	if r.Ack.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || r.Ack.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || r.Edit == nil {
		t.Fatalf("the hint is not a private deferred answer: %+v", r.Ack)
	}
	e, err := r.Edit()
	if err != nil {
		t.Fatal(err)
	}
	text := *e.Content
	step, _ := g.State.Choices(g.State.Pending()[0].Seat, nil)
	listed := 0
	for _, c := range step.Choices {
		if strings.Contains(text, "**"+c.Label+"**: won ") {
			listed++
		}
	}
	if !strings.HasPrefix(text, "💡 **A hint** for "+step.Prompt) || listed == 0 || listed > 3 || !strings.Contains(text, "Its whole move: ") || len(text) > contentLimit {
		t.Fatalf("the hint reads %q (%d of its choices listed)", text, listed)
	}
	after, _ := h.Store.Load(g.ID)
	if after.Version != g.Version {
		t.Fatal("asking for a hint played a move")
	}
	name := after.Meta.Seats[g.State.Pending()[0].Seat].Name
	if log := LogText(after, 0); !strings.Contains(log, "💡 "+name+" asked the AI for a hint.") {
		t.Fatalf("the log does not show the hint:\n%s", log)
	}
}

// Where nobody else plays (a game against the bot's seats), hints need no
// setting.
func TestHintNeedsNoSettingWhereNobodyElsePlays(t *testing.T) {
	h := newHandler(t)
	h.AI = ai.Settings{Iterations: 2, Horizon: 2}
	g, err := h.Store.Create(storage.Meta{ChannelID: table, CreatorID: u1, Seats: []storage.SeatUser{{UserID: u1, Name: "Ana"}, {Name: "Bot Baga", Bot: true}}},
		engine.Setup{Game: "vinhos", Seed: 5, Players: []string{"Ana", "Bot Baga"}}, h.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Meta.Seats[g.State.Pending()[0].Seat].Bot {
		g = runBots(t, h, g.ID)
	}
	r := h.Handle(slash(u1, "hint"))
	if r.Edit == nil {
		t.Fatalf("a hint against the bot was refused: %+v", r.Ack.Data)
	}
}
