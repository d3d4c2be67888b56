package storage

import (
	"sync"
	"time"

	"go.etcd.io/bbolt"
)

// bbolt has one writer: a write transaction holds it from its start to the
// end of its commit (with its fsync), and every other change waits. The
// store measures how long each holds it, so that benchmarks, and anyone
// watching a slow bot, can see what keeps others waiting.

// WriterStats is how the store's write transactions held the writer.
type WriterStats struct {
	Transactions int
	// Held is from the transaction's start to the end of its commit.
	Held, LongestHeld time.Duration
	// Working is the part before the commit: the transaction's own reads
	// and writes, without the commit's page writes and fsync.
	Working, LongestWorking time.Duration
}

type writerClock struct {
	mu      sync.Mutex
	stats   WriterStats
	observe func(held time.Duration) // ObserveWriter's
}

func (c *writerClock) add(held, working time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := &c.stats
	st.Transactions++
	st.Held += held
	st.Working += working
	st.LongestHeld = max(st.LongestHeld, held)
	st.LongestWorking = max(st.LongestWorking, working)
	if c.observe != nil {
		c.observe(held)
	}
}

// WriterStats returns the figures since the store was opened.
func (s *Store) WriterStats() WriterStats {
	s.writer.mu.Lock()
	defer s.writer.mu.Unlock()
	return s.writer.stats
}

// update runs fn in a write transaction, timed.
func (s *Store) update(fn func(*bbolt.Tx) error) error {
	// The wall clock: durations measured. begun is set once the writer is
	// ours: waiting for it is not holding it.
	var begun time.Time
	var working time.Duration
	err := s.db.Update(func(tx *bbolt.Tx) error {
		begun = time.Now()
		err := fn(tx)
		working = time.Since(begun)
		return err
	})
	if !begun.IsZero() {
		s.writer.add(time.Since(begun), working)
	}
	return err
}
