package bot

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/net/http/httpproxy"
)

// Every IDENTIFY a shard sends, whichever path of discordgo sends it,
// passes the identify gate: the session's first Open, and the identify
// discordgo sends by itself at once when Discord answers INVALID_SESSION
// (op 9: to a RESUME of a session that has ended, to an identify over
// max_concurrency, or in the middle of a session), for which discordgo
// v0.29.0 offers no hook. The gate sits in the session's net.Conn: a
// write that is an IDENTIFY frame waits for its rate-limit key's slot in
// this process, then for the key's lock across processes (IdentifyLock),
// and both are held until Discord's window has passed. Any other frame,
// a RESUME included, goes at once.

// identifyHold is how long a key stays held after an identify was written:
// Discord's window, counted from when Discord reads it, with a tenth more
// for the network's delays.
const identifyHold = identifyWindow + identifyWindow/10

// identifyGate paces the identifies of a process's shards.
type identifyGate struct {
	lock  func(ctx context.Context, key int) (release func()) // across processes; nil: one process
	pause func(time.Duration)
	ctx   context.Context // ends when the bot stops: no identify waits more
	stop  context.CancelFunc
	tls   *tls.Config // nil: the system's roots; tests trust their server
	// proxy is the proxy for a URL (nil: none), from HTTPS_PROXY,
	// HTTP_PROXY and NO_PROXY as the bot started, by net/http's rules.
	proxy func(*url.URL) (*url.URL, error)

	mu          sync.Mutex
	concurrency int                   // max_concurrency, once known
	slots       map[int]chan struct{} // a key's slot: one identify a window
}

// errStopping fails an identify that was waiting when the bot stopped.
var errStopping = errors.New("bot: stopping")

func newIdentifyGate(lock func(context.Context, int) func(), pause func(time.Duration)) *identifyGate {
	if pause == nil {
		pause = time.Sleep
	}
	ctx, stop := context.WithCancel(context.Background())
	return &identifyGate{lock: lock, pause: pause, ctx: ctx, stop: stop, concurrency: 1, slots: map[int]chan struct{}{},
		proxy: httpproxy.FromEnvironment().ProxyFunc()}
}

// setConcurrency sets max_concurrency, before the first identify.
func (g *identifyGate) setConcurrency(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.concurrency = max(n, 1)
}

// hold waits until shard may identify; release, called once it has
// written its IDENTIFY, frees its key when the window has passed.
func (g *identifyGate) hold(shard int) (release func(), err error) {
	g.mu.Lock()
	key := shard % g.concurrency
	slot := g.slots[key]
	if slot == nil {
		slot = make(chan struct{}, 1)
		g.slots[key] = slot
	}
	g.mu.Unlock()
	select {
	case slot <- struct{}{}:
	case <-g.ctx.Done():
		return nil, errStopping
	}
	unlock := func() {}
	if g.lock != nil {
		unlock = g.lock(g.ctx, key)
	}
	if g.ctx.Err() != nil {
		unlock()
		<-slot
		return nil, errStopping
	}
	return func() {
		go func() {
			g.pause(identifyHold)
			unlock()
			<-slot
		}()
	}, nil
}

// dialer is the websocket dialer of shard's session: its connections
// through the environment's proxy, their frames behind the gate. gorilla's
// own proxy support is not used: it would open the proxy's connection
// with NetDialTLSContext, with TLS.
func (g *identifyGate) dialer(shard int) *websocket.Dialer {
	return &websocket.Dialer{
		HandshakeTimeout: 45 * time.Second,
		NetDialContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
			return g.dial(ctx, shard, "http", addr)
		},
		NetDialTLSContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
			return g.dial(ctx, shard, "https", addr)
		},
	}
}

