package storage

import (
	"go.etcd.io/bbolt"
)

// UpdateMeta changes a game's metadata in one transaction (the seats, an
// undo request, settings). If change returns an error nothing is written.
func (s *Store) UpdateMeta(id string, change func(*Meta) error) (Meta, error) {
	var meta Meta
	err := s.db.Update(func(tx *bbolt.Tx) error {
		var err error
		meta, err = updateMeta(tx, id, change)
		return err
	})
	return meta, err
}

// updateMeta is UpdateMeta inside a transaction that may do more.
func updateMeta(tx *bbolt.Tx, id string, change func(*Meta) error) (Meta, error) {
	var meta Meta
	gb := tx.Bucket(bucketGames).Bucket([]byte(id))
	if gb == nil {
		return meta, &notFoundError{id}
	}
	if err := get(gb, "game "+id, keyMeta, &meta); err != nil {
		return meta, err
	}
	if err := change(&meta); err != nil {
		return meta, err
	}
	return meta, putMeta(tx, gb, meta)
}
