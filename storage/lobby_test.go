package storage

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

func TestLobbyJoinsAtOnceAllLand(t *testing.T) {
	s := newStore(t)
	if err := s.CreateLobby(adega.Lobby{ID: "l1", ChannelID: "c1", CreatorID: "u0", Game: "nim", MaxPlayers: 8, CreatedAt: time.Unix(0, 0)}, 1); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			_, err := s.UpdateLobby("l1", func(l *adega.Lobby) error {
				l.Seats = append(l.Seats, adega.SeatUser{UserID: fmt.Sprint(i), Name: fmt.Sprint("p", i)})
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	l, err := lobby(s, "l1")
	if err != nil || len(l.Seats) != 8 {
		t.Fatalf("%d seats after 8 joins at once (%v)", len(l.Seats), err)
	}
	refused := errors.New("full")
	if _, err := s.UpdateLobby("l1", func(l *adega.Lobby) error { l.Seats = nil; return refused }); err != refused {
		t.Fatalf("a refused change returned %v", err)
	}
	if l, _ := lobby(s, "l1"); len(l.Seats) != 8 {
		t.Fatal("a refused change was written")
	}
	if _, err := lobby(s, "nope"); engine.CodeOf(err) != adega.CodeNotFound || err.Error() != "That lobby no longer exists." {
		t.Fatalf("missing lobby: %v", err)
	}
	if err := s.CreateLobby(adega.Lobby{ID: "l1"}, 1); err == nil {
		t.Fatal("a lobby was created twice")
	}
}

// A user's open lobbies are limited, counted in the transaction that
// stores a lobby: of eight asked for at once, three open; a lobby started
// or called off frees a place; another user has places of their own. A
// database made before the count was kept counts the same once opened.
func TestOpenLobbiesAreLimitedPerUser(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	newLobby := func(id, creator string) adega.Lobby {
		return adega.Lobby{ID: id, ChannelID: "c1", CreatorID: creator, Game: "nim", MaxPlayers: 2, CreatedAt: time.Unix(int64(len(id)), 0)}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	opened, refused := 0, 0
	for k := range 8 {
		wg.Go(func() {
			err := s.CreateLobby(newLobby(fmt.Sprint("l", k), "u1"), 3)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				opened++
			case engine.CodeOf(err) == adega.CodeFull && strings.HasPrefix(err.Error(), "You have 3 lobbies open already"):
				refused++
			default:
				t.Errorf("lobby %d: %v", k, err)
			}
		})
	}
	wg.Wait()
	if opened != 3 || refused != 5 {
		t.Fatalf("%d lobbies opened and %d refused of 8; want 3 and 5", opened, refused)
	}
	if err := s.CreateLobby(newLobby("m1", "u2"), 3); err != nil {
		t.Fatalf("another user's lobby: %v", err)
	}
	mine, err := s.OpenLobbies("u1")
	if err != nil || len(mine) != 3 {
		t.Fatalf("u1's open lobbies: %d, %v", len(mine), err)
	}
	if _, err := s.UpdateLobby(mine[0].ID, func(l *adega.Lobby) error { l.Closed = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateLobby(newLobby("l9", "u1"), 3); err != nil {
		t.Fatalf("after a lobby closed: %v", err)
	}
	s.Close()
	dropBucket(t, path, bucketOpenLobbies)
	if err := openAt(t, path).CreateLobby(newLobby("l10", "u1"), 3); engine.CodeOf(err) != adega.CodeFull {
		t.Fatalf("a fourth lobby after reopening an older database: %v", err)
	}
}

// lobby reads a stored lobby.
func lobby(s *Store, id string) (adega.Lobby, error) {
	var l adega.Lobby
	err := s.db.View(func(tx *bbolt.Tx) error { return readLobby(tx, id, &l) })
	return l, err
}
