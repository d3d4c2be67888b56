package storage

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
)

// The outbox holds the messages the bot owes Discord. A change that must
// be announced (a move, an undo, a reminder) queues its message in its own
// transaction, so that once the change is committed the message cannot be
// lost; the bot delivers the queue afterwards, after a restart too, and
// removes each entry in the transaction that records its delivery.
//
// Entries of one queue (a game's channel) go out one at a time in order,
// so a game's messages keep their order and a reminder built at delivery
// links to the turn message queued before it. Each entry carries a nonce
// that Discord uses, for a few minutes, to refuse a second copy, so a
// delivery retried after a crash that followed the post is still posted
// once; the entry records when an attempt may have posted it, so that a
// retry later than that looks for the message first.

// Outgoing is one queued message.
type Outgoing struct {
	Seq uint64 `json:"seq"` // its place in the outbox, set when queued
	// Queue orders entries: those of one queue are delivered in Seq order.
	Queue string `json:"queue"`
	// Game is the game the message is about, if any.
	Game string `json:"game,omitempty"`
	// ChannelID is where it goes; when empty, it is a direct message to
	// UserID.
	ChannelID string `json:"channel_id,omitempty"`
	UserID    string `json:"user_id,omitempty"`
	// Kind says how the bot builds the message: "" sends Message as it is;
	// other kinds are built at delivery from Payload (reminders), or sent
	// only if still worth it then (a follower's news).
	Kind    string          `json:"kind,omitempty"`
	Message json.RawMessage `json:"message,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
	// Board, if set, attaches the board of the game's moment Board names.
	Board *BoardRef `json:"board,omitempty"`
	// Ending marks the message that ends a game: it also carries the game
	// as an animated GIF and a chart of the players' VP through it.
	Ending bool `json:"ending,omitempty"`
	// Turn marks the game's turn message: once posted it is the target of
	// the game's jump links, and the users in Held (named but not pinged,
	// in their quiet hours) are pinged by the scheduler later.
	Turn bool     `json:"turn,omitempty"`
	Held []string `json:"held,omitempty"`
	// Stamp is the moment of the game the message shows.
	Stamp uint64 `json:"stamp,omitempty"`
	// Nonce identifies the message to Discord across retries.
	Nonce     string    `json:"nonce"`
	Attempts  int       `json:"attempts,omitempty"`
	NotBefore time.Time `json:"not_before,omitzero"`
	// MaybePosted is when the first attempt that may have posted the
	// message began (its answer was lost, or Discord failed after taking
	// it); zero when none can have. Discord knows the nonce only for a few
	// minutes after.
	MaybePosted time.Time `json:"maybe_posted,omitzero"`
	Queued      time.Time `json:"queued,omitzero"`
}

// BoardRef names the moment of a game whose board a message shows: the
// state after the first Version moves of the log, as it stood when the log
// entry Version had stamp Tail (0 for the setup). An undo can make that
// moment unreachable; the message then goes without its board.
type BoardRef struct {
	Version uint64 `json:"version"`
	Tail    uint64 `json:"tail,omitempty"`
}

// BoardOf names g's current moment.
func BoardOf(g *Game) *BoardRef {
	ref := &BoardRef{Version: g.Version}
	if n := len(g.Log); n > 0 {
		ref.Tail = g.Log[n-1].Stamp
	}
	return ref
}

// Change is a change of a game that its messages announce.
type Change struct {
	Game *Game
	// Before is the state the change started from; nil for a new game.
	Before engine.State
	// Added are the log entries the change made: none for an undo or a
	// new game.
	Added []LogEntry
	// Users reads users inside the change's transaction.
	Users UserLookup
}

// PostFunc builds the messages that announce a change: the turn message,
// and the news its followers get. It runs inside the change's transaction
// and returns none when there is nothing to announce.
type PostFunc func(c Change) ([]*Outgoing, error)

var (
	bucketOutbox = []byte("outbox")
	keyNonce     = []byte("nonce_prefix")
)

// nonceLength is Discord's limit on a message nonce.
const nonceLength = 25

// enqueue adds messages to the outbox inside a transaction, in order, and
// wakes the deliverer once it commits.
func enqueue(tx *bbolt.Tx, out ...*Outgoing) error {
	for _, o := range out {
		if err := enqueueOne(tx, o); err != nil {
			return err
		}
	}
	return nil
}

func enqueueOne(tx *bbolt.Tx, o *Outgoing) error {
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
	tx.OnCommit(notifierOf(tx.DB(), topicOutbox).notify)
	return nil
}

func outboxKey(seq uint64) string { return string(u64(seq)) }

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
func (s *Store) Enqueue(out ...*Outgoing) error {
	if len(out) == 0 {
		return nil
	}
	return s.update(func(tx *bbolt.Tx) error { return enqueue(tx, out...) })
}

// Outbox returns every queued message, in queue order.
func (s *Store) Outbox() ([]Outgoing, error) {
	var out []Outgoing
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketOutbox).ForEach(func(k, v []byte) error {
			var o Outgoing
			if err := decode("outbox", fmt.Sprintf("outbox/%x", k), v, &o); err != nil {
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
		var o Outgoing
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
		return updateWaiting(tx, o.Game, nil, func(_ Meta, w *WaitState, _ UserLookup) error {
			w.Seen = append(w.Seen, Seen{Stamp: o.Stamp, MessageID: messageID})
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
func (s *Store) Postpone(o Outgoing) error {
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketOutbox)
		raw := b.Get([]byte(outboxKey(o.Seq)))
		if raw == nil {
			return nil
		}
		var stored Outgoing
		if err := decode("outbox", fmt.Sprintf("outbox/%d", o.Seq), raw, &stored); err != nil {
			return err
		}
		stored.Attempts, stored.NotBefore, stored.MaybePosted = o.Attempts, o.NotBefore, o.MaybePosted
		if err := put(b, outboxKey(o.Seq), stored); err != nil {
			return err
		}
		tx.OnCommit(notifierOf(tx.DB(), topicOutbox).notify)
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
func (s *Store) WatchOutbox() (<-chan struct{}, func()) {
	return notifierOf(s.db.DB, topicOutbox).watch()
}
