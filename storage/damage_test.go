package storage

import (
	"errors"
	"os"
	"strings"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/dbtest"
	"github.com/adega-bot/adega/internal/gametest"
)

// gamesFile stores n games of nim in one channel, 3 moves each, with their
// messages queued, in a database file that it closes, and returns the
// file and the games.
func gamesFile(t *testing.T, n int) (string, []*adega.Game) {
	t.Helper()
	path := dbPath(t)
	var games []*adega.Game
	withFile(t, path, func(s *Store) {
		for range n {
			g, err := s.Create(adega.Meta{Title: "Friday nim", ChannelID: "c1", Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
				engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bia"}}, t0, gametest.TurnPost)
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, play(t, s, g, 3))
		}
	})
	return path, games
}

// withFile opens the database file at path for fn, and closes it.
func withFile(t *testing.T, path string, fn func(s *Store)) {
	t.Helper()
	s, err := Open(path, registry)
	if err != nil {
		t.Fatal(err)
	}
	fn(s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// wantDamaged checks that err is a *DamagedError about record in path
// that says what to do.
func wantDamaged(t *testing.T, err error, path, record string) {
	t.Helper()
	var d *DamagedError
	if !errors.As(err, &d) || d.Path != path || d.Record != record {
		t.Fatalf("err = %v; want a *DamagedError about %q in %s", err, record, path)
	}
	for _, want := range []string{"the database " + path + " is damaged", "run `adega check " + path + "`, then `adega salvage " + path + " NEW`"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
}

// A damaged file is refused with a message that names it and says what to
// do, and without a panic: bbolt panicked on a file cut in half.
func TestOpeningADamagedFileSaysWhatToDo(t *testing.T) {
	for name, damage := range map[string]func(path string) error{
		"cut to half its size": func(path string) error {
			fi, err := os.Stat(path)
			if err != nil {
				return err
			}
			return os.Truncate(path, fi.Size()/2)
		},
		"its meta pages overwritten": func(path string) error {
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.WriteAt(make([]byte, 8192), 0)
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			path, _ := gamesFile(t, 40)
			if err := damage(path); err != nil {
				t.Fatal(err)
			}
			for range 2 { // the file is not left locked
				s, err := Open(path, registry)
				if err == nil {
					s.Close()
				}
				wantDamaged(t, err, path, "")
			}
		})
	}
}

// A page of garbage in one game's bucket costs that game alone: it is left
// out of the list, and reading it says the file is damaged; every other
// game lists, loads and plays.
func TestDamagedPageCostsOnlyItsGame(t *testing.T) {
	path, games := gamesFile(t, 12)
	lost := games[5]
	dbtest.OverwritePage(t, path, string(bucketGames), lost.ID)
	s := openAt(t, path)

	metas, err := s.ListGames()
	if err != nil || len(metas) != len(games)-1 {
		t.Fatalf("ListGames: %d games, err %v; want the %d undamaged", len(metas), err, len(games)-1)
	}
	for _, m := range metas {
		if m.ID == lost.ID {
			t.Fatalf("the damaged game %s is listed", lost.ID)
		}
	}
	_, err = s.Load(lost.ID)
	wantDamaged(t, err, path, "game "+lost.ID)
	seat, action := gametest.FirstLegal(t, lost.State)
	_, err = move(s, lost.ID, lost.Stamp, seat, action, t0)
	wantDamaged(t, err, path, "game "+lost.ID)
	for _, g := range games {
		if g.ID == lost.ID {
			continue
		}
		if _, err := s.Audit(g.ID); err != nil {
			t.Fatalf("game %s: %v", g.ID, err)
		}
		play(t, s, g, 1)
	}
}

// Only damage is recovered: a panic of the store's own code goes on, and
// is not taken for a damaged file.
func TestAPanicOfOursIsNotTakenForDamage(t *testing.T) {
	s := newStore(t)
	defer func() {
		if r := recover(); r != "ours" {
			t.Fatalf("recovered %v; want our own panic", r)
		}
	}()
	s.db.View(func(*bbolt.Tx) error { panic("ours") })
	t.Fatal("the panic was swallowed")
}
