package storage

import "sync"

// A notifier wakes the goroutines that watch one part of a store (the
// reminders index, the outbox) after a transaction that changed it
// commits.
type notifier struct {
	mu       sync.Mutex
	watchers map[chan struct{}]struct{}
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
	if n.watchers == nil {
		n.watchers = map[chan struct{}]struct{}{}
	}
	n.watchers[c] = struct{}{}
	n.mu.Unlock()
	return c, func() {
		n.mu.Lock()
		delete(n.watchers, c)
		n.mu.Unlock()
	}
}
