package storage

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/internal/dbtest"
	"github.com/adega-bot/adega/internal/gametest"
)

// busyFile stores what a bot's database holds: 12 games of nim (see
// gamesFile), a user with a daily digest, an open lobby. Game 10 no longer
// replays (a rule changed under its log) and game 11's snapshot is wrong.
// It closes the file.
func busyFile(t *testing.T) (string, []*adega.Game) {
	t.Helper()
	path, games := gamesFile(t, 12)
	withFile(t, path, func(s *Store) {
		if err := putUser(s, adega.User{ID: "1001", Prefs: adega.Prefs{Digest: true, DigestHour: 9}, DigestAt: t0.Add(13 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateLobby(adega.Lobby{ID: "l1", ChannelID: "c2", CreatorID: "1003", Game: "nim", MaxPlayers: 2, CreatedAt: t0}, 5); err != nil {
			t.Fatal(err)
		}
		err := s.update(func(tx *bbolt.Tx) error {
			entry := games[9].Log[1]
			entry.Action = engine.Action{"p1", "9"}
			data, err := encode(entry)
			if err != nil {
				return err
			}
			return tx.Bucket(bucketGames).Bucket([]byte(games[9].ID)).Bucket([]byte(keyLog)).Put(u64(2), data)
		})
		if err != nil {
			t.Fatal(err)
		}
		first, _, err := engine.Replay(nim.Game{}, games[10].Setup, nil)
		if err != nil {
			t.Fatal(err)
		}
		breakSnapshot(t, s, games[10].ID, packSnapshot([]byte(gametest.Encoded(t, first))))
	})
	return path, games
}

func lostIDs(r *Report) []string {
	var ids []string
	for _, l := range r.Lost {
		ids = append(ids, l.ID)
	}
	return ids
}

func problemAbout(r *Report, what string) bool {
	return slices.ContainsFunc(r.Problems, func(p string) bool { return strings.Contains(p, what) })
}

// A sound file checks clean: no page, game or snapshot is reported.
func TestCheckOfASoundFileFindsNothing(t *testing.T) {
	path, games := gamesFile(t, 3)
	r, err := Check(path, registry)
	if err != nil || r.Games != len(games) || len(r.Lost) != 0 || len(r.Problems) != 0 {
		t.Fatalf("check: %+v (err %v); want %d games and nothing wrong", r, err, len(games))
	}
	openAt(t, path) // a bot has it open
	if _, err := Check(path, registry); err == nil || !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("check of a file in use: %v", err)
	}
}

// check reads each page and replays each game, reports what is wrong, and
// changes nothing.
func TestCheckReportsEachProblemAndChangesNothing(t *testing.T) {
	path, games := busyFile(t)
	damaged := games[5]
	dbtest.OverwritePage(t, path, string(bucketGames), damaged.ID)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(path, registry)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{damaged.ID, games[9].ID}; !reflect.DeepEqual(lostIDs(r), want) || r.Games != 10 {
		t.Fatalf("lost %v and read %d games; want %v lost and 10 read", lostIDs(r), r.Games, want)
	}
	if !strings.Contains(r.Lost[0].Err.Error(), "is damaged") || !strings.Contains(r.Lost[1].Err.Error(), "replay diverges at move 2") {
		t.Errorf("reasons: %v; %v", r.Lost[0].Err, r.Lost[1].Err)
	}
	// bbolt's own check is not run on a damaged page: it reads on a
	// goroutine of its own, which a fault would end with the process.
	if len(r.Problems) != 1 || !problemAbout(r, "game "+games[10].ID+": the stored snapshot disagrees") {
		t.Errorf("problems: %q; want the wrong snapshot alone", r.Problems)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("check changed the file")
	}
	_, err = Check(dbPath(t), registry)
	if err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("check of a missing file: %v", err)
	}
}

// salvage copies every game that reads and replays, with the records
// around them, into a new file that a bot opens and plays on; the lost
// are listed.
func TestSalvageCopiesEveryReadableGame(t *testing.T) {
	path, games := busyFile(t)
	damaged := games[5]
	dbtest.OverwritePage(t, path, string(bucketGames), damaged.ID)
	salvaged := filepath.Join(t.TempDir(), "salvaged.db")
	r, err := Salvage(path, salvaged, registry)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{damaged.ID, games[9].ID}; !reflect.DeepEqual(lostIDs(r), want) || r.Games != 10 {
		t.Fatalf("lost %v and saved %d games; want %v lost and 10 saved", lostIDs(r), r.Games, want)
	}
	if _, err := Salvage(path, salvaged, registry); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("salvage over an existing file: %v", err)
	}
	s := openAt(t, salvaged)
	saved := slices.DeleteFunc(slices.Clone(games), func(g *adega.Game) bool { return g == damaged || g == games[9] })
	var ids []string
	for _, g := range saved {
		ids = append(ids, g.ID)
		got, err := s.Load(g.ID)
		if err != nil || got.Stamp != g.Stamp || gametest.Encoded(t, got.State) != gametest.Encoded(t, g.State) || got.Meta.Title != g.Meta.Title {
			t.Fatalf("game %s in the new file: %+v (err %v)", g.ID, got, err)
		}
		play(t, s, got, 1)
	}
	if active, err := s.ActiveGames("c1"); err != nil || !reflect.DeepEqual(active, ids) {
		t.Errorf("channel index: %v (err %v); want %v", active, err, ids)
	}
	out, err := s.Outbox()
	if err != nil || slices.ContainsFunc(out, func(o adega.Outgoing) bool { return o.Game == damaged.ID || o.Game == games[9].ID }) ||
		!slices.ContainsFunc(out, func(o adega.Outgoing) bool { return o.Game == saved[0].ID }) {
		t.Errorf("outbox %v (err %v); want the saved games' messages alone", out, err)
	}
	if u, err := s.GetUser("1001"); err != nil || !u.Prefs.Digest {
		t.Errorf("user: %+v, %v", u, err)
	}
	if due, err := s.Due(t0.Add(14*time.Hour), 100); err != nil || !slices.Contains(due, adega.Wake{At: t0.Add(13 * time.Hour), Kind: adega.WakeDigest, ID: "1001"}) {
		t.Errorf("reminders index: %v (err %v); want the user's digest", due, err)
	}
	if _, err := lobby(s, "l1"); err != nil {
		t.Errorf("lobby: %v", err)
	}
	// What is kept beside the games and lobbies is made again from them.
	if playing, _, err := s.Playing("1001"); err != nil || !reflect.DeepEqual(playing, ids) {
		t.Errorf("Ana's games in progress: %v (err %v); want %v", playing, err, ids)
	}
	if err := s.CreateLobby(adega.Lobby{ID: "l2", ChannelID: "c3", CreatorID: "1003", Game: "nim", MaxPlayers: 2, CreatedAt: t0}, 1); engine.CodeOf(err) != adega.CodeFull {
		t.Errorf("a second lobby of a creator with one open, at a limit of one: %v", err)
	}
	if g := gametest.Create(t, s, "c1"); slices.ContainsFunc(games, func(old *adega.Game) bool { return old.ID == g.ID }) {
		t.Errorf("a new game took the ID %s of an old one", g.ID)
	}
}

