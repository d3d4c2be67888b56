package bot

import (
	"context"
	"crypto/tls"
	"fmt"
	"net/http"
	"net/http/httptest"
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
	var mu sync.Mutex
	var ops []int               // what the server read
	read := make(chan struct{}) // the server has read all there was
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(read)
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
			mu.Lock()
			ops = append(ops, p.Op)
			mu.Unlock()
		}
	}))
	defer srv.Close()

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
	<-read
	if mu.Lock(); !slices.Equal(ops, []int{1, 2, 2, 2, 6}) {
		t.Errorf("the server read ops %v", ops)
	}
	mu.Unlock()
}
