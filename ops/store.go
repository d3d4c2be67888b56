package ops

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/storage"
)

// The gauges read from the database at each scrape, each in a read
// transaction, which never waits for the writer: the outbox, the file's
// size, the games by status.

var (
	outboxDesc = prometheus.NewDesc("adega_outbox_messages",
		`Messages in the outbox: "due" are owed now (retries included), "held" wait for a later moment (quiet hours, a daily digest).`,
		[]string{"state"}, nil)
	outboxAgeDesc = prometheus.NewDesc("adega_outbox_oldest_seconds",
		"How long the oldest message owed now has waited to be delivered; 0 when none is owed.", nil, nil)
	sizeDesc  = prometheus.NewDesc("adega_db_size_bytes", "The database file's size.", nil, nil)
	gamesDesc = prometheus.NewDesc("adega_games", "Games in the database, by status.", []string{"status"}, nil)
)

// statuses are the label values of adega_games.
var statuses = []adega.Status{adega.StatusActive, adega.StatusFinished, adega.StatusAbandoned}

// source is the database the gauges read, with the handler's clock, on
// which the outbox's moments are set.
type source struct {
	store *storage.Store
	now   func() time.Time
}

// storeCollector collects the database's gauges, once Watch names it.
type storeCollector struct{ src atomic.Pointer[source] }

// Watch has the database's gauges read store, whose outbox moments are
// set on the clock now, and its write transactions timed, replacing what
// was watched before.
func (m *Metrics) Watch(store *storage.Store, now func() time.Time) {
	if m != nil {
		m.store.src.Store(&source{store: store, now: now})
		store.ObserveWriter(m.WriterHeld)
	}
}

func (c *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{outboxDesc, outboxAgeDesc, sizeDesc, gamesDesc} {
		ch <- d
	}
}

// Collect reads the gauges; one that cannot be read is reported to the
// scraper as an invalid metric, and the others still go out.
func (c *storeCollector) Collect(ch chan<- prometheus.Metric) {
	src := c.src.Load()
	if src == nil {
		return
	}
	if o, err := readOutbox(src.store, src.now); err != nil {
		ch <- prometheus.NewInvalidMetric(outboxDesc, err)
	} else {
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(o.due), "due")
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(o.held), "held")
		ch <- prometheus.MustNewConstMetric(outboxAgeDesc, prometheus.GaugeValue, o.oldest.Seconds())
	}
	if size, err := src.store.Size(); err != nil {
		ch <- prometheus.NewInvalidMetric(sizeDesc, err)
	} else {
		ch <- prometheus.MustNewConstMetric(sizeDesc, prometheus.GaugeValue, float64(size))
	}
	counts, err := src.store.GamesByStatus()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(gamesDesc, err)
		return
	}
	for _, s := range statuses {
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(counts[s]), string(s))
	}
}

// outbox is what the gauges and readiness say of the outbox.
type outbox struct {
	due, held int
	oldest    time.Duration // the longest a message owed now has waited
}

// readOutbox reads the outbox. A message held for a later moment (never
// tried, NotBefore ahead) is owed from that moment on, on the handler's
// clock like NotBefore; any other from when it was queued, on the wall
// clock like Queued.
func readOutbox(store *storage.Store, now func() time.Time) (outbox, error) {
	entries, err := store.Outbox()
	if err != nil {
		return outbox{}, err
	}
	var o outbox
	at := now()
	for _, e := range entries {
		var waited time.Duration
		switch {
		case e.Attempts == 0 && e.NotBefore.After(at):
			o.held++
			continue
		case e.Attempts == 0 && !e.NotBefore.IsZero():
			waited = at.Sub(e.NotBefore)
		case !e.Queued.IsZero():
			waited = time.Since(e.Queued)
		}
		o.due++
		o.oldest = max(o.oldest, waited)
	}
	return o, nil
}

// DatabaseCheck is ready when the database reads.
func DatabaseCheck(store *storage.Store) Check {
	return Check{Name: "database", Err: func() error {
		_, err := store.Size()
		return err
	}}
}

// OutboxCheck is ready when no message owed now has waited longer than
// behind: the courier keeps up with the outbox.
func OutboxCheck(store *storage.Store, now func() time.Time, behind time.Duration) Check {
	return Check{Name: "outbox", Err: func() error {
		o, err := readOutbox(store, now)
		switch {
		case err != nil:
			return err
		case o.oldest > behind:
			return fmt.Errorf("falling behind: a message has waited %v to be delivered (more than %v); %d owed", o.oldest.Round(time.Second), behind, o.due)
		}
		return nil
	}}
}
