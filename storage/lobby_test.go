package storage

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestLobbyJoinsAtOnceAllLand(t *testing.T) {
	s := newStore(t)
	if err := s.CreateLobby(Lobby{ID: "l1", ChannelID: "c1", CreatorID: "u0", Game: "nim", MaxPlayers: 8, CreatedAt: time.Unix(0, 0)}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			_, err := s.UpdateLobby("l1", func(l *Lobby) error {
				l.Seats = append(l.Seats, SeatUser{UserID: fmt.Sprint(i), Name: fmt.Sprint("p", i)})
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	l, err := s.GetLobby("l1")
	if err != nil || len(l.Seats) != 8 {
		t.Fatalf("%d seats after 8 joins at once (%v)", len(l.Seats), err)
	}
	refused := errors.New("full")
	if _, err := s.UpdateLobby("l1", func(l *Lobby) error { l.Seats = nil; return refused }); err != refused {
		t.Fatalf("a refused change returned %v", err)
	}
	if l, _ := s.GetLobby("l1"); len(l.Seats) != 8 {
		t.Fatal("a refused change was written")
	}
	if _, err := s.GetLobby("nope"); !errors.Is(err, ErrNoLobby) {
		t.Fatalf("missing lobby: %v", err)
	}
	if err := s.CreateLobby(Lobby{ID: "l1"}); err == nil {
		t.Fatal("a lobby was created twice")
	}
}
