package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
)

// The fairness tests measure delays, so they do not run in parallel with
// the other tests of the package. The AI searches by time, as in
// production, with short budgets; a decision's budget is the unit of
// their bounds, which are generous: a busy machine under the race
// detector slows each iteration of a search, not its budget.

// fairAI is the AI's time per decision in these tests.
var fairAI = ai.Settings{Budgets: [3]time.Duration{ai.Easy: 50 * time.Millisecond, ai.Normal: 200 * time.Millisecond, ai.Hard: 700 * time.Millisecond}, Horizon: 4}

// fairHarness is a bot whose AI searches by time, with the reminder
// policy cfg.
func fairHarness(t *testing.T, cfg remind.Config) *harness {
	h := openHarness(t, summaryDrawer{})
	h.ai, h.reminders = fairAI, cfg
	h.start()
	return h
}

// TestHintsOfOnePlayerDelayNoOtherHint sends twelve /vinhos hint at once
// from one player, then one from a player of another game. The second
// player's hint is answered within a few decisions' budget, not behind the
// twelve; the first player has one hint thought about at a time, the
// others answered at once that it is still being thought about; the game
// records the hint once, and its log says once that it was asked.
func TestHintsOfOnePlayerDelayNoOtherHint(t *testing.T) {
	h := fairHarness(t, remind.Config{})
	mine, other := h.hintTable(1), h.hintTable(2)
	_, ana, _ := mine.next()
	_, bia, _ := other.next()
	var asked []fakediscord.Interaction
	for range 12 {
		asked = append(asked, h.srv.SlashCommand(mine.at(ana), "vinhos", fakediscord.Subcommand("hint")))
	}
	thinking := 0
	var thought []fakediscord.Interaction // the hints searched
	for _, in := range asked {
		r := h.callback(in)
		if r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			thought = append(thought, in)
			continue
		}
		if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(r.Data.Content, "still thinking") {
			t.Fatalf("a hint asked again reads %+v", r.Data)
		}
		thinking++
	}
	if thinking == 0 {
		t.Error("no hint asked again was told that the first is still being thought about")
	}

	in := h.srv.SlashCommand(other.at(bia), "vinhos", fakediscord.Subcommand("hint"))
	h.postedWithin("the other player's hint", in.IsOriginalEdit, in.SentAt, 3*fairAI.Budgets[ai.Hard])

	// The hints thought about for the first player never overlap: each
	// is acknowledged after the one before was answered.
	var last time.Time
	for _, in := range thought {
		ack, _ := h.srv.WaitFor(wait, in.IsCallback)
		answer, err := h.srv.WaitFor(30*time.Second, in.IsOriginalEdit)
		if err != nil {
			t.Fatal(err)
		}
		if ack.At.Before(last) {
			t.Error("two of one player's hints were thought about at once")
		}
		last = answer.At
	}
	g := mine.game()
	if len(g.Meta.HintsAsked) != 1 {
		t.Errorf("the game records %d hints for one decision: %+v", len(g.Meta.HintsAsked), g.Meta.HintsAsked)
	}
	log := h.callback(h.srv.SlashCommand(mine.at(ana), "vinhos", fakediscord.Subcommand("log")))
	if log.Data == nil || strings.Count(log.Data.Content, "asked the AI for a hint.") != 1 {
		t.Errorf("the log does not say once that a hint was asked: %+v", log.Data)
	}
}

// hintTable is a 2-player game that allows hints.
func (h *harness) hintTable(seed uint64) *table {
	h.t.Helper()
	tb := h.newTable(seed, 0)
	if _, err := h.store.UpdateMeta(tb.id, func(m *adega.Meta) error { m.Hints = true; return nil }); err != nil {
		h.t.Fatal(err)
	}
	return tb
}

