package storage

import (
	"crypto/rand"
	"fmt"

	"go.etcd.io/bbolt"
)

// Every database holds a key of its own for sealing the exports of games
// in progress (package referee), made when the database is, and copied
// by a salvage: only this database can open what it sealed.

var keySeal = []byte("seal_key")

// SealKey returns the database's 32-byte key for sealing exports.
func (s *Store) SealKey() ([]byte, error) {
	var key []byte
	err := s.db.View(func(tx *bbolt.Tx) error {
		key = append([]byte(nil), tx.Bucket(bucketMeta).Get(keySeal)...)
		return nil
	})
	if err == nil && len(key) != 32 {
		err = &CorruptError{Record: "database", Key: "meta/seal_key", Err: fmt.Errorf("%d bytes, want 32", len(key))}
	}
	return key, err
}

// newSealKey makes a database's key for sealing exports.
func newSealKey() []byte {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails
	return key
}
