package bot_test

import (
	"crypto/ed25519"
	"encoding/json"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// peersRun is one of several bots behind one Interactions Endpoint URL: it
// runs one shard, listens on a fixed address (restarts included), and
// forwards the other shards' interactions to their owners.
type peersRun struct {
	shard, count int
	owners       bot.StaticOwners
	ln           net.Listener // the first start's listener
	addr         string
}

func (p *peersRun) configure(cfg *bot.Config) {
	// Commands everywhere: the bots' servers are the fake's new ones.
	cfg.DevGuildID = ""
	cfg.ShardIDs, cfg.ShardCount, cfg.Owners = []int{p.shard}, p.count, p.owners
}

// listen opens the bot's endpoint on its address.
func (p *peersRun) listen(t testing.TB) net.Listener {
	if ln := p.ln; ln != nil {
		p.ln = nil
		return ln
	}
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// newPeers starts count bots on one fake Discord, each serving
// interactions over HTTP with its own store: bot k runs shard k of count,
// and its owners are the others' endpoints. A forward waits a second at
// most, well within Discord's 3. The fake POSTs to the last bot started
// until told otherwise (deliverTo).
func newPeers(t testing.TB, count int) []*harness {
	if t, ok := t.(*testing.T); ok {
		t.Parallel()
	}
	_, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	first := openHarness(t, summaryDrawer{})
	owners := make(bot.StaticOwners, count)
	hs := make([]*harness, count)
	for k := range hs {
		h := first
		if k > 0 {
			h = &harness{t: t, srv: first.srv, drawer: first.drawer}
			h.openStore()
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		h.key, h.timeouts.Forward = key, time.Second
		h.peers = &peersRun{shard: k, count: count, owners: owners, ln: ln, addr: ln.Addr().String()}
		owners[k] = "http://" + ln.Addr().String() + "/interactions"
		hs[k] = h
	}
	for _, h := range hs {
		h.start()
	}
	return hs
}

// deliverTo makes the fake POST the interactions that follow to h's bot, as
// a load balancer would.
func deliverTo(h *harness) { h.srv.DeliverOverHTTP(h.endpoint, h.key) }

// holds counts what a bot's store holds in a channel: its games, and the
// lobbies user opened.
func (h *harness) holds(user *discordgo.User, channelID string) int {
	h.t.Helper()
	ids, err := h.store.ActiveGames(channelID)
	if err != nil {
		h.t.Fatal(err)
	}
	lobbies, err := h.store.OpenLobbies(user.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, l := range lobbies {
		if l.ChannelID == channelID {
			ids = append(ids, l.ID)
		}
	}
	return len(ids)
}

// A server's interactions delivered to another shard's process are played
// by the process of the server's shard, in its store: a slash command, the
// lobby's buttons, typed moves and their autocomplete; a DM's go to shard
// 0's process.
func TestInteractionsArePlayedByTheirShardsProcess(t *testing.T) {
	hs := newPeers(t, 3)
	srv := hs[0].srv
	ana := srv.NewUser("ana")
	channel := srv.NewChannelIn(srv.NewGuild(0, 3), "vinhos")
	deliverTo(hs[1])
	o := hs[0].aloneIn(ana, channel)
	hs[0].playOneMove(o)
	hs[0].untilAnaOrEnd(hs[0].game(o.ChannelID).ID, ana.ID)
	for _, other := range hs[1:] {
		if n := other.holds(ana, channel) + other.holds(ana, o.ChannelID); n != 0 {
			t.Errorf("shard %d's process holds %d games of shard 0's server", other.peers.shard, n)
		}
	}

	in := srv.Autocomplete(o, "vinhos", fakediscord.Subcommand("play", fakediscord.Focused(fakediscord.StringOption("step1", ""))))
	r, err := srv.WaitFor(wait, in.IsCallback)
	if err != nil {
		t.Fatal(err)
	}
	var choices struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data struct {
			Choices []discordgo.ApplicationCommandOptionChoice `json:"choices"`
		} `json:"data"`
	}
	if err := r.Decode(&choices); err != nil || choices.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(choices.Data.Choices) == 0 {
		t.Fatalf("autocomplete: %s (%v)", r.JSON, err)
	}
	for _, c := range choices.Data.Choices {
		if c.Value == "?" { // a hint, such as "no game here", not a choice
			t.Errorf("autocomplete offered %q, not the game's choices", c.Name)
		}
	}

	bea := srv.NewUser("bea")
	deliverTo(hs[2])
	dm := hs[0].aloneAt(bea, false)
	if hs[0].holds(bea, dm.ChannelID) != 1 || hs[2].holds(bea, dm.ChannelID) != 0 {
		t.Errorf("the solo game in DMs is not shard 0's process's alone")
	}
}

// An interaction Discord delivers to two processes, neither its shard's,
// and then to its shard's, is handled once: the copies are refused as
// replays, and answer nothing.
func TestAForwardedInteractionIsHandledOnce(t *testing.T) {
	hs := newPeers(t, 3)
	srv := hs[0].srv
	table := srv.NewChannelIn(srv.NewGuild(1, 3), "vinhos")
	deliverTo(hs[0])
	ana := srv.NewUser("ana")
	in := srv.SlashCommand(srv.InGuild(ana, table), "vinhos", fakediscord.Subcommand("new"))
	if r := hs[1].callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "Seated (1): ana") {
		t.Fatalf("lobby: %+v", r)
	}
	for k, h := range []*harness{hs[2], hs[1]} {
		deliverTo(h)
		srv.Redeliver(in)
		if _, err := srv.WaitDeliveries(k+2, wait); err != nil {
			t.Fatal(err)
		}
	}
	d := srv.Deliveries()
	if d[0].Status != http.StatusOK || d[1].Status != http.StatusUnauthorized || d[2].Status != http.StatusUnauthorized {
		t.Fatalf("deliveries: %d, %d, %d; want 200 then two 401", d[0].Status, d[1].Status, d[2].Status)
	}
	var callbacks int
	for _, r := range srv.Requests() {
		if in.IsCallback(r) {
			callbacks++
		}
	}
	if lobbies := len(hs[1].public(table)); callbacks != 1 || lobbies != 1 || hs[1].holds(ana, table) != 1 {
		t.Fatalf("the copies were handled: %d callbacks, %d lobbies posted", callbacks, lobbies)
	}
	if hs[0].holds(ana, table)+hs[2].holds(ana, table) != 0 {
		t.Fatal("a process that does not run the server's shard opened a game")
	}
}

// When the process of a shard hangs or is down, the process given its
// interaction asks the user to try again, in time for Discord, and nothing
// is played; once it is back, the interactions reach it again.
func TestAnUnreachableShardProcessAsksToTryAgain(t *testing.T) {
	hs := newPeers(t, 3)
	srv, owner := hs[0].srv, hs[2]
	ana := srv.NewUser("ana")
	table := srv.NewChannelIn(srv.NewGuild(2, 3), "vinhos")
	owner.stop()
	owner.stop = func() {}
	deliverTo(hs[0])
	newLobby := func() fakediscord.Interaction {
		return srv.SlashCommand(srv.InGuild(ana, table), "vinhos", fakediscord.Subcommand("new"))
	}
	tryAgain := func(how string) {
		t.Helper()
		if r := hs[0].callback(newLobby()); r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 ||
			!strings.Contains(r.Data.Content, "please try again") {
			t.Fatalf("%s: %+v", how, r.Data)
		}
	}

	// A process that takes connections and never answers.
	hung, err := net.Listen("tcp", owner.peers.addr)
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := hung.Accept()
			if err != nil {
				close(held)
				return
			}
			held <- c
		}
	}()
	tryAgain("a hung process")
	hung.Close()
	for c := range held {
		c.Close()
	}
	tryAgain("no process")

	owner.start()
	deliverTo(hs[0])
	if r := owner.callback(newLobby()); r.Data == nil || !strings.Contains(r.Data.Content, "Seated (1): ana") {
		t.Fatalf("back: %+v", r.Data)
	}
	if n := owner.holds(ana, table); n != 1 {
		t.Fatalf("%d games in the channel, want the last try's lobby alone", n)
	}
	if logs := hs[0].logs.String(); strings.Count(logs, "could not forward an interaction") != 2 {
		t.Errorf("the failed forwards were not logged:\n%s", logs)
	}
}

