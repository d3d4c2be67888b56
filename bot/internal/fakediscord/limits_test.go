package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// rawPost sends a create-message body as the bot would.
func rawPost(s *discordgo.Session, channelID string, body map[string]any) (*discordgo.Message, error) {
	resp, err := s.RequestWithBucketID(http.MethodPost, discordgo.EndpointChannelMessages(channelID), body, channelID)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	return &m, json.Unmarshal(resp, &m)
}

// channelOf starts a fake, connects a session to it and makes a channel.
func channelOf(t *testing.T, srv *fakediscord.Server, name string) (*discordgo.Session, string) {
	t.Helper()
	dialGateway(t, srv).identify()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = srv.Transport()
	s.MaxRestRetries = 0
	return s, srv.NewChannel(name).ID
}

// Discord's own limits, stricter than its OpenAPI document, and the bot's
// rule that a message with text says whom it pings, are refused.
func TestMessagesBeyondDiscordsLimitsAreRefused(t *testing.T) {
	t.Parallel()
	rec := &fakediscord.RecordingTB{TB: t}
	srv := fakediscord.New(rec, fakediscord.WithMentionsRule())
	s, ch := channelOf(t, srv, "limits")
	none := map[string]any{"parse": []string{}}
	field := func(n int) map[string]any { return map[string]any{"name": "f", "value": strings.Repeat("v", n)} }
	for _, c := range []struct {
		name string
		body map[string]any
		ok   bool
	}{
		{"2,000 characters", map[string]any{"content": strings.Repeat("é", 2000), "allowed_mentions": none}, true},
		{"2,001 characters", map[string]any{"content": strings.Repeat("é", 2001), "allowed_mentions": none}, false},
		{"text without allowed_mentions", map[string]any{"content": "hi @everyone"}, false},
		{"embeds of 6,000 characters in all", map[string]any{"embeds": []any{
			map[string]any{"description": strings.Repeat("d", 3000)},
			map[string]any{"description": strings.Repeat("d", 1000), "fields": []any{field(999), field(999)}}}}, true},
		{"embeds of 6,001", map[string]any{"embeds": []any{
			map[string]any{"description": strings.Repeat("d", 3000)},
			map[string]any{"description": strings.Repeat("d", 1000), "fields": []any{field(999), field(1000)}}}}, false},
	} {
		_, err := rawPost(s, ch, c.body)
		complaints := rec.Take()
		var rest *discordgo.RESTError
		switch {
		case c.ok && (err != nil || len(complaints) != 0):
			t.Errorf("%s: %v %q", c.name, err, complaints)
		case !c.ok && (!errors.As(err, &rest) || rest.Response.StatusCode != 400 || len(complaints) != 1):
			t.Errorf("%s: %v %q, want a 400 and one complaint", c.name, err, complaints)
		}
	}
}

// A message takes at most 10 attachments, of 10 MiB in all.
func TestAttachmentsBeyondDiscordsLimitsAreRefused(t *testing.T) {
	t.Parallel()
	rec := &fakediscord.RecordingTB{TB: t}
	srv := fakediscord.New(rec)
	s, ch := channelOf(t, srv, "attachments")
	files := func(n, size int) []*discordgo.File {
		var out []*discordgo.File
		for k := range n {
			out = append(out, &discordgo.File{Name: fmt.Sprintf("f%d.png", k), ContentType: "image/png", Reader: bytes.NewReader(make([]byte, size))})
		}
		return out
	}
	for _, c := range []struct {
		name  string
		files []*discordgo.File
		ok    bool
	}{
		{"10 files", files(fakediscord.FilesLimit, 1), true},
		{"11 files", files(fakediscord.FilesLimit+1, 1), false},
		{"10 MiB in all", files(2, fakediscord.UploadLimit/2), true},
		{"a byte more", files(1, fakediscord.UploadLimit+1), false},
	} {
		_, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Files: c.files})
		complaints := rec.Take()
		if ok := err == nil && len(complaints) == 0; ok != c.ok {
			t.Errorf("%s: %v %q, want accepted %v", c.name, err, complaints, c.ok)
		}
	}
}

