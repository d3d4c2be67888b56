package bot

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/gorilla/websocket"
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
	return &identifyGate{lock: lock, pause: pause, ctx: ctx, stop: stop, concurrency: 1, slots: map[int]chan struct{}{}}
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

// dialer is the websocket dialer of shard's session: discordgo's default
// one, with each connection behind the gate.
func (g *identifyGate) dialer(shard int) *websocket.Dialer {
	gated := func(c net.Conn, err error) (net.Conn, error) {
		if err != nil {
			return nil, err
		}
		return &gatedConn{Conn: c, gate: g, shard: shard}, nil
	}
	return &websocket.Dialer{
		// No proxy: gorilla would dial a proxy as it dials Discord, with
		// NetDialTLSContext. The REST API alone follows HTTPS_PROXY.
		HandshakeTimeout: 45 * time.Second,
		NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return gated((&net.Dialer{}).DialContext(ctx, network, addr))
		},
		// The TLS handshake is done here, so that the gate sees the
		// frames in clear (tls.Dialer checks the host's certificate).
		NetDialTLSContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return gated((&tls.Dialer{Config: g.tls}).DialContext(ctx, network, addr))
		},
	}
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