// TestBotsOnlyGamesDoNotDelayAGameWithPeople starts three games of bots
// alone at the hard level, then a game of a person against an easy bot in
// another channel: the easy bot's first move comes within about one hard
// decision, not behind the games nobody plays.
func TestBotsOnlyGamesDoNotDelayAGameWithPeople(t *testing.T) {
	h := fairHarness(t, remind.Config{})
	for _, name := range []string{"zé", "rui", "lia"} {
		h.botsOnlyGame(name)
	}
	ana := h.srv.NewUser("ana")
	thread, start := h.startGame(ana, fakediscord.IntegerOption("players", 2), fakediscord.IntegerOption("bots", 1),
		fakediscord.StringOption("level", "easy"), fakediscord.StringOption("regions", "first-play"))
	due := start.SentAt // when the bot's first move was asked for
	for {
		g := h.game(thread)
		if _, ok := adega.BotPending(g.Meta, g.State); ok {
			break
		}
		act, err := engine.Auto(g.State, g.State.Pending()[0].Seat)
		if err != nil {
			t.Fatal(err)
		}
		sent, err := h.typeMove(h.srv.InGuild(ana, thread), act)
		if err != nil {
			t.Fatal(err)
		}
		due = sent[len(sent)-1].in.SentAt
	}
	h.postedWithin("the easy bot's first move", postIn(thread, "The bot played for"), due, 4*fairAI.Budgets[ai.Hard])
}

// TestReminderIsOnTimeWhileTheAIIsBusy lets three games of bots alone
// search at the hard level while a player's wait in another game reaches
// its first reminder: the reminder is posted on time.
func TestReminderIsOnTimeWhileTheAIIsBusy(t *testing.T) {
	h := fairHarness(t, remind.Config{Interval: 2 * time.Second, Floor: 2 * time.Second})
	for _, name := range []string{"zé", "rui", "lia"} {
		h.botsOnlyGame(name)
	}
	tb := h.newTable(1, 0)
	w, err := h.store.Waiting(tb.id)
	if err != nil || len(w.Seats) != 1 {
		t.Fatalf("the game waits for %+v (%v)", w.Seats, err)
	}
	reminder := postIn(tb.thread, "Reminder 1 for <@"+w.Seats[0].UserID+">")
	h.postedWithin("the reminder", reminder, w.Seats[0].Since.Add(2*time.Second), 2*fairAI.Budgets[ai.Hard])
}

// postedWithin waits for the bot's request that match accepts, what the
// test measures, and fails the test if it came more than bound after due:
// it waited behind someone else's work.
func (h *harness) postedWithin(what string, match func(fakediscord.Request) bool, due time.Time, bound time.Duration) {
	h.t.Helper()
	r, err := h.srv.WaitFor(20*time.Second, match)
	if err != nil {
		h.t.Fatalf("%s never came: %v", what, err)
	}
	delay := r.At.Sub(due)
	h.t.Logf("%s came %v after it was due", what, delay.Round(time.Millisecond))
	if delay > bound {
		h.t.Errorf("%s came %v after it was due, more than %v: it waited behind someone else's work", what, delay, bound)
	}
}

// botsOnlyGame has a user start a game of themselves and three bots at the
// hard level in a channel of their own, then give their own seat to the
// bot, as anyone may.
func (h *harness) botsOnlyGame(name string) {
	h.t.Helper()
	u := h.srv.NewUser(name)
	thread, _ := h.startGame(u, fakediscord.IntegerOption("bots", 3), fakediscord.StringOption("level", "hard"))
	in := h.srv.SlashCommand(h.srv.InGuild(u, thread), "vinhos", fakediscord.Subcommand("replace",
		fakediscord.StringOption("seat", name), fakediscord.BooleanOption("bot", true)))
	if r := h.callback(in); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Done.") {
		h.t.Fatalf("%s could not give their seat to the bot: %+v", name, r.Data)
	}
}

// startGame has u open a lobby of /vinhos new with opts in a new channel
// and start it; it returns the game's thread, which a lobby's message
// opens, and the click that started it.
func (h *harness) startGame(u *discordgo.User, opts ...fakediscord.CommandOption) (string, fakediscord.Interaction) {
	h.t.Helper()
	channel := h.srv.NewChannel("vinhos").ID
	h.callback(h.srv.SlashCommand(h.srv.InGuild(u, channel), "vinhos", fakediscord.Subcommand("new", opts...)))
	lobby := h.public(channel)[0]
	start := h.srv.Button(h.srv.InGuild(u, channel), lobby.ID, buttonID(h.t, lobby.Message, "Start"))
	h.callback(start)
	h.waitPosts(lobby.ID, 1)
	return lobby.ID, start
}

// postIn matches a message the bot posts in a channel with text in it.
func postIn(channelID, text string) func(fakediscord.Request) bool {
	return func(r fakediscord.Request) bool {
		var body struct {
			Content string `json:"content"`
		}
		return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == channelID &&
			r.Decode(&body) == nil && strings.Contains(body.Content, text)
	}
}