// With enforce_nonce, the same nonce posts once while Discord remembers it
// (five minutes here): a second request returns the first message. After
// that, the same nonce posts a new message, as on Discord.
func TestEnforcedNoncePostsOnceWithinItsWindow(t *testing.T) {
	t.Parallel()
	var later atomic.Int64 // how far the fake's clock is ahead
	srv := fakediscord.New(t, fakediscord.WithClock(func() time.Time { return time.Now().Add(time.Duration(later.Load())) }))
	s, ch := channelOf(t, srv, "nonce")
	body := map[string]any{"content": "turn 3", "nonce": "abc3", "enforce_nonce": true}
	first, err := rawPost(s, ch, body)
	if err != nil {
		t.Fatal(err)
	}
	later.Store(int64(4 * time.Minute))
	again, err := rawPost(s, ch, body)
	if err != nil || again.ID != first.ID || len(srv.Messages(ch)) != 1 {
		t.Fatalf("the second post with the nonce: %v, %s vs %s, %d messages", err, again.ID, first.ID, len(srv.Messages(ch)))
	}
	body["nonce"] = "abc4"
	if _, err := rawPost(s, ch, body); err != nil || len(srv.Messages(ch)) != 2 {
		t.Fatalf("another nonce: %v, %d messages", err, len(srv.Messages(ch)))
	}
	later.Store(int64(5 * time.Minute))
	body["nonce"] = "abc3"
	if late, err := rawPost(s, ch, body); err != nil || late.ID == first.ID || len(srv.Messages(ch)) != 3 {
		t.Fatalf("the nonce five minutes on: %v, %d messages", err, len(srv.Messages(ch)))
	}
}

// A channel's history lists its messages newest first, as many as asked
// (the newest, or the oldest after a message), without the ephemeral ones.
func TestChannelHistoryNewestFirst(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s, ch := channelOf(t, srv, "history")
	var first *discordgo.Message
	for _, text := range []string{"one", "two", "three", "four"} {
		m, err := rawPost(s, ch, map[string]any{"content": text})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = m
		}
	}
	in := srv.SlashCommand(srv.InGuild(srv.NewUser("ana"), ch), "vinhos", fakediscord.Subcommand("status"))
	if err := s.InteractionRespond(&discordgo.Interaction{ID: in.ID, Token: in.Token}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "only you see this", Flags: discordgo.MessageFlagsEphemeral}}); err != nil {
		t.Fatal(err)
	}
	contents := func(after string) []string {
		msgs, err := s.ChannelMessages(ch, 2, "", after, "")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range msgs {
			out = append(out, m.Content)
		}
		return out
	}
	if got := contents(""); !slices.Equal(got, []string{"four", "three"}) {
		t.Fatalf("the two newest: %q", got)
	}
	if got := contents(first.ID); !slices.Equal(got, []string{"three", "two"}) {
		t.Fatalf("the two after the first: %q", got)
	}
}

// Faults fail requests without effect: a server error, a rate limit (which
// discordgo waits out and retries), a dropped connection.
func TestFaultsFailRequestsWithoutEffect(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s, ch := channelOf(t, srv, "faults")
	posts := func(r fakediscord.Request) bool { return r.Method == http.MethodPost && r.Params["channel_id"] == ch }

	srv.Fail(1, posts, fakediscord.Fault{Status: 500})
	var rest *discordgo.RESTError
	if _, err := rawPost(s, ch, map[string]any{"content": "a"}); !errors.As(err, &rest) || rest.Response.StatusCode != 500 {
		t.Fatalf("a 500: %v", err)
	}
	srv.Fail(1, posts, fakediscord.Fault{Hangup: true})
	if _, err := rawPost(s, ch, map[string]any{"content": "b"}); err == nil {
		t.Fatal("a dropped connection answered")
	}
	if n := len(srv.Messages(ch)); n != 0 {
		t.Fatalf("failed requests posted %d messages", n)
	}
	srv.Fail(1, posts, fakediscord.Fault{Status: 429, RetryAfter: 50 * time.Millisecond})
	start := time.Now()
	if _, err := rawPost(s, ch, map[string]any{"content": "c"}); err != nil || time.Since(start) < 50*time.Millisecond {
		t.Fatalf("a rate limit: %v after %v", err, time.Since(start))
	}
	if n := len(srv.Messages(ch)); n != 1 {
		t.Fatalf("%d messages after the rate limit, want the retried one", n)
	}
}
