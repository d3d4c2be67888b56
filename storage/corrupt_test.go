package storage

import (
	"errors"
	"strings"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

func TestCorruptValueIsReported(t *testing.T) {
	for _, tc := range []struct {
		name, key, cause string
		damage           func(gb *bbolt.Bucket) error
	}{
		{"meta not JSON", keyMeta, "invalid character", func(gb *bbolt.Bucket) error { return gb.Put([]byte(keyMeta), []byte("{garbage")) }},
		{"meta unversioned", keyMeta, "no value version", func(gb *bbolt.Bucket) error { return gb.Put([]byte(keyMeta), []byte(`{"id":"g1"}`)) }},
		{"meta from a newer adega", keyMeta, "newer", func(gb *bbolt.Bucket) error {
			return gb.Put([]byte(keyMeta), []byte(`{"v":2,"data":{"id":"g1"}}`))
		}},
		{"setup missing", keySetup, "missing", func(gb *bbolt.Bucket) error { return gb.Delete([]byte(keySetup)) }},
		{"version short", keyVersion, "want 8 bytes, have 1", func(gb *bbolt.Bucket) error { return gb.Put([]byte(keyVersion), []byte{2}) }},
		{"version beyond log", keyVersion, "says 5 moves but the log holds 2", func(gb *bbolt.Bucket) error { return gb.Put([]byte(keyVersion), u64(5)) }},
		{"log entry not JSON", "log/2", "invalid character", func(gb *bbolt.Bucket) error {
			return gb.Bucket([]byte(keyLog)).Put(u64(2), []byte("nope"))
		}},
		{"log gap", "log/2", "where move 1 belongs", func(gb *bbolt.Bucket) error { return gb.Bucket([]byte(keyLog)).Delete(u64(1)) }},
		{"log missing", keyLog, "missing", func(gb *bbolt.Bucket) error { return gb.DeleteBucket([]byte(keyLog)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(t)
			g := play(t, s, gametest.Create(t, s, "c1"), 2)
			if err := s.update(func(tx *bbolt.Tx) error { return tc.damage(tx.Bucket(bucketGames).Bucket([]byte(g.ID))) }); err != nil {
				t.Fatal(err)
			}
			s.cache = gameCache{} // the damage is found when the game is read from disk
			_, loadErr := s.Load(g.ID)
			seat, action := gametest.FirstLegal(t, g.State)
			_, moveErr := move(s, g.ID, g.Stamp, seat, action, t0)
			for _, err := range []error{loadErr, moveErr} {
				var ce *CorruptError
				if !errors.As(err, &ce) || ce.Key != tc.key || ce.Record != "game "+g.ID {
					t.Fatalf("err = %v, want a *CorruptError for game %s key %s", err, g.ID, tc.key)
				}
				if msg := err.Error(); !strings.Contains(msg, g.ID) || !strings.Contains(msg, tc.key) || !strings.Contains(msg, tc.cause) {
					t.Errorf("message %q does not name the game, the key and the cause (%q)", msg, tc.cause)
				}
			}
		})
	}
}

func TestCorruptChannelIndexIsReported(t *testing.T) {
	s := newStore(t)
	gametest.Create(t, s, "c1")
	if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketChannels).Put([]byte("c1"), []byte("[")) }); err != nil {
		t.Fatal(err)
	}
	var ce *CorruptError
	if _, err := s.ActiveGames("c1"); !errors.As(err, &ce) || ce.Key != "channels/c1" {
		t.Fatalf("ActiveGames over a corrupt index: err = %v, want a *CorruptError for channels/c1", err)
	}
	// Creating another game in the channel must not overwrite the broken index.
	_, err := s.Create(adega.Meta{ChannelID: "c1"}, engine.Setup{Game: "nim", Players: []string{"Ana", "Bia"}}, t0, nil)
	if !errors.As(err, &ce) {
		t.Fatalf("Create over a corrupt index: err = %v, want a *CorruptError", err)
	}
}
