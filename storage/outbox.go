package storage

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// The outbox holds the messages the bot owes Discord (adega.Outgoing),
// each queued in the transaction of the change it announces and removed
// in the transaction that records its delivery.

var (
	bucketOutbox = []byte("outbox")
	keyNonce     = []byte("nonce_prefix")
)

// nonceLength is Discord's limit on a message nonce.
const nonceLength = 25

// enqueue adds messages to the outbox inside a transaction, in order, and
// wakes the deliverer once it commits.
func (s *Store) enqueue(tx *bbolt.Tx, out ...*adega.Outgoing) error {
	for _, o := range out {
		if err := s.enqueueOne(tx, o); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) enqueueOne(tx *bbolt.Tx, o *adega.Outgoing) error {
	b := tx.Bucket(bucketOutbox)
	b.FillPercent = appendOnly
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	o.Seq = seq
	if o.Queue == "" {
		o.Queue = o.ChannelID
	}
	// The wall clock, not the handler's: Queued only measures how long a
	// message waits (the operations endpoint's outbox age).
	o.Queued = time.Now()
	if o.Queue == "" {
		o.Queue = "user:" + o.UserID
	}
	prefix := tx.Bucket(bucketMeta).Get(keyNonce)
	o.Nonce = string(prefix) + strconv.FormatUint(seq, 36)
	if len(o.Nonce) > nonceLength {
		return fmt.Errorf("storage: nonce %q is longer than Discord allows", o.Nonce)
	}
	if err := put(b, outboxKey(seq), o); err != nil {
		return err
	}
	tx.OnCommit(s.outbox.notify)
	return nil
}

func outboxKey(seq uint64) string { return string(u64(seq)) }

// outboxPath names an entry's key in an error.
func outboxPath(k []byte) string { return fmt.Sprintf("outbox/%x", k) }

// newNoncePrefix makes the random prefix that keeps this database's nonces
// apart from those of another process of the same bot (another shard).
func newNoncePrefix() []byte {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 10)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return b
}

// Enqueue queues messages that belong to no other change.
func (s *Store) Enqueue(out ...*adega.Outgoing) error {
	if len(out) == 0 {
		return nil
	}
	return s.update(func(tx *bbolt.Tx) error { return s.enqueue(tx, out...) })
}

// Outbox returns every queued message, in queue order.
func (s *Store) Outbox() ([]adega.Outgoing, error) {
	var out []adega.Outgoing
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketOutbox).ForEach(func(k, v []byte) error {
			var o adega.Outgoing
			if err := decode("outbox", outboxPath(k), v, &o); err != nil {
				return err
			}
			out = append(out, o)
			return nil
		})
	})
	return out, err
}

// OutboxHead is what the courier chooses an entry by: its place, its
// queue and when it is due.
type OutboxHead struct {
	Seq       uint64    `json:"seq"`
	Queue     string    `json:"queue"`
	NotBefore time.Time `json:"not_before,omitzero"`
}

// OutboxHeads shows take the first entry of each queue, in queue order,
// and returns whole the ones it takes. The entries behind a head are
// decoded no further than their queue (their messages are not copied):
// the courier reads the outbox after every change to it, and a lagging
// courier has hundreds of entries queued.
func (s *Store) OutboxHeads(take func(OutboxHead) bool) ([]adega.Outgoing, error) {
	var out []adega.Outgoing
	err := s.db.View(func(tx *bbolt.Tx) error {
		seen := map[string]bool{}
		return tx.Bucket(bucketOutbox).ForEach(func(k, v []byte) error {
			var env struct {
				V    int        `json:"v"`
				Data OutboxHead `json:"data"`
			}
			err := json.Unmarshal(v, &env)
			if err == nil {
				err = checkVersion(env.V)
			}
			if err != nil {
				return &CorruptError{Record: "outbox", Key: outboxPath(k), Err: err}
			}
			head := env.Data
			if seen[head.Queue] {
				return nil
			}
			seen[head.Queue] = true
			if !take(head) {
				return nil
			}
			var o adega.Outgoing
			if err := decode("outbox", outboxPath(k), v, &o); err != nil {
				return err
			}
			out = append(out, o)
			return nil
		})
	})
	return out, err
}

// seenKept bounds the delivered messages a game remembers (WaitState.Seen).
const seenKept = 16

// Delivered records that the message queued as seq was posted as
// messageID, and removes it from the outbox, in one transaction. A turn
// message becomes its game's jump target, and the pings it held back are
// handed to the scheduler if its moment is still the game's.
func (s *Store) Delivered(seq uint64, messageID string, now time.Time) error {
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketOutbox)
		raw := b.Get([]byte(outboxKey(seq)))
		if raw == nil {
			return nil // recorded already
		}
		var o adega.Outgoing
		if err := decode("outbox", fmt.Sprintf("outbox/%d", seq), raw, &o); err != nil {
			return err
		}
		if err := b.Delete([]byte(outboxKey(seq))); err != nil {
			return err
		}
		if o.Game == "" || o.ChannelID == "" || o.Stamp == 0 {
			return nil // only messages that show a game's moment are recorded
		}
		gb := tx.Bucket(bucketGames).Bucket([]byte(o.Game))
		if gb == nil {
			return nil // the game is gone; its message was still worth posting
		}
		return s.updateWaiting(tx, o.Game, nil, func(_ adega.Meta, w *adega.WaitState, _ adega.UserLookup) error {
			w.Seen = append(w.Seen, adega.Seen{Stamp: o.Stamp, MessageID: messageID})
			w.Seen = w.Seen[max(0, len(w.Seen)-seenKept):]
			if !o.Turn {
				return nil
			}
			w.TurnMessageID, w.TurnStamp = messageID, o.Stamp
			stamp, err := readStamp(gb, "game "+o.Game)
			if err != nil || stamp != o.Stamp {
				return err // the held pings were for decisions already made
			}
			for k, sw := range w.Seats {
				if slices.Contains(o.Held, sw.UserID) {
					w.Seats[k].PingDue, w.Seats[k].Next = true, now
				}
			}
			return nil
		})
	})
}

// Postpone keeps a message whose delivery failed in the outbox, to be
// tried again at o.NotBefore, and records o.Attempts (the failures so far)
// and o.MaybePosted.
func (s *Store) Postpone(o adega.Outgoing) error {
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketOutbox)
		raw := b.Get([]byte(outboxKey(o.Seq)))
		if raw == nil {
			return nil
		}
		var stored adega.Outgoing
		if err := decode("outbox", fmt.Sprintf("outbox/%d", o.Seq), raw, &stored); err != nil {
			return err
		}
		stored.Attempts, stored.NotBefore, stored.MaybePosted = o.Attempts, o.NotBefore, o.MaybePosted
		if err := put(b, outboxKey(o.Seq), stored); err != nil {
			return err
		}
		tx.OnCommit(s.outbox.notify)
		return nil
	})
}

// Discard removes a message Discord will never take from the outbox.
func (s *Store) Discard(seq uint64) error {
	return s.update(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketOutbox).Delete([]byte(outboxKey(seq)))
	})
}

// WatchOutbox returns a channel that receives (at most one value pending)
// after every committed change of the outbox, and a function to stop
// watching.
func (s *Store) WatchOutbox() (<-chan struct{}, func()) { return s.outbox.watch() }
