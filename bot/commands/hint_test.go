package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/engine/vinhos"
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
	if _, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error { m.Hints = true; return nil }); err != nil {
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
	g, err := h.Store.Create(adega.Meta{ChannelID: table, CreatorID: u1, Seats: []adega.SeatUser{{UserID: u1, Name: "Ana"}, {Name: "Bot Baga", Bot: true}}},
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

// While a player's hint is being thought about, their next ask is answered
// at once that it is, and records nothing. Asked again once answered, for
// the same decision, the hint is the same (under an iteration cap) and the
// game still records it once.
func TestHintAskedAgainIsThoughtAboutOnce(t *testing.T) {
	h := newHandler(t)
	h.AI = ai.Settings{Iterations: 8, Horizon: 4}
	h.thinkers.Slots = 1
	g := startGame(t, h, "vinhos")
	if _, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error { m.Hints = true; return nil }); err != nil {
		t.Fatal(err)
	}
	mover := g.Meta.Seats[g.State.Pending()[0].Seat].UserID
	busy := h.thinkers.Acquire(fair.People, u9) // the AI is busy with another's search
	first := h.Handle(slash(mover, "hint"))
	again := h.Handle(slash(mover, "hint"))
	if again.Edit != nil || !ephemeral(again) || !strings.Contains(again.Ack.Data.Content, "still thinking") {
		t.Fatalf("a second ask while the first is thought about: %+v", again.Ack)
	}
	busy()
	text := func(r Reply) string {
		t.Helper()
		if r.Edit == nil {
			t.Fatalf("the hint was refused: %+v", r.Ack.Data)
		}
		e, err := r.Edit()
		if err != nil {
			t.Fatal(err)
		}
		// All but how long it took.
		lines := strings.Split(*e.Content, "\n")
		return strings.Join(slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "The AI played") }), "\n")
	}
	hint := text(first)
	if !strings.HasPrefix(hint, "💡 **A hint**") {
		t.Fatalf("the hint reads %q", hint)
	}
	if later := text(h.Handle(slash(mover, "hint"))); later != hint {
		t.Errorf("asked again, the hint reads\n%s\nnot\n%s", later, hint)
	}
	after, err := h.Store.Load(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Meta.HintsAsked) != 1 {
		t.Fatalf("one decision's hint is recorded %d times: %+v", len(after.Meta.HintsAsked), after.Meta.HintsAsked)
	}
}

// In solo every choice may lose to Lacerda, so a hint also gives each
// choice's expected VP and how far ahead of Lacerda (or behind) it ends,
// and says how sure each win rate is.
func TestSoloHintComparesChoicesByTheMarginAgainstLacerda(t *testing.T) {
	h := newHandler(t)
	g, err := h.Store.Create(adega.Meta{ChannelID: table, CreatorID: u1, Seats: []adega.SeatUser{{UserID: u1, Name: "Ana"}}},
		engine.Setup{Game: "vinhos", Mode: vinhos.ModeSolo, Seed: 4, Players: []string{"Ana"}}, h.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	think, err := Hint(h.referee(), g, 0, ai.Settings{Iterations: 64}, h.Now())
	if err != nil {
		t.Fatal(err)
	}
	text, err := think()
	if err != nil {
		t.Fatal(err)
	}
	choices := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, fmt.Sprint(choices+1)+". ") {
			choices++
			if !strings.Contains(line, " games (likely ") || !strings.Contains(line, " · VP: ") || !strings.Contains(line, " Lacerda") {
				t.Errorf("choice %d reads %q; want its win rate with how sure it is, its VP and its margin against Lacerda", choices, line)
			}
		}
	}
	if choices == 0 || len(text) > contentLimit {
		t.Fatalf("the hint reads %q", text)
	}
}
