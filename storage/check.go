package storage

import (
	"errors"
	"fmt"
	"strings"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
)

// An operator's tools for a damaged file (`adega check`, `adega salvage`).
// Both read the file with no bot running: bbolt's lock keeps them out of a
// file a bot has open.

// Report is what Check or Salvage found in a database file.
type Report struct {
	// Games counts the games that read and replay: checked, or copied.
	Games int
	// Lost are the games that cannot be read or replayed.
	Lost []LostGame
	// Problems are the rest, in words: a file cut short, the pages bbolt's
	// check finds wrong, snapshots that a load will rebuild, records that
	// could not be read or copied.
	Problems []string
	// damaged: a page was found damaged (see Check).
	damaged bool
}

// LostGame is a game that cannot be read or replayed, and why.
type LostGame struct {
	ID  string
	Err error
}

func (r *Report) lose(id string, err error) {
	r.Lost = append(r.Lost, LostGame{ID: id, Err: err})
	r.damaged = r.damaged || errors.As(err, new(*DamagedError))
}

func (r *Report) problem(format string, args ...any) {
	r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
}

// unlisted reports a list of games too damaged to find any game in as a
// problem: there is nothing to check or copy, which is no failure of the
// tool.
func (r *Report) unlisted(err error) error {
	var damaged *DamagedError
	if errors.As(err, &damaged) {
		r.problem("no game can be found: %s is damaged where it lists them (%s)", damaged.Path, damaged.Cause)
		r.damaged = true
		return nil
	}
	return err
}

// Check checks the database file at path: its length, every game read
// and replayed and its snapshot compared with the replay, every page of
// the other records read; then, if no page was found damaged, bbolt's own
// check of every page and of the list of free pages. It changes nothing.
func Check(path string, games *engine.Registry) (*Report, error) {
	s, err := openToRescue(path, games)
	if err != nil {
		return nil, err
	}
	defer s.db.Close()
	r := &Report{}
	err = s.db.View(func(tx *bbolt.Tx) error {
		var cut *DamagedError
		if errors.As(cutShort(tx), &cut) {
			r.problem("%s", cut.Cause)
			r.damaged = true
		}
		check := func(id string, gb *bbolt.Bucket) error { return s.checkGame(tx, id, gb, r) }
		if err := r.unlisted(s.eachGame(tx, check, r.lose)); err != nil {
			return err
		}
		for _, name := range append(buckets[1:], keptBuckets...) {
			var damaged *DamagedError
			if err := s.db.guard(string(name), func() error { return walk(tx.Bucket(name)) }); errors.As(err, &damaged) {
				r.problem("%s: on a damaged page (%s)", name, damaged.Cause)
				r.damaged = true
			} else if err != nil {
				r.problem("%s: %v", name, err)
				r.damaged = true
			}
		}
		// bbolt's check reads on a goroutine of its own, where a fault
		// (a page number out of a damaged page) would end the process.
		if !r.damaged {
			for err := range tx.Check() {
				r.problem("page check: %v", err)
			}
		}
		return nil
	})
	return r, err
}

// checkGame reads every page of a game and replays its log.
func (s *Store) checkGame(tx *bbolt.Tx, id string, gb *bbolt.Bucket, r *Report) error {
	if err := walk(gb); err != nil {
		return err
	}
	_, check, err := s.read(tx, id, true)
	if err != nil {
		return err
	}
	if check != nil && check.wrong != nil {
		r.problem("game %s: %v; its next load rebuilds the snapshot from the log", id, check.wrong)
	}
	r.Games++
	return nil
}

// walk reads every page that leads to a record of b, and of the buckets
// in it.
func walk(b *bbolt.Bucket) error {
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		if v == nil {
			return walk(b.Bucket(k))
		}
		return nil
	})
}

// openToRescue opens a damaged file read-only, as a store of games, if
// its records can be reached at all: the pages bbolt starts from (its two
// meta pages, the root that lists the buckets) are not damaged. A file
// whose records cannot be reached is an *UnreadableError.
func openToRescue(path string, games *engine.Registry) (*Store, error) {
	bolt, err := openFile(path, true)
	db := database{DB: bolt}
	if err == nil {
		err = db.View(func(tx *bbolt.Tx) error {
			var cut *DamagedError
			if err := cutShort(tx); errors.As(err, &cut) { // reads no page
				db.cut = cut.Cause
			} else if err != nil {
				return err
			}
			return tx.ForEach(func([]byte, *bbolt.Bucket) error { return nil })
		})
		if err != nil {
			db.Close()
		}
	}
	var damaged *DamagedError
	switch {
	case errors.As(err, &damaged) && db.cut != "":
		return nil, &UnreadableError{Path: path, Why: db.cut + ", and the pages every record is found from are in the part missing"}
	case errors.As(err, &damaged):
		return nil, &UnreadableError{Path: path, Why: "the pages every record is found from are damaged (" + damaged.Cause + ")"}
	case err != nil:
		return nil, err
	}
	return &Store{db: db, games: games, buildID: runningBuild()}, nil
}

// UnreadableError is a file in which no record can be reached: there is
// nothing to check or salvage.
type UnreadableError struct {
	Path string
	Why  string
}

func (e *UnreadableError) Error() string {
	return fmt.Sprintf("storage: nothing in %s can be read: %s", e.Path, e.Why)
}

// String says in a line which game is lost, and why.
func (l LostGame) String() string {
	var damaged *DamagedError
	if errors.As(l.Err, &damaged) {
		return fmt.Sprintf("game %s: on a damaged page (%s)", l.ID, damaged.Cause)
	}
	return strings.TrimPrefix(l.Err.Error(), "storage: ")
}
