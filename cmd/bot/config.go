package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/cluster"
	"github.com/adega-bot/adega/engine/ai"
)

// Secret is a string that never prints itself, so a token cannot leak into
// logs through %v, slog or a config dump.
type Secret string

func (Secret) String() string                 { return "[redacted]" }
func (Secret) LogValue() slog.Value           { return slog.StringValue("[redacted]") }
func (s Secret) GoString() string             { return s.String() }
func (s Secret) Reveal() string               { return string(s) }
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Config is the whole configuration. config.example.toml documents every key
// with its default; a test keeps the two in step.
type Config struct {
	Token         Secret `toml:"token"`
	ApplicationID string `toml:"application_id"`
	// PublicKey is the application's public key, in hex, which signs the
	// interactions Discord POSTs to `run --http`.
	PublicKey  string `toml:"public_key"`
	DevGuildID string `toml:"dev_guild_id"`
	DataDir    string `toml:"data_dir"`
	LogLevel   string `toml:"log_level"`
	LogFormat  string `toml:"log_format"` // text or json
	// ShardIDs are the gateway shards this process runs, of ShardCount.
	// ShardID is their older form, one shard, kept for older files; a
	// loaded Config holds it in ShardIDs.
	ShardIDs   []int `toml:"shard_ids"`
	ShardID    int   `toml:"shard_id"`
	ShardCount int   `toml:"shard_count"`
	// GlobalRate is Discord's global rate limit of the bot, in requests a
	// second over all its processes; each process spends its shards'
	// share (bot.Config.GlobalRate).
	GlobalRate float64 `toml:"global_rate"`
	// DiscordAPI, if set, is where the bot sends what it would send to
	// https://discord.com: a REST proxy, or a fake Discord in tests.
	DiscordAPI string `toml:"discord_api"`
	// VinhosData is an optional TOML file that corrects reconstructed
	// Vinhos component values (see engine/vinhos/testdata/data-example.toml).
	VinhosData string    `toml:"vinhos_data"`
	Reminders  Reminders `toml:"reminders"`
	AI         AI        `toml:"ai"`
	// ShutdownGrace is how long a stopping bot lets the outbox deliver.
	ShutdownGrace time.Duration `toml:"shutdown_grace"`
	Backup        Backup        `toml:"backup"`
	Ops           Ops           `toml:"ops"`
	Cluster       Cluster       `toml:"cluster"`
}

// Cluster is how the processes that share one bot reach each other and
// share what spans servers (docs/deploy.md, Several processes, and
// Several processes behind one URL).
type Cluster struct {
	// EtcdEndpoints are etcd's, where the processes share what spans
	// servers (package cluster); none: one process, and no etcd.
	EtcdEndpoints []string      `toml:"etcd_endpoints"`
	KeyPrefix     string        `toml:"key_prefix"`
	DialTimeout   time.Duration `toml:"dial_timeout"`
	// Process names this process among the bot's, the same across its
	// restarts; empty: its shards ("shards-0-1").
	Process string `toml:"process"`
	// AdvertiseURL is this process's Interactions Endpoint as the other
	// processes reach it; with etcd, registered there for its shards.
	AdvertiseURL string `toml:"advertise_url"`
	// Peers, without etcd, are the Interactions Endpoints of
	// every shard's process, shard k's at index k, where `run --http`
	// forwards the interactions of the shards it does not run.
	Peers []string `toml:"peers"`
}

// process is this process's name among the bot's.
func (c Config) process() string {
	if c.Cluster.Process != "" {
		return c.Cluster.Process
	}
	name := "shards"
	for _, id := range c.ShardIDs {
		name += "-" + strconv.Itoa(id)
	}
	return name
}

// Backup is the schedule of the database's backups (storage/backup).
type Backup struct {
	Interval time.Duration `toml:"interval"` // 0: none on a schedule
	Dir      string        `toml:"dir"`      // empty: data_dir/backups
	Keep     int           `toml:"keep"`
}

// backupDir is the folder of the backups.
func (c Config) backupDir() string {
	if c.Backup.Dir != "" {
		return c.Backup.Dir
	}
	return filepath.Join(c.DataDir, "backups")
}

// Ops is the operations endpoint: metrics, health and readiness (ops.go).
type Ops struct {
	// Listen is its address; "" serves none, and a port alone (":9090")
	// listens on the loopback interface only.
	Listen string `toml:"listen"`
}

// AI is how long the bot's AI may think per decision at each level, on one
// core: its seats, absent players under auto, and hints.
type AI struct {
	Easy   time.Duration `toml:"easy"`
	Normal time.Duration `toml:"normal"`
	Hard   time.Duration `toml:"hard"`
}

// Reminders are the defaults for new games; each game can change its own.
type Reminders struct {
	Pace     string        `toml:"pace"`     // relaxed, normal or fast
	Floor    time.Duration `toml:"floor"`    // the shortest interval escalation reaches
	Deadline time.Duration `toml:"deadline"` // 0: no deadline for absent players
	Absent   string        `toml:"absent"`   // wait, auto or skip, at the deadline
	// Retry is how soon what failed for a passing reason is tried again:
	// a digest whose claim etcd could not take, a bot turn cut short.
	Retry time.Duration `toml:"retry"`
}

