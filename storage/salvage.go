package storage

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Salvage copies what can be read of the database file at from into a new
// file at to: every game that reads and replays (a wrong snapshot is
// rebuilt from its log), the users, lobbies, queued messages and handled
// interactions, and the keys that name its messages and seal its exports.
// The channel and reminder indexes, the statistics and the index of open
// lobbies are rebuilt from the games, users and lobbies copied. The report lists the games lost and what else could not be
// read. from is not changed.
func Salvage(from, to string, games *engine.Registry) (*Report, error) {
	if _, err := os.Stat(to); !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("storage: %s exists; salvage writes a new file", to)
	}
	src, err := openToRescue(from, games)
	if err != nil {
		return nil, err
	}
	defer src.db.Close()
	dst, err := Open(to, games)
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	r := &Report{}
	err = src.db.View(func(tx *bbolt.Tx) error { return dst.salvageFrom(src, tx, r) })
	if err != nil {
		return nil, err
	}
	if err := dst.update(dst.rebuildIndexes); err != nil {
		return r, err
	}
	return r, dst.rebuildKept()
}

// salvageFrom copies into s the games of src's transaction tx that read
// and replay, then the records beside them.
func (s *Store) salvageFrom(src *Store, tx *bbolt.Tx, r *Report) error {
	// New games' IDs go on from the old ones'. A list of games too damaged
	// to give its sequence gives no game either (unlisted).
	var seq uint64
	src.db.guard("the list of games", func() error { seq = tx.Bucket(bucketGames).Sequence(); return nil })
	err := s.update(func(out *bbolt.Tx) error { return out.Bucket(bucketGames).SetSequence(seq) })
	if err == nil {
		err = r.unlisted(src.eachGame(tx, func(id string, gb *bbolt.Bucket) error { return s.copyGame(src, id, gb) }, r.lose))
	}
	if err == nil {
		err = s.verifyGames(r)
	}
	if err != nil {
		return err
	}
	return s.update(func(out *bbolt.Tx) error { return copyRecords(src, tx, out, r) })
}

// copyGame copies a game's bucket from src in a transaction of its own,
// which a damaged page of src rolls back.
func (s *Store) copyGame(src *Store, id string, from *bbolt.Bucket) error {
	return s.update(func(tx *bbolt.Tx) error {
		to, err := tx.Bucket(bucketGames).CreateBucket([]byte(id))
		if err != nil {
			return err
		}
		return src.db.guard("game "+id, func() error { return copyBucket(to, from) })
	})
}

// copyBucket copies every key, value and nested bucket of from into to,
// with their sequences.
func copyBucket(to, from *bbolt.Bucket) error {
	if err := to.SetSequence(from.Sequence()); err != nil {
		return err
	}
	return from.ForEach(func(k, v []byte) error {
		if v != nil {
			return to.Put(bytes.Clone(k), bytes.Clone(v)) // read here, where a fault is the damaged file's
		}
		nested, err := to.CreateBucket(k)
		if err != nil {
			return err
		}
		return copyBucket(nested, from.Bucket(k))
	})
}

// verifyGames replays every game copied (Audit): one whose log does not
// replay is lost, and removed; a wrong snapshot is rebuilt. A waiting
// record that does not read is removed: the bot makes a new one as it
// starts (EnsureWaiting).
func (s *Store) verifyGames(r *Report) error {
	var ids []string
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		ids, err = s.gameIDs(tx)
		return err
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := s.Audit(id); err != nil {
			r.lose(id, err)
			if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketGames).DeleteBucket([]byte(id)) }); err != nil {
				return err
			}
			continue
		}
		r.Games++
		if _, err := s.Waiting(id); err != nil {
			r.problem("%v: removed; the bot makes a new one as it starts", err)
			if err := s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketGames).Bucket([]byte(id)).Delete([]byte(keyWaiting)) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyRecords copies the records beside the games that can be read; a
