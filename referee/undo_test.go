package referee

import (
	"bytes"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

// After an undo the game is exactly a fresh replay of the shorter log, and
// it is stored that way.
func TestUndoEqualsAFreshReplay(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	now := time.Unix(1000, 0)
	for range 3 {
		seat, action := gametest.FirstLegal(t, g.State)
		res, err := move(s, g.ID, g.Stamp, seat, action, now)
		if err != nil {
			t.Fatal(err)
		}
		g = res.Game
	}
	moves := g.Moves()
	undone, err := s.Undo(g.ID, g.Stamp, 2, now, nil)
	if err != nil {
		t.Fatal(err)
	}
	game, _ := registry.Lookup("nim")
	fresh, _, err := engine.Replay(game, g.Setup, moves[:1])
	if err != nil {
		t.Fatal(err)
	}
	want, _ := engine.Encode(fresh)
	got, _ := engine.Encode(undone.Game.State)
	if undone.Game.Version != 1 || len(undone.Game.Log) != 1 || !bytes.Equal(got, want) {
		t.Fatalf("after undo: version %d, %d log entries, state equal %v", undone.Game.Version, len(undone.Game.Log), bytes.Equal(got, want))
	}
	loaded, err := s.Load(g.ID)
	if err != nil || loaded.Version != 1 || loaded.SnapshotMismatch {
		t.Fatalf("reloaded: %+v %v", loaded, err)
	}
	if _, err := s.Undo(g.ID, g.Stamp, 1, now, nil); err == nil {
		t.Fatal("an undo at a stale version went through")
	}
	if _, err := s.Undo(g.ID, undone.Game.Stamp, 2, now, nil); engine.CodeOf(err) != engine.CodeIllegal {
		t.Fatalf("undoing more moves than were played: %v", err)
	}
}
