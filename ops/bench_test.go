package ops_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/internal/gametest"
	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/ops"
)

// BenchmarkScrape is one scrape of /metrics, encoded as Prometheus reads
// it, with the database's gauges read from 1,000 games and 100 messages
// owed: what a scrape costs the bot.
func BenchmarkScrape(b *testing.B) {
	store := openStore(b)
	for k := range 1000 {
		gametest.Create(b, store, fmt.Sprint("channel", k))
	}
	var owed []*adega.Outgoing
	for k := range 100 {
		owed = append(owed, &adega.Outgoing{ChannelID: fmt.Sprint("channel", k), Message: []byte(`{"content":"a turn message of a typical length, pinging a player"}`)})
	}
	if err := store.Enqueue(owed...); err != nil {
		b.Fatal(err)
	}
	m := ops.NewMetrics()
	m.Watch(store, time.Now)
	srv := ops.NewServer(m, quiet)
	b.ReportAllocs()
	rusage.Measure(b, func() {
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	})
}
