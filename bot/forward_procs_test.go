package bot_test

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/internal/etcdtest"
)

// overHTTP has every process of the fleet serve interactions with `run
// --http` on a loopback address of its own, and register it in etcd for
// its shards: the processes behind one Interactions Endpoint URL.
func (c *fleet) overHTTP(etcd *etcdtest.Server) {
	c.t.Helper()
	var err error
	if _, c.key, err = ed25519.GenerateKey(nil); err != nil {
		c.t.Fatal(err)
	}
	c.endpoints = nil
	for range c.procs {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			c.t.Fatal(err)
		}
		c.endpoints = append(c.endpoints, "http://"+ln.Addr().String()+"/interactions")
		ln.Close()
	}
	c.extra = func(k int) string {
		return fmt.Sprintf("\n[cluster]\netcd_endpoints = [%q]\nadvertise_url = %q\n", etcd.Endpoints()[0], c.endpoints[k])
	}
}

// waitEndpoint waits until process k answers a signed PING.
func (c *fleet) waitEndpoint(t testing.TB, k int) {
	t.Helper()
	ping := []byte(`{"id":"` + c.srv.NewID() + `","application_id":"` + c.srv.AppID() + `","type":1,"token":"t","version":1}`)
	for deadline := time.Now().Add(processWait); ; time.Sleep(10 * time.Millisecond) {
		req, _ := http.NewRequest(http.MethodPost, c.endpoints[k], bytes.NewReader(ping))
		for h, v := range signed(c.key, time.Now(), ping) {
			req.Header.Set(h, v)
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %d's endpoint does not answer PING", k)
		}
	}
}

// reaches waits until an interaction at tb sent to the URL the fake
// delivers to is answered by tb's process: until the process the URL leads
// to knows, from etcd, where tb's shard runs.
func (c *fleet) reaches(t *testing.T, tb *nimTable) {
	t.Helper()
	until(t, fmt.Sprintf("the table at %s (process %d) reached through the one URL", tb.at.ChannelID, tb.process), func() bool {
		_, err := c.complete(tb.at, fakediscord.Focused(fakediscord.StringOption("step1", "")))
		return err == nil
	})
}

// TestProcessesBehindOneURL runs the bot as three processes of `run
// --http`, one shard each of three, with one etcd where each registers
// its address for its shard; Discord sends every interaction to one of
// them, as a load balancer behind one URL would. Games on servers of
// every shard and in DMs play there, each interaction answered by its
// shard's process within Discord's 3 seconds (the fake checks); a copy
// of an interaction is refused by its owner; while one process is killed
// (-9), its users are asked to try again at once; restarted, it registers
// again and its games play on, none of their acknowledged moves lost.
func TestProcessesBehindOneURL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the bot as three processes")
	}
	t.Parallel() // most of it waits
	etcd := etcdtest.Start(t)
	c := newFleet(t, 3, 30, []int{0}, []int{1}, []int{2})
	c.overHTTP(etcd)
	ana := c.srv.NewUser("ana")
	tables := c.tableOnEachShard(ana) // the last in DMs: shard 0's
	c.startAll(t)

	for _, through := range []int{1, 2} {
		c.srv.DeliverOverHTTP(c.endpoints[through], c.key)
		for _, tb := range tables {
			c.reaches(t, tb)
		}
		c.playThrough(t, tables)
	}

	t.Run("a copy of an interaction is refused by its shard's process", func(t *testing.T) {
		first := tables[0]
		copied := c.srv.Deliveries()
		c.srv.Redeliver(fakediscord.Interaction{ID: first.acked[len(first.acked)-1]})
		d, err := c.srv.WaitDeliveries(len(copied)+1, processWait)
		if err != nil {
			t.Fatal(err)
		}
		if got := d[len(copied)]; got.Status != http.StatusUnauthorized {
			t.Fatalf("a copy of a move at process 0's server, sent to process 2: %d %s, want 401", got.Status, got.Body)
		}
	})

	t.Run("a killed process's users are asked to try again, and it resumes once restarted", func(t *testing.T) {
		victim := tables[0]
		c.kill(victim.process)
		for _, tb := range []*nimTable{victim, tables[3]} { // its server's game, and the DMs'
			in := c.srv.SlashCommand(tb.at, "nim", fakediscord.Subcommand("play",
				fakediscord.StringOption("step1", "1"), fakediscord.StringOption("step2", "1")))
			req, err := c.srv.WaitFor(processWait, in.IsCallback)
			if err != nil {
				t.Fatal(err)
			}
			var a answer
			if err := req.Decode(&a); err != nil || a.Data == nil {
				t.Fatalf("unreadable answer %s", req.JSON)
			}
			if a.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(a.Data.Content, "please try again") {
				t.Fatalf("a move at %s with its process killed was answered %+v", tb.at.ChannelID, a.Data)
			}
		}
		c.start(t, victim.process)
		for _, tb := range tables {
			c.reaches(t, tb)
		}
		c.playThrough(t, tables)
	})

	c.verify(tables)
}

// playThrough plays a move at each of tables, and checks that each game
// in play had it acknowledged: forwarded to the game's process, not taken
// for a game over because the process asked has none there.
func (c *fleet) playThrough(t *testing.T, tables []*nimTable) {
	t.Helper()
	var had []int
	var over []bool
	for _, tb := range tables {
		had, over = append(had, len(tb.acked)), append(over, tb.over)
	}
	c.playEach(t, tables, 1)
	for k, tb := range tables {
		if !over[k] && len(tb.acked) != had[k]+1 {
			t.Fatalf("the game at %s (process %d): no move acknowledged", tb.at.ChannelID, tb.process)
		}
	}
}
