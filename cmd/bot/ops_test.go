package main

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/storage"
	"github.com/adega-bot/adega/storage/backup"
)

// TestRunServesTheOperationsEndpoint: with ops.listen set, run serves the
// metrics and a readiness of the three checks, which is not ready until
// the bot connects; a port already taken stops the start.
func TestRunServesTheOperationsEndpoint(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Ops.Listen = "127.0.0.1:0"
	reg, err := games(cfg)
	if err != nil {
		t.Fatal(err)
	}
	store, err := storage.Open(filepath.Join(t.TempDir(), "adega.db"), reg)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	metrics := opsMetrics(cfg)
	b, err := bot.New(bot.Config{Token: "t"}, commands.Config{Store: store, Games: reg, Log: logger, Now: time.Now, Metrics: metrics}, logger)
	if err != nil {
		t.Fatal(err)
	}
	backups := &backup.Backups{Store: store, Dir: t.TempDir(), Keep: 2, Log: logger, Now: time.Now}
	if err := serveOps(t.Context(), cfg, metrics, store, b, backups, time.Now, logger); err != nil {
		t.Fatal(err)
	}
	addr := regexp.MustCompile(`"serving the operations endpoint" addr=(\S+)`).FindStringSubmatch(logs.String())
	if addr == nil {
		t.Fatalf("the log does not give the endpoint's address:\n%s", logs.String())
	}
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + addr[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if status, body := get("/readyz"); status != http.StatusServiceUnavailable ||
		body != "not ready\ndiscord: the gateway is not connected\ndatabase: ok\noutbox: ok\n" {
		t.Errorf("/readyz before the bot connects: %d %q", status, body)
	}
	if status, body := get("/metrics"); status != http.StatusOK || !strings.Contains(body, "adega_games{status=\"active\"} 0") {
		t.Errorf("/metrics: %d %q", status, body)
	}
	resp, err := http.Post("http://"+addr[1]+"/backup", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if taken, _ := filepath.Glob(filepath.Join(backups.Dir, "*.db")); resp.StatusCode != http.StatusOK || len(taken) != 1 {
		t.Errorf("POST /backup: %d, and the folder holds %d backups, want 1", resp.StatusCode, len(taken))
	}
	cfg.Ops.Listen = addr[1]
	if err := serveOps(t.Context(), cfg, metrics, store, b, backups, time.Now, logger); err == nil || !strings.Contains(err.Error(), "ops.listen") {
		t.Errorf("a port already taken: %v", err)
	}
}
