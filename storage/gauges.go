package storage

import (
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// What the operations endpoint (package ops) reads at each scrape: each in
// one read transaction, which never waits for the writer.

// Size is the database file's size in bytes; an error says it cannot be
// read (closed, or damaged).
func (s *Store) Size() (int64, error) {
	var size int64
	err := s.db.View(func(tx *bbolt.Tx) error {
		size = tx.Size()
		return nil
	})
	return size, err
}

// GamesByStatus counts the games by status; a game whose metadata cannot
// be read is left out, as ListGames leaves it.
func (s *Store) GamesByStatus() (map[adega.Status]int, error) {
	counts := map[adega.Status]int{}
	err := s.db.View(func(tx *bbolt.Tx) error {
		return s.eachGame(tx, func(id string, gb *bbolt.Bucket) error {
			var m struct {
				Status adega.Status `json:"status"`
			}
			if err := get(gb, "game "+id, keyMeta, &m); err != nil {
				return err
			}
			counts[m.Status]++
			return nil
		}, func(string, error) {})
	})
	return counts, err
}

// ObserveWriter has every write transaction tell observe how long it held
// the writer (as WriterStats counts it); nil stops it.
func (s *Store) ObserveWriter(observe func(held time.Duration)) {
	s.writer.mu.Lock()
	defer s.writer.mu.Unlock()
	s.writer.observe = observe
}
