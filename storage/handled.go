package storage

import (
	"strconv"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// The interactions a move came from are remembered for a while, so that
// one delivered again, even after a restart, is recognised before it is
// read: the bot drops it rather than answer it twice. Keys are the
// interactions' snowflakes, 8 bytes big-endian, so they sort by the time
// Discord made them and old ones are pruned from the front.

var bucketHandled = []byte("handled")

// handledFor is how long an interaction is remembered: Discord takes no
// answer to one after 15 minutes.
const handledFor = time.Hour

func snowflakeKey(id string) ([]byte, bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	return u64(n), err == nil
}

// markHandled remembers an interaction, and forgets those older than
// handledFor.
func markHandled(tx *bbolt.Tx, id string, now time.Time) error {
	key, ok := snowflakeKey(id)
	if !ok {
		return nil // not from Discord: nothing will deliver it again
	}
	b := tx.Bucket(bucketHandled)
	b.FillPercent = appendOnly
	oldest := u64(adega.FirstSnowflake(now.Add(-handledFor)))
	c := b.Cursor()
	for k, _ := c.First(); k != nil && string(k) < string(oldest); k, _ = c.First() {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return b.Put(key, []byte{})
}

// Handled reports whether a move came from the interaction id.
func (s *Store) Handled(id string) (bool, error) {
	key, ok := snowflakeKey(id)
	if !ok {
		return false, nil
	}
	var found bool
	err := s.db.View(func(tx *bbolt.Tx) error {
		found = tx.Bucket(bucketHandled).Get(key) != nil
		return nil
	})
	return found, err
}
