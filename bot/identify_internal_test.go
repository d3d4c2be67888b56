package bot

import (
	"context"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// The gate sees discordgo's frames through TLS, as on Discord's wss://
// gateway: an IDENTIFY waits for its key's lock, whatever its length
// (short, with a 16-bit length, in several frames), and a heartbeat or a
// RESUME goes without it.
func TestTheGateHoldsOnlyIdentifies(t *testing.T) {
	srv, ops := newOpsServer(t)

	var locks atomic.Int64
	gate := newIdentifyGate(func(_ context.Context, key int) func() {
		if key != 1 {
			t.Errorf("shard 3 of max_concurrency 2 took key %d", key)
		}
		locks.Add(1)
		return func() {}
	}, func(time.Duration) {})
	gate.setConcurrency(2)
	gate.tls = &tls.Config{RootCAs: srv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs}
	conn, _, err := gate.dialer(3).Dial("wss"+strings.TrimPrefix(srv.URL, "https"), nil)
	if err != nil {
		t.Fatal(err)
	}
	type identify struct {
		Op int               `json:"op"`
		D  map[string]string `json:"d"`
	}
	for _, f := range []struct {
		frame  any
		locked bool
	}{
		{map[string]int{"op": 1, "d": 0}, false},
		{identify{2, map[string]string{"token": "t"}}, true},
		{identify{2, map[string]string{"token": strings.Repeat("t", 1000)}}, true},
		{identify{2, map[string]string{"token": strings.Repeat("t", 10000)}}, true},
		{map[string]any{"op": 6, "d": map[string]string{"token": "t"}}, false},
	} {
		before, op := locks.Load(), f.frame
		if id, ok := f.frame.(identify); ok {
			op = fmt.Sprintf("identify of %d bytes", len(id.D["token"]))
		}
		if err := conn.WriteJSON(f.frame); err != nil {
			t.Fatal(err)
		}
		if locked := locks.Load() > before; locked != f.locked {
			t.Errorf("%v: locked %v, want %v", op, locked, f.locked)
		}
	}
	conn.Close()
	if ops := ops(); !slices.Equal(ops, []int{1, 2, 2, 2, 6}) {
		t.Errorf("the server read ops %v", ops)
	}
}

// newOpsServer starts a TLS websocket server for one connection, which
// records the op of each payload it reads; ops returns them once the
// client has closed.
func newOpsServer(t *testing.T) (srv *httptest.Server, ops func() []int) {
	var read []int
	done := make(chan struct{})
	srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		conn, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer conn.Close()
		for {
			var p struct{ Op int }
			if conn.ReadJSON(&p) != nil {
				return
			}
			read = append(read, p.Op)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, func() []int { <-done; return read }
}

// NewTunnelProxy is newTunnelProxy, for the tests of package bot_test.
var NewTunnelProxy = newTunnelProxy

// newTunnelProxy starts an HTTP proxy that opens a tunnel (CONNECT) to the
// loopback port of whatever host is asked, if the request bears auth as
// its Proxy-Authorization, and answers 407 otherwise. tunnels lists the
// hosts it opened tunnels to.
func newTunnelProxy(t testing.TB, auth string) (addr string, tunnels func() []string) {
	var mu sync.Mutex
	var opened []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect || r.Header.Get("Proxy-Authorization") != auth {
			w.WriteHeader(http.StatusProxyAuthRequired)
			return
		}
		_, port, _ := net.SplitHostPort(r.Host)
		target, err := net.Dial("tcp", net.JoinHostPort("127.0.0.1", port))
		if err != nil {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		mu.Lock()
		opened = append(opened, r.Host)
		mu.Unlock()
		client, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			target.Close()
			return
		}
		io.WriteString(client, "HTTP/1.1 200 Connection established\r\n\r\n")
		go func() {
			io.Copy(target, buf.Reader)
			target.Close()
		}()
		io.Copy(client, target)
		client.Close()
	}))
	t.Cleanup(proxy.Close)
	return proxy.Listener.Addr().String(), func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(opened)
	}
}

// Behind HTTPS_PROXY, the gateway's connection is a tunnel through the
// proxy, with the proxy's credentials, TLS through it, and the gate on
// the frames; a proxy that refuses says so; a host in NO_PROXY is dialed
// without it.
func TestTheGatewayGoesThroughTheProxy(t *testing.T) {
	srv, ops := newOpsServer(t)
	proxy, tunnels := newTunnelProxy(t, "Basic "+base64.StdEncoding.EncodeToString([]byte("adega:s3cret")))
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	// A host that is not loopback, whose name the server's certificate
	// bears: net/http's rules never send loopback through a proxy.
	gateway := "example.com:" + port
	roots := srv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs

	// net/http reads the environment once: let it not read this test's.
	http.ProxyFromEnvironment(&http.Request{URL: &url.URL{Scheme: "https", Host: "discord.com"}})
	t.Setenv("HTTPS_PROXY", "http://adega:wrong@"+proxy)
	gate := newIdentifyGate(nil, func(time.Duration) {})
	gate.tls = &tls.Config{RootCAs: roots}
	_, _, err := gate.dialer(0).Dial("wss://"+gateway, nil)
	if err == nil || !strings.Contains(err.Error(), "407") || strings.Contains(err.Error(), "wrong") {
		t.Errorf("through a proxy that refuses the credentials: %v, want its 407, no password", err)
	}

	t.Setenv("HTTPS_PROXY", "http://adega:s3cret@"+proxy)
	var locks atomic.Int64
	gate = newIdentifyGate(func(context.Context, int) func() {
		locks.Add(1)
		return func() {}
	}, func(time.Duration) {})
	gate.tls = &tls.Config{RootCAs: roots}
	conn, _, err := gate.dialer(0).Dial("wss://"+gateway, nil)
	if err != nil {
		t.Fatal(err)
	}
	identify := struct {
		Op int               `json:"op"`
		D  map[string]string `json:"d"`
	}{2, map[string]string{"token": "t"}} // op before d, as discordgo's
	if err := conn.WriteJSON(identify); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if ops := ops(); !slices.Equal(ops, []int{2}) || locks.Load() != 1 {
		t.Errorf("through the proxy, the server read ops %v, the identify took %d locks; want [2], 1", ops, locks.Load())
	}
	if got := tunnels(); !slices.Equal(got, []string{gateway}) {
		t.Errorf("the proxy opened tunnels to %q, want one to %s", got, gateway)
	}

	t.Setenv("NO_PROXY", "example.com")
	if p, err := newIdentifyGate(nil, nil).proxy(&url.URL{Scheme: "https", Host: gateway}); p != nil || err != nil {
		t.Errorf("with NO_PROXY=example.com, the gateway's proxy is %v (%v), want none", p, err)
	}
}
