package storage

import (
	"io"

	"go.etcd.io/bbolt"
)

// Backup writes a copy of the whole database to w while the bot plays on:
// bbolt copies the file inside one read transaction, so the copy holds
// exactly what was committed when it began (every move acknowledged
// before), and changes go on committing meanwhile. It returns the bytes
// written.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}
