package storage

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/internal/gametest"
)

// repairPost announces a repair the way the bot does: a message to the
// game's channel that shows the repaired moment.
func repairPost(c adega.Change) ([]*adega.Outgoing, error) {
	msg, err := json.Marshal(map[string]string{"content": "rebuilt from its log"})
	return []*adega.Outgoing{{Game: c.Game.ID, ChannelID: c.Game.Meta.ChannelID, Message: msg, Stamp: c.Game.Stamp}}, err
}

// changeSnapshot rewrites the state inside a game's stored snapshot and
// leaves the rest of the stored bytes (its header, with the checksum) as
// they were: what a damaged page, or an edit of the file, does.
func changeSnapshot(t *testing.T, s *Store, id string, change func(state map[string]any)) engine.State {
	t.Helper()
	var raw []byte
	err := s.db.View(func(tx *bbolt.Tx) error {
		raw = bytes.Clone(tx.Bucket(bucketGames).Bucket([]byte(id)).Get([]byte(keySnapshot)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	header := raw[:sealLength]
	state, err := inflate("test", keySnapshot, raw[sealLength:])
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(state, &fields); err != nil {
		t.Fatal(err)
	}
	change(fields)
	if state, err = json.Marshal(fields); err != nil {
		t.Fatal(err)
	}
	var changed bytes.Buffer
	changed.Write(header)
	w, _ := flate.NewWriter(&changed, flate.BestSpeed)
	w.Write(state)
	w.Close()
	breakSnapshot(t, s, id, changed.Bytes())
	st, err := (nim.Game{}).Decode(state)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// A stored snapshot whose bytes changed made a move that only the changed
// state allowed, after which the game no longer replayed. The checksum now
// finds the change: the game is repaired from its log before the move is
// read, the players are told once, the move is refused as the log's state
// refuses it, and the game still replays.
func TestChangedSnapshotIsRepairedBeforeAnyMove(t *testing.T) {
	s := newStore(t)
	s.AnnounceRepairs(repairPost)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	other := 1 - g.State.Pending()[0].Seat
	changed := changeSnapshot(t, s, g.ID, func(state map[string]any) { state["turn"] = int(other) })
	cheat := gametest.LegalAction(t, changed, other, func(int) int { return 0 })

	_, err := move(s, g.ID, g.Stamp, other, cheat, t0)
	if engine.CodeOf(err) == "" {
		t.Fatalf("a move only the changed snapshot allows: err = %v, want the engine's refusal", err)
	}
	if _, err := s.Audit(g.ID); err != nil {
		t.Fatalf("the game no longer replays: %v", err)
	}
	if storedSnapshot(t, s, g.ID) != gametest.Encoded(t, g.State) {
		t.Error("the changed snapshot was not rewritten from the log")
	}
	out, err := s.Outbox()
	if err != nil || len(out) != 1 || out[0].Game != g.ID || out[0].ChannelID != "c1" {
		t.Fatalf("outbox %+v (err %v); want one message telling the game's channel", out, err)
	}
	if !flagged(t, s, g.ID) {
		t.Error("the game was not flagged")
	}
	play(t, s, g, 1) // the rightful player's move is taken
}

// flagged reports whether a game is flagged as once found diverged.
func flagged(t *testing.T, s *Store, id string) bool {
	t.Helper()
	found := false
	err := s.db.View(func(tx *bbolt.Tx) error {
		found = tx.Bucket(bucketGames).Bucket([]byte(id)).Get([]byte(keyDiverged)) != nil
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// What is repaired, and what is only rewritten: a snapshot this build
// trusts is wrong, and its players are told; a snapshot another build
// wrote is that build's encoding, rewritten without a word. Two loads of
// a damaged game tell its players once.
func TestRepairsAreToldOnce(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build string // the build that wrote the wrong snapshot
		read  func(s *Store, id string) (*adega.Game, error)
		told  bool
	}{
		{"a checksum that does not match, loaded", "", (*Store).Load, true},
		{"a sealed wrong snapshot, audited", "", (*Store).Audit, true},
		{"another build's snapshot, loaded", "commit older", (*Store).Load, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(t)
			s.AnnounceRepairs(repairPost)
			g := gametest.Create(t, s, "c1")
			stale := g.State
			g = play(t, s, g, 2)
			if strings.Contains(tc.name, "checksum") {
				changeSnapshot(t, s, g.ID, func(state map[string]any) { state["piles"] = []int{1, 1, 1} })
			} else {
				breakSnapshot(t, s, g.ID, packSnapshot([]byte(gametest.Encoded(t, stale))))
			}
			if tc.build != "" {
				if err := s.update(func(tx *bbolt.Tx) error {
					return tx.Bucket(bucketGames).Bucket([]byte(g.ID)).Put([]byte(keyBuild), []byte(tc.build))
				}); err != nil {
					t.Fatal(err)
				}
			}
			for range 2 {
				got, err := tc.read(s, g.ID)
				if err != nil || gametest.Encoded(t, got.State) != gametest.Encoded(t, g.State) {
					t.Fatalf("read %v (err %v); want the replayed state", got, err)
				}
				s.cache = gameCache{}
			}
			out, err := s.Outbox()
			if err != nil || len(out) != map[bool]int{true: 1}[tc.told] {
				t.Fatalf("outbox %+v (err %v); told = %v", out, err, tc.told)
			}
		})
	}
}

// A repair that cannot be stored refuses the game: no move is made on a
// game whose players were not told.
func TestUnstoredRepairRefusesTheGame(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 2)
	s.AnnounceRepairs(func(adega.Change) ([]*adega.Outgoing, error) { return nil, errors.New("no room") })
	changeSnapshot(t, s, g.ID, func(state map[string]any) { state["piles"] = []int{1, 1, 1} })
	seat, action := gametest.FirstLegal(t, g.State)
	if _, err := move(s, g.ID, g.Stamp, seat, action, t0); err == nil || !strings.Contains(err.Error(), "no room") {
		t.Fatalf("move on a game whose repair failed: err = %v, want the repair's error", err)
	}
	s.AnnounceRepairs(repairPost)
	play(t, s, g, 1)
}