// Forwarding takes nothing on trust: a request whose signature is not
// Discord's is refused by a process that does not run its shard before it
// forwards anything, and by the one that does even when it claims to be
// forwarded; a signed request forwarded to a process that does not run its
// shard either is not passed on again. PING is answered by any process.
func TestForwardsAreCheckedLikeDiscordsRequests(t *testing.T) {
	hs := newPeers(t, 2)
	srv, owner, other := hs[0].srv, hs[0], hs[1]
	ana := srv.NewUser("ana")
	table := srv.NewChannelIn(srv.NewGuild(0, 2), "vinhos")
	body := newLobbyBody(t, srv, ana, table)
	_, forger, _ := ed25519.GenerateKey(nil)
	forged := signed(forger, time.Now(), body)

	if status, answer := other.post(body, forged); status != http.StatusUnauthorized {
		t.Errorf("a forged request to another shard's process: %d %q", status, answer)
	}
	if strings.Contains(owner.logs.String(), "refused an interaction request") {
		t.Error("a forged request was forwarded")
	}
	forged["X-Adega-Forwarded"] = "1"
	if status, answer := owner.post(body, forged); status != http.StatusUnauthorized {
		t.Errorf("a forged request claiming to be forwarded: %d %q", status, answer)
	}

	// The owner's own key, but a process that thinks another runs the
	// shard sends it back: the user is asked to try again.
	real := signed(owner.key, time.Now(), body)
	real["X-Adega-Forwarded"] = "1"
	status, answer := other.post(body, real)
	var a struct {
		Data struct{ Content string } `json:"data"`
	}
	if err := json.Unmarshal([]byte(answer), &a); status != http.StatusOK || err != nil || !strings.Contains(a.Data.Content, "please try again") {
		t.Errorf("a request forwarded to a process that does not run its shard: %d %q", status, answer)
	}
	if owner.holds(ana, table)+other.holds(ana, table) != 0 {
		t.Error("a refused request opened a lobby")
	}

	ping := []byte(`{"id":"` + srv.NewID() + `","application_id":"` + srv.AppID() + `","type":1,"token":"t","version":1}`)
	if status, answer := other.post(ping, signed(other.key, time.Now(), ping)); status != http.StatusOK || strings.TrimSpace(answer) != `{"type":1}` {
		t.Errorf("PING: %d %q", status, answer)
	}
}

