// Package ops is the bot's operations endpoint: its metrics, in
// Prometheus' format, and its health and readiness (server.go). The bot's
// parts record what they do through a *Metrics, whose every method does
// nothing on a nil one, so that tests and the local table need none; the
// gauges an operator reads from the database (the outbox, the file's size,
// the games) are computed at each scrape (store.go).
package ops

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Every label value comes from one of these fixed sets, so that no series
// is made from what users or Discord send.

// Kind is the kind of an interaction.
type Kind string

const (
	KindCommand      Kind = "command"
	KindComponent    Kind = "component"
	KindAutocomplete Kind = "autocomplete"
	KindOther        Kind = "other"
)

// Outcome is what became of an interaction.
type Outcome string

const (
	Answered  Outcome = "answered"  // acknowledged
	Failed    Outcome = "failed"    // the acknowledgement could not be sent
	Panicked  Outcome = "panicked"  // the handler panicked; an apology was tried
	Duplicate Outcome = "duplicate" // delivered twice: the second copy is dropped
	// Over HTTP with several processes (bot/forward.go): sent on to the
	// process that runs its server's shard, or not, for want of an answer
	// from that process (the user is asked to try again).
	Forwarded   Outcome = "forwarded"
	Unforwarded Outcome = "unforwarded"
)

// Mover is who made a move.
type Mover string

const (
	ByPlayer Mover = "player" // a player, by command or button
	ByBot    Mover = "bot"    // the AI, for one of the bot's seats
	ByAbsent Mover = "absent" // the AI, for a player absent past the deadline
)

// Post is what became of one attempt to deliver an outbox entry.
type Post string

const (
	Posted  Post = "posted"  // Discord took it
	Found   Post = "found"   // an earlier attempt had posted it
	Skipped Post = "skipped" // no longer worth sending (a reminder answered, news undone)
	Retried Post = "retried" // failed; tried again later
	Dropped Post = "dropped" // Discord refuses it for good
)

// Purpose is what the AI searched a decision for.
type Purpose string

const (
	ForPlay Purpose = "play" // a bot's seat or an absent player
	ForHint Purpose = "hint" // a player's /GAME hint
)

// Reminder is a kind of message the reminder scheduler queues.
type Reminder string

const (
	Remind Reminder = "reminder" // a reminder or a held ping, in the channel or by DM
	Digest Reminder = "digest"   // a user's daily digest
)

// Metrics are the bot's metrics, in their own registry.
type Metrics struct {
	reg          *prometheus.Registry
	interactions *prometheus.CounterVec
	ack          prometheus.Histogram
	moves        *prometheus.CounterVec
	posts        *prometheus.CounterVec
	responses    *prometheus.CounterVec
	draw         prometheus.Histogram
	decisions    *prometheus.CounterVec
	aiWait       prometheus.Histogram
	reminders    *prometheus.CounterVec
	reconnects   prometheus.Counter
	writeHeld    prometheus.Histogram
	// queues reads the painters' and thinkers' queues (WatchQueues).
	queues atomic.Pointer[queues]
	// store reads the database at each scrape (Watch).
	store storeCollector
}

type queues struct{ draw, ai func() int }

// latency are the buckets of the durations that people wait for, in
// seconds: Discord waits 3 for an acknowledgement.
var latency = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3, 5, 10}

