package storage

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// A damaged file: bbolt trusts the pages it reads, and panics on one that
// is not what it expects (a page of garbage), or faults reading a page of
// a file cut short. Every transaction of a store is guarded: such a panic
// becomes a *DamagedError that names the file and what to do, never a
// crash. Games are read one by one, each guarded on its own, so that a
// damaged page costs only the games on it.

// DamagedError reports a part of the database file that could not be read.
type DamagedError struct {
	Path string // the database file
	// Record is what was being read ("game g7"); empty when the file as a
	// whole is.
	Record string
	Cause  string // what bbolt found
}

func (e *DamagedError) Error() string {
	record := ""
	if e.Record != "" {
		record = e.Record + ": "
	}
	return fmt.Sprintf("storage: %sthe database %s is damaged (%s): run `adega check %s`, then `adega salvage %s NEW`",
		record, e.Path, e.Cause, e.Path, e.Path)
}

// database is a store's bbolt file, whose transactions are guarded.
type database struct {
	*bbolt.DB
	// cut, for a file opened to be rescued, says how it is cut short.
	cut string
}

func (d database) View(fn func(*bbolt.Tx) error) error {
	return d.guard("", func() error { return d.DB.View(fn) })
}

func (d database) Update(fn func(*bbolt.Tx) error) error {
	return d.guard("", func() error { return d.DB.Update(fn) })
}

// guard runs fn, turning the panic of a damaged page into a *DamagedError
// about record.
func (d database) guard(record string, fn func() error) error {
	err := guard(d.Path(), record, fn)
	var damaged *DamagedError
	if d.cut != "" && errors.As(err, &damaged) {
		// bbolt's words for a page past the end (a nil pointer, a page
		// that is not what it expects) would tell an operator nothing.
		damaged.Cause = pastTheEnd
	}
	return err
}

// pastTheEnd is the cause of the damage found in a file cut short.
const pastTheEnd = "most likely past the end of the file, which is cut short"

func guard(path, record string, fn func() error) (err error) {
	// A read past the end of a file cut short faults: make it a panic.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if !damage(r) {
			panic(r) // not the file's doing
		}
		err = &DamagedError{Path: path, Record: record, Cause: fmt.Sprint(r)}
	}()
	return fn()
}

// damage reports whether the panic being recovered, r, comes from the
// file: a fault reading its memory map, or a panic of bbolt's own.
func damage(r any) bool {
	if _, fault := r.(interface{ Addr() uintptr }); fault {
		return true
	}
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	panicking := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicking = true
		case panicking && !strings.HasPrefix(f.Function, "runtime."):
			return strings.HasPrefix(f.Function, "go.etcd.io/bbolt")
		}
		if !more {
			return false
		}
	}
}

// openFile opens the bbolt file at path, read-only if asked. A file that
// bbolt finds damaged as it opens it is a *DamagedError. bbolt panics on
// some damage there (its list of free pages) and leaves the file open,
// locked and mapped: the file is kept to be unlocked and closed then (its
// map, which bbolt alone could remove, stays until the process ends).
func openFile(path string, readOnly bool) (*bbolt.DB, error) {
	var file *os.File
	opts := &bbolt.Options{Timeout: lockTimeout, ReadOnly: readOnly,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, perm)
			file = f
			return f, err
		}}
	var db *bbolt.DB
	err := guard(path, "", func() error {
		var err error
		db, err = bbolt.Open(path, 0o600, opts)
		return err
	})
	var damaged *DamagedError
	if err == nil {
		if readOnly { // check and salvage read what a cut file still holds
			return db, nil
		}
		if err := guard(path, "", func() error { return db.View(cutShort) }); err != nil {
			db.Close()
			return nil, err
		}
		return db, nil
	}
	switch {
	case errors.As(err, &damaged):
		release(file)
		return nil, err
	case errors.Is(err, bolterrors.ErrTimeout):
		return nil, fmt.Errorf("storage: database %s is %w", path, ErrInUse)
	case errors.Is(err, bolterrors.ErrInvalid), errors.Is(err, bolterrors.ErrChecksum),
		errors.Is(err, bolterrors.ErrVersionMismatch), errors.Is(err, bolterrors.ErrInvalidMapping):
		return nil, &DamagedError{Path: path, Cause: err.Error()}
	}
	return nil, fmt.Errorf("storage: open %s: %w", path, err)
}

// cutShort refuses a file shorter than the pages its newest transaction
// reached: bbolt opens a file cut anywhere past its first pages, and a read
// of the missing part would fail later, in the middle of the bot's work.
func cutShort(tx *bbolt.Tx) error {
	fi, err := os.Stat(tx.DB().Path())
	if err != nil {
		return err
	}
	if tx.Size() > fi.Size() {
		return &DamagedError{Path: tx.DB().Path(), Cause: fmt.Sprintf("the file is cut short (it ends at byte %d, and its pages take %d bytes)", fi.Size(), tx.Size())}
	}
	return nil
}

// gameID names the game the games bucket's sequence numbered n.
func gameID(n uint64) string { return "g" + strconv.FormatUint(n, 36) }

// gameIDs lists the games of tx: the keys of the games bucket, in order;
// and, when a damaged page cuts that walk short, every other ID its
// sequence has drawn (games are never deleted), so that a game lost with
// the damaged page is named.
func (s *Store) gameIDs(tx *bbolt.Tx) ([]string, error) {
	var games *bbolt.Bucket
	if err := s.db.guard("the list of games", func() error { games = tx.Bucket(bucketGames); return nil }); err != nil {
		return nil, err
	}
	var ids []string
	err := s.db.guard("the list of games", func() error {
		return games.ForEach(func(k, _ []byte) error {
			ids = append(ids, string(k))
			return nil
		})
	})
	var damaged *DamagedError
	if !errors.As(err, &damaged) {
		return ids, err
	}
	slog.Warn("storage: the list of games is damaged; looking each game up by its ID", "err", err)
	for n := uint64(1); n <= games.Sequence(); n++ {
		if id := gameID(n); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// eachGame calls fn with every game of tx that gameIDs names, each
// guarded on its own. A game fn fails on, for damage or any other reason,
// is passed to lost, and the walk goes on.
func (s *Store) eachGame(tx *bbolt.Tx, fn func(id string, gb *bbolt.Bucket) error, lost func(id string, err error)) error {
	ids, err := s.gameIDs(tx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		err := s.db.guard("game "+id, func() error {
			gb := tx.Bucket(bucketGames).Bucket([]byte(id))
			if gb == nil {
				return &CorruptError{Record: "game " + id, Key: "games/" + id, Err: errors.New("no game's bucket: lost with a damaged page, or a value in its place")}
			}
			return fn(id, gb)
		})
		if err != nil {
			lost(id, err)
		}
	}
	return nil
}
