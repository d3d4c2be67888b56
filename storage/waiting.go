package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// Waiting: every game keeps, beside its log, its waiting record
// (adega.WaitState) and one entry in the reminders bucket, a time-ordered
// index of when the scheduler must next look at the game. The record is
// written by the same transaction as the change that changes who must act
// (adega.WaitState.Sync), so a restart finds exactly what was committed.
//
// Layout of the reminders bucket: key = 8-byte big-endian Unix nanoseconds
// ‖ one kind byte ('g' a game, 'u' a user's daily digest) ‖ the game or
// user ID; value = the same reference as versioned JSON. Keys sort by time,
// so the first key is the next wake-up.

const keyWaiting = "waiting"

func wakeKey(w adega.Wake) []byte {
	k := binary.BigEndian.AppendUint64(nil, uint64(w.At.UnixNano()))
	k = append(k, byte(w.Kind))
	return append(k, w.ID...)
}

func parseWakeKey(k []byte) (adega.Wake, error) {
	if len(k) < 10 {
		return adega.Wake{}, &CorruptError{Record: "reminders", Key: fmt.Sprintf("%x", k), Err: fmt.Errorf("key is %d bytes, want at least 10", len(k))}
	}
	return adega.Wake{At: time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC(), Kind: adega.WakeKind(k[8]), ID: string(k[9:])}, nil
}

// schedule moves an index entry from old to at (either may be zero) and
// tells the watchers once the transaction commits.
func (s *Store) schedule(tx *bbolt.Tx, kind adega.WakeKind, id string, old, at time.Time) error {
	if old.Equal(at) {
		return nil
	}
	b := tx.Bucket(bucketReminders)
	if !old.IsZero() {
		if err := b.Delete(wakeKey(adega.Wake{At: old, Kind: kind, ID: id})); err != nil {
			return err
		}
	}
	if !at.IsZero() {
		w := adega.Wake{At: at, Kind: kind, ID: id}
		data, err := encode(w)
		if err != nil {
			return err
		}
		if err := b.Put(wakeKey(w), data); err != nil {
			return err
		}
	}
	tx.OnCommit(s.wakes.notify)
	return nil
}

func readWaiting(gb *bbolt.Bucket, id string) (adega.WaitState, bool, error) {
	var w adega.WaitState
	if gb.Get([]byte(keyWaiting)) == nil {
		return w, false, nil
	}
	err := get(gb, "game "+id, keyWaiting, &w)
	return w, err == nil, err
}

// putWaiting stores a game's waiting record and moves its index entry to
// the record's next look (adega.WaitState.WakeAt).
func (s *Store) putWaiting(tx *bbolt.Tx, gb *bbolt.Bucket, id string, w *adega.WaitState) error {
	wake := w.WakeAt()
	if err := s.schedule(tx, adega.WakeGame, id, w.Wake, wake); err != nil {
		return err
	}
	w.Wake = wake
	s.changed(tx, id)
	return put(gb, keyWaiting, w)
}

// syncWaiting brings a game's waiting record in step with its state after
// a move, an undo or its creation.
func (s *Store) syncWaiting(tx *bbolt.Tx, g *adega.Game) error {
	gb, err := gameBucket(tx, g.ID)
	if err != nil {
		return err
	}
	w, _, err := readWaiting(gb, g.ID)
	if err != nil {
		return err
	}
	w.Sync(g)
	return s.putWaiting(tx, gb, g.ID, &w)
}

// syncWaitingMeta brings a game's waiting record, if it has one, in step
// with a change of its metadata alone.
func (s *Store) syncWaitingMeta(tx *bbolt.Tx, gb *bbolt.Bucket, m adega.Meta) error {
	w, ok, err := readWaiting(gb, m.ID)
	if err != nil || !ok || !w.SyncMeta(m) {
		return err
	}
	return s.putWaiting(tx, gb, m.ID, &w)
}

// Waiting returns a game's waiting record.
func (s *Store) Waiting(id string) (adega.WaitState, error) {
	var w adega.WaitState
	err := s.db.View(func(tx *bbolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte(id))
		if gb == nil {
			return notFound(id)
		}
		var err error
		w, _, err = readWaiting(gb, id)
		return err
	})
	return w, err
}

