package storage

import (
	"errors"
	"fmt"
)

// ErrNotFound matches (with errors.Is) the error for a game that does not exist.
var ErrNotFound = errors.New("storage: not found")

// notFoundError names the missing game in words a player can read.
type notFoundError struct{ id string }

func (e *notFoundError) Error() string        { return fmt.Sprintf("There is no game %s.", e.id) }
func (e *notFoundError) Is(target error) bool { return target == ErrNotFound }

// StaleError refuses a move made against an older version of the game, such
// as from a button on an old message.
type StaleError struct {
	Have uint64 // the game's current version
	Want uint64 // the version the move was made against
}

func (e *StaleError) Error() string {
	return "This game has moved on since that button was made; use the newest message."
}

// CorruptError reports a stored value that cannot be read. It is never
// papered over with a zero value.
type CorruptError struct {
	Record string // what the value belongs to: "game g7", "user 42", "database"
	Key    string // which value: "snapshot", "log/3", "meta/schema"
	Err    error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("storage: %s: stored %s is corrupt: %v", e.Record, e.Key, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }
