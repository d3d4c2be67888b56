package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adega-bot/adega/internal/dbtest"
	"github.com/adega-bot/adega/storage"
)

// restoreSetup is a data folder whose database holds two games of nim, a
// config naming it, and a backup of it taken after the first game's move:
// the database has moved on since.
func restoreSetup(t *testing.T) (config, db, backup string) {
	t.Helper()
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	db = filepath.Join(data, "adega.db")
	localGames(t, dir, 1)
	if err := os.Rename(filepath.Join(dir, "t.db"), db); err != nil {
		t.Fatal(err)
	}
	backup = filepath.Join(dir, "backup.db")
	f, err := os.Create(backup)
	if err != nil {
		t.Fatal(err)
	}
	store, err := storage.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Backup(f); err != nil {
		t.Fatal(err)
	}
	store.Close()
	f.Close()
	if out, err := runMain(t, "/nim p2 1\n", "local", "--resume", "g1", "--db", db, "--out", dir); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	config = filepath.Join(dir, "adega.toml")
	if err := os.WriteFile(config, []byte("data_dir = "+`"`+data+`"`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return config, db, backup
}

// A checked backup takes the database's place; the database it replaced
// is kept, and the bot plays on from the backup.
func TestRestorePutsABackupInPlace(t *testing.T) {
	config, db, backup := restoreSetup(t)
	before, _ := os.ReadFile(db)
	out, err := runMain(t, "", "restore", backup, "--config", config)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	outputHas(t, out, backup+": 1 game read and replayed.", "Restored "+backup+" as "+db+".", "The database it replaced is kept as "+db+".before-restore-")
	aside, _ := filepath.Glob(db + ".before-restore-*")
	if len(aside) != 1 {
		t.Fatalf("kept aside: %v", aside)
	}
	if kept, _ := os.ReadFile(aside[0]); !bytes.Equal(kept, before) {
		t.Error("the database kept aside is not the one replaced")
	}
	// The backup holds the first move only: the second is played again.
	out, err = runMain(t, "/status\n/nim p2 1\n", "local", "--resume", "g1", "--db", db, "--out", filepath.Dir(config))
	if err != nil || !strings.Contains(out, "12 counters left, move 1.") || !strings.Contains(out, "Bento took 1 from pile 2") {
		t.Errorf("the restored game does not play on: %v\n%s", err, out)
	}
}

// Two restores in a row each keep the database they replace, under names
// of their own, even in the same millisecond.
func TestRestoreTwiceKeepsBothDatabases(t *testing.T) {
	config, db, backup := restoreSetup(t)
	for range 2 {
		if out, err := runMain(t, "", "restore", backup, "--config", config); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	if aside, _ := filepath.Glob(db + ".before-restore-*"); len(aside) != 2 {
		t.Errorf("kept aside: %v; want two files", aside)
	}
	taken := db + ".before-restore-now"
	for _, want := range []string{taken, taken + "-2", taken + "-3"} {
		if kept, err := keepAside(db, taken); kept != want || err != nil {
			t.Errorf("kept as %s (%v), want %s", kept, err, want)
		}
	}
}

// A backup cut short (a copy that did not finish) is refused, with why in
// words, and adega check says the same: no panic's message.
func TestRestoreOfAFileCutShortSaysSo(t *testing.T) {
	config, db, backup := restoreSetup(t)
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{len(data) / 2, 8192} {
		cut := filepath.Join(t.TempDir(), "cut.db")
		if err := os.WriteFile(cut, data[:size], 0o600); err != nil {
			t.Fatal(err)
		}
		why := fmt.Sprintf("the file is cut short (it ends at byte %d, and its pages take ", size)
		for _, command := range []string{"restore", "check"} {
			out, err := runMain(t, "", command, cut, "--config", config)
			if err == nil || !strings.Contains(out+err.Error(), why) || strings.Contains(out+err.Error(), "runtime error") {
				t.Errorf("%s of the first %d bytes: %v, want %q\n%s", command, size, err, why, out)
			}
		}
	}
	if aside, _ := filepath.Glob(db + ".before-restore-*"); len(aside) > 0 {
		t.Errorf("a refused restore set a file aside: %v", aside)
	}
}

// Every bad input gets a clear refusal and changes nothing.
func TestRestoreRefusesWithoutChangingAnything(t *testing.T) {
	config, db, backup := restoreSetup(t)
	dir := filepath.Dir(config)
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a database, but long enough to look like one at first sight"), 0o600); err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "damaged.db")
	data, _ := os.ReadFile(backup)
	if err := os.WriteFile(damaged, data, 0o600); err != nil {
		t.Fatal(err)
	}
	dbtest.OverwritePage(t, damaged, "games", "g1")
	for _, tc := range []struct {
		name, file, want string
		running          bool
	}{
		{"missing", filepath.Join(dir, "nothing.db"), "no such file or directory; nothing was changed", false},
		{"a folder", dir, "is not a file; nothing was changed", false},
		{"not a database", text, text + " cannot be restored: ", false},
		{"damaged", damaged, damaged + " has problems (1, listed above); nothing was changed: restore an older backup", false},
		{"the database itself", db, "is the database itself; name a backup", false},
		{"bot running", backup, "a bot is running on " + db + ": stop it first; nothing was changed", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.running {
				store, err := storage.Open(db, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer store.Close()
			}
			before, _ := os.ReadFile(db)
			out, err := runMain(t, "", "restore", tc.file, "--config", config)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("restore %s: %v, want %q\n%s", tc.name, err, tc.want, out)
			}
			if after, _ := os.ReadFile(db); !bytes.Equal(after, before) {
				t.Fatalf("restore %s changed the database", tc.name)
			}
		})
		if aside, _ := filepath.Glob(db + ".before-restore-*"); len(aside) > 0 {
			t.Fatalf("restore %s set a file aside: %v", tc.name, aside)
		}
	}
}
