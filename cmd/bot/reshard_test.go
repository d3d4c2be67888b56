package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/storage"
)

// reshardSetup is an old process's data folder holding two games of nim
// (in DMs: shard 0's), and the folders of three new processes, the first
// of them the old one's.
func reshardSetup(t *testing.T) (old string, news []string) {
	t.Helper()
	dir := t.TempDir()
	old = filepath.Join(dir, "p0")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	localGames(t, dir, 2)
	if err := os.Rename(filepath.Join(dir, "t.db"), filepath.Join(old, "adega.db")); err != nil {
		t.Fatal(err)
	}
	for k := range 3 {
		news = append(news, filepath.Join(dir, fmt.Sprintf("p%d", k)))
	}
	return old, news
}

// newConfig writes a new process's config: its data_dir and its shards.
func newConfig(t *testing.T, dataDir string, count int, shards ...int) string {
	t.Helper()
	ids := strings.Trim(fmt.Sprint(shards), "[]")
	f, err := os.CreateTemp(filepath.Dir(dataDir), "*.toml")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	path := f.Name()
	text := fmt.Sprintf("data_dir = %q\nshard_ids = [%s]\nshard_count = %d\n", dataDir, strings.ReplaceAll(ids, " ", ", "), count)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Every bad input is refused with a message that says what to fix, and
// changes nothing: the old file is as it was, and no new file is left.
func TestReshardRefusesBadInput(t *testing.T) {
	old, news := reshardSetup(t)
	db := filepath.Join(old, "adega.db")
	three := strings.Join([]string{newConfig(t, news[0], 3, 0), newConfig(t, news[1], 3, 1), newConfig(t, news[2], 3, 2)}, ",")
	stranger := filepath.Join(t.TempDir(), "stranger")
	for _, c := range []struct {
		name string
		args []string
		want string
		prep func(t *testing.T) func()
	}{
		{name: "no old file", args: []string{"--to", three, filepath.Join(old, "missing")}, want: "missing is not an old process's database or data folder"},
		{name: "an old file twice", args: []string{"--to", three, old, filepath.Join(old, "adega.db")}, want: "adega.db is named twice"},
		{name: "a shard run by none", args: []string{"--to", newConfig(t, news[0], 3, 0) + "," + newConfig(t, news[1], 3, 1), old}, want: "no new config runs shard 2 of 3"},
		{name: "a shard run twice", args: []string{"--to", newConfig(t, news[0], 2, 0, 1) + "," + newConfig(t, news[1], 2, 1), old}, want: "shard 1 is in"},
		{name: "two counts", args: []string{"--to", newConfig(t, news[0], 2, 0) + "," + newConfig(t, news[1], 3, 1), old}, want: "the new processes share one"},
		{name: "one data_dir twice", args: []string{"--to", newConfig(t, news[0], 2, 0) + "," + newConfig(t, news[0], 2, 1), old}, want: "have the same data_dir"},
		{name: "a bot running", args: []string{"--to", three, old}, want: "a bot is running on " + db + ": stop every bot first",
			prep: func(t *testing.T) func() {
				store, err := storage.Open(db, nil)
				if err != nil {
					t.Fatal(err)
				}
				return func() { store.Close() }
			}},
		{name: "a new data_dir with another database", args: []string{"--to", newConfig(t, news[0], 2, 0) + "," + newConfig(t, stranger, 2, 1), old},
			want: "which is not one of the old databases",
			prep: func(t *testing.T) func() {
				if err := os.MkdirAll(stranger, 0o755); err != nil {
					t.Fatal(err)
				}
				store, err := storage.Open(filepath.Join(stranger, "adega.db"), nil)
				if err != nil {
					t.Fatal(err)
				}
				store.Close()
				return func() { os.RemoveAll(stranger) }
			}},
		{name: "messages owed", args: []string{"--to", three, old}, want: "owes 1 messages to Discord: start its bot and stop it (SIGTERM)",
			prep: func(t *testing.T) func() {
				store, err := storage.Open(db, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer store.Close()
				if err := store.Enqueue(&adega.Outgoing{Queue: "c1", ChannelID: "1", Message: []byte(`{"content":"hello"}`)}); err != nil {
					t.Fatal(err)
				}
				return func() {}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.prep != nil {
				defer c.prep(t)()
			}
			before, _ := os.ReadFile(db)
			out, err := runMain(t, "", append([]string{"reshard"}, c.args...)...)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "nothing was changed") {
				t.Fatalf("error %v, want one saying %q and that nothing was changed\n%s", err, c.want, out)
			}
			if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
				t.Error("the old file changed")
			}
			for _, dir := range news {
				if left, _ := filepath.Glob(filepath.Join(dir, "adega.db.*")); len(left) > 0 {
					t.Errorf("left behind: %v", left)
				}
			}
		})
	}
}

// One process's file split into three: the games (in DMs) stay with shard
// 0's process, whose data_dir was the old one's; the old file is kept
// beside, and the new one checks clean.
func TestReshardOneFileIntoThree(t *testing.T) {
	old, news := reshardSetup(t)
	three := strings.Join([]string{newConfig(t, news[0], 3, 0), newConfig(t, news[1], 3, 1), newConfig(t, news[2], 3, 2)}, ",")
	out, err := runMain(t, "", "reshard", "--to", three, old)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out, "Kept "+filepath.Join(old, "adega.db")+" as "+filepath.Join(old, "adega.db.before-reshard-"),
		"Shards [0] of 3: 2 games in "+filepath.Join(news[0], "adega.db"), "Shards [2] of 3: 0 games in")
	for k, dir := range news {
		out, err := runMain(t, "", "check", filepath.Join(dir, "adega.db"))
		if err != nil || k == 0 && !strings.Contains(out, "2 games read and replayed") {
			t.Errorf("check %s: %v\n%s", dir, err, out)
		}
	}
}
