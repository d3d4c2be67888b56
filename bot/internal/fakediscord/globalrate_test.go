package fakediscord_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// The global rate counts the requests of every client of the bot's token
// together, as Discord counts those of all its shards and processes.
func TestGlobalRateCountsEveryClient(t *testing.T) {
	t.Parallel()
	at := time.Now()
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"), fakediscord.WithGlobalRate(3),
		fakediscord.WithClock(func() time.Time { return at }))
	get := func(c *http.Client) int {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, "https://discord.com/api/v10/users/@me", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bot test-token")
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests && resp.Header.Get("X-RateLimit-Global") != "true" {
			t.Errorf("a 429 of the global rate without X-RateLimit-Global: %v", resp.Header)
		}
		return resp.StatusCode
	}
	a, b := &http.Client{Transport: srv.Transport()}, &http.Client{Transport: srv.Transport()}
	got := []int{get(a), get(b), get(a), get(b)}
	if want := []int{200, 200, 200, 429}; !slices.Equal(got, want) {
		t.Errorf("statuses %v, want %v: three a second from both clients together", got, want)
	}
	if f := srv.Faults(); f.GlobalLimits != 1 {
		t.Errorf("%d global 429s, want 1", f.GlobalLimits)
	}
}