// aiSettings are the AI's times per level.
func (c Config) aiSettings() ai.Settings {
	return ai.Settings{Budgets: [3]time.Duration{ai.Easy: c.AI.Easy, ai.Normal: c.AI.Normal, ai.Hard: c.AI.Hard}}
}

// DefaultConfig is the configuration with no file and no environment.
func DefaultConfig() Config {
	return Config{
		DataDir:    "data",
		LogLevel:   "info",
		LogFormat:  "text",
		ShardIDs:   []int{0},
		ShardCount: 1,
		GlobalRate: 50, // Discord's for most bots
		Reminders:  Reminders{Pace: remind.PaceNormal, Floor: remind.DefaultFloor, Absent: "wait", Retry: remind.DefaultRetry},
		AI:         AI{Easy: ai.Easy.Budget(), Normal: ai.Normal.Budget(), Hard: ai.Hard.Budget()},
		// Enough for a busy game's few messages; systemd and Docker wait
		// longer than this before they kill the process.
		ShutdownGrace: 5 * time.Second,
		Backup:        Backup{Keep: 7},
		Cluster: Cluster{EtcdEndpoints: []string{}, KeyPrefix: cluster.DefaultPrefix, DialTimeout: cluster.DefaultDialTimeout,
			Peers: []string{}},
	}
}

// LoadConfig reads path over the defaults, then applies the environment.
// A missing file is fine when path is the default one (optional is true).
func LoadConfig(path string, optional bool, getenv func(string) string) (Config, error) {
	cfg := DefaultConfig()
	var md toml.MetaData
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		md, err = toml.Decode(string(data), &cfg)
		if err != nil {
			return Config{}, fmt.Errorf("config %s: %w", path, err)
		}
		if undecoded := md.Undecoded(); len(undecoded) > 0 {
			keys := make([]string, len(undecoded))
			for i, k := range undecoded {
				keys[i] = k.String()
			}
			return Config{}, fmt.Errorf("config %s: unknown key %s", path, strings.Join(keys, ", "))
		}
	case errors.Is(err, os.ErrNotExist) && optional:
	default:
		return Config{}, fmt.Errorf("config: %w", err)
	}
	if err := cfg.applyEnv(getenv); err != nil {
		return Config{}, err
	}
	if err := cfg.foldShardID(md.IsDefined("shard_id") || getenv("ADEGA_SHARD_ID") != "",
		md.IsDefined("shard_ids") || getenv("ADEGA_SHARD_IDS") != ""); err != nil {
		return Config{}, err
	}
	return cfg, cfg.validate()
}

// foldShardID makes the older shard_id, where it was set, the one shard of
// shard_ids; setting both is a mistake to point out, not to guess at.
func (c *Config) foldShardID(idSet, idsSet bool) error {
	switch {
	case idSet && idsSet:
		return errors.New("config: shard_id and shard_ids are both set; keep shard_ids (shard_id = N is the older form of shard_ids = [N])")
	case idSet:
		c.ShardIDs = []int{c.ShardID}
	}
	return nil
}

// applyEnv lets the environment override the file; secrets belong there.
func (c *Config) applyEnv(getenv func(string) string) error {
	strs := map[string]*string{
		"ADEGA_APPLICATION_ID":        &c.ApplicationID,
		"ADEGA_PUBLIC_KEY":            &c.PublicKey,
		"ADEGA_DEV_GUILD_ID":          &c.DevGuildID,
		"ADEGA_DATA_DIR":              &c.DataDir,
		"ADEGA_LOG_LEVEL":             &c.LogLevel,
		"ADEGA_LOG_FORMAT":            &c.LogFormat,
		"ADEGA_OPS_LISTEN":            &c.Ops.Listen,
		"ADEGA_DISCORD_API":           &c.DiscordAPI,
		"ADEGA_CLUSTER_ADVERTISE_URL": &c.Cluster.AdvertiseURL,
	}
	for name, field := range strs {
		if v := getenv(name); v != "" {
			*field = v
		}
	}
	if v := getenv("ADEGA_TOKEN"); v != "" {
		c.Token = Secret(v)
	}
	ints := map[string]*int{"ADEGA_SHARD_ID": &c.ShardID, "ADEGA_SHARD_COUNT": &c.ShardCount}
	for name, field := range ints {
		if v := getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("config: %s=%q is not a whole number", name, v)
			}
			*field = n
		}
	}
	if v := getenv("ADEGA_ETCD_ENDPOINTS"); v != "" {
		c.Cluster.EtcdEndpoints = strings.Split(v, ",")
	}
	if v := getenv("ADEGA_SHARD_IDS"); v != "" {
		c.ShardIDs = nil
		for f := range strings.SplitSeq(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return fmt.Errorf("config: ADEGA_SHARD_IDS=%q is not a list of whole numbers separated by commas", v)
			}
			c.ShardIDs = append(c.ShardIDs, n)
		}
	}
	return nil
}

