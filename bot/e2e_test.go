package bot_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/storage"
)

const wait = 5 * time.Second

// testGames are the games the end-to-end tests play.
func testGames() *engine.Registry { return engine.NewRegistry(vinhos.Game{}, lavina.Game{}) }

// summaryDrawer draws plain cards: these tests are about Discord, not art.
type summaryDrawer struct{}

func (summaryDrawer) Board(game string, s engine.State) image.Image { return render.Summary(game, s) }
func (summaryDrawer) Compact(game string, s engine.State) image.Image {
	return render.Summary(game, s)
}
func (summaryDrawer) Player(game string, s engine.State, _ engine.Seat) image.Image {
	return render.Summary(game, s)
}
func (summaryDrawer) Focus(game string, s engine.State, _ engine.Seat, _ string) image.Image {
	return render.Summary(game, s)
}
func (summaryDrawer) SeatColors(game string, s engine.State) []color.Color {
	return render.Boards{}.SeatColors(game, s)
}

// harness runs the real bot against a fake Discord, with a store that
// outlives restarts of the bot.
type harness struct {
	t      testing.TB
	srv    *fakediscord.Server
	store  *storage.Store
	path   string // the store's file
	stop   func()
	drawer commands.Drawer
	// reminders is the bot's reminder policy (zero: the defaults).
	reminders remind.Config
	// ai is how the bot's AI searches (zero: testAI).
	ai ai.Settings
	// logs collects what the bot logs; no secret may appear in it.
	logs syncBuffer
	// debugJSON logs everything, in JSON, discordgo's own lines included,
	// as `log_level = "debug"` and `log_format = "json"` do.
	debugJSON bool
	// key, if set, is the application's signing key: the bot serves
	// interactions over HTTP and the fake POSTs them, signed.
	key ed25519.PrivateKey
	// endpoint is the URL of the bot's Interactions Endpoint, over HTTP.
	endpoint string
	// timeouts bound the endpoint's clients (zero: the bot's defaults).
	timeouts bot.EndpointTimeouts
	// offset moves the bot's clock (see now) away from the real one, for
	// the tests of quiet hours and digests; timers still run on real time.
	offset atomic.Int64
	// gameSeed, if set, is the seed of the games started from then on.
	gameSeed atomic.Uint64
	// metrics, if set, are the bot's (ops_test.go); bot is the bot running.
	metrics *ops.Metrics
	bot     *bot.Bot
	// shards, if set, are the shards the bot runs (shards_test.go).
	shards *shardsRun
	// peers, if set, are the processes the bot shares its Interactions
	// Endpoint URL with (forward_test.go).
	peers *peersRun
	// shared, if set, is what the bot shares with other processes
	// (cluster_test.go).
	shared remind.Shared
}

// seed draws a new game's seed: gameSeed if set, else a random one.
func (h *harness) seed() uint64 {
	if s := h.gameSeed.Load(); s != 0 {
		return s
	}
	return rand.Uint64()
}

// now is the bot's clock: the real one, moved by offset.
func (h *harness) now() time.Time { return time.Now().Add(time.Duration(h.offset.Load())) }

// setClock moves the bot's clock so that it reads at now.
func (h *harness) setClock(at time.Time) { h.offset.Store(int64(time.Until(at))) }

// syncBuffer is a buffer several goroutines write.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// checkLogs fails the test if the bot logged its token or an
// interaction's.
func (h *harness) checkLogs() {
	logs := h.logs.String()
	for _, secret := range h.srv.Secrets() {
		if strings.Contains(logs, secret) {
			h.t.Errorf("a secret reached the logs: %q", secret)
		}
	}
}

// testAI is how the bot's AI searches in these tests: a few iterations of
// short playouts, quick and the same on any machine.
var testAI = ai.Settings{Iterations: 2, Horizon: 4}

func newHarness(t testing.TB) *harness { return newHarnessWith(t, summaryDrawer{}) }

func newHarnessWith(t testing.TB, drawer commands.Drawer, opts ...fakediscord.Option) *harness {
	if t, ok := t.(*testing.T); ok {
		t.Parallel() // closing a discordgo session sleeps a second
	}
	h := openHarness(t, drawer, opts...)
	h.start()
	return h
}

// openHarness makes the fake Discord and the store, with no bot yet (see
// start).
func openHarness(t testing.TB, drawer commands.Drawer, opts ...fakediscord.Option) *harness {
	h := &harness{t: t, drawer: drawer}
	// Discord's minutes pass on the bot's clock (an enforced nonce's).
	h.srv = fakediscord.New(t, append([]fakediscord.Option{fakediscord.WithToken("test-token"), fakediscord.WithMentionsRule(), fakediscord.WithClock(h.now)}, opts...)...)
	h.openStore()
	return h
}

// openStore gives the harness a store of its own, and stops its bot and
// closes the store when the test ends.
func (h *harness) openStore() {
	h.path, h.stop = filepath.Join(h.t.TempDir(), "adega.db"), func() {}
	store, err := storage.Open(h.path, testGames())
	if err != nil {
		h.t.Fatal(err)
	}
	h.store = store
	h.t.Cleanup(func() {
		h.stop()
		h.store.Close()
		h.checkLogs()
	})
}

// referee changes the games of the store, as the bot's does.
func (h *harness) referee() *referee.Referee { return referee.New(h.store) }

