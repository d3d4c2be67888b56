package storage

import (
	"fmt"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
)

// Undo takes back the last n moves of the game at version. It never
// reverses a move: it replays the log without them, so the state is exactly
// what a fresh replay of the shorter log gives. A game the undone moves had
// finished becomes active again.
func (s *Store) Undo(id string, version uint64, n int, now time.Time) (*Game, error) {
	var g *Game
	err := s.db.Update(func(tx *bbolt.Tx) error {
		var err error
		if g, err = s.load(tx, id); err != nil {
			return err
		}
		if g.Version != version {
			return &StaleError{Have: g.Version, Want: version}
		}
		if n < 1 || n > len(g.Log) {
			return engine.Errorf(engine.CodeIllegal, "There are only %d moves to take back.", len(g.Log))
		}
		if g.Meta.Status == StatusAbandoned {
			return engine.Errorf(engine.CodeGameOver, "Game %s was abandoned.", id)
		}
		game, err := s.games.Lookup(g.Setup.Game)
		if err != nil {
			return err
		}
		keep := len(g.Log) - n
		if g.State, _, err = engine.Replay(game, g.Setup, g.Moves()[:keep]); err != nil {
			return fmt.Errorf("storage: undo in game %s: %w", id, err)
		}
		lb := tx.Bucket(bucketGames).Bucket([]byte(id)).Bucket([]byte(keyLog))
		for k := keep; k < len(g.Log); k++ {
			if err := lb.Delete(u64(uint64(k + 1))); err != nil {
				return err
			}
		}
		g.Log, g.Version, g.SnapshotMismatch = g.Log[:keep], uint64(keep), false
		g.Meta.Status, g.Meta.UpdatedAt = StatusActive, now
		return save(tx, g, keep)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}
