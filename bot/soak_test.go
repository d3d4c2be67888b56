package bot_test

import (
	"flag"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
)

// The soak test plays many games while the fake Discord injects every
// fault it knows, and checks that every acknowledged move was stored and
// every change of every game posted exactly once. A short run (a few
// games for a few seconds) is part of every `go test`; the long one runs
// when asked:
//
//	go test ./bot -run TestSoak -soak -v
var (
	soak         = flag.Bool("soak", false, "run TestSoak long: soak.games games for soak.duration")
	soakDuration = flag.Duration("soak.duration", 3*time.Minute, "how long the long TestSoak plays")
	soakGames    = flag.Int("soak.games", 20, "the games the long TestSoak plays at once")
	soakSeed     = flag.Uint64("soak.seed", 1, "the seed of TestSoak's faults")
)

// soakChaos is how often each request fails: a few in a hundred, so that
// a long run meets each kind hundreds of times and games still move.
func soakChaos(seed uint64) fakediscord.Chaos {
	return fakediscord.Chaos{Seed: seed, ServerErrors: 0.03, LostAnswers: 0.03, RouteLimits: 0.02, GlobalLimits: 0.005, RetryAfter: 300 * time.Millisecond}
}

// gatewayFaults are the gateway's faults the soak draws from.
var gatewayFaults = []struct {
	name  string
	fault func(*fakediscord.Server, *rand.Rand)
}{
	{"drop", func(s *fakediscord.Server, _ *rand.Rand) { s.DropGateway() }},
	{"close 4000", func(s *fakediscord.Server, _ *rand.Rand) { s.CloseGateway(4000) }},
	{"RECONNECT", func(s *fakediscord.Server, _ *rand.Rand) { s.Reconnect() }},
	{"expire the session", func(s *fakediscord.Server, _ *rand.Rand) { s.ExpireSession() }},
	{"close 4009", func(s *fakediscord.Server, _ *rand.Rand) { s.CloseGateway(4009) }},
	{"cut", func(s *fakediscord.Server, rng *rand.Rand) {
		s.CutGateway()
		time.Sleep(time.Duration(300+rng.IntN(900)) * time.Millisecond)
		s.RestoreGateway()
	}},
}

func TestSoak(t *testing.T) {
	games, duration, every := 3, 5*time.Second, 800*time.Millisecond
	if *soak {
		games, duration, every = *soakGames, *soakDuration, 4*time.Second
	}
	h := newHarnessWith(t, summaryDrawer{}, fakediscord.WithoutFileData())
	var seeds atomic.Uint64
	players := make([]*soakPlayers, games)
	for k := range players {
		players[k] = &soakPlayers{h: h, seeds: &seeds}
		players[k].newGame()
	}
	start := time.Now()
	h.srv.SetChaos(soakChaos(*soakSeed))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, p := range players {
		wg.Go(func() { p.play(stop) })
	}
	// The gateway's faults, one every `every` or so; each kind in turn, in
	// an order drawn anew for each round. The first round is played
	// whole, so a short run meets them all.
	rng := rand.New(rand.NewPCG(*soakSeed, 2))
	for round := 0; round == 0 || time.Since(start) < duration; round++ {
		for _, k := range rng.Perm(len(gatewayFaults)) {
			if round > 0 && time.Since(start) >= duration {
				break
			}
			time.Sleep(time.Duration(float64(every) * (0.5 + rng.Float64())))
			gatewayFaults[k].fault(h.srv, rng)
		}
	}
	close(stop)
	wg.Wait()
	elapsed := time.Since(start)
	h.srv.Heal()
	if err := h.srv.WaitReady(3 * wait); err != nil {
		t.Fatal(err)
	}
	h.settleWithin(3 * time.Minute) // a message may be in its backoff
	faults := h.srv.Faults()

	var acked, changes, turns, lost, doubled, requests int
	var acks []time.Duration
	for _, p := range players {
		for _, sg := range p.games {
			acks = append(acks, sg.acks...)
			for _, id := range sg.acked {
				acked++
				if done, err := h.store.Handled(id); err != nil || !done {
					lost++
					t.Errorf("the move of interaction %s was acknowledged, and is not stored", id)
				}
			}
			g := sg.game()
			made := int(g.Stamp - sg.stamp)
			// A game's ending (its animation and charts) is a message of
			// its own after the last turn message: one, once it is over.
			msgs := h.public(sg.thread)
			endings := slices.DeleteFunc(slices.Clone(msgs), func(m fakediscord.Message) bool {
				return len(m.Files) == 0 || m.Files[0].Name != commands.AnimationFile
			})
			want := 0
			if g.Meta.Status == adega.StatusFinished {
				want = 1
			}
			if len(endings) != want {
				t.Errorf("game %s (%s) has %d endings posted, want %d", g.ID, g.Meta.Status, len(endings), want)
				doubled += max(len(endings)-want, 0)
			}
			posted := len(msgs) - len(endings)
			changes += made
			turns += posted
			// Every change the bot made queued one turn message.
			if want := made - sg.direct; posted != want {
				t.Errorf("game %s changed %d times through the bot; its thread has %d turn messages", g.ID, want, posted)
				lost += max(want-posted, 0)
				doubled += max(posted-want, 0)
			}
		}
	}
	for _, r := range h.srv.Requests() {
		if r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" {
			requests++
		}
	}
	t.Logf("%d games (%d at once) for %v: %d moves acknowledged, %d changes, %d turn messages from %d posts; %d lost, %d doubled",
		seeds.Load(), games, elapsed.Round(time.Second), acked, changes, turns, requests, lost, doubled)
	t.Logf("faults: %+v", faults)
	if slices.Sort(acks); len(acks) > 0 {
		t.Logf("%d acknowledgements: p50 %v, p99 %v, longest %v", len(acks), quantile(acks, 0.5), quantile(acks, 0.99), acks[len(acks)-1])
	}
	if acked == 0 {
		t.Error("no move was acknowledged")
	}
}

