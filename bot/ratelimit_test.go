package bot

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// discordStub answers the first request to each path of limits with a
// 429 of that body, and every other with a 200, and notes when each
// request arrived.
type discordStub struct {
	mu     sync.Mutex
	limits map[string]string
	seen   map[string]time.Time // by path
}

func (d *discordStub) RoundTrip(req *http.Request) (*http.Response, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.seen[req.URL.Path] = time.Now()
	status, body := http.StatusOK, "{}"
	if limit, ok := d.limits[req.URL.Path]; ok {
		status, body = http.StatusTooManyRequests, limit
		delete(d.limits, req.URL.Path)
	}
	return &http.Response{StatusCode: status, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
}

func (d *discordStub) arrived(path string) (time.Time, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	at, ok := d.seen[path]
	return at, ok
}

// After a global 429, the bot's other requests wait out its retry_after
// (before, they went and met the limit); an interaction's answer, which
// the global limit does not bind, goes at once; a route's 429 holds back
// no other route.
func TestGlobalRateLimitHoldsTheOtherRequests(t *testing.T) {
	stub := &discordStub{seen: map[string]time.Time{}, limits: map[string]string{
		"/api/v10/channels/1/messages": `{"message": "You are being rate limited.", "retry_after": 0.2, "global": true}`,
		"/api/v10/channels/3/messages": `{"message": "You are being rate limited.", "retry_after": 60, "global": false}`,
	}}
	g := &globalLimit{next: stub}
	send := func(ctx context.Context, path string) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://discord.com/api/v10"+path, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := g.RoundTrip(req)
		if err == nil {
			_, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		return resp, err
	}

	resp, err := send(context.Background(), "/channels/1/messages")
	if err != nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the first post: %v %v", resp, err)
	}
	limited, _ := stub.arrived("/api/v10/channels/1/messages")
	// Held past a short deadline, a request never reaches Discord.
	short, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := send(short, "/channels/2/messages"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a post during the global limit: %v, want it held until its deadline", err)
	}
	if _, ok := stub.arrived("/api/v10/channels/2/messages"); ok {
		t.Fatal("a post reached Discord during its global limit")
	}
	if _, err := send(context.Background(), "/interactions/9/token/callback"); err != nil {
		t.Fatal(err)
	}
	if at, _ := stub.arrived("/api/v10/interactions/9/token/callback"); !at.Before(limited.Add(200 * time.Millisecond)) {
		t.Error("an interaction's answer waited for the global limit")
	}
	if _, err := send(context.Background(), "/channels/2/messages"); err != nil {
		t.Fatal(err)
	}
	if at, _ := stub.arrived("/api/v10/channels/2/messages"); at.Before(limited.Add(200 * time.Millisecond)) {
		t.Errorf("a post went %v after the global 429, which asked for 200ms", at.Sub(limited))
	}

	// A route's limit is discordgo's to wait out, in that bucket only.
	if resp, err := send(context.Background(), "/channels/3/messages"); err != nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the route's 429: %v %v", resp, err)
	}
	short, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if resp, err := send(short, "/channels/4/messages"); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("another route after a route's 429: %v %v", resp, err)
	}
}

// Processes that split the shards spend at most their shares of the
// global rate, which add up to no more than Discord's, less a tenth for
// the network: in every second of a process sending as fast as it can, on
// a simulated clock.
func TestProcessesSplitTheGlobalRate(t *testing.T) {
	if shareOf(0, 1, 1) != nil {
		t.Error("a rate of 0 enforces a share")
	}
	for _, c := range []struct {
		rate          float64
		shards, count int
		want          int // the most a second
	}{
		{50, 1, 1, 45}, {50, 1, 3, 15}, {50, 2, 3, 30}, {10, 1, 3, 3}, {50, 5, 16, 14},
	} {
		share := shareOf(c.rate, c.shards, c.count)
		start := time.Unix(0, 0)
		var sent []time.Time
		for at := start; at.Before(start.Add(5 * time.Second)); at = at.Add(time.Millisecond) {
			if share.AllowN(at, 1) {
				sent = append(sent, at)
			}
		}
		most := 0
		for k, at := range sent { // the sends in [at, at+1s)
			n := 0
			for _, later := range sent[k:] {
				if later.Sub(at) < time.Second {
					n++
				}
			}
			most = max(most, n)
		}
		if most > c.want || most < c.want*4/5 {
			t.Errorf("rate %v, %d shards of %d: at most %d a second, want up to %d", c.rate, c.shards, c.count, most, c.want)
		}
	}
}