// BenchmarkForwardedAck measures what the forward adds to an
// acknowledgement. Each iteration sends /vinhos status in a server of
// shard 0 of 2 twice, in turn: to shard 0's process, which answers it, and
// to shard 1's, which forwards it there; each is timed from the fake's
// sending to its answer recorded. It reports the mean and the 99th
// percentile of each (direct-ms, direct-p99-ms, forwarded-ms,
// forwarded-p99-ms) and the mean difference (hop-ms).
func BenchmarkForwardedAck(b *testing.B) {
	hs := newPeers(b, 2)
	srv := hs[0].srv
	o := srv.InGuild(srv.NewUser("ana"), srv.NewChannelIn(srv.NewGuild(0, 2), "vinhos"))
	var times [2][]time.Duration // direct, forwarded
	for b.Loop() {
		for k, h := range hs {
			deliverTo(h)
			in := srv.SlashCommand(o, "vinhos", fakediscord.Subcommand("status"))
			r, err := srv.WaitFor(wait, in.IsCallback)
			if err != nil {
				b.Fatal(err)
			}
			times[k] = append(times[k], r.At.Sub(in.SentAt))
		}
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	var means [2]float64
	for k, name := range []string{"direct", "forwarded"} {
		var sum time.Duration
		for _, d := range times[k] {
			sum += d
		}
		means[k] = ms(sum) / float64(len(times[k]))
		slices.Sort(times[k])
		b.ReportMetric(means[k], name+"-ms")
		b.ReportMetric(ms(times[k][len(times[k])*99/100]), name+"-p99-ms")
	}
	b.ReportMetric(means[1]-means[0], "hop-ms")
}
