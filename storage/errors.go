package storage

import (
	"fmt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// notFound refuses to read a game that does not exist.
func notFound(id string) error {
	return engine.Errorf(adega.CodeNotFound, "There is no game %s.", id)
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