// NextWake returns the earliest entry of the reminders index.
func (s *Store) NextWake() (adega.Wake, bool, error) {
	var w adega.Wake
	var ok bool
	err := s.db.View(func(tx *bbolt.Tx) error {
		k, _ := tx.Bucket(bucketReminders).Cursor().First()
		if k == nil {
			return nil
		}
		var err error
		w, err = parseWakeKey(k)
		ok = err == nil
		return err
	})
	return w, ok, err
}

// Due returns the index entries due at or before now, earliest first, at
// most limit of them.
func (s *Store) Due(now time.Time, limit int) ([]adega.Wake, error) {
	var out []adega.Wake
	end := u64(uint64(now.UnixNano()))
	err := s.db.View(func(tx *bbolt.Tx) error {
		c := tx.Bucket(bucketReminders).Cursor()
		for k, _ := c.First(); k != nil && len(out) < limit; k, _ = c.Next() {
			if bytes.Compare(k[:min(8, len(k))], end) > 0 {
				break
			}
			w, err := parseWakeKey(k)
			if err != nil {
				return err
			}
			out = append(out, w)
		}
		return nil
	})
	return out, err
}

// Unschedule removes one entry from the index, such as one for a game that
// no longer exists.
func (s *Store) Unschedule(w adega.Wake) error {
	return s.update(func(tx *bbolt.Tx) error {
		return s.schedule(tx, w.Kind, w.ID, w.At, time.Time{})
	})
}

// Reschedule moves one entry of the index to at.
func (s *Store) Reschedule(w adega.Wake, at time.Time) error {
	return s.update(func(tx *bbolt.Tx) error {
		return s.schedule(tx, w.Kind, w.ID, w.At, at)
	})
}

// WaitingChange changes a game's waiting record inside a transaction; it
// gets the game's metadata and may read users. If it returns an error
// nothing is written.
type WaitingChange func(adega.Meta, *adega.WaitState, adega.UserLookup) error

// UpdateWaiting changes a game's waiting record in one transaction and
// moves its index entry to the record's next look. A game whose record
// does not exist yet gets an empty one.
func (s *Store) UpdateWaiting(id string, change WaitingChange) error {
	return s.UpdateWaitings([]string{id}, change)
}

// UpdateWaitings is UpdateWaiting for several games, in one transaction.
func (s *Store) UpdateWaitings(ids []string, change WaitingChange) error {
	return s.update(func(tx *bbolt.Tx) error {
		for _, id := range ids {
			if err := s.updateWaiting(tx, id, nil, change); err != nil {
				return err
			}
		}
		return nil
	})
}

// ClaimGame is UpdateWaiting for the scheduler handling the index entry
// due: the entry goes in the same transaction, whatever the record says,
// and so do the messages change returns, into the outbox.
func (s *Store) ClaimGame(due adega.Wake, change func(adega.Meta, *adega.WaitState, adega.UserLookup) ([]*adega.Outgoing, error)) error {
	return s.update(func(tx *bbolt.Tx) error {
		var out []*adega.Outgoing
		err := s.updateWaiting(tx, due.ID, &due, func(m adega.Meta, w *adega.WaitState, users adega.UserLookup) error {
			var err error
			out, err = change(m, w, users)
			return err
		})
		if err != nil {
			return err
		}
		return s.enqueue(tx, out...)
	})
}

func (s *Store) updateWaiting(tx *bbolt.Tx, id string, due *adega.Wake, change WaitingChange) error {
	if due != nil {
		if err := tx.Bucket(bucketReminders).Delete(wakeKey(*due)); err != nil {
			return err
		}
	}
	gb, err := gameBucket(tx, id)
	if err != nil {
		return err
	}
	var meta adega.Meta
	if err := get(gb, "game "+id, keyMeta, &meta); err != nil {
		return err
	}
	w, _, err := readWaiting(gb, id)
	if err != nil {
		return err
	}
	if due != nil && w.Wake.Equal(due.At) {
		w.Wake = time.Time{} // its key is gone already
	}
	if err := change(meta, &w, func(uid string) (adega.User, error) { return readUser(tx, uid) }); err != nil {
		return err
	}
	if meta.Status != adega.StatusActive {
		w.Seats, w.BotTurn = nil, time.Time{}
	}
	return s.putWaiting(tx, gb, id, &w)
}