// NewMetrics makes the metrics, every series of a fixed label set at zero,
// with the Go runtime's and the process's.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "adega_interactions_total",
			Help: "Interactions received, by kind and outcome."}, []string{"kind", "outcome"}),
		ack: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "adega_ack_seconds",
			Help: "Time from an interaction's arrival to its acknowledgement sent (Discord allows 3 s).", Buckets: latency}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "adega_moves_total",
			Help: "Decisions played and stored, by who made them."}, []string{"by"}),
		posts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "adega_posts_total",
			Help: "Attempts to deliver an outbox message, by outcome."}, []string{"outcome"}),
		responses: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "adega_discord_responses_total",
			Help: `Discord's answers to the bot's HTTP requests, by status class: 2xx, 3xx, 4xx, 429 (rate limited, not in 4xx), 5xx, or "none" (no answer).`},
			[]string{"status"}),
		draw: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "adega_draw_seconds",
			Help: "Time a painter spent on one drawing (a board, a view, a frame, charts).", Buckets: latency}),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "adega_ai_decisions_total",
			Help: "Decisions the AI searched, by purpose."}, []string{"purpose"}),
		aiWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "adega_ai_wait_seconds",
			Help: "Time an AI search waited for a thinker.", Buckets: latency}),
		reminders: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "adega_reminders_total",
			Help: "Reminder messages and daily digests queued for delivery."}, []string{"kind"}),
		reconnects: prometheus.NewCounter(prometheus.CounterOpts{Name: "adega_gateway_reconnects_total",
			Help: "Connections to the gateway after the first (resumed or identified again)."}),
		writeHeld: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "adega_db_write_lock_seconds",
			Help:    "Time each write transaction held the database's single writer, its commit included.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1}}),
	}
	for _, k := range []Kind{KindCommand, KindComponent, KindAutocomplete, KindOther} {
		for _, o := range []Outcome{Answered, Failed, Panicked, Duplicate, Forwarded, Unforwarded} {
			m.interactions.WithLabelValues(string(k), string(o))
		}
	}
	for _, by := range []Mover{ByPlayer, ByBot, ByAbsent} {
		m.moves.WithLabelValues(string(by))
	}
	for _, p := range []Post{Posted, Found, Skipped, Retried, Dropped} {
		m.posts.WithLabelValues(string(p))
	}
	for _, s := range statusClasses {
		m.responses.WithLabelValues(s)
	}
	for _, p := range []Purpose{ForPlay, ForHint} {
		m.decisions.WithLabelValues(string(p))
	}
	for _, r := range []Reminder{Remind, Digest} {
		m.reminders.WithLabelValues(string(r))
	}
	queue := func(name, help string, read func(*queues) func() int) prometheus.GaugeFunc {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 {
			if q := m.queues.Load(); q != nil {
				return float64(read(q)())
			}
			return 0
		})
	}
	m.reg.MustRegister(m.interactions, m.ack, m.moves, m.posts, m.responses, m.draw, m.decisions, m.aiWait,
		m.reminders, m.reconnects, m.writeHeld, &m.store,
		queue("adega_draw_queue", "Drawings waiting for a painter.", func(q *queues) func() int { return q.draw }),
		queue("adega_ai_queue", "AI searches waiting for a thinker.", func(q *queues) func() int { return q.ai }),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Interaction counts an interaction.
func (m *Metrics) Interaction(kind Kind, outcome Outcome) {
	if m != nil {
		m.interactions.WithLabelValues(string(kind), string(outcome)).Inc()
	}
}

// Acknowledged records the time from an interaction's arrival to its
// acknowledgement.
func (m *Metrics) Acknowledged(d time.Duration) {
	if m != nil {
		m.ack.Observe(d.Seconds())
	}
}

// Moved counts n decisions stored.
func (m *Metrics) Moved(by Mover, n int) {
	if m != nil {
		m.moves.WithLabelValues(string(by)).Add(float64(n))
	}
}

// Delivery counts an attempt to deliver an outbox entry.
func (m *Metrics) Delivery(p Post) {
	if m != nil {
		m.posts.WithLabelValues(string(p)).Inc()
	}
}

// Drew records a drawing's time.
func (m *Metrics) Drew(d time.Duration) {
	if m != nil {
		m.draw.Observe(d.Seconds())
	}
}

// Decided counts a decision the AI searched.
func (m *Metrics) Decided(p Purpose) {
	if m != nil {
		m.decisions.WithLabelValues(string(p)).Inc()
	}
}

// AIWaited records how long a search waited for a thinker.
func (m *Metrics) AIWaited(d time.Duration) {
	if m != nil {
		m.aiWait.Observe(d.Seconds())
	}
}

// Reminded counts n messages of a kind queued by the reminder scheduler.
func (m *Metrics) Reminded(r Reminder, n int) {
	if m != nil {
		m.reminders.WithLabelValues(string(r)).Add(float64(n))
	}
}

// Reconnected counts a connection to the gateway after the first.
func (m *Metrics) Reconnected() {
	if m != nil {
		m.reconnects.Inc()
	}
}

// WriterHeld records how long a write transaction held the writer.
func (m *Metrics) WriterHeld(d time.Duration) {
	if m != nil {
		m.writeHeld.Observe(d.Seconds())
	}
}

// WatchQueues has the queue gauges read the painters' and the thinkers'
// waiting tasks, replacing what they read before.
func (m *Metrics) WatchQueues(draw, ai func() int) {
	if m != nil {
		m.queues.Store(&queues{draw: draw, ai: ai})
	}
}

// statusClasses are the label values of adega_discord_responses_total.
var statusClasses = []string{"2xx", "3xx", "4xx", "429", "5xx", "none"}

// statusClass is the label of an answer's status; 0 is no answer.
func statusClass(code int) string {
	switch {
	case code == http.StatusTooManyRequests:
		return "429"
	case code >= 200 && code < 600:
		return statusClasses[code/100-2]
	}
	return "none"
}

// Transport counts Discord's answers to the requests next carries (nil:
// http.DefaultTransport) by status class.
func (m *Metrics) Transport(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	if m == nil {
		return next
	}
	return roundTripper(func(r *http.Request) (*http.Response, error) {
		resp, err := next.RoundTrip(r)
		code := 0
		if err == nil {
			code = resp.StatusCode
		}
		m.responses.WithLabelValues(statusClass(code)).Inc()
		return resp, err
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
