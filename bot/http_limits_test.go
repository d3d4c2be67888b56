package bot_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// closeMargin is what a busy machine may add to a timeout before the
// server acts on it.
const closeMargin = 3 * time.Second

// signedPing is a PING padded to size bytes, and the headers Discord
// would sign it with.
func (h *harness) signedPing(size int) ([]byte, map[string]string) {
	body := fmt.Appendf(nil, `{"id":"%s","application_id":"%s","type":1,"token":"t","version":1,"pad":""}`, h.srv.NewID(), h.srv.AppID())
	if pad := size - len(body); pad > 0 {
		body = bytes.Replace(body, []byte(`"pad":""`), fmt.Appendf(nil, `"pad":"%s"`, strings.Repeat("a", pad)), 1)
	}
	return body, signed(h.key, time.Now(), body)
}

// rawRequest is a POST of body to the endpoint, as bytes on the wire.
func (h *harness) rawRequest(body []byte, header map[string]string) []byte {
	u, err := url.Parse(h.endpoint)
	if err != nil {
		h.t.Fatal(err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n", u.Path, u.Host, len(body))
	for k, v := range header {
		fmt.Fprintf(&b, "%s: %s\r\n", k, v)
	}
	b.WriteString("\r\n")
	b.Write(body)
	return b.Bytes()
}

// dial opens a connection to the endpoint, closed when the test ends.
func (h *harness) dial() net.Conn {
	u, err := url.Parse(h.endpoint)
	if err != nil {
		h.t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { conn.Close() })
	return conn
}

// closing reads what the server sends on a connection and drops it; the
// channel it returns is closed when the server has closed the connection.
func closing(r io.Reader) <-chan struct{} {
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		_, _ = io.Copy(io.Discard, r)
	}()
	return closed
}

// A client that trickles its request, a byte every 50 ms, loses its
// connection once the header timeout is up if it trickles the headers,
// or the read timeout if it trickles the body (before, a body trickled
// so held its connection as long as it went on). A request that comes in
// pieces over a slow link, within the timeouts, is answered.
func TestEndpointDropsSlowClients(t *testing.T) {
	timeouts := bot.EndpointTimeouts{Header: time.Second, Read: 2 * time.Second}
	h := newHTTPHarnessWith(t, summaryDrawer{}, timeouts)
	body, header := h.signedPing(2000) // 100 s at a byte every 50 ms
	req := h.rawRequest(body, header)
	for _, c := range []struct {
		name   string
		atOnce int // the bytes sent before the trickle
		limit  time.Duration
	}{
		{"headers trickled", 0, timeouts.Header},
		{"body trickled", len(req) - len(body), timeouts.Read},
	} {
		t.Run(c.name, func(t *testing.T) {
			conn := h.dial()
			closed := closing(conn)
			start := time.Now()
			if _, err := conn.Write(req[:c.atOnce]); err != nil {
				t.Fatal(err)
			}
			tick := time.NewTicker(50 * time.Millisecond)
			defer tick.Stop()
			for k := c.atOnce; k < len(req); k++ {
				select {
				case <-closed:
					took := time.Since(start)
					if took > c.limit+closeMargin {
						t.Fatalf("closed after %v, want within %v and a margin", took, c.limit)
					}
					t.Logf("closed after %v, %d bytes sent", took.Round(time.Millisecond), k)
					return
				case <-tick.C:
				}
				if took := time.Since(start); took > c.limit+closeMargin {
					t.Fatalf("the connection is still open after %v of trickling, %d bytes sent", took, k)
				}
				_, _ = conn.Write(req[k : k+1]) // fails once the server has closed
			}
			t.Fatal("the whole request was trickled without the server closing")
		})
	}

	// Over a slow link: the headers, then the body in four pieces 100 ms
	// apart.
	conn := h.dial()
	head := len(req) - len(body)
	pieces := [][]byte{req[:head]}
	for k := range 4 {
		pieces = append(pieces, body[k*len(body)/4:(k+1)*len(body)/4])
	}
	for _, p := range pieces {
		if _, err := conn.Write(p); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(answer)) != `{"type":1}` {
		t.Fatalf("the PING over a slow link: %d %q", resp.StatusCode, answer)
	}
}

// Connections left idle are closed: one that sends nothing once the
// header timeout is up, one kept alive after its request once the idle
// timeout is up (before, it stayed open for good). While a hundred of
// them are open, an interaction is answered, and a connection kept alive
// serves its next request.
func TestEndpointClosesIdleConnections(t *testing.T) {
	timeouts := bot.EndpointTimeouts{Header: time.Second, Idle: time.Second}
	h := newHTTPHarnessWith(t, summaryDrawer{}, timeouts)
	type idle struct {
		name   string
		since  time.Time // when the server's timeout began, at the latest
		limit  time.Duration
		closed <-chan struct{}
	}
	var idles []idle
	for k := range 50 {
		conn := h.dial()
		idles = append(idles, idle{fmt.Sprintf("silent %d", k), time.Now(), timeouts.Header, closing(conn)})
	}
	for k := range 50 {
		conn := h.dial()
		r := bufio.NewReader(conn)
		for range 2 {
			h.pingOn(conn, r)
		}
		idles = append(idles, idle{fmt.Sprintf("kept alive %d", k), time.Now(), timeouts.Idle, closing(r)})
	}

	table := h.srv.NewChannel("vinhos")
	in := h.srv.SlashCommand(h.srv.InGuild(h.srv.NewUser("ana"), table.ID), "vinhos", fakediscord.Subcommand("new"))
	if r := h.callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "Seated (1): ana") {
		t.Fatalf("the interaction beside the idle connections: %+v", r)
	}

	var last time.Duration
	for _, c := range idles {
		select {
		case <-c.closed:
			last = max(last, time.Since(c.since)-c.limit)
		case <-time.After(time.Until(c.since.Add(c.limit + closeMargin))):
			t.Fatalf("%s: still open %v after it went idle", c.name, time.Since(c.since).Round(time.Millisecond))
		}
	}
	t.Logf("every connection closed within %v of its timeout", last.Round(time.Millisecond))
}

