package storage

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
)

// Two old files, each with a game in guild "a" and one in guild "b" (IDs
// g1 and g2 in both), a lobby, and the player ana, whose settings and
// statistics each file kept its own of; bea plays in "b" only. Resharded
// to two new files, "a" (and DMs) owning the first, "b" the second.
func TestReshardMovesEachGameOnce(t *testing.T) {
	dir := t.TempDir()
	reg := engine.NewRegistry(nim.Game{})
	var from []string
	for k, zone := range []string{"Europe/Lisbon", "America/Recife"} {
		path := filepath.Join(dir, string(rune('p'+k))+".db")
		s, err := Open(path, reg)
		if err != nil {
			t.Fatal(err)
		}
		for _, guild := range []string{"a", "b"} {
			seats := []adega.SeatUser{{UserID: "ana", Name: "Ana"}, {UserID: "bea", Name: "Bea"}}
			if guild == "a" {
				seats[1] = adega.SeatUser{Name: "Bot", Bot: true}
			}
			if _, err := s.Create(adega.Meta{ChannelID: guild + string(rune('0'+k)), GuildID: guild, Seats: seats},
				engine.Setup{Game: "nim", Mode: "standard", Seed: uint64(k + 1), Players: []string{"Ana", seats[1].Name}}, time.Unix(0, 0), nil); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.UpdateUser("ana", func(u *adega.User) error {
			u.Prefs.TimeZone = zone
			u.Stats = map[string]adega.GameStats{"nim": {Played: 2, Won: 1}}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		l := adega.Lobby{ID: "l" + string(rune('0'+k)), ChannelID: "lobby", GuildID: "b", CreatorID: "bea", Game: "nim", MaxPlayers: 2, CreatedAt: time.Unix(0, 0)}
		if err := s.CreateLobby(l, 5); err != nil {
			t.Fatal(err)
		}
		s.Close()
		from = append(from, path)
	}
	to := []string{filepath.Join(dir, "new0.db"), filepath.Join(dir, "new1.db")}
	owner := func(guild string) int {
		if guild == "b" {
			return 1
		}
		return 0
	}
	r, err := Reshard(from, to, owner, reg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Games[0] != 2 || r.Games[1] != 2 || len(r.Renamed) != 2 {
		t.Errorf("games %v, renamed %v: want two in each file, the second file's two renamed", r.Games, r.Renamed)
	}
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "player ana had other settings in "+from[1]) {
		t.Errorf("problems %q, want ana's second settings noted", r.Problems)
	}
	for d, path := range to {
		s, err := Open(path, reg)
		if err != nil {
			t.Fatal(err)
		}
		guild := []string{"a", "b"}[d]
		for k := range 2 {
			if ids, err := s.ActiveGames(guild + string(rune('0'+k))); err != nil || len(ids) != 1 {
				t.Errorf("%s: the game of %s%d: %v (%v)", path, guild, k, ids, err)
			}
		}
		ana, err := s.GetUser("ana")
		if err != nil || ana.Prefs.TimeZone != "Europe/Lisbon" || ana.Stats["nim"] != (adega.GameStats{Played: 4, Won: 2}) {
			t.Errorf("%s: ana is %+v (%v), want the first file's settings and both files' statistics", path, ana, err)
		}
		lobbies, err := s.OpenLobbies("bea")
		if err != nil || len(lobbies) != 2*d {
			t.Errorf("%s: bea's lobbies %v (%v), want both in b's file only", path, lobbies, err)
		}
		s.Close()
	}
}

// A file that owes messages to Discord is refused, and no new file is left.
func TestReshardRefusesMessagesOwed(t *testing.T) {
	dir := t.TempDir()
	reg := engine.NewRegistry(nim.Game{})
	path := filepath.Join(dir, "old.db")
	s, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Enqueue(&adega.Outgoing{Queue: "c", ChannelID: "c", Message: []byte(`{"content":"hi"}`)}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	to := filepath.Join(dir, "new.db")
	if _, err := Reshard([]string{path}, []string{to}, func(string) int { return 0 }, reg); err == nil || !strings.Contains(err.Error(), "owes 1 messages") {
		t.Fatalf("error %v, want the messages owed", err)
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, "new*")); len(matches) > 0 {
		t.Errorf("left behind: %v", matches)
	}
}
