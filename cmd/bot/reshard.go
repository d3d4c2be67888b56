package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/storage"
	"github.com/adega-bot/adega/storage/backup"
)

// reshardCommand moves the games of the old processes' databases into the
// files of the new processes, for a new shard_count, with every bot
// stopped (docs/deploy.md, Resharding). The old files are kept beside,
// renamed; whatever it refuses or fails on, it changes nothing.
func reshardCommand(args []string, env Env) error {
	cmd := newCommand("reshard", env)
	to := cmd.String("to", "", "the new processes' config `files`, separated by commas: their shard_ids and shard_count, and their data_dir")
	cmd.Usage = func() {
		fmt.Fprint(cmd.Output(), "usage: adega reshard --to NEW.toml,... OLD...\n\n"+
			"With every bot stopped, moves each game of the old processes' databases OLD (data folders or files)\n"+
			"to the data_dir of the new process that runs its server's shard (DMs: shard 0's),\n"+
			"replays every game, and keeps the old files beside, renamed.\n")
		cmd.PrintDefaults()
	}
	if _, err := cmd.parse(args, env); err != nil {
		return err
	}
	if *to == "" || cmd.NArg() == 0 {
		cmd.Usage()
		return errors.New("reshard: name the new processes' configs (--to) and the old databases")
	}
	news, err := newShards(strings.Split(*to, ","))
	if err != nil {
		return fmt.Errorf("reshard: %w; nothing was changed", err)
	}
	olds, err := oldDatabases(cmd.Args())
	if err != nil {
		return fmt.Errorf("reshard: %w; nothing was changed", err)
	}
	if err := notRunning(olds, news); err != nil {
		return fmt.Errorf("reshard: %w; nothing was changed", err)
	}
	reg, err := games(news[0])
	if err != nil {
		return err
	}
	stamp := time.Now().UTC().Format("2006-01-02T15-04-05.000Z")
	fresh := make([]string, len(news))
	for k, cfg := range news {
		if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
			return fmt.Errorf("reshard: %w; nothing was changed", err)
		}
		fresh[k] = botDatabase(cfg) + ".reshard-" + stamp
	}
	count := news[0].ShardCount
	owner := func(guildID string) int {
		if _, err := strconv.ParseUint(guildID, 10, 64); err != nil && guildID != "" {
			return -1 // a server ID that is not one: refused, not taken for a DM
		}
		shard := bot.ShardOf(guildID, count) // DMs: 0
		for k, cfg := range news {
			for _, s := range cfg.ShardIDs {
				if s == shard {
					return k
				}
			}
		}
		return -1
	}
	r, err := storage.Reshard(olds, fresh, owner, reg)
	if err != nil {
		return fmt.Errorf("reshard: %w; nothing was changed", err)
	}
	for k, path := range fresh {
		if n, err := checkFile(path, reg, env.Stdout); err != nil || n > 0 {
			removeAll(fresh)
			return fmt.Errorf("reshard: the new file for %s does not check clean (%d problems, %v); nothing was changed", news[k].DataDir, n, err)
		}
	}
	if err := putInPlace(olds, fresh, news, stamp, env); err != nil {
		return fmt.Errorf("reshard: %w", err)
	}
	for k, cfg := range news {
		fmt.Fprintf(env.Stdout, "Shards %v of %d: %s in %s.\n", cfg.ShardIDs, count, gamesCount(r.Games[k]), botDatabase(cfg))
	}
	for _, line := range r.Renamed {
		fmt.Fprintln(env.Stdout, "Renamed:", line)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(env.Stdout, "Note:", p)
	}
	return nil
}