// damaged page loses the records on it and after it in their bucket.
// Queued messages of games not copied, and users that do not read, are
// left behind.
func copyRecords(src *Store, from, to *bbolt.Tx, r *Report) error {
	sealed := false
	keysOfMeta := func(k, _ []byte) bool {
		sealed = sealed || string(k) == string(keySeal)
		return string(k) == string(keySeal) || string(k) == string(keyNonce)
	}
	readable := func(k, v []byte) bool {
		var u adega.User
		err := decode("user "+string(k), "users/"+string(k), v, &u)
		if err != nil {
			r.problem("%v: left behind", err)
		}
		return err == nil
	}
	ofGames := func(_, v []byte) bool {
		var o adega.Outgoing
		return decode("outbox", "entry", v, &o) != nil || o.Game == "" || to.Bucket(bucketGames).Bucket([]byte(o.Game)) != nil
	}
	for _, b := range []struct {
		name []byte
		keep func(k, v []byte) bool
	}{{bucketMeta, keysOfMeta}, {bucketUsers, readable}, {bucketLobbies, nil}, {bucketOutbox, ofGames}, {bucketHandled, nil}} {
		err := src.db.guard(string(b.name), func() error { return copyRecordsOf(from.Bucket(b.name), to.Bucket(b.name), b.keep) })
		var damaged *DamagedError
		switch {
		case errors.As(err, &damaged):
			r.problem("%s: the records on a damaged page, and after it, are lost (%s)", b.name, damaged.Cause)
		case err != nil:
			return err
		}
	}
	if !sealed {
		r.problem("the key that sealed this bot's exports is lost: the exports of games in progress it made cannot be read back")
	}
	return nil
}

// copyRecordsOf copies the values of from that keep accepts (nil keeps
// all) into to, with its sequence (the outbox's names its messages).
func copyRecordsOf(from, to *bbolt.Bucket, keep func(k, v []byte) bool) error {
	if from == nil {
		return nil
	}
	if err := to.SetSequence(from.Sequence()); err != nil {
		return err
	}
	return from.ForEach(func(k, v []byte) error {
		if v == nil || keep != nil && !keep(k, v) {
			return nil
		}
		return to.Put(bytes.Clone(k), bytes.Clone(v))
	})
}

// rebuildIndexes writes the channel index (a channel's active games,
// oldest first) and the reminders index (each game's next look, each
// user's digest) from the games and users of tx. A game copied may lack
// its waiting record (removed, or never written): the bot's next start
// looks at every game (EnsureWaiting).
func (s *Store) rebuildIndexes(tx *bbolt.Tx) error {
	if err := tx.Bucket(bucketMeta).Delete(keyWaitsKept); err != nil {
		return err
	}
	var active []adega.Meta
	err := tx.Bucket(bucketGames).ForEach(func(k, _ []byte) error {
		id := string(k)
		gb := tx.Bucket(bucketGames).Bucket(k)
		var m adega.Meta
		if err := get(gb, "game "+id, keyMeta, &m); err != nil {
			return err
		}
		if m.Status == adega.StatusActive && m.ChannelID != "" {
			active = append(active, m)
		}
		w, _, err := readWaiting(gb, id)
		if err != nil {
			return err
		}
		return s.schedule(tx, adega.WakeGame, id, time.Time{}, w.Wake)
	})
	if err != nil {
		return err
	}
	slices.SortStableFunc(active, func(a, b adega.Meta) int { return a.CreatedAt.Compare(b.CreatedAt) })
	channels := map[string][]string{}
	for _, m := range active {
		channels[m.ChannelID] = append(channels[m.ChannelID], m.ID)
	}
	for channel, ids := range channels {
		if err := put(tx.Bucket(bucketChannels), channel, ids); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketUsers).ForEach(func(k, v []byte) error {
		var u adega.User
		if err := decode("user "+string(k), "users/"+string(k), v, &u); err != nil {
			return err
		}
		return s.schedule(tx, adega.WakeDigest, string(k), time.Time{}, u.DigestAt)
	})
}
