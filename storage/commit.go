package storage

import (
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// A change of a game's state (a move, the bot's moves, an undo, a change
// of seat) is computed outside the database's single writer, by package
// referee: the game is read (from the cache, or its snapshot), the engine
// applies the action, and Commit encodes the result before its
// transaction begins. The transaction then only checks that the game is
// still at the moment the change was made from (its stamp) and writes.
// Changes of different games therefore run in parallel, and one that lost
// a race is refused as stale with nothing written.

// LoadNarrated loads a game for a change, whose message tells what
// happened since each player's last move: the newest moves' events, which
// are kept with the game. Only a game stored before they were is narrated
// by replaying its log, once.
func (s *Store) LoadNarrated(id string) (*adega.Game, error) {
	g, err := s.Load(id)
	if err != nil || g.NarratedFrom <= max(0, len(g.Log)-narratedTail) {
		return g, err
	}
	return s.Narrate(g)
}

// Commit stores next, the successor of prev (the game as Load gave it), at
// the moment after prev's: next keeps the first log entries of prev's that
// it holds, and adds the rest of its own. One transaction checks that the
// game still stands at prev's moment (else adega.ErrStale, and nothing is
// written), writes next and queues the messages post makes of the change.
// edit, if given, adjusts the metadata, which is read afresh inside the
// transaction. next is stamped with its moment; the game returned is a
// copy of it as stored.
func (s *Store) Commit(prev, next *adega.Game, now time.Time, post adega.PostFunc, edit func(*adega.Meta)) (*adega.Game, error) {
	keep := min(len(prev.Log), len(next.Log))
	next.Stamp = prev.Stamp + 1
	added := next.Log[keep:]
	for i := range added {
		added[i].Stamp = next.Stamp
	}
	enc, err := encodeGame(next, keep)
	if err != nil {
		return nil, err
	}
	err = s.update(func(tx *bbolt.Tx) error {
		gb, err := gameBucket(tx, prev.ID)
		if err != nil {
			return err
		}
		record := "game " + prev.ID
		if stamp, err := readStamp(gb, record); err != nil {
			return err
		} else if stamp != prev.Stamp {
			return adega.ErrStale
		}
		if err := get(gb, record, keyMeta, &next.Meta); err != nil {
			return err
		}
		next.Meta.UpdatedAt = now
		if edit != nil {
			edit(&next.Meta)
		}
		if next.State.Over() {
			next.Meta.Status = adega.StatusFinished
		}
		if len(added) > 0 && added[0].Interaction != "" {
			if err := markHandled(tx, added[0].Interaction, now); err != nil {
				return err
			}
		}
		return s.write(tx, adega.Change{Game: next, Before: prev.State, Added: added}, enc, post)
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(next)
	return next.Clone(), nil
}

// UpdateMeta changes a game's metadata in one transaction (an undo
// request, settings, followers). A change of the seats or the status makes
// a new moment of the game (Game.Stamp). If change returns an error
// nothing is written.
func (s *Store) UpdateMeta(id string, change func(*adega.Meta) error) (adega.Meta, error) {
	return s.updateMeta(id, change, nil)
}

// updateMeta is UpdateMeta that also queues the message notice makes of
// the changed metadata, if any.
func (s *Store) updateMeta(id string, change func(*adega.Meta) error, notice func(adega.Meta) (*adega.Outgoing, error)) (adega.Meta, error) {
	var meta adega.Meta
	var restamped uint64
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		meta, restamped, err = s.updateMetaIn(tx, id, change)
		if err != nil || notice == nil {
			return err
		}
		o, err := notice(meta)
		if err != nil || o == nil {
			return err
		}
		return s.enqueue(tx, o)
	})
	if err == nil && restamped > 0 {
		if g := s.cache.get(id, restamped-1); g != nil {
			g.Stamp, g.Meta = restamped, meta
			s.cache.put(g)
		}
	}
	return meta, err
}

// updateMetaIn changes the metadata inside a transaction that may do more.
// It returns the game's new stamp when the change made one, else 0.
func (s *Store) updateMetaIn(tx *bbolt.Tx, id string, change func(*adega.Meta) error) (adega.Meta, uint64, error) {
	var meta adega.Meta
	gb, err := gameBucket(tx, id)
	if err != nil {
		return meta, 0, err
	}
	record := "game " + id
	if err := get(gb, record, keyMeta, &meta); err != nil {
		return meta, 0, err
	}
	before := meta.Status
	seats := slices.Clone(meta.Seats)
	if err := change(&meta); err != nil {
		return meta, 0, err
	}
	var restamped uint64
	if meta.Status != before || !slices.Equal(meta.Seats, seats) {
		stamp, err := readStamp(gb, record)
		if err != nil {
			return meta, 0, err
		}
		restamped = stamp + 1
		if err := gb.Put([]byte(keyStamp), u64(restamped)); err != nil {
			return meta, 0, err
		}
		if err := keepStatsOfMeta(tx, gb, meta); err != nil {
			return meta, 0, err
		}
	}
	return meta, restamped, s.putMeta(tx, gb, meta)
}
