package bot_test

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// Behind HTTP_PROXY (the fake's gateway is ws://, so HTTP_PROXY is its
// proxy, as HTTPS_PROXY is Discord's wss://), the shard reaches the
// gateway through a tunnel of the proxy, identifies through the gate and
// plays. The gateway is named gateway.invalid, which resolves nowhere: net/http's
// rules never send loopback through a proxy, and only the proxy knows
// where it is.
func TestTheGatewayThroughAProxy(t *testing.T) {
	proxy, tunnels := bot.NewTunnelProxy(t, "")
	// net/http reads the environment once: let it not read this test's.
	http.ProxyFromEnvironment(&http.Request{URL: &url.URL{Scheme: "https", Host: "discord.com"}})
	t.Setenv("HTTP_PROXY", "http://"+proxy)
	h := openHarness(t, summaryDrawer{}, fakediscord.WithSharding(1, 1))
	h.shards = &shardsRun{h: h, ids: []int{0}, count: 1, transport: func(next http.RoundTripper) http.RoundTripper {
		return gatewayNamed{next}
	}}
	h.start()
	if got := tunnels(); len(got) != 1 || !strings.HasPrefix(got[0], "gateway.invalid:") {
		t.Errorf("the proxy opened tunnels to %q, want one to the gateway", got)
	}
	if ids := h.srv.Identifies(); len(ids) != 1 || h.shards.pauses.Load() != 1 {
		t.Errorf("%d identifies, %d through the gate; want 1, 1", len(ids), h.shards.pauses.Load())
	}
	h.playOneMove(h.aloneIn(h.srv.NewUser("ana"), h.srv.NewChannelIn(h.srv.NewGuild(0, 1), "vinhos")))
}

// gatewayNamed renames the gateway in the fake's answer to GET /gateway
// from 127.0.0.1 to gateway.invalid.
type gatewayNamed struct{ next http.RoundTripper }

func (g gatewayNamed) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := g.next.RoundTrip(req)
	if err != nil || !strings.HasSuffix(req.URL.Path, "/gateway") {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	body = bytes.Replace(body, []byte("//127.0.0.1:"), []byte("//gateway.invalid:"), 1)
	resp.Body, resp.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	return resp, nil
}
