package storage

import (
	"sync"

	"go.etcd.io/bbolt"
)

// A notifier wakes the goroutines that watch one part of a database (the
// reminders index, the outbox) after a transaction that changed it
// commits.
type notifier struct {
	mu       sync.Mutex
	watchers map[chan struct{}]struct{}
}

// Topics a database's watchers follow.
const (
	topicWakes  = "wakes"
	topicOutbox = "outbox"
)

type notifierKey struct {
	db    *bbolt.DB
	topic string
}

// notifiers maps each open database and topic to its notifier, for the
// transaction helpers that know only their *bbolt.Tx.
var notifiers sync.Map // notifierKey → *notifier

func notifierOf(db *bbolt.DB, topic string) *notifier {
	n, _ := notifiers.LoadOrStore(notifierKey{db, topic}, &notifier{watchers: map[chan struct{}]struct{}{}})
	return n.(*notifier)
}

func forgetNotifiers(db *bbolt.DB) {
	for _, topic := range []string{topicWakes, topicOutbox} {
		notifiers.Delete(notifierKey{db, topic})
	}
}

func (n *notifier) notify() {
	n.mu.Lock()
	defer n.mu.Unlock()
	for c := range n.watchers {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

func (n *notifier) watch() (<-chan struct{}, func()) {
	c := make(chan struct{}, 1)
	n.mu.Lock()
	n.watchers[c] = struct{}{}
	n.mu.Unlock()
	return c, func() {
		n.mu.Lock()
		delete(n.watchers, c)
		n.mu.Unlock()
	}
}