// newShards loads the new processes' configs (the environment, which
// would apply to all alike, is not read) and checks that they run every
// shard of one shard_count exactly once, each from its own data_dir.
func newShards(paths []string) ([]Config, error) {
	var news []Config
	runs := map[int]string{}    // shard → config
	dirs := map[string]string{} // data_dir → config
	for _, path := range paths {
		path = strings.TrimSpace(path)
		cfg, err := LoadConfig(path, false, func(string) string { return "" })
		if err != nil {
			return nil, err
		}
		if len(news) > 0 && cfg.ShardCount != news[0].ShardCount {
			return nil, fmt.Errorf("%s has shard_count %d, %s %d: the new processes share one", path, cfg.ShardCount, paths[0], news[0].ShardCount)
		}
		dir, _ := filepath.Abs(cfg.DataDir)
		if other, ok := dirs[dir]; ok {
			return nil, fmt.Errorf("%s and %s have the same data_dir %s", other, path, cfg.DataDir)
		}
		dirs[dir] = path
		for _, s := range cfg.ShardIDs {
			if other, ok := runs[s]; ok {
				return nil, fmt.Errorf("shard %d is in %s and in %s", s, other, path)
			}
			runs[s] = path
		}
		news = append(news, cfg)
	}
	for s := range news[0].ShardCount {
		if _, ok := runs[s]; !ok {
			return nil, fmt.Errorf("no new config runs shard %d of %d", s, news[0].ShardCount)
		}
	}
	return news, nil
}

// oldDatabases are the databases of the old processes: each path, or its
// data folder's adega.db; each once.
func oldDatabases(paths []string) ([]string, error) {
	var olds []string
	for _, path := range paths {
		fi, err := os.Stat(path)
		if err == nil && fi.IsDir() {
			path = botDatabase(Config{DataDir: path})
			fi, err = os.Stat(path)
		}
		if err != nil {
			return nil, fmt.Errorf("%s is not an old process's database or data folder: %w", path, err)
		}
		if isOld(fi, olds) {
			return nil, fmt.Errorf("%s is named twice: each old database once", path)
		}
		olds = append(olds, path)
	}
	return olds, nil
}

// notRunning refuses while a bot holds an old database or a new process's
// file, and a new process's file that is not one of the old ones.
func notRunning(olds []string, news []Config) error {
	for _, path := range olds {
		if err := stopped(path); err != nil {
			return err
		}
	}
	for _, cfg := range news {
		db := botDatabase(cfg)
		fi, err := os.Stat(db)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if !isOld(fi, olds) {
			return fmt.Errorf("%s holds %s, which is not one of the old databases: name it among them, or move it away", cfg.DataDir, db)
		}
	}
	return nil
}

func stopped(db string) error {
	held, err := storage.InUse(db)
	switch {
	case err != nil:
		return err
	case held:
		return fmt.Errorf("a bot is running on %s: stop every bot first", db)
	}
	return nil
}

func isOld(fi os.FileInfo, olds []string) bool {
	for _, path := range olds {
		if old, err := os.Stat(path); err == nil && os.SameFile(fi, old) {
			return true
		}
	}
	return false
}

// putInPlace keeps each old database beside, renamed with
// ".before-reshard-STAMP", and puts each new file in its process's place.
// The old files are linked under their second names first: until every
// one is, nothing is changed.
func putInPlace(olds, fresh []string, news []Config, stamp string, env Env) error {
	var kept []string
	for _, db := range olds {
		name, err := keepAside(db, db+".before-reshard-"+stamp)
		if err != nil {
			removeAll(append(kept, fresh...))
			return fmt.Errorf("keeping %s aside: %w; nothing was changed", db, err)
		}
		kept = append(kept, name)
	}
	for k, db := range olds {
		if err := os.Remove(db); err != nil {
			return fmt.Errorf("%w: the old files are kept as %s; put them back to undo", err, strings.Join(kept, ", "))
		}
		fmt.Fprintf(env.Stdout, "Kept %s as %s.\n", db, kept[k])
	}
	for k, cfg := range news {
		if err := os.Rename(fresh[k], botDatabase(cfg)); err != nil {
			return fmt.Errorf("%w: the old files are kept as %s; put them back to undo", err, strings.Join(kept, ", "))
		}
		if err := backup.SyncDir(cfg.DataDir); err != nil {
			return err
		}
	}
	return nil
}

func removeAll(paths []string) {
	for _, p := range paths {
		os.Remove(p)
	}
}
