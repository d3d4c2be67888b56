package bot_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// TestDebugLogsShowNoSecretAndFollowAMove runs the bot with debug logging
// in JSON, discordgo's own lines routed in (gateway events with their
// interaction tokens, request URLs, retries), through moves, a callback
// whose connection drops and turn messages Discord refuses for a while: no
// line shows the bot's token or an interaction's, and a move can be
// followed by its interaction from the answer to the posted turn message.
// Not parallel: discordgo's logger is global.
func TestDebugLogsShowNoSecretAndFollowAMove(t *testing.T) {
	h := openHarness(t, summaryDrawer{})
	h.debugJSON = true
	t.Cleanup(func() { discordgo.Logger = nil })
	h.start()
	tb := h.newTable(3, 2)
	posts := func(r fakediscord.Request) bool {
		return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == tb.thread
	}
	h.srv.Fail(2, posts, fakediscord.Fault{Status: http.StatusServiceUnavailable})
	var moves []string
	for range 3 {
		_, u, act := tb.next()
		in := h.srv.SlashCommand(tb.at(u), "vinhos", typed(act))
		if r := h.callback(in); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Played") {
			t.Fatalf("the move: %+v", r)
		}
		moves = append(moves, in.ID)
		h.settle()
	}
	_, u, _ := tb.next()
	h.srv.Fail(1, func(r fakediscord.Request) bool { return strings.HasSuffix(r.Route, "/callback") }, fakediscord.Fault{Hangup: true})
	lost := h.srv.SlashCommand(tb.at(u), "vinhos", fakediscord.Subcommand("status"))
	if _, err := h.srv.WaitFor(wait, lost.IsCallback); err != nil {
		t.Fatal(err)
	}
	h.stop()
	h.stop = func() {}

	type line struct {
		Msg         string `json:"msg"`
		Source      string `json:"source"`
		Interaction string `json:"interaction"`
		Game        string `json:"game"`
		Guild       string `json:"guild"`
	}
	var lines []line
	var discordgoLines int
	for _, text := range strings.Split(strings.TrimSpace(h.logs.String()), "\n") {
		var l line
		if err := json.Unmarshal([]byte(text), &l); err != nil {
			t.Fatalf("not a JSON line: %q", text)
		}
		if l.Source == "discordgo" {
			discordgoLines++
		}
		lines = append(lines, l)
	}
	if discordgoLines == 0 {
		t.Error("no line of discordgo's own in the debug log")
	}
	for _, id := range moves {
		var answered, posted bool
		for _, l := range lines {
			if l.Interaction != id || l.Game != tb.id || l.Guild != h.srv.GuildID() {
				continue
			}
			answered = answered || l.Msg == "interaction answered"
			posted = posted || l.Msg == "message posted"
		}
		if !answered || !posted {
			t.Errorf("the move of interaction %s: answered logged %v, its turn message posted logged %v (game %s, guild %s)", id, answered, posted, tb.id, h.srv.GuildID())
		}
	}
	if !strings.Contains(h.logs.String(), "could not answer the interaction") || !strings.Contains(h.logs.String(), "could not deliver a message; trying again") {
		t.Error("the failures were not logged")
	}
	h.checkLogs()
}
