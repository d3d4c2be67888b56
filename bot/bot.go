// Package bot is the Discord adapter: it owns the discordgo session, routes
// gateway events and interactions to bot/commands, and sends what they
// return.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/storage"
)

// Config is what the bot needs to connect.
type Config struct {
	Token         string // never logged
	ApplicationID string
	DevGuildID    string
	ShardID       int
	ShardCount    int
}

// Bot is a connected Discord bot.
type Bot struct {
	cfg     Config
	store   *storage.Store
	log     *slog.Logger
	session *discordgo.Session
}

// New prepares a bot; Run connects it.
func New(cfg Config, store *storage.Store, logger *slog.Logger) (*Bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("bot: no token configured (set ADEGA_TOKEN or token in the config)")
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
	b := &Bot{cfg: cfg, store: store, log: logger, session: s}
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		b.log.Info("connected to Discord", "user", r.User.Username, "shard", cfg.ShardID, "shards", cfg.ShardCount)
	})
	return b, nil
}

// Run connects and serves until ctx is done, then disconnects.
func (b *Bot) Run(ctx context.Context) error {
	if err := b.session.Open(); err != nil {
		return fmt.Errorf("bot: connect to Discord: %w", err)
	}
	<-ctx.Done()
	b.log.Info("disconnecting")
	return b.session.Close()
}
