package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/storage"
)

// runCommand connects to Discord and serves until interrupted.
func runCommand(ctx context.Context, args []string, env Env) error {
	cfg, err := newCommand("run", env).parse(args, env)
	if err != nil {
		return err
	}
	// No line of the log shows the token or an interaction's token.
	logger := slog.New(bot.Redact(newLogger(cfg, env).Handler(), cfg.Token.Reveal()))
	bot.RouteDiscordLogs(logger)
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return err
	}
	reg, err := games(cfg)
	if err != nil {
		return err
	}
	store, err := storage.Open(filepath.Join(cfg.DataDir, "adega.db"), reg)
	if err != nil {
		return err
	}
	defer store.Close()
	handler := &commands.Handler{Store: store, Games: reg, Drawer: boards(), Log: logger, Now: time.Now,
		Reminders: remind.Config{Pace: cfg.Reminders.Pace, Floor: cfg.Reminders.Floor, Deadline: cfg.Reminders.Deadline,
			Absent: storage.Absent(cfg.Reminders.Absent)}}
	b, err := bot.New(bot.Config{
		Token:         cfg.Token.Reveal(),
		ApplicationID: cfg.ApplicationID,
		DevGuildID:    cfg.DevGuildID,
		ShardID:       cfg.ShardID,
		ShardCount:    cfg.ShardCount,
	}, handler, logger)
	if err != nil {
		return err
	}
	logger.Info("starting", "data_dir", cfg.DataDir, "shard", cfg.ShardID, "shards", cfg.ShardCount)
	return b.Run(ctx)
}
