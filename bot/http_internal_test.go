package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/storage"
)

type noNetwork struct{}

func (noNetwork) RoundTrip(r *http.Request) (*http.Response, error) {
	return nil, errors.New("no network in this test: " + r.URL.String())
}

// A panic before the acknowledgement of an interaction that came over HTTP
// is answered in the HTTP response with the private apology; the endpoint
// keeps serving.
func TestPanicBeforeTheAckIsApologizedOverHTTP(t *testing.T) {
	store, err := storage.Open(filepath.Join(t.TempDir(), "adega.db"), engine.NewRegistry(vinhos.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	pub, key, _ := ed25519.GenerateKey(nil)
	// No games: /vinhos new dereferences the missing registry, as a bug would.
	handler := commands.Config{Store: store, Log: slog.New(slog.DiscardHandler), Now: time.Now}
	b, err := New(Config{Token: "t", PublicKey: pub, Transport: noNetwork{}}, handler, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	for n := range 2 {
		body, _ := json.Marshal(map[string]any{
			"id": strconv.Itoa(1000 + n), "application_id": "1", "type": 2, "token": "tok", "version": 1, "channel_id": "2", "guild_id": "3",
			"member": map[string]any{"user": map[string]any{"id": "4", "username": "ana"}, "roles": []string{}, "permissions": "0"},
			"data":   map[string]any{"id": "5", "name": "vinhos", "type": 1, "options": []any{map[string]any{"name": "new", "type": 1}}},
		})
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
		req.Header.Set("X-Signature-Timestamp", ts)
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
		rec := httptest.NewRecorder()
		b.ServeHTTP(rec, req)
		answer, _ := io.ReadAll(rec.Body)
		var resp discordgo.InteractionResponse
		if err := json.Unmarshal(answer, &resp); err != nil || rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("%d %q: %v", rec.Code, answer, err)
		}
		if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || resp.Data == nil ||
			resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(resp.Data.Content, "Your move was not played unless") {
			t.Fatalf("not the apology: %s", answer)
		}
	}
}

// A bot cannot serve the endpoint without a key to check signatures with.
func TestHTTPNeedsAPublicKey(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = New(Config{Token: "t", Listener: ln}, commands.Config{Now: time.Now}, slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "public key") {
		t.Fatalf("New without a public key: %v", err)
	}
}