// Wherever a file is cut (in half, as bbolt would not open), check and
// salvage end with a report or with why nothing can be read, and every
// game salvaged plays: no read of the missing part ends the process.
// bbolt writes the page every record is found from last, so most cuts
// lose it.
func TestCheckAndSalvageOfAFileCutAnywhere(t *testing.T) {
	path, games := gamesFile(t, 6)
	withFile(t, path, func(s *Store) { // pages written then freed end the file, as in a file long used
		if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketMeta).Put([]byte("ballast"), make([]byte, 64<<10)) }); err != nil {
			t.Fatal(err)
		}
		if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketMeta).Delete([]byte("ballast")) }); err != nil {
			t.Fatal(err)
		}
		for _, g := range games[:3] {
			play(t, s, g, 2)
		}
	})
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	cutShort := 0
	for size := page * 2; size < len(whole); size += 2 * page {
		cut := filepath.Join(t.TempDir(), "cut.db")
		if err := os.WriteFile(cut, whole[:size], 0o600); err != nil {
			t.Fatal(err)
		}
		// bbolt's own words for a read past the end (a nil pointer, a
		// page that is not what it expects) say nothing to an operator.
		unreachable := fmt.Sprintf("nothing in %s can be read: the file is cut short (it ends at byte %d, and its pages take ", cut, size)
		if r, err := Check(cut, registry); err != nil && !strings.Contains(err.Error(), unreachable) {
			t.Fatalf("check of the first %d bytes: %v", size, err)
		} else if err == nil && r.Games+len(r.Lost) != len(games) {
			t.Fatalf("check of the first %d bytes: %d games read and %v lost, of %d", size, r.Games, lostIDs(r), len(games))
		} else if err == nil && problemAbout(r, "the file is cut short") {
			cutShort++
		}
		salvaged := filepath.Join(t.TempDir(), "salvaged.db")
		r, err := Salvage(cut, salvaged, registry)
		if err != nil {
			if !strings.Contains(err.Error(), unreachable) {
				t.Fatalf("salvage of the first %d bytes: %v", size, err)
			}
			if _, err := os.Stat(salvaged); err == nil {
				t.Fatalf("salvage of the first %d bytes left an empty file behind", size)
			}
			continue
		}
		withFile(t, salvaged, func(s *Store) {
			metas, err := s.ListGames()
			if err != nil || len(metas) != r.Games {
				t.Fatalf("salvage of the first %d bytes: %d games listed (err %v), %d reported", size, len(metas), err, r.Games)
			}
			for _, m := range metas {
				g, err := s.Load(m.ID)
				if err != nil {
					t.Fatal(err)
				}
				play(t, s, g, 1)
			}
		})
	}
	if cutShort == 0 {
		t.Error("no cut kept the games and lost only free pages: check never said a file was cut short")
	}
}

// A game copied without its waiting record (as from a file older than
// reminders) gets one at the salvaged file's first start.
func TestSalvagedGamesGetTheirWaitsAtTheFirstStart(t *testing.T) {
	path, games := gamesFile(t, 2)
	withFile(t, path, func(s *Store) {
		if err := s.update(func(tx *bbolt.Tx) error {
			return tx.Bucket(bucketGames).Bucket([]byte(games[1].ID)).Delete([]byte(keyWaiting))
		}); err != nil {
			t.Fatal(err)
		}
	})
	salvaged := filepath.Join(t.TempDir(), "salvaged.db")
	if _, err := Salvage(path, salvaged, registry); err != nil {
		t.Fatal(err)
	}
	s := openAt(t, salvaged)
	if n, err := s.EnsureWaiting(t0); err != nil || n != 1 {
		t.Fatalf("the first start of the salvaged file indexed %d games (%v), want 1", n, err)
	}
	if w := waiting(t, s, games[1].ID); len(w.Seats) != 1 {
		t.Errorf("waiting: %+v", w)
	}
}
