// Package backup takes the bot's backups: whole copies of its database
// (storage.Store.Backup), taken while it plays, on a schedule (Run) or on
// demand from the operations listener (ServeHTTP), each written into a
// folder under a name that sorts by the time it was taken, the oldest
// removed beyond the number kept.
package backup

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/adega-bot/adega/storage"
)

// Backups writes the backups of one store into one folder.
type Backups struct {
	Store *storage.Store
	Dir   string
	// Keep is how many backups the folder keeps; older ones are removed
	// after each new one.
	Keep int
	Log  *slog.Logger
	Now  func() time.Time

	mu sync.Mutex // one backup at a time
}

// A backup's name: the prefix, the UTC time to the millisecond, the
// suffix. Its fixed width makes names sort as times do.
const (
	prefix = "adega-"
	layout = "2006-01-02T15-04-05.000Z"
	suffix = ".db"
)

// Name is the file name of a backup taken at.
func Name(at time.Time) string { return prefix + at.UTC().Format(layout) + suffix }

// isBackup reports whether a file name is a backup's.
func isBackup(name string) bool {
	stamp, ok := strings.CutPrefix(name, prefix)
	if stamp, ok = strings.CutSuffix(stamp, suffix); !ok {
		return false
	}
	_, err := time.Parse(layout, stamp)
	return err == nil
}

// Take writes a backup and removes the oldest beyond Keep; it returns the
// backup's path and size. The copy is written to a temporary file, synced,
// then renamed, so that a file with a backup's name is always whole.
func (b *Backups) Take() (path string, size int64, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := os.MkdirAll(b.Dir, 0o700); err != nil {
		return "", 0, fmt.Errorf("backup: %w", err)
	}
	path = filepath.Join(b.Dir, Name(b.Now()))
	tmp, err := os.CreateTemp(b.Dir, ".partial-*"+suffix)
	if err != nil {
		return "", 0, fmt.Errorf("backup: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if size, err = b.Store.Backup(tmp); err != nil {
		return "", 0, fmt.Errorf("backup: %w", err)
	}
	if err = tmp.Sync(); err != nil {
		return "", 0, fmt.Errorf("backup: %w", err)
	}
	if err = tmp.Close(); err != nil {
		return "", 0, fmt.Errorf("backup: %w", err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return "", 0, fmt.Errorf("backup: %w", err)
	}
	if err = SyncDir(b.Dir); err != nil {
		return "", 0, fmt.Errorf("backup: %w", err)
	}
	return path, size, b.prune()
}

// SyncDir makes a rename in dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// prune removes the oldest backups beyond Keep; other files are left alone.
func (b *Backups) prune() error {
	entries, err := os.ReadDir(b.Dir)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && isBackup(e.Name()) {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	var errs []error
	for _, name := range names[:max(len(names)-b.Keep, 0)] {
		errs = append(errs, os.Remove(filepath.Join(b.Dir, name)))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("backup: removing old backups: %w", err)
	}
	return nil
}

// Run takes a backup every interval until ctx is done, logging each.
func (b *Backups) Run(ctx context.Context, interval time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			b.takeAndLog("scheduled")
		}
	}
}

// takeAndLog takes a backup and logs the outcome; why says what asked.
func (b *Backups) takeAndLog(why string) (string, int64, error) {
	start := time.Now()
	path, size, err := b.Take()
	if err != nil {
		b.Log.Error("backup failed", "why", why, "err", err)
		return "", 0, err
	}
	b.Log.Info("backup taken", "why", why, "file", path, "bytes", size, "took", time.Since(start).Round(time.Millisecond))
	return path, size, nil
}

// ServeHTTP takes a backup on POST and answers its path and size in
// JSON: {"file": "...", "bytes": N}.
func (b *Backups) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST to take a backup", http.StatusMethodNotAllowed)
		return
	}
	path, size, err := b.takeAndLog("requested")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(struct {
		File  string `json:"file"`
		Bytes int64  `json:"bytes"`
	}{path, size})
}
