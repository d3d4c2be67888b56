// Package cluster keeps in etcd what the bot's processes share when they
// split Discord's shards between them: each player's index of games and
// statistics, their settings, the claim of their daily digest, the lock
// of Discord's identify windows, and which process serves each shard's
// interactions over HTTP. Games stay in the owning process's
// bbolt file; what each process publishes is derived from it, so etcd
// being down delays publication and loses nothing (docs/ARCHITECTURE.md,
// Scale-out).
package cluster

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// Config is how a process reaches etcd.
type Config struct {
	// Endpoints are etcd's client addresses ("http://10.0.0.5:2379").
	Endpoints []string
	// Prefix begins every key the bot writes, so that one etcd may serve
	// several bots; DefaultPrefix if empty.
	Prefix string
	// DialTimeout bounds a connection's dialing; DefaultDialTimeout if
	// zero.
	DialTimeout time.Duration
	// Process names this process among the bot's, the same across its
	// restarts (the shards it runs, say): a digest it claimed before a
	// crash is its to send after it.
	Process string
	// Owns reports whether this process runs the shard of a server (""
	// for DMs): an entry of a game there that it does not hold is stale,
	// left by the process that ran the shard before a reshard, and it
	// takes it out. Nil: it takes out only entries under its own name.
	Owns func(guildID string) bool
	// Log is where the cluster says what it could not reach; nil logs
	// nothing.
	Log *slog.Logger
}

// Cluster is a process's connection to etcd.
type Cluster struct {
	cfg    Config
	client *clientv3.Client
	log    *slog.Logger
}

// The defaults of Config.
const (
	DefaultPrefix      = "adega/"
	DefaultDialTimeout = 2 * time.Second
)

// requestTimeout bounds what a player waits for: within Discord's 3
// seconds for an acknowledgement, with room for the reply.
const requestTimeout = 1500 * time.Millisecond

// Open makes the connection; it does not wait for etcd, which may come
// later: what needs it fails until then, and the rest goes on.
func Open(cfg Config) (*Cluster, error) {
	if len(cfg.Endpoints) == 0 {
		return nil, errors.New("cluster: no etcd endpoints")
	}
	if cfg.Process == "" || strings.Contains(cfg.Process, "/") {
		return nil, fmt.Errorf("cluster: the process name %q must be set and hold no slash", cfg.Process)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = DefaultPrefix
	}
	if cfg.DialTimeout == 0 {
		cfg.DialTimeout = DefaultDialTimeout
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	client, err := clientv3.New(clientv3.Config{Endpoints: cfg.Endpoints, DialTimeout: cfg.DialTimeout,
		// Its own logger would print to stderr in its own format; what
		// fails reaches ours through the errors.
		Logger: zap.NewNop()})
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	return &Cluster{cfg: cfg, client: client, log: log.With("part", "cluster")}, nil
}

// Client is the etcd client, for other shared records.
func (c *Cluster) Client() *clientv3.Client { return c.client }

// Process is this process's name.
func (c *Cluster) Process() string { return c.cfg.Process }

// Close closes the connection.
func (c *Cluster) Close() error { return c.client.Close() }

// key is the full key of a record: the prefix, then parts joined by slashes.
func (c *Cluster) key(parts ...string) string {
	return c.cfg.Prefix + strings.Join(parts, "/")
}