// dial connects to the gateway at addr, through the proxy for
// scheme://addr if there is one; for https it does the TLS handshake
// itself, so that the gate sees the frames in clear.
func (g *identifyGate) dial(ctx context.Context, shard int, scheme, addr string) (net.Conn, error) {
	proxy, err := g.proxy(&url.URL{Scheme: scheme, Host: addr})
	if err != nil {
		return nil, err
	}
	var c net.Conn
	if proxy == nil {
		c, err = (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	} else {
		c, err = dialTunnel(ctx, proxy, addr)
	}
	if err != nil {
		return nil, err
	}
	if scheme == "https" {
		cfg := &tls.Config{}
		if g.tls != nil {
			cfg = g.tls.Clone()
		}
		if cfg.ServerName == "" {
			cfg.ServerName, _, _ = net.SplitHostPort(addr)
		}
		tc := tls.Client(c, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			c.Close()
			return nil, err
		}
		c = tc
	}
	return &gatedConn{Conn: c, gate: g, shard: shard}, nil
}

// dialTunnel opens a tunnel to addr through an HTTP proxy (CONNECT), with
// the credentials of the proxy's URL as net/http sends them.
func dialTunnel(ctx context.Context, proxy *url.URL, addr string) (net.Conn, error) {
	if proxy.Scheme != "http" {
		return nil, fmt.Errorf("proxy %s: the gateway goes through an http:// proxy only", proxy.Redacted())
	}
	proxyAddr := proxy.Host
	if proxy.Port() == "" {
		proxyAddr = net.JoinHostPort(proxy.Hostname(), "80")
	}
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", proxyAddr)
	if err != nil {
		return nil, err
	}
	if deadline, ok := ctx.Deadline(); ok {
		c.SetDeadline(deadline)
		defer c.SetDeadline(time.Time{})
	}
	req := &http.Request{Method: http.MethodConnect, URL: &url.URL{Opaque: addr}, Host: addr, Header: http.Header{}}
	if u := proxy.User; u != nil {
		password, _ := u.Password()
		req.Header.Set("Proxy-Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(u.Username()+":"+password)))
	}
	if err := req.Write(c); err != nil {
		c.Close()
		return nil, fmt.Errorf("proxy %s: %w", proxy.Redacted(), err)
	}
	// Nothing comes after the answer before the client speaks: the
	// buffered reader may be dropped.
	resp, err := http.ReadResponse(bufio.NewReader(c), req)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("proxy %s: %w", proxy.Redacted(), err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		c.Close()
		return nil, fmt.Errorf("proxy %s refused a tunnel to %s: %s", proxy.Redacted(), addr, resp.Status)
	}
	return c, nil
}

// gatedConn is a gateway connection whose IDENTIFY frames wait at the gate.
type gatedConn struct {
	net.Conn
	gate  *identifyGate
	shard int
}

func (c *gatedConn) Write(b []byte) (int, error) {
	if !isIdentify(b) {
		return c.Conn.Write(b)
	}
	release, err := c.gate.hold(c.shard)
	if err != nil {
		return 0, err
	}
	defer release()
	return c.Conn.Write(b)
}

// identifyPrefix begins discordgo's IDENTIFY payload (its identifyOp,
// op before d).
var identifyPrefix = []byte(`{"op":2,`)

// isIdentify reports whether b, one write of gorilla's client, begins a
// text frame whose payload begins with an IDENTIFY. gorilla writes a frame
// (header, mask key and masked payload) in one write; a message longer
// than its buffer is several frames, the first of which begins so.
func isIdentify(b []byte) bool {
	if len(b) < 2 || b[0]&0x0f != websocket.TextMessage || b[1]&0x80 == 0 {
		return false // not the start of a masked text frame
	}
	at := 2
	switch b[1] & 0x7f {
	case 126:
		at += 2
	case 127:
		at += 8
	}
	if len(b) < at+4+len(identifyPrefix) {
		return false
	}
	mask, payload := b[at:at+4], b[at+4:at+4+len(identifyPrefix)]
	plain := make([]byte, len(payload))
	for i, p := range payload {
		plain[i] = p ^ mask[i%4]
	}
	return bytes.Equal(plain, identifyPrefix)
}
