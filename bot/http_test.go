package bot_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// newHTTPHarness runs the bot on the Interactions Endpoint, with a fresh
// application key the fake signs with.
func newHTTPHarness(t *testing.T, drawer commands.Drawer) *harness {
	return newHTTPHarnessWith(t, drawer, bot.EndpointTimeouts{})
}

// newHTTPHarnessWith is newHTTPHarness with the endpoint's timeouts.
func newHTTPHarnessWith(t *testing.T, drawer commands.Drawer, timeouts bot.EndpointTimeouts) *harness {
	t.Parallel()
	h := openHarness(t, drawer)
	_, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	h.key, h.timeouts = key, timeouts
	h.start()
	return h
}

// post sends body to the bot's endpoint with the given headers, and returns
// the status and the answer.
func (h *harness) post(body []byte, header map[string]string) (int, string) {
	h.t.Helper()
	req, err := http.NewRequest(http.MethodPost, h.endpoint, bytes.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(answer)
}

// newLobbyBody is a /vinhos new in channel that the fake never sent:
// handling it would open a lobby.
func newLobbyBody(t *testing.T, srv *fakediscord.Server, user *discordgo.User, channelID string) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"id": srv.NewID(), "application_id": srv.AppID(), "type": 2, "token": "aW50ZXJhY3Rpb24forged", "version": 1,
		"channel_id": channelID, "guild_id": srv.InGuild(user, channelID).GuildID,
		"member": map[string]any{"user": user, "roles": []string{}, "permissions": "2147483648"},
		"data":   map[string]any{"id": "1", "name": "vinhos", "type": 1, "options": []any{map[string]any{"name": "new", "type": 1}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signed are the headers Discord sends: key's signature of the timestamp
// followed by the body.
func signed(key ed25519.PrivateKey, at time.Time, body []byte) map[string]string {
	ts := strconv.FormatInt(at.Unix(), 10)
	return map[string]string{
		"X-Signature-Timestamp": ts,
		"X-Signature-Ed25519":   hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))),
	}
}

// The endpoint refuses with 401, and without handling it, an interaction
// whose signature is missing, wrong or made with another key, whose body
// was changed after signing, or whose timestamp is too old or too far
// ahead; it answers PING with PONG.
func TestEndpointRefusesUnsignedRequests(t *testing.T) {
	h := newHTTPHarness(t, summaryDrawer{})
	srv := h.srv
	ana := srv.NewUser("ana")
	table := srv.NewChannel("vinhos")
	body := func() []byte { return newLobbyBody(t, srv, ana, table.ID) }
	_, other, _ := ed25519.GenerateKey(nil)
	now := time.Now()
	before := len(srv.Requests())
	cases := []struct {
		name   string
		body   []byte
		header func(b []byte) map[string]string
	}{
		{"no headers", body(), func([]byte) map[string]string { return nil }},
		{"no signature", body(), func(b []byte) map[string]string {
			return map[string]string{"X-Signature-Timestamp": strconv.FormatInt(now.Unix(), 10)}
		}},
		{"no timestamp", body(), func(b []byte) map[string]string {
			hd := signed(h.key, now, b)
			delete(hd, "X-Signature-Timestamp")
			return hd
		}},
		{"garbage signature", body(), func(b []byte) map[string]string {
			hd := signed(h.key, now, b)
			hd["X-Signature-Ed25519"] = "not hex"
			return hd
		}},
		{"another key", body(), func(b []byte) map[string]string { return signed(other, now, b) }},
		{"tampered body", body(), func(b []byte) map[string]string {
			hd := signed(h.key, now, b)
			copy(b[bytes.Index(b, []byte(`"new"`)):], `"old"`)
			return hd
		}},
		{"timestamp changed", body(), func(b []byte) map[string]string {
			hd := signed(h.key, now, b)
			hd["X-Signature-Timestamp"] = strconv.FormatInt(now.Unix()+1, 10)
			return hd
		}},
		{"stale", body(), func(b []byte) map[string]string { return signed(h.key, now.Add(-6*time.Minute), b) }},
		{"from the future", body(), func(b []byte) map[string]string { return signed(h.key, now.Add(6*time.Minute), b) }},
	}
	for _, c := range cases {
		hd := c.header(c.body)
		if status, answer := h.post(c.body, hd); status != http.StatusUnauthorized {
			t.Errorf("%s: %d %q, want 401", c.name, status, answer)
		}
	}
	if after := srv.Requests()[before:]; len(after) != 0 {
		t.Errorf("refused requests reached Discord: %s %s", after[0].Method, after[0].Path)
	}
	if ids, _ := h.store.ActiveGames(table.ID); len(ids) != 0 {
		t.Errorf("a refused request changed the store: %v", ids)
	}
	if !strings.Contains(h.logs.String(), "refused an interaction request") {
		t.Error("the refusals were not logged")
	}

	ping := []byte(`{"id":"` + srv.NewID() + `","application_id":"` + srv.AppID() + `","type":1,"token":"t","version":1}`)
	if status, answer := h.post(ping, signed(h.key, time.Now(), ping)); status != http.StatusOK || strings.TrimSpace(answer) != `{"type":1}` {
		t.Errorf("PING: %d %q", status, answer)
	}
	if status, _ := h.post(ping, nil); status != http.StatusUnauthorized {
		t.Errorf("an unsigned PING: %d, want 401", status)
	}
	req, _ := http.NewRequest(http.MethodGet, h.endpoint, nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
}

// An interaction POSTed twice, signature and all, is handled once: the
// replay is refused with 401 and answers nothing.
func TestEndpointHandlesAReplayOnce(t *testing.T) {
	h := newHTTPHarness(t, summaryDrawer{})
	srv := h.srv
	table := srv.NewChannel("vinhos")
	in := srv.SlashCommand(srv.InGuild(srv.NewUser("ana"), table.ID), "vinhos", fakediscord.Subcommand("new"))
	if r := h.callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "Seated (1): ana") {
		t.Fatalf("lobby: %+v", r)
	}
	srv.Redeliver(in)
	d, err := srv.WaitDeliveries(2, wait)
	if err != nil {
		t.Fatal(err)
	}
	if d[0].Status != http.StatusOK || d[1].Status != http.StatusUnauthorized {
		t.Fatalf("deliveries: %d then %d, want 200 then 401", d[0].Status, d[1].Status)
	}
	var callbacks int
	for _, r := range srv.Requests() {
		if in.IsCallback(r) {
			callbacks++
		}
	}
	if n := len(h.public(table.ID)); callbacks != 1 || n != 1 {
		t.Fatalf("the replay was handled: %d callbacks, %d lobbies", callbacks, n)
	}
}

// A panic after the acknowledgement of an interaction that came over HTTP
// is apologized for in a follow-up, as over the gateway.
func TestPanicAfterTheAckOverHTTP(t *testing.T) {
	newHTTPHarness(t, panickyDrawer{}).panicAfterTheAck()
}