func (c Config) validate() error {
	if _, err := parseLevel(c.LogLevel); err != nil {
		return err
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("config: log_format %q must be text or json", c.LogFormat)
	}
	if _, err := c.publicKey(); err != nil {
		return err
	}
	if c.GlobalRate <= 0 {
		return fmt.Errorf("config: global_rate %v must be positive: the requests a second Discord allows the bot (50 for most bots)", c.GlobalRate)
	}
	if _, err := c.discordAPI(); err != nil {
		return err
	}
	if c.ShutdownGrace < 0 || c.Backup.Interval < 0 || c.Backup.Keep < 1 {
		return errors.New("config: shutdown_grace and backup.interval must not be negative, and backup.keep must be at least 1")
	}
	if err := c.validateShards(); err != nil {
		return err
	}
	switch c.Reminders.Pace {
	case "relaxed", "normal", "fast":
	default:
		return fmt.Errorf("config: reminders.pace %q must be relaxed, normal or fast", c.Reminders.Pace)
	}
	switch c.Reminders.Absent {
	case "wait", "auto", "skip":
	default:
		return fmt.Errorf("config: reminders.absent %q must be wait, auto or skip", c.Reminders.Absent)
	}
	if c.Reminders.Floor <= 0 || c.Reminders.Deadline < 0 || c.Reminders.Retry < time.Second {
		return errors.New("config: reminders.floor must be positive, reminders.deadline not negative, and reminders.retry at least 1s")
	}
	if c.AI.Easy <= 0 || c.AI.Normal <= 0 || c.AI.Hard <= 0 || c.AI.Hard > time.Minute {
		return errors.New("config: ai.easy, ai.normal and ai.hard must be positive, and at most 1m")
	}
	if _, err := c.opsAddress(); err != nil {
		return err
	}
	return c.validateCluster()
}

// publicKey decodes public_key; nil if it is not set.
func (c Config) publicKey() (ed25519.PublicKey, error) {
	if c.PublicKey == "" {
		return nil, nil
	}
	key, err := hex.DecodeString(c.PublicKey)
	if err != nil || len(key) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("config: public_key must be the application's public key: %d hexadecimal digits", 2*ed25519.PublicKeySize)
	}
	return key, nil
}

func parseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("config: log_level %q must be debug, info, warn or error", s)
	}
	return l, nil
}

// validateShards checks shard_ids against shard_count.
func (c Config) validateShards() error {
	if c.ShardCount < 1 {
		return fmt.Errorf("config: shard_count %d must be at least 1", c.ShardCount)
	}
	if len(c.ShardIDs) == 0 {
		return errors.New("config: shard_ids is empty; list the shards this process runs, such as [0]")
	}
	seen := map[int]bool{}
	for _, id := range c.ShardIDs {
		switch {
		case id < 0 || id >= c.ShardCount:
			return fmt.Errorf("config: shard %d of shard_ids %v must be in [0, shard_count %d): shards count from 0", id, c.ShardIDs, c.ShardCount)
		case seen[id]:
			return fmt.Errorf("config: shard %d is twice in shard_ids %v", id, c.ShardIDs)
		}
		seen[id] = true
	}
	return nil
}

// validateCluster checks etcd's settings, and that advertise_url and peers
// are URLs a process can POST to, one for each shard, and that peers names
// this process where it runs a shard.
func (c Config) validateCluster() error {
	if c.Cluster.DialTimeout <= 0 || c.Cluster.KeyPrefix == "" || strings.Contains(c.process(), "/") {
		return errors.New("config: cluster.dial_timeout must be positive, cluster.key_prefix not empty, and cluster.process hold no slash")
	}
	if u := c.Cluster.AdvertiseURL; u != "" {
		if err := checkPeerURL(u); err != nil {
			return fmt.Errorf("config: cluster.advertise_url: %w", err)
		}
	}
	peers := c.Cluster.Peers
	if len(peers) == 0 {
		return nil
	}
	if len(c.Cluster.EtcdEndpoints) > 0 {
		return errors.New("config: cluster.peers is for processes without etcd: with cluster.etcd_endpoints, each process registers its advertise_url there for its shards; remove peers")
	}
	if len(peers) != c.ShardCount {
		return fmt.Errorf("config: cluster.peers lists %d URLs for shard_count %d: list one a shard, shard 0's first", len(peers), c.ShardCount)
	}
	for k, u := range peers {
		if err := checkPeerURL(u); err != nil {
			return fmt.Errorf("config: cluster.peers, shard %d: %w", k, err)
		}
	}
	if c.Cluster.AdvertiseURL == "" {
		return nil
	}
	for _, id := range c.ShardIDs {
		if peers[id] != c.Cluster.AdvertiseURL {
			return fmt.Errorf("config: cluster.peers names %s for shard %d, which this process runs at cluster.advertise_url %s", peers[id], id, c.Cluster.AdvertiseURL)
		}
	}
	return nil
}

// checkPeerURL: an absolute http or https URL, with a host.
func checkPeerURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http:// or https:// URL with a host, such as http://10.0.0.1:8080", s)
	}
	return nil
}