// pingOn sends a signed PING on a connection and checks the PONG.
func (h *harness) pingOn(conn net.Conn, r *bufio.Reader) {
	h.t.Helper()
	body, header := h.signedPing(0)
	if _, err := conn.Write(h.rawRequest(body, header)); err != nil {
		h.t.Fatal(err)
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	if answer, _ := io.ReadAll(resp.Body); resp.StatusCode != http.StatusOK || strings.TrimSpace(string(answer)) != `{"type":1}` {
		h.t.Fatalf("PING: %d %q", resp.StatusCode, answer)
	}
}

// A request larger than any of Discord's is refused: a body of a MiB
// with 413 (announced or not), before it is read, headers of 24 KiB with
// 431 (before, a body of up to 4 MiB and headers of up to a MiB were
// read). A body of 100 KB, about Discord's largest, is answered.
func TestEndpointRefusesOversizedRequests(t *testing.T) {
	h := newHTTPHarness(t, summaryDrawer{})
	send := func(body []byte, header map[string]string, announced bool) int {
		t.Helper()
		var r io.Reader = bytes.NewReader(body)
		if !announced {
			r = struct{ io.Reader }{r} // no length: sent chunked
		}
		req, err := http.NewRequest(http.MethodPost, h.endpoint, r)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	huge, header := h.signedPing(1 << 20)
	if status := send(huge, header, true); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a body of a MiB: %d, want 413", status)
	}
	if status := send(huge, header, false); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a body of a MiB, chunked: %d, want 413", status)
	}
	ping, header := h.signedPing(0)
	header["X-Padding"] = strings.Repeat("a", 24<<10)
	if status := send(ping, header, true); status != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("headers of 24 KiB: %d, want 431", status)
	}
	large, header := h.signedPing(100_000)
	if status := send(large, header, false); status != http.StatusOK {
		t.Errorf("a body of 100 KB: %d, want 200", status)
	}
}
