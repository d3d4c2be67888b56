// Package bot is the Discord adapter: it owns the discordgo session,
// registers the slash commands, receives interactions over the gateway or
// on its HTTP Interactions Endpoint (http.go), routes them to bot/commands
// and sends what they return. Interactions in one channel are handled one at a
// time, so a game's moves and their messages keep their order; different
// channels proceed in parallel.
package bot

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/commands"
)

// Config is what the bot needs to connect.
type Config struct {
	Token         string // never logged
	ApplicationID string // empty: the bot user's ID, which Discord uses for bots
	DevGuildID    string // commands go to this server only, at once; empty: global
	// ShardIDs are the gateway shards this process runs, of ShardCount
	// (shards.go); none: shard 0.
	ShardIDs   []int
	ShardCount int
	// GlobalRate is Discord's global rate limit of the bot, in requests a
	// second over all its processes (50 for most bots); this process
	// spends its shards' share of it, GlobalRate × len(ShardIDs) /
	// ShardCount, less a tenth (shareOf). 0: no share enforced, only a
	// global 429 waited out.
	GlobalRate float64
	// IdentifyPause waits out a window of identifies after each
	// (identify.go); nil: time.Sleep. Tests pass one that does not sleep.
	IdentifyPause func(time.Duration)
	// IdentifyLock, if set, holds an identify rate-limit key across the
	// bot's processes (package cluster): a shard identifies while its
	// key's lock is held, released once the window has passed. ctx ends
	// when the bot stops.
	IdentifyLock func(ctx context.Context, key int) (release func())
	// Transport, if set, carries every HTTP request; tests point it at a
	// fake Discord.
	Transport http.RoundTripper
	// Listener, if set, makes the bot serve interactions over HTTP on it
	// (the application's Interactions Endpoint URL, behind a TLS
	// terminator) instead of opening the gateway. PublicKey, the
	// application's, then checks every request's signature.
	Listener  net.Listener
	PublicKey ed25519.PublicKey
	// Timeouts bound the endpoint's clients; zero: the defaults.
	Timeouts EndpointTimeouts
	// Owners, with a Listener, say which process runs each shard of
	// ShardCount: an interaction of a shard that is not among ShardIDs is
	// forwarded to its owner (forward.go). nil: this process serves every
	// interaction it receives.
	Owners Owners
	// ShutdownGrace is how long a stopping bot lets the outbox deliver
	// once the interactions in hand are done; what is left goes out at
	// the next start.
	ShutdownGrace time.Duration
}

// Bot is a Discord bot serving one set of shards.
type Bot struct {
	cfg Config
	log *slog.Logger
	// session speaks to the API, and runs the first shard's gateway
	// connection; shards holds it and the other shards' sessions.
	session *discordgo.Session
	shards  []*discordgo.Session
	gate    *identifyGate  // paces the shards' identifies (identify.go)
	keeping sync.WaitGroup // the shards' reconnections (keepConnected)
	handler *commands.Handler
	locks   keyedMutex
	seen    commands.Recent // interactions received
	peers   *http.Client    // forwards interactions to other shards' processes
	running sync.WaitGroup  // interactions being handled
	// listening is whether the Interactions Endpoint serves (Connected).
	listening atomic.Bool
}

// New prepares a bot and its handler, made of handler with the bot's own
// seams to Discord (IsThread, Fetch); Run connects it.
func New(cfg Config, handler commands.Config, logger *slog.Logger) (*Bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("bot: no token configured (set ADEGA_TOKEN or token in the config)")
	}
	if cfg.Listener != nil && len(cfg.PublicKey) != ed25519.PublicKeySize {
		return nil, errors.New("bot: serving interactions over HTTP needs the application's public key (set ADEGA_PUBLIC_KEY or public_key in the config)")
	}
	// Whatever logger the bot is given, its lines never show the token.
	logger = slog.New(Redact(logger.Handler(), cfg.Token))
	b := &Bot{cfg: cfg, log: logger, peers: newPeerClient(), gate: newIdentifyGate(cfg.IdentifyLock, cfg.IdentifyPause)}
	// Discord's answers are counted by status (a nil Metrics counts none),
	// and a global 429 holds every request but interaction answers: one
	// transport for every session, since the limit is the bot's.
	limit := &globalLimit{next: handler.Metrics.Transport(cfg.Transport),
		share: shareOf(cfg.GlobalRate, max(len(cfg.ShardIDs), 1), cfg.ShardCount)}
	if err := b.newShards(limit); err != nil {
		return nil, err
	}
	b.session = b.shards[0]
	handler.IsThread, handler.Fetch = b.isThread, b.fetch
	b.handler = commands.New(handler)
	return b, nil
}

// Handler is the bot's handler of interactions.
func (b *Bot) Handler() *commands.Handler { return b.handler }

// Connected is nil while interactions can reach the bot: its gateway
// connection is up (between a connection's first heartbeat and its close),
// or its Interactions Endpoint is listening; else it says which is not.
func (b *Bot) Connected() error {
	if b.cfg.Listener != nil {
		if !b.listening.Load() {
			return errors.New("the Interactions Endpoint is not listening")
		}
		return nil
	}
	for _, s := range b.shards {
		s.RLock()
		up := s.DataReady
		s.RUnlock()
		switch {
		case !up && len(b.shards) > 1:
			return fmt.Errorf("the gateway is not connected (shard %d)", s.ShardID)
		case !up:
			return errors.New("the gateway is not connected")
		}
	}
	return nil
}

