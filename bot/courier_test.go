package bot_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// pastTheNonce is further on than Discord remembers an enforced nonce
// (five minutes in the fake).
const pastTheNonce = 6 * time.Minute

// A turn message retried after Discord has forgotten its nonce is posted
// once: if its first post reached Discord though the answer was lost, the
// retry finds it in the channel and makes it the game's jump target
// (before, it was posted a second time); if nothing reached Discord, the
// retry posts it.
func TestTurnMessageRetriedPastTheNonceIsPostedOnce(t *testing.T) {
	for _, c := range []struct {
		name  string
		first fakediscord.Fault
	}{
		{"Discord posted, its answer was lost", fakediscord.Fault{Lost: true}},
		{"the connection dropped before Discord posted", fakediscord.Fault{Hangup: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			tb := h.newTable(3, 2)
			_, ana, act := tb.next()
			posts := func(r fakediscord.Request) bool {
				return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == tb.thread
			}
			before := len(h.public(tb.thread))
			h.srv.Fail(1, posts, c.first)
			h.srv.Fail(1000, posts, fakediscord.Fault{Status: http.StatusServiceUnavailable}) // Discord is down a while
			h.callback(h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act)))
			h.waitRequests(posts, 2)
			h.setClock(h.now().Add(pastTheNonce))
			h.srv.Heal()
			h.settle()
			msgs := h.public(tb.thread)
			if len(msgs) != before+1 {
				t.Fatalf("%d messages after the move, want %d: the turn message once", len(msgs), before+1)
			}
			turn := msgs[before]
			if w, _ := h.store.Waiting(tb.id); w.TurnMessageID != turn.ID || !strings.Contains(turn.Content, "played") {
				t.Fatalf("the jump target is %q, want the turn message %s (%q)", w.TurnMessageID, turn.ID, turn.Content)
			}
		})
	}
}

// A move played again after an undo makes a turn message that says what
// the first one said. Retried past the nonce, it is still posted: the
// first one, recorded as delivered, is not taken for it.
func TestMovePlayedAgainAfterAnUndoIsPostedPastTheNonce(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 2)
	_, ana, act := tb.next()
	posts := func(r fakediscord.Request) bool {
		return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == tb.thread
	}
	if r := h.callback(h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Played") {
		t.Fatalf("the move: %+v", r)
	}
	first := h.waitPosts(tb.thread, 2)[1]
	if r := h.callback(h.srv.SlashCommand(tb.at(ana), "vinhos", fakediscord.Subcommand("undo"))); r.Data == nil || !strings.Contains(r.Data.Content, "Done") {
		t.Fatalf("the undo: %+v", r)
	}
	h.waitPosts(tb.thread, 3)
	h.settle()

	h.srv.Fail(1, posts, fakediscord.Fault{Hangup: true})
	h.srv.Fail(1000, posts, fakediscord.Fault{Status: http.StatusServiceUnavailable})
	if r := h.callback(h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Played") {
		t.Fatalf("the move again: %+v", r)
	}
	h.waitRequests(posts, 2)
	h.setClock(h.now().Add(pastTheNonce))
	h.srv.Heal()
	h.settle()
	msgs := h.public(tb.thread)
	if len(msgs) != 4 {
		t.Fatalf("%d messages, want the board, the move, the undo and the move again", len(msgs))
	}
	again := msgs[3]
	if again.Content != first.Content || again.Embeds[0].Description != first.Embeds[0].Description || again.Embeds[0].Footer.Text != first.Embeds[0].Footer.Text {
		t.Fatalf("the move again says %q, %q; the first time %q, %q", again.Content, again.Embeds[0].Footer.Text, first.Content, first.Embeds[0].Footer.Text)
	}
	if w, _ := h.store.Waiting(tb.id); w.TurnMessageID != again.ID {
		t.Fatalf("the jump target is %q, want the move again %s", w.TurnMessageID, again.ID)
	}
}

// A message the previous run posted without recording it (it died
// first) is not posted again when the bot comes back after Discord has
// forgotten the nonce (before, it was); one the previous run did not post
// is posted.
func TestMessageOfTheRunBeforeIsPostedOnce(t *testing.T) {
	for _, posted := range []bool{true, false} {
		t.Run(map[bool]string{true: "posted", false: "not posted"}[posted], func(t *testing.T) {
			t.Parallel()
			h := openHarness(t, summaryDrawer{})
			ch := h.srv.NewChannel("general").ID
			body := `{"content":"Ana played.","allowed_mentions":{"parse":[]}}`
			if err := h.store.Enqueue(&adega.Outgoing{ChannelID: ch, Message: []byte(body)}); err != nil {
				t.Fatal(err)
			}
			if posted {
				out, err := h.store.Outbox()
				if err != nil {
					t.Fatal(err)
				}
				h.postAsTheBot(ch, map[string]any{"content": "Ana played.", "allowed_mentions": map[string]any{"parse": []string{}},
					"nonce": out[0].Nonce, "enforce_nonce": true})
			}
			h.setClock(h.now().Add(pastTheNonce))
			h.start()
			h.settle()
			var texts []string
			for _, m := range h.public(ch) {
				texts = append(texts, m.Content)
			}
			if len(texts) != 1 || texts[0] != "Ana played." {
				t.Fatalf("the channel holds %q, want the message once", texts)
			}
		})
	}
}

// postAsTheBot posts a message with the bot's token, as a run of the bot
// before this one did.
func (h *harness) postAsTheBot(channelID string, body map[string]any) {
	h.t.Helper()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		h.t.Fatal(err)
	}
	s.Client.Transport = h.srv.Transport()
	endpoint := discordgo.EndpointChannelMessages(channelID)
	if _, err := s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint); err != nil {
		h.t.Fatal(err)
	}
}

// waitRequests waits until the fake has received n more requests that
// match.
func (h *harness) waitRequests(match func(fakediscord.Request) bool, n int) {
	h.t.Helper()
	for _, r := range h.srv.Requests() {
		if match(r) {
			n++
		}
	}
	seen := 0
	if _, err := h.srv.WaitFor(3*wait, func(r fakediscord.Request) bool {
		if match(r) {
			seen++
		}
		return seen >= n
	}); err != nil {
		h.t.Fatalf("%d matching requests of %d: %v", seen, n, err)
	}
}
