package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/storage"
)

// outboxBehind is how long a message owed to Discord may wait before the
// bot stops being ready: the courier's retries after a few failures, not a
// busy moment (docs/deploy.md).
const outboxBehind = 5 * time.Minute

// opsAddress is the address the operations endpoint listens on: "" for
// none, and the loopback interface when ops.listen names only a port, so
// that metrics are not published by mistake.
func (c Config) opsAddress() (string, error) {
	listen := c.Ops.Listen
	if listen == "" {
		return "", nil
	}
	if _, err := strconv.Atoi(listen); err == nil {
		listen = ":" + listen
	}
	host, port, err := net.SplitHostPort(listen)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
		return "", fmt.Errorf(`config: ops.listen %q must be a port (":9090", on loopback) or a host and port ("0.0.0.0:9090")`, c.Ops.Listen)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// opsMetrics are the bot's metrics when the operations endpoint is on,
// else nil: the bot then counts nothing.
func opsMetrics(cfg Config) *ops.Metrics {
	if cfg.Ops.Listen == "" {
		return nil
	}
	return ops.NewMetrics()
}

// serveOps starts the operations endpoint, if the config asks for one,
// until ctx is done: the metrics, readiness made of the bot's connection
// to Discord, the database and the outbox, and backups on POST /backup.
func serveOps(ctx context.Context, cfg Config, metrics *ops.Metrics, store *storage.Store, b *bot.Bot, backups http.Handler, now func() time.Time, logger *slog.Logger) error {
	addr, _ := cfg.opsAddress() // validated on load
	if addr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("ops.listen: %w", err)
	}
	metrics.Watch(store, now)
	srv := ops.NewServer(metrics, logger,
		ops.Check{Name: "discord", Err: b.Connected},
		ops.DatabaseCheck(store),
		ops.OutboxCheck(store, now, outboxBehind))
	srv.Handle("/backup", backups)
	go func() {
		if err := srv.Serve(ctx, ln); err != nil {
			logger.Error("the operations endpoint stopped", "err", err)
		}
	}()
	logger.Info("serving the operations endpoint", "addr", ln.Addr().String())
	return nil
}
