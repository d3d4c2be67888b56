package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/adega-bot/adega/storage"
	"github.com/adega-bot/adega/storage/backup"
)

// restoreCommand puts a backup in the place of the bot's database, with the
// bot stopped, once the backup checks clean (every page, every game
// replayed). The database it replaces is kept beside it. Whatever it
// refuses, it changes nothing.
func restoreCommand(args []string, env Env) error {
	files, cfg, reg, err := rescueArgs("restore FILE", "Checks the backup FILE (every page read, every game replayed) and, with the bot stopped, "+
		"puts it in the place of the configured database, keeping that one beside it.", args, env)
	if err != nil {
		return err
	}
	file, db := files[0], botDatabase(cfg)
	fi, err := os.Stat(file)
	switch {
	case err != nil:
		return fmt.Errorf("restore: %w; nothing was changed", err)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("restore: %s is not a file; nothing was changed", file)
	}
	old, err := os.Stat(db)
	exists := err == nil
	switch {
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("restore: %w; nothing was changed", err)
	case exists && os.SameFile(fi, old):
		return fmt.Errorf("restore: %s is the database itself; name a backup", file)
	case exists:
		held, err := storage.InUse(db)
		if err != nil {
			return fmt.Errorf("restore: %w; nothing was changed", err)
		}
		if held {
			return fmt.Errorf("restore: a bot is running on %s: stop it first; nothing was changed", db)
		}
	}
	n, err := checkFile(file, reg, env.Stdout)
	if err != nil {
		return fmt.Errorf("restore: %s cannot be restored: %w; nothing was changed", file, err)
	}
	if n > 0 {
		return fmt.Errorf("restore: %s has problems (%d, listed above); nothing was changed: restore an older backup", file, n)
	}
	aside := ""
	if exists {
		aside = db + ".before-restore-" + time.Now().UTC().Format("2006-01-02T15-04-05.000Z")
	}
	if aside, err = replace(db, file, aside); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(env.Stdout, "Restored %s as %s.\n", file, db)
	if aside != "" {
		fmt.Fprintf(env.Stdout, "The database it replaced is kept as %s.\n", aside)
	}
	return nil
}

// replace puts a copy of file in the place of db in one rename, so that db
// is always either the old database or the whole new one; the old one
// stays under a second name, aside or, if a file has that name, aside
// numbered (keepAside), unless aside is "". It returns that name.
func replace(db, file, aside string) (kept string, err error) {
	dir := filepath.Dir(db)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, ".restore-*.db")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := copyInto(tmp, db, file); err != nil {
		return "", err
	}
	if aside != "" {
		if aside, err = keepAside(db, aside); err != nil {
			return "", fmt.Errorf("keeping the old database aside: %w; nothing was changed", err)
		}
	}
	if err = os.Rename(tmp.Name(), db); err != nil {
		return "", err
	}
	return aside, backup.SyncDir(dir)
}

// copyInto writes file into tmp, with db's permissions if db exists,
// synced to the disk, and closes tmp.
func copyInto(tmp *os.File, db, file string) error {
	if old, err := os.Stat(db); err == nil {
		if err := tmp.Chmod(old.Mode().Perm()); err != nil {
			return err
		}
	}
	src, err := os.Open(file)
	if err != nil {
		return err
	}
	defer src.Close()
	if _, err := io.Copy(tmp, src); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	return tmp.Close()
}

// keepAside gives db the second name aside, or aside-2, aside-3, ... if
// that is taken (two restores in one millisecond), and returns it.
func keepAside(db, aside string) (string, error) {
	for n := 1; ; n++ {
		name := aside
		if n > 1 {
			name = fmt.Sprintf("%s-%d", aside, n)
		}
		if err := os.Link(db, name); !errors.Is(err, fs.ErrExist) {
			return name, err
		}
	}
}
