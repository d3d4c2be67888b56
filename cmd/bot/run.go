package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/cluster"
	"github.com/adega-bot/adega/storage"
	"github.com/adega-bot/adega/storage/backup"
)

// runCommand connects to Discord and serves until interrupted: over the
// gateway, or with --http on the Interactions Endpoint.
func runCommand(ctx context.Context, args []string, env Env) error {
	cmd := newCommand("run", env)
	httpAddr := cmd.String("http", "", "serve interactions over HTTP on this `address` (e.g. :8080), behind a TLS proxy, instead of opening the gateway; needs public_key")
	cfg, err := cmd.parse(args, env)
	if err != nil {
		return err
	}
	key, _ := cfg.publicKey() // validated on load
	var listener net.Listener
	if *httpAddr != "" {
		etcd := len(cfg.Cluster.EtcdEndpoints) > 0
		if cfg.ShardCount > 1 && len(cfg.Cluster.Peers) == 0 && !etcd {
			return fmt.Errorf("run --http with shard_count %d: each process keeps its shards' games and forwards the other shards' interactions, so it must know where they run: set [cluster] etcd_endpoints and advertise_url, where the processes register their addresses, or list every shard's process in [cluster] peers (docs/deploy.md)", cfg.ShardCount)
		}
		if cfg.ShardCount > 1 && etcd && cfg.Cluster.AdvertiseURL == "" {
			return fmt.Errorf("run --http with shard_count %d and etcd: set [cluster] advertise_url (ADEGA_CLUSTER_ADVERTISE_URL), this process's address as the others reach it, which it registers in etcd for its shards (docs/deploy.md)", cfg.ShardCount)
		}
		if key == nil {
			return errors.New("run --http needs the application's public key to check Discord's signatures: set public_key in the config or ADEGA_PUBLIC_KEY (Developer Portal > General Information > Public Key)")
		}
		if listener, err = net.Listen("tcp", *httpAddr); err != nil {
			return fmt.Errorf("run --http: %w", err)
		}
	}
	// No line of the log shows the token or an interaction's token.
	logger := slog.New(bot.Redact(newLogger(cfg, env).Handler(), cfg.Token.Reveal()))
	bot.RouteDiscordLogs(logger)
	// The store's own warnings (a snapshot rebuilt, a damaged page) use
	// the default logger: the same format, and redacted too.
	slog.SetDefault(logger)
	if env.UseLogger != nil {
		env.UseLogger(logger)
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return err
	}
	reg, err := games(cfg)
	if err != nil {
		return err
	}
	store, err := storage.Open(botDatabase(cfg), reg)
	if err != nil {
		return err
	}
	defer store.Close()
	// The operations listener serves backups on POST /backup as well.
	backups := &backup.Backups{Store: store, Dir: cfg.backupDir(), Keep: cfg.Backup.Keep, Log: logger.With("part", "backup"), Now: time.Now}
	if cfg.Backup.Interval > 0 {
		// The schedule ends with the bot, however the bot ends (a signal,
		// or Discord unreachable at start), and before the store closes.
		scheduleCtx, endSchedule := context.WithCancel(ctx)
		var scheduled sync.WaitGroup
		defer scheduled.Wait()
		defer endSchedule()
		scheduled.Go(func() { backups.Run(scheduleCtx, cfg.Backup.Interval) })
	}
	// The one clock: the handler's, and through it the scheduler's.
	now := time.Now
	metrics := opsMetrics(cfg)
	handler := commands.Config{Store: store, Games: reg, Drawer: boards(), Log: logger, Now: now,
		Reminders: remind.Config{Pace: cfg.Reminders.Pace, Floor: cfg.Reminders.Floor, Deadline: cfg.Reminders.Deadline,
			Absent: adega.Absent(cfg.Reminders.Absent), Retry: cfg.Reminders.Retry},
		AI: cfg.aiSettings(), Metrics: metrics}
	transport, _ := cfg.discordAPI() // validated on load
	botCfg := bot.Config{
		Token:         cfg.Token.Reveal(),
		ApplicationID: cfg.ApplicationID,
		DevGuildID:    cfg.DevGuildID,
		ShardIDs:      cfg.ShardIDs,
		ShardCount:    cfg.ShardCount,
		GlobalRate:    cfg.GlobalRate,
		Transport:     transport,
		Listener:      listener,
		PublicKey:     key,
		Owners:        owners(cfg),
		ShutdownGrace: cfg.ShutdownGrace,
	}
	if len(cfg.Cluster.EtcdEndpoints) > 0 {
		shared, err := cluster.Open(cluster.Config{Endpoints: cfg.Cluster.EtcdEndpoints, Prefix: cfg.Cluster.KeyPrefix,
			DialTimeout: cfg.Cluster.DialTimeout, Process: cfg.process(), Log: logger,
			Owns: func(guildID string) bool { return slices.Contains(cfg.ShardIDs, bot.ShardOf(guildID, cfg.ShardCount)) }})
		if err != nil {
			return err
		}
		defer shared.Close()
		players := shared.Players(store, now)
		handler.Shared, botCfg.IdentifyLock = players, shared.HoldIdentify
		// Publication ends before the store closes.
		publishing, stopPublishing := context.WithCancel(ctx)
		var published sync.WaitGroup
		defer published.Wait()
		defer stopPublishing()
		published.Go(func() { players.Run(publishing) })
		if listener != nil && cfg.ShardCount > 1 {
			// The other processes forward this one its shards'
			// interactions once it has registered them.
			registry := shared.Owners(cfg.ShardIDs, cfg.Cluster.AdvertiseURL)
			if err := registry.Register(ctx); err != nil {
				return err
			}
			botCfg.Owners = registry
			published.Go(func() { registry.Run(publishing) })
		}
	}
	b, err := bot.New(botCfg, handler, logger)
	if err != nil {
		return err
	}
	store.AnnounceRepairs(b.Handler().Repaired())
	ctx, stopOps := context.WithCancel(ctx)
	defer stopOps()
	if err := serveOps(ctx, cfg, metrics, store, b, backups, now, logger); err != nil {
		return err
	}
	logger.Info("starting", "data_dir", cfg.DataDir, "shard_ids", cfg.ShardIDs, "shard_count", cfg.ShardCount,
		"etcd", cfg.Cluster.EtcdEndpoints, "process", cfg.process())
	return b.Run(ctx)
}

// owners are the processes of the shards this one does not run, where
// `run --http` forwards their interactions, as [cluster] peers lists them
// (with no etcd); nil with no peers configured: this process serves every
// interaction, or, with etcd, the processes' registrations say.
func owners(cfg Config) bot.Owners {
	if len(cfg.Cluster.Peers) == 0 {
		return nil
	}
	return bot.StaticOwners(cfg.Cluster.Peers)
}

// botDatabase is the bot's database file, in the data folder.
func botDatabase(cfg Config) string {
	return filepath.Join(cfg.DataDir, "adega.db")
}