// Run connects, registers the commands, and serves until ctx is done; then
// it stops (see serve). With a Listener it serves the Interactions Endpoint
// there and never opens the gateway.
func (b *Bot) Run(ctx context.Context) error {
	if b.cfg.Listener != nil {
		return b.runHTTP(ctx)
	}
	if err := b.openShards(); err != nil {
		b.closeShards()
		return fmt.Errorf("bot: connect to Discord: %w", err)
	}
	// Closing the gateway ends the interactions' arrival; the REST API
	// still answers those in hand.
	return b.serve(ctx, nil, b.closeShards)
}

// runHTTP serves interactions on the listener until ctx is done.
func (b *Bot) runHTTP(ctx context.Context) error {
	srv := b.endpointServer()
	failed := make(chan error, 1)
	b.listening.Store(true)
	go func() {
		if err := srv.Serve(b.cfg.Listener); !errors.Is(err, http.ErrServerClosed) {
			failed <- fmt.Errorf("bot: serve interactions: %w", err)
		}
	}()
	b.log.Info("serving interactions over HTTP", "addr", b.cfg.Listener.Addr().String())
	stop := func() {
		b.listening.Store(false)
		shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
		b.peers.CloseIdleConnections()
	}
	return b.serve(ctx, failed, stop)
}

// serve registers the commands and runs the background work until ctx is
// done or failed says the transport broke. Then it stops in order: stop
// closes the transport, so no interaction comes in; the interactions in
// hand and the scheduler's work finish; the courier delivers the outbox
// for up to ShutdownGrace, and what it leaves stays stored for the next
// start.
func (b *Bot) serve(ctx context.Context, failed <-chan error, stop func()) error {
	if err := b.register(); err != nil {
		stop()
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	var background sync.WaitGroup
	background.Go(func() { b.runScheduler(ctx) })
	background.Go(func() { b.runAuditor(ctx) })
	delivering, stopCourier := context.WithCancel(context.Background())
	courierDone := make(chan struct{})
	go func() {
		defer close(courierDone)
		newCourier(b).run(delivering)
	}()
	var err error
	select {
	case <-ctx.Done():
	case err = <-failed:
	}
	b.log.Info("stopping: no new interactions; finishing those in hand")
	stop()
	cancel()
	background.Wait()
	b.running.Wait()
	b.log.Info("stopping: delivering the outbox", "grace", b.cfg.ShutdownGrace)
	left := b.drain(b.cfg.ShutdownGrace)
	stopCourier()
	<-courierDone
	b.log.Info("stopped", "messages_left", left)
	return err
}

// drainPoll is how often drain looks at the outbox: deliveries do not
// wake its watchers.
const drainPoll = 20 * time.Millisecond

// drain waits until the outbox is empty or grace has passed, and returns
// the messages left in it.
func (b *Bot) drain(grace time.Duration) int {
	deadline := time.Now().Add(grace)
	for {
		out, err := b.handler.Store.Outbox()
		if err != nil {
			b.log.Error("cannot read the outbox", "err", err)
			return 0
		}
		if len(out) == 0 || !time.Now().Before(deadline) {
			return len(out)
		}
		time.Sleep(min(drainPoll, time.Until(deadline)))
	}
}

// register overwrites the commands in bulk, which is idempotent: a restart
// registers the same set again. A development server gets them at once.
func (b *Bot) register() error {
	appID := b.cfg.ApplicationID
	if appID == "" && b.session.State.User != nil {
		appID = b.session.State.User.ID
	}
	if appID == "" {
		// Without the gateway's READY, ask who the bot is: a bot's
		// application ID is its user ID.
		me, err := b.session.User("@me")
		if err != nil {
			return fmt.Errorf("bot: find the application ID: %w", err)
		}
		appID = me.ID
	}
	cmds, err := b.session.ApplicationCommandBulkOverwrite(appID, b.cfg.DevGuildID, commands.Definitions(b.handler.Games))
	if err != nil {
		return fmt.Errorf("bot: register commands: %w", err)
	}
	where := "globally"
	if b.cfg.DevGuildID != "" {
		where = "in server " + b.cfg.DevGuildID
	}
	b.log.Info("registered commands", "count", len(cmds), "where", where)
	return nil
}

// isThread asks the session's cache, then Discord, whether a channel is a
// thread.
func (b *Bot) isThread(channelID string) bool {
	ch, err := b.session.State.Channel(channelID)
	if err != nil {
		if ch, err = b.session.Channel(channelID); err != nil {
			b.log.Warn("could not look a channel up", "channel", channelID, "err", err)
			return false
		}
	}
	return ch.IsThread()
}

// fetch downloads an attachment through the session's HTTP client.
func (b *Bot) fetch(url string) ([]byte, error) {
	resp, err := b.session.Client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("bot: fetch %s: %s", url, resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, maxImport))
}

// maxImport bounds an imported file: a long game's export is well under it.
const maxImport = 8 << 20
