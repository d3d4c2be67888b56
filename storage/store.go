// Package storage keeps the bot's domain (package adega) in one bbolt
// file: games, their action logs and snapshots, the channel and reminders
// indexes, users, lobbies, the outbox, the handled interactions and the
// statistics kept beside the games; and checks and salvages a damaged
// file. It writes the changes package referee computes, each in one
// transaction.
//
// A game's action log is the authority: Load replays it from the setup, and
// the stored snapshot is only a cache that is checked against the replay.
// Every value is versioned JSON so that later schemas can still read it.
package storage

import (
	"fmt"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// schemaVersion is the layout this code reads and writes; Open refuses a
// database stamped with a newer one rather than misread it. Version 3
// packs a game's older log entries into one value (log.go), which an
// adega of version 2 would take for a log cut short.
const schemaVersion = 3

// lockTimeout bounds the wait for the file lock, so a second process gets an
// error instead of hanging.
const lockTimeout = time.Second

var (
	bucketGames     = []byte("games")
	bucketChannels  = []byte("channels")
	bucketUsers     = []byte("users")
	bucketReminders = []byte("reminders")
	bucketMeta      = []byte("meta")
	bucketLobbies   = []byte("lobbies")
	keySchema       = []byte("schema")
	// buckets are every top-level bucket, the games first.
	buckets = [][]byte{bucketGames, bucketChannels, bucketUsers, bucketReminders, bucketMeta, bucketLobbies, bucketOutbox, bucketHandled}
)

// Store is an open database. It is safe for concurrent use.
type Store struct {
	db    database
	games *engine.Registry
	cache gameCache
	// buildID names this build of adega, which writes the snapshots it
	// trusts (build.go).
	buildID string
	writer  writerClock
	// replays counts the logs replayed, for the tests that keep replays
	// off the hot path.
	replays atomic.Int64
	// repairs announces a game rebuilt from its log (AnnounceRepairs).
	repairs atomic.Pointer[adega.PostFunc]
	// wakes and outbox wake the watchers of the reminders index and of
	// the outbox once a transaction that changed them commits.
	wakes, outbox notifier
	// gameChanged is told of each game a transaction changed (players.go).
	gameChanged atomic.Pointer[func(id string)]
}

// Open opens or creates the database at path. games resolves the game named
// in each stored setup. A file found damaged is a *DamagedError, which
// says what to do (damage.go).
func Open(path string, games *engine.Registry) (*Store, error) {
	bolt, err := openFile(path, false)
	if err != nil {
		return nil, err
	}
	db := database{DB: bolt}
	err = db.Update(func(tx *bbolt.Tx) error {
		for _, name := range buckets {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		meta := tx.Bucket(bucketMeta)
		for key, mk := range map[string]func() []byte{string(keyNonce): newNoncePrefix, string(keySeal): newSealKey} {
			if meta.Get([]byte(key)) == nil {
				if err := meta.Put([]byte(key), mk()); err != nil {
					return err
				}
			}
		}
		raw := meta.Get(keySchema)
		if raw == nil { // a new file: no game lacks a waiting record
			if err := meta.Put(keyWaitsKept, []byte{1}); err != nil {
				return err
			}
			return meta.Put(keySchema, u64(schemaVersion))
		}
		v, err := readU64("database", "meta/schema", raw)
		if err != nil {
			return err
		}
		if v > schemaVersion {
			return fmt.Errorf("storage: database %s has schema version %d, but this adega reads only up to %d; upgrade adega", path, v, schemaVersion)
		}
		// Version 1 had no stamps and no outbox; both start where it left
		// off. Version 2's logs read as they are, and are packed when
		// their game is next written.
		return meta.Put(keySchema, u64(schemaVersion))
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	s := &Store{db: db, games: games, buildID: runningBuild()}
	if err := s.openKept(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Close releases the database file.
func (s *Store) Close() error { return s.db.Close() }

// Games is the registry of the games the store reads.
func (s *Store) Games() *engine.Registry { return s.games }
