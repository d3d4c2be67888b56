package bot_test

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/storage"
)

// httpChild is how a child process (crash_test.go) serves interactions
// over HTTP: on the listener it is given as its descriptor 3, running
// shard Shard of Count, the other shards' interactions forwarded to
// Owners.
type httpChild struct {
	PublicKey ed25519.PublicKey `json:"public_key"`
	Shard     int               `json:"shard"`
	Count     int               `json:"count"`
	Owners    []string          `json:"owners"`
}

func (h *httpChild) configure(cfg *bot.Config) error {
	ln, err := net.FileListener(os.NewFile(3, "endpoint"))
	if err != nil {
		return err
	}
	cfg.Listener, cfg.PublicKey = ln, h.PublicKey
	cfg.ShardIDs, cfg.ShardCount, cfg.Owners = []int{h.Shard}, h.Count, bot.StaticOwners(h.Owners)
	return nil
}

// endpointProcs are bots run as processes behind one URL, each serving
// one shard from its own database, against one fake Discord.
type endpointProcs struct {
	t      *testing.T
	srv    *fakediscord.Server
	key    ed25519.PrivateKey
	owners []string // each shard's endpoint
	dbs    []string
	cmds   []*exec.Cmd
	log    io.Writer
}

// start starts shard k's process on its address, and waits until it
// answers a PING.
func (p *endpointProcs) start(k int) {
	p.t.Helper()
	addr := strings.TrimSuffix(strings.TrimPrefix(p.owners[k], "http://"), "/interactions")
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	f, err := ln.(*net.TCPListener).File()
	if err != nil {
		p.t.Fatal(err)
	}
	child := &httpChild{PublicKey: p.key.Public().(ed25519.PublicKey), Shard: k, Count: len(p.owners), Owners: p.owners}
	p.cmds[k] = spawnChild(p.t, crashChild{REST: p.srv.URL(), DB: p.dbs[k], HTTP: child}, p.log, f)
	// The child holds the listener now: once it dies, nobody listens.
	f.Close()
	ln.Close()
	ping := []byte(`{"id":"` + p.srv.NewID() + `","application_id":"` + p.srv.AppID() + `","type":1,"token":"t","version":1}`)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		req, _ := http.NewRequest(http.MethodPost, p.owners[k], bytes.NewReader(ping))
		for h, v := range signed(p.key, time.Now(), ping) {
			req.Header.Set(h, v)
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("shard %d's process does not answer PING", k)
		}
	}
}

// stop stops shard k's process: at once (kill -9), or with SIGTERM.
func (p *endpointProcs) stop(k int, kill bool) {
	p.t.Helper()
	if kill {
		_ = p.cmds[k].Process.Kill()
		_ = p.cmds[k].Wait()
		return
	}
	_ = p.cmds[k].Process.Signal(syscall.SIGTERM)
	if err := p.cmds[k].Wait(); err != nil {
		p.t.Errorf("shard %d's process did not stop cleanly: %v", k, err)
	}
}

// TestForwardingBetweenProcesses runs three bots as processes behind one
// URL, shard k of 3 in process k, each with its own database. A lobby
// asked of shard 1's process for a server of shard 0 opens in shard 0's
// database, once though Discord sends it again to shard 2's; while shard
// 0's process is killed (-9), the others ask its users to try again; once
// it is back, its servers play again, and nothing was opened twice or
// elsewhere.
func TestForwardingBetweenProcesses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	logs, err := os.Create(filepath.Join(dir, "children.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logs.Close()
	_, key, _ := ed25519.GenerateKey(nil)
	p := &endpointProcs{t: t, srv: fakediscord.New(t, fakediscord.WithToken("test-token"), fakediscord.WithMentionsRule()),
		key: key, log: logs}
	const count = 3
	for k := range count {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		p.owners = append(p.owners, "http://"+ln.Addr().String()+"/interactions")
		ln.Close()
		p.dbs = append(p.dbs, filepath.Join(dir, fmt.Sprintf("shard%d.db", k)))
	}
	p.cmds = make([]*exec.Cmd, count)
	defer func() {
		for _, c := range p.cmds {
			if c != nil && c.ProcessState == nil {
				_ = c.Process.Kill()
				_ = c.Wait()
			}
		}
		if t.Failed() {
			out, _ := os.ReadFile(logs.Name())
			t.Logf("the processes' output:\n%s", out)
		}
	}()
	for k := range count {
		p.start(k)
	}
	srv := p.srv
	ana := srv.NewUser("ana")
	ask := func(to int, channel string) (fakediscord.Interaction, answer) {
		t.Helper()
		srv.DeliverOverHTTP(p.owners[to], key)
		in := srv.SlashCommand(srv.InGuild(ana, channel), "vinhos", fakediscord.Subcommand("new"))
		r, err := srv.WaitFor(wait, in.IsCallback)
		if err != nil {
			t.Fatal(err)
		}
		var a answer
		if err := r.Decode(&a); err != nil || a.Data == nil {
			t.Fatalf("unreadable answer %s", r.JSON)
		}
		return in, a
	}
	first := srv.NewChannelIn(srv.NewGuild(0, count), "vinhos")
	in, a := ask(1, first)
	if !strings.Contains(a.Data.Content, "Seated (1): ana") {
		t.Fatalf("through shard 1's process: %q", a.Data.Content)
	}
	srv.DeliverOverHTTP(p.owners[2], key)
	srv.Redeliver(in)
	d, err := srv.WaitDeliveries(2, wait)
	if err != nil {
		t.Fatal(err)
	}
	if d[1].Status != http.StatusUnauthorized {
		t.Fatalf("sent again, through shard 2's process: %d %s, want 401", d[1].Status, d[1].Body)
	}

	p.stop(0, true)
	second := srv.NewChannelIn(srv.NewGuild(0, count), "vinhos")
	if _, a := ask(2, second); a.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(a.Data.Content, "please try again") {
		t.Fatalf("with shard 0's process killed: %+v", a.Data)
	}
	p.start(0)
	if _, a := ask(1, second); !strings.Contains(a.Data.Content, "Seated (1): ana") {
		t.Fatalf("shard 0's process back: %q", a.Data.Content)
	}

	for k := range count {
		p.stop(k, false)
		store, err := storage.Open(p.dbs[k], engine.NewRegistry(vinhos.Game{}))
		if err != nil {
			t.Fatal(err)
		}
		lobbies, err := store.OpenLobbies(ana.ID)
		store.Close()
		want := 0
		if k == 0 {
			want = 2
		}
		if err != nil || len(lobbies) != want {
			t.Errorf("shard %d's database holds %d lobbies (%v), want %d", k, len(lobbies), err, want)
		}
	}
}
