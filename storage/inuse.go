package storage

import "errors"

// ErrInUse is the error of opening a database another process holds open.
var ErrInUse = errors.New("in use by another process")

// InUse reports whether another process holds the database at path open,
// as a running bot does from its start to its stop (bbolt locks the file).
// It waits for the lock no longer than Open does, and takes it only to let
// go of it at once, so a bot starting meanwhile opens the file all the same.
func InUse(path string) (bool, error) {
	db, err := openFile(path, true)
	switch {
	case errors.Is(err, ErrInUse):
		return true, nil
	case err != nil:
		return false, err
	}
	return false, db.Close()
}