// WaitingOfUser returns every active game in which userID plays a seat,
// with its waiting record, oldest first. It reads the index of the games
// each player plays (stats.go), not every game: a member's /adega games
// or digest costs their own games alone.
func (s *Store) WaitingOfUser(userID string) ([]adega.GameWait, error) {
	var out []adega.GameWait
	err := s.db.View(func(tx *bbolt.Tx) error {
		return eachOf(statsBucket(tx, bucketPlaying), userID, func(id string, _ []byte) error {
			gb, err := gameBucket(tx, id)
			if err != nil {
				return err
			}
			g := adega.GameWait{}
			if err := get(gb, "game "+id, keyMeta, &g.Meta); err != nil {
				return err
			}
			if g.Wait, _, err = readWaiting(gb, id); err != nil {
				return err
			}
			out = append(out, g)
			return nil
		})
	})
	slices.SortStableFunc(out, func(a, b adega.GameWait) int { return a.Meta.CreatedAt.Compare(b.Meta.CreatedAt) })
	return out, err
}

// SetWaitRules changes a game's waiting settings; every waiting seat is
// looked at again under them, a passed deadline included.
func (s *Store) SetWaitRules(id string, rules adega.WaitRules, now time.Time) (adega.Meta, error) {
	var meta adega.Meta
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		if meta, _, err = s.updateMetaIn(tx, id, func(m *adega.Meta) error { m.Wait = rules; return nil }); err != nil {
			return err
		}
		return s.updateWaiting(tx, id, nil, func(_ adega.Meta, w *adega.WaitState, _ adega.UserLookup) error {
			w.Replan(now, func(adega.SeatWait) bool { return true })
			for k := range w.Seats {
				w.Seats[k].Expired = false
			}
			return nil
		})
	})
	return meta, err
}

// ReplanUser asks the scheduler to look again at every decision userID
// owes, after their settings changed.
func (s *Store) ReplanUser(userID string, now time.Time) error {
	games, err := s.WaitingOfUser(userID)
	if err != nil {
		return err
	}
	var owing []string
	for _, g := range games {
		if len(g.Wait.SeatsOf(userID)) > 0 {
			owing = append(owing, g.Meta.ID)
		}
	}
	return s.UpdateWaitings(owing, func(_ adega.Meta, w *adega.WaitState, _ adega.UserLookup) error {
		w.Replan(now, func(sw adega.SeatWait) bool { return sw.UserID == userID })
		return nil
	})
}

// keyWaitsKept in the meta bucket marks a database whose every game has
// its waiting record: a new one, or one EnsureWaiting went through. Every
// write of a game keeps its record, so a start reads no game again: the
// walk would map in every page of the file, finished games included
// (docs/BENCHMARKS.md, Scale). A salvaged copy lacks the mark, and is
// walked once.
var keyWaitsKept = []byte("waits_kept")

// EnsureWaiting gives every active game without a waiting record one, as
// if it had just been loaded: for games stored before reminders existed.
// Each game is read on its own and written in a transaction of its own, so
// that the bot's other work never waits long for the writer.
func (s *Store) EnsureWaiting(now time.Time) (int, error) {
	var ids []string
	kept := false
	err := s.db.View(func(tx *bbolt.Tx) error {
		if kept = tx.Bucket(bucketMeta).Get(keyWaitsKept) != nil; kept {
			return nil
		}
		return tx.Bucket(bucketGames).ForEach(func(k, _ []byte) error {
			gb := tx.Bucket(bucketGames).Bucket(k)
			if gb == nil || gb.Get([]byte(keyWaiting)) != nil {
				return nil
			}
			var m adega.Meta
			if err := get(gb, "game "+string(k), keyMeta, &m); err != nil {
				return err
			}
			if m.Status == adega.StatusActive {
				ids = append(ids, string(k))
			}
			return nil
		})
	})
	if err != nil || kept {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		g, err := s.Load(id)
		if err != nil {
			return n, err
		}
		err = s.update(func(tx *bbolt.Tx) error {
			gb, err := gameBucket(tx, id)
			if err != nil {
				return err
			}
			if stamp, err := readStamp(gb, "game "+id); err != nil || stamp != g.Stamp || gb.Get([]byte(keyWaiting)) != nil {
				return err // it moved, and its move wrote the record
			}
			g.Meta.UpdatedAt = now
			n++
			return s.syncWaiting(tx, g)
		})
		if err != nil {
			return n, err
		}
	}
	return n, s.update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketMeta).Put(keyWaitsKept, []byte{1}) })
}

// WatchWakes returns a channel that receives (at most one value pending)
// after every committed change of the reminders index, and a function to
// stop watching.
func (s *Store) WatchWakes() (<-chan struct{}, func()) { return s.wakes.watch() }