// soakPlayers are the players of a seat at the soak's table: they play
// one game after another.
type soakPlayers struct {
	h     *harness
	seeds *atomic.Uint64 // the games' seeds, one after another
	games []*soakGame
}

// soakGame is a game of the soak and what its players saw.
type soakGame struct {
	*table
	stamp  uint64          // the game's stamp when it was set up
	direct int             // changes stored without the bot, which post nothing
	acked  []string        // the interactions of the moves the bot acknowledged
	acks   []time.Duration // how long each acknowledgement took
}

func (p *soakPlayers) newGame() {
	tb := p.h.seatTable(p.seeds.Add(1), 0)
	p.games = append(p.games, &soakGame{table: tb, stamp: tb.game().Stamp})
}

// play has the players type their decisions until stop, starting a new
// game when one ends.
func (p *soakPlayers) play(stop <-chan struct{}) {
	h := p.h
	for {
		select {
		case <-stop:
			return
		default:
		}
		sg := p.games[len(p.games)-1]
		g, err := h.store.Load(sg.id)
		if err != nil {
			h.t.Error(err)
			return
		}
		if g.State.Over() {
			p.newGame()
			continue
		}
		seat := g.State.Pending()[0].Seat
		act, err := engine.Auto(g.State, seat)
		if err != nil {
			h.t.Error(err)
			return
		}
		if len(act) > 8 { // more steps than a command takes: pass, or store it
			if pass, ok, err := engine.Skip(g.State, seat); err == nil && ok {
				act = pass
			}
		}
		if len(act) > 8 {
			if _, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: time.Now()}); err == nil {
				sg.direct++
			}
			continue
		}
		sg.typeMove(sg.at(sg.users[seat]), act)
	}
}

// typeMove types a decision, confirming it if asked, and notes it if the
// bot acknowledged it as played. An answer that never comes (its
// interaction was lost with a session), or fails, is what a player meets
// when Discord fails: the next try reads the game anew.
func (st *soakGame) typeMove(o fakediscord.Origin, act engine.Action) {
	h := st.h
	posts := len(h.public(st.thread))
	in := h.srv.SlashCommand(o, "vinhos", typed(act))
	for range 2 {
		says, ok := st.answer(in)
		switch {
		case !ok:
			return
		case strings.HasPrefix(says, "Played"):
			st.acked = append(st.acked, in.ID)
			st.seeTurn(posts)
			return
		case !strings.Contains(says, "to confirm"):
			time.Sleep(50 * time.Millisecond) // "already played", or moved meanwhile
			return
		}
		view := h.lastEphemeral(o.ChannelID)
		confirm, found := findButton(view.Message, "Confirm")
		if !found {
			return
		}
		in = h.srv.Button(o, view.ID, confirm)
	}
}

// seeTurn waits for the turn message of a move played, as a player waits
// to see the board before the next decision; a while at most, since a
// message may be in its backoff after Discord failed it.
func (st *soakGame) seeTurn(posts int) {
	for deadline := time.Now().Add(20 * time.Second); len(st.h.public(st.thread)) <= posts && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
}

// answer is the text of the bot's acknowledgement of in, if Discord took
// one: discordgo retries a 502 at once, so a failed answer may be
// followed by one that went through.
func (st *soakGame) answer(in fakediscord.Interaction) (string, bool) {
	h := st.h
	taken := func(r fakediscord.Request) bool { return in.IsCallback(r) && r.Status < 300 }
	r, err := h.srv.WaitFor(wait, in.IsCallback)
	if err != nil {
		return "", false
	}
	if !taken(r) {
		if r, err = h.srv.WaitFor(time.Second, taken); err != nil {
			return "", false
		}
	}
	st.acks = append(st.acks, r.At.Sub(in.SentAt))
	var a answer
	if err := r.Decode(&a); err != nil || a.Data == nil {
		return "", false
	}
	return a.Data.Content, true
}
