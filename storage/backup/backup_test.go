package backup_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
	"github.com/adega-bot/adega/storage/backup"
)

func games() *engine.Registry { return engine.NewRegistry(vinhos.Game{}) }

func open(t *testing.T, path string) *storage.Store {
	t.Helper()
	s, err := storage.Open(path, games())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// clock gives each backup its own millisecond, so none replaces another.
func clock() func() time.Time {
	var n atomic.Int64
	return func() time.Time { return gametest.T0.Add(time.Duration(n.Add(1)) * time.Millisecond) }
}

// player plays one game's moves through the referee, as the bot does for
// interactions, and records each move's interaction once it is stored:
// once the bot would acknowledge it.
type player struct {
	store *storage.Store
	ref   *referee.Referee
	next  *atomic.Int64 // the interactions' numbers
	mu    sync.Mutex
	acked []string
}

func (p *player) play(id string, stop <-chan struct{}) error {
	for {
		select {
		case <-stop:
			return nil
		default:
		}
		cur, err := p.store.Load(id)
		if err != nil {
			return err
		}
		if cur.State.Over() {
			return nil
		}
		seat := cur.State.Pending()[0].Seat
		act, err := engine.Auto(cur.State, seat)
		if err != nil {
			return err
		}
		in := gametest.Snowflake(time.Now(), int(p.next.Add(1)))
		_, err = p.ref.Move(referee.MoveRequest{Game: id, Stamp: cur.Stamp, Play: referee.Play{Seat: seat, Action: act, Interaction: in}, Now: time.Now()})
		if err != nil {
			return fmt.Errorf("game %s: %w", id, err)
		}
		p.mu.Lock()
		p.acked = append(p.acked, in)
		p.mu.Unlock()
	}
}

func (p *player) ackedSoFar() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.acked)
}

// Backups taken while four games are played at once each pass the check
// (every page, every game replayed), hold every move acknowledged before
// the backup began, and open as a database a bot plays on.
func TestBackupsWhileMovesArePlayed(t *testing.T) {
	dir := t.TempDir()
	store := open(t, filepath.Join(dir, "adega.db"))
	var ids []string
	for seed := range uint64(4) {
		ids = append(ids, gametest.CreateFourPlayer(t, store, seed+1).ID)
	}
	b := &backup.Backups{Store: store, Dir: filepath.Join(dir, "backups"), Keep: 100, Log: slog.New(slog.DiscardHandler), Now: clock()}
	p := &player{store: store, ref: referee.New(store), next: new(atomic.Int64)}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, len(ids))
	for _, id := range ids {
		wg.Go(func() { errs <- p.play(id, stop) })
	}
	type taken struct {
		path   string
		before []string // acknowledged before it began
	}
	var backups []taken
	for len(backups) < 6 {
		// Between backups, more moves: each backup has more to hold.
		for len(p.ackedSoFar()) < 6*(len(backups)+1) {
			time.Sleep(time.Millisecond)
		}
		before := p.ackedSoFar()
		path, _, err := b.Take()
		if err != nil {
			t.Fatal(err)
		}
		backups = append(backups, taken{path, before})
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, bk := range backups {
		r, err := storage.Check(bk.path, games())
		if err != nil {
			t.Fatal(err)
		}
		if r.Games != len(ids) || len(r.Lost) > 0 || len(r.Problems) > 0 {
			t.Fatalf("%s: %d games replayed, lost %v, problems %v", bk.path, r.Games, r.Lost, r.Problems)
		}
		copy := open(t, bk.path)
		for _, in := range bk.before {
			if done, err := copy.Handled(in); err != nil || !done {
				t.Fatalf("%s misses the move of interaction %s, acknowledged before it began (%v)", filepath.Base(bk.path), in, err)
			}
		}
		// A bot plays on from it.
		g, err := copy.Load(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if !g.State.Over() {
			seat, act := gametest.FirstLegal(t, g.State)
			if _, err := referee.New(copy).Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: time.Now()}); err != nil {
				t.Fatalf("%s: the next move: %v", bk.path, err)
			}
		}
	}
	t.Logf("%d backups, %d moves", len(backups), len(p.ackedSoFar()))
}

// The folder keeps the newest Keep backups; files not named as backups
// are left alone, and a half-written backup never bears a backup's name.
func TestBackupsKeepTheNewest(t *testing.T) {
	dir := t.TempDir()
	store := open(t, filepath.Join(dir, "adega.db"))
	folder := filepath.Join(dir, "backups")
	if err := os.MkdirAll(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, "notes.txt"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	b := &backup.Backups{Store: store, Dir: folder, Keep: 2, Log: slog.New(slog.DiscardHandler), Now: clock()}
	var paths []string
	for range 4 {
		path, _, err := b.Take()
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Base(path))
	}
	entries, err := os.ReadDir(folder)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{paths[2], paths[3], "notes.txt"}; !slices.Equal(left, want) {
		t.Errorf("the folder holds %v, want %v", left, want)
	}
	if !slices.IsSorted(paths) || paths[0] != "adega-2025-03-01T20-00-00.001Z.db" {
		t.Errorf("names do not sort by time: %v", paths)
	}
}

// POST takes a backup and names it; any other method changes nothing.
func TestBackupOnDemand(t *testing.T) {
	dir := t.TempDir()
	store := open(t, filepath.Join(dir, "adega.db"))
	gametest.CreateFourPlayer(t, store, 1)
	folder := filepath.Join(dir, "backups")
	b := &backup.Backups{Store: store, Dir: folder, Keep: 3, Log: slog.New(slog.DiscardHandler), Now: clock()}
	srv := httptest.NewServer(b)
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %s", resp.Status)
	}
	if _, err := os.Stat(folder); !os.IsNotExist(err) {
		t.Errorf("GET made the folder: %v", err)
	}
	resp, err = http.Post(srv.URL, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := filepath.Join(folder, "adega-2025-03-01T20-00-00.001Z.db")
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"file":"`+want+`"`) {
		t.Fatalf("POST: %s %s", resp.Status, body)
	}
	if r, err := storage.Check(want, games()); err != nil || r.Games != 1 {
		t.Errorf("the backup: %+v, %v", r, err)
	}
}

// Run takes backups on its schedule until its context ends, logging each.
func TestScheduledBackups(t *testing.T) {
	dir := t.TempDir()
	store := open(t, filepath.Join(dir, "adega.db"))
	var logs strings.Builder
	folder := filepath.Join(dir, "backups")
	b := &backup.Backups{Store: store, Dir: folder, Keep: 2, Log: slog.New(slog.NewTextHandler(&logs, nil)), Now: clock()}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.Run(ctx, time.Millisecond)
	}()
	for taken := 0; taken < 2; time.Sleep(time.Millisecond) {
		entries, _ := os.ReadDir(folder)
		taken = 0
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "adega-") {
				taken++
			}
		}
	}
	cancel()
	<-done
	if !strings.Contains(logs.String(), `msg="backup taken" why=scheduled file=`+folder) {
		t.Errorf("the log says:\n%s", logs.String())
	}
}
