package storage

import (
	"go.etcd.io/bbolt"
)

// UpdateMeta changes a game's metadata in one transaction (the seats, an
// undo request, settings). If change returns an error nothing is written.
func (s *Store) UpdateMeta(id string, change func(*Meta) error) (Meta, error) {
	var meta Meta
	err := s.db.Update(func(tx *bbolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte(id))
		if gb == nil {
			return &notFoundError{id}
		}
		if err := get(gb, "game "+id, keyMeta, &meta); err != nil {
			return err
		}
		if err := change(&meta); err != nil {
			return err
		}
		return putMeta(tx, gb, meta)
	})
	return meta, err
}