// start connects a new bot to the fake Discord and the same store.
func (h *harness) start() {
	h.t.Helper()
	logger := slog.New(slog.NewTextHandler(&h.logs, nil))
	if h.debugJSON {
		logger = slog.New(bot.Redact(slog.NewJSONHandler(&h.logs, &slog.HandlerOptions{Level: slog.LevelDebug}), "test-token"))
		bot.RouteDiscordLogs(logger)
	}
	settings := h.ai
	if settings == (ai.Settings{}) {
		settings = testAI
	}
	handler := commands.Config{Store: h.store, Games: testGames(), Drawer: h.drawer,
		Log: logger, Now: h.now, Reminders: h.reminders, AI: settings, Seed: h.seed, Metrics: h.metrics, Shared: h.shared}
	cfg := bot.Config{Token: "test-token", DevGuildID: h.srv.GuildID(), Transport: h.srv.Transport()}
	if h.shards != nil {
		h.shards.configure(&cfg)
	}
	if h.peers != nil {
		h.peers.configure(&cfg)
	}
	if h.key != nil {
		ln := h.listen()
		cfg.Listener, cfg.PublicKey, cfg.Timeouts = ln, h.key.Public().(ed25519.PublicKey), h.timeouts
		h.endpoint = "http://" + ln.Addr().String() + "/interactions"
		h.srv.DeliverOverHTTP(h.endpoint, h.key)
	}
	b, err := bot.New(cfg, handler, logger)
	if err != nil {
		h.t.Fatal(err)
	}
	h.bot = b
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	h.stop = func() {
		cancel()
		if err := <-done; err != nil {
			h.t.Errorf("bot stopped with %v", err)
		}
	}
	if h.key == nil {
		if err := h.srv.WaitReady(wait); err != nil {
			h.t.Fatal(err)
		}
	}
	if _, err := h.srv.WaitFor(wait, func(r fakediscord.Request) bool {
		return r.Method == "PUT" && strings.HasSuffix(r.Route, "/commands")
	}); err != nil {
		h.t.Fatal("commands were not registered:", err)
	}
}

// listen opens the bot's Interactions Endpoint: on its fixed address in
// a cluster of peers, else on any port.
func (h *harness) listen() net.Listener {
	h.t.Helper()
	if h.peers != nil {
		return h.peers.listen(h.t)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		h.t.Fatal(err)
	}
	return ln
}

func (h *harness) restart() {
	h.stop()
	h.start()
}

// answer is the part of an interaction callback the tests read.
type answer struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data *struct {
		Content string                 `json:"content"`
		Flags   discordgo.MessageFlags `json:"flags"`
	} `json:"data"`
}

// answerText waits for the text of the bot's answer to an interaction:
// its callback's, or the edit's of a deferred one.
func (h *harness) answerText(in fakediscord.Interaction) string {
	h.t.Helper()
	a := h.callback(in)
	if a.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		if a.Data == nil {
			return ""
		}
		return a.Data.Content
	}
	r, err := h.srv.WaitFor(wait, in.IsOriginalEdit)
	if err != nil {
		h.t.Fatal(err)
	}
	return string(r.JSON)
}

// callback waits for the bot's answer to an interaction.
func (h *harness) callback(in fakediscord.Interaction) answer {
	h.t.Helper()
	r, err := h.srv.WaitFor(wait, in.IsCallback)
	if err != nil {
		h.t.Fatal(err)
	}
	var resp answer
	if err := json.Unmarshal(r.JSON, &resp); err != nil {
		h.t.Fatal(err)
	}
	return resp
}

// shown sends a click and waits until its answer shows: at once, or after
// the deferred edit that draws a step's focused view.
func (h *harness) shown(in fakediscord.Interaction) answer {
	h.t.Helper()
	resp := h.callback(in)
	switch resp.Type {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		if _, err := h.srv.WaitFor(wait, in.IsOriginalEdit); err != nil {
			h.t.Fatal(err)
		}
	}
	return resp
}

// public returns the channel's messages everyone sees.
func (h *harness) public(channelID string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.srv.Messages(channelID) {
		if m.Flags&discordgo.MessageFlagsEphemeral == 0 {
			out = append(out, m)
		}
	}
	return out
}

// lastEphemeral is the newest private message in the channel.
func (h *harness) lastEphemeral(channelID string) fakediscord.Message {
	msgs := h.srv.Messages(channelID)
	for k := len(msgs) - 1; k >= 0; k-- {
		if msgs[k].Flags&discordgo.MessageFlagsEphemeral != 0 {
			return msgs[k]
		}
	}
	h.t.Fatal("no private message in the channel")
	return fakediscord.Message{}
}

// components lists a message's buttons and selects.
func components(m *discordgo.Message) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, row := range m.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			out = append(out, r.Components...)
		}
	}
	return out
}

func buttonID(t testing.TB, m *discordgo.Message, label string) string {
	t.Helper()
	id, ok := findButton(m, label)
	if !ok {
		t.Fatalf("no %q button on %q", label, m.Content)
	}
	return id
}

// findButton is the custom ID of the message's button with that label.
func findButton(m *discordgo.Message, label string) (string, bool) {
	for _, c := range components(m) {
		if b, ok := c.(*discordgo.Button); ok && b.Label == label {
			return b.CustomID, true
		}
	}
	return "", false
}

func isPNG(data []byte) bool {
	_, err := png.Decode(bytes.NewReader(data))
	return err == nil
}
