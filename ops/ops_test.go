package ops_test

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/storage"
)

// openStore opens a new database of Nim games.
func openStore(t testing.TB) *storage.Store {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "adega.db"), engine.NewRegistry(nim.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

func do(t *testing.T, h http.Handler, method, path string) (int, string) {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, path, nil))
	body, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(body)
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestReadinessNamesWhatFails: /readyz answers 503 when a check fails,
// with a line for each check, and /healthz answers all the same.
func TestReadinessNamesWhatFails(t *testing.T) {
	up := errors.New("the gateway is not connected")
	srv := ops.NewServer(ops.NewMetrics(), quiet,
		ops.Check{Name: "discord", Err: func() error { return up }},
		ops.Check{Name: "database", Err: func() error { return nil }})
	if code, body := do(t, srv, "GET", "/readyz"); code != http.StatusServiceUnavailable ||
		body != "not ready\ndiscord: the gateway is not connected\ndatabase: ok\n" {
		t.Errorf("/readyz: %d %q", code, body)
	}
	if code, body := do(t, srv, "GET", "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	up = nil
	if code, body := do(t, srv, "GET", "/readyz"); code != http.StatusOK || body != "ready\ndiscord: ok\ndatabase: ok\n" {
		t.Errorf("/readyz once connected: %d %q", code, body)
	}
	if code, _ := do(t, srv, "POST", "/metrics"); code != http.StatusMethodNotAllowed {
		t.Errorf("POST /metrics: %d", code)
	}
}

// TestOthersAddHandlers: another part of the bot serves its own route on
// the endpoint, beside the metrics.
func TestOthersAddHandlers(t *testing.T) {
	srv := ops.NewServer(ops.NewMetrics(), quiet)
	srv.Handle("POST /backup", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "backed up") }))
	if code, body := do(t, srv, "POST", "/backup"); code != http.StatusOK || body != "backed up" {
		t.Errorf("POST /backup: %d %q", code, body)
	}
	if code, body := do(t, srv, "GET", "/metrics"); code != http.StatusOK || !strings.Contains(body, "adega_interactions_total") {
		t.Errorf("/metrics beside it: %d %q", code, body)
	}
}

// TestNilMetricsCountNothing: the bot's parts record into a nil *Metrics
// when the endpoint is off, and Transport passes requests on unchanged.
func TestNilMetricsCountNothing(t *testing.T) {
	var m *ops.Metrics
	m.Interaction(ops.KindCommand, ops.Answered)
	m.Acknowledged(time.Second)
	m.Moved(ops.ByPlayer, 1)
	m.Delivery(ops.Posted)
	m.Drew(time.Second)
	m.Decided(ops.ForHint)
	m.AIWaited(time.Second)
	m.Reminded(ops.Digest, 1)
	m.Reconnected()
	m.WriterHeld(time.Second)
	m.WatchQueues(nil, nil)
	m.Watch(nil, nil)
	if m.Transport(nil) != http.DefaultTransport {
		t.Error("a nil Metrics wraps the transport")
	}
}

// TestOutboxFallingBehind: a message held for quiet hours is not owed
// until its moment; once owed, the outbox's check fails when it has waited
// too long, and says how long.
func TestOutboxFallingBehind(t *testing.T) {
	store := openStore(t)
	at := time.Now()
	now := func() time.Time { return at }
	held := &adega.Outgoing{UserID: "1", Message: []byte(`{"content":"digest"}`), NotBefore: at.Add(time.Hour)}
	if err := store.Enqueue(held, &adega.Outgoing{ChannelID: "2", Message: []byte(`{"content":"turn"}`)}); err != nil {
		t.Fatal(err)
	}
	check := ops.OutboxCheck(store, now, 5*time.Minute)
	if err := check.Err(); err != nil {
		t.Fatalf("a fresh outbox: %v", err)
	}
	at = at.Add(time.Hour + 4*time.Minute)
	if err := check.Err(); err != nil {
		t.Fatalf("the digest owed 4 minutes: %v", err)
	}
	at = at.Add(2 * time.Minute)
	if err := check.Err(); err == nil || !strings.Contains(err.Error(), "a message has waited 6m0s") {
		t.Fatalf("the digest owed 6 minutes: %v", err)
	}
	if err := ops.DatabaseCheck(store).Err(); err != nil {
		t.Fatalf("an open database: %v", err)
	}
	store.Close()
	if err := ops.DatabaseCheck(store).Err(); err == nil {
		t.Fatal("a closed database is ready")
	}
}
