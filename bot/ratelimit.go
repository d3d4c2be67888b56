package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// globalLimit holds the bot's requests while Discord's global rate limit
// is in force. discordgo waits out a route's limit (its bucket's
// X-RateLimit-* headers say how long) and retries a request that got a 429
// after its retry_after; but a global 429 carries no bucket headers, so
// without this every other request would meet the limit too, and Discord
// counts each against the bot (enough get it banned). Interaction answers
// are not bound by the global limit: they go at once, within their 3
// seconds.
//
// Discord counts the global limit over the bot's token: every shard of
// every process together. Each process spends its share of it (share), so
// that all together stay within it without talking to each other.
type globalLimit struct {
	next  http.RoundTripper
	share *rate.Limiter // nil: no share enforced, only 429s waited out

	mu    sync.Mutex
	until time.Time // the end of the global limit in force
}

func (g *globalLimit) RoundTrip(req *http.Request) (*http.Response, error) {
	if boundGlobally(req) {
		if err := g.wait(req.Context()); err != nil {
			if req.Body != nil {
				req.Body.Close() // a RoundTripper closes the body, even on failure
			}
			return nil, err
		}
	}
	resp, err := g.next.RoundTrip(req)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		g.note(resp)
	}
	return resp, err
}

// boundGlobally reports a request to Discord's API other than an
// interaction's answers (its callback and its webhook).
func boundGlobally(req *http.Request) bool {
	p := req.URL.Path
	return req.URL.Host == "discord.com" && !strings.Contains(p, "/interactions/") && !strings.Contains(p, "/webhooks/")
}

// wait returns when no global limit is in force, or when ctx is done.
func (g *globalLimit) wait(ctx context.Context) error {
	if g.share != nil {
		if err := g.share.Wait(ctx); err != nil {
			return err
		}
	}
	for {
		g.mu.Lock()
		d := time.Until(g.until)
		g.mu.Unlock()
		if d <= 0 {
			return nil
		}
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// shareOf is a process's share of the bot's global rate (requests a
// second, over every process): its shards' part of it, or nil for a rate
// of 0. In any second it sends at most nine tenths of that, the tenth
// left for the network, which may bring a request late into Discord's
// next second: its burst and its rate add up to that, since a second may
// begin with the burst saved up.
func shareOf(globalRate float64, shards, count int) *rate.Limiter {
	if globalRate <= 0 {
		return nil
	}
	share := 0.9 * globalRate * float64(shards) / float64(max(count, 1))
	burst := max(1, int(share/10))
	return rate.NewLimiter(rate.Limit(max(share-float64(burst), 0.1)), burst)
}

// maxLimitBody bounds the 429 body read: Discord's is a few fields.
const maxLimitBody = 64 << 10

// note starts the global limit a 429 asks for, if it is global: its body
// says so and how long, in seconds (a float; the Retry-After header is
// rounded to whole seconds). The body is left for discordgo to read.
func (g *globalLimit) note(resp *http.Response) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxLimitBody))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return
	}
	var limit struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	if json.Unmarshal(body, &limit) != nil || !limit.Global && resp.Header.Get("X-RateLimit-Global") == "" {
		return
	}
	end := time.Now().Add(time.Duration(limit.RetryAfter * float64(time.Second)))
	g.mu.Lock()
	defer g.mu.Unlock()
	if end.After(g.until) {
		g.until = end
	}
}
