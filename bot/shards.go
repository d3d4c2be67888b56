package bot

import (
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A process runs one or more of the bot's gateway shards, one discordgo
// session each; Discord sends a server's events to shard (server ID >> 22)
// % shard_count, and DMs to shard 0. The sessions share the handler, the
// store and the courier; the first one also speaks to the API for all.
// Each resumes its own session when it loses its connection.

// identifyWindow is Discord's window of identifies: in each, one shard of
// each rate-limit key (shard ID % max_concurrency) may start a session.
const identifyWindow = 5 * time.Second

// newShards makes a session for each shard the bot runs, each sending its
// requests through transport.
func (b *Bot) newShards(transport http.RoundTripper) error {
	ids := b.cfg.ShardIDs
	if len(ids) == 0 {
		ids = []int{0}
	}
	count := max(b.cfg.ShardCount, 1)
	for _, id := range ids {
		if id < 0 || id >= count {
			return fmt.Errorf("bot: shard %d is not below the shard count %d", id, count)
		}
		s, err := discordgo.New("Bot " + b.cfg.Token)
		if err != nil {
			return fmt.Errorf("bot: %w", err)
		}
		s.Client.Transport = transport
		s.ShardID, s.ShardCount = id, count
		s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
		s.LogLevel = discordLevel(b.log)
		s.ShouldReconnectOnError = false // keepConnected does
		s.Dialer = b.gate.dialer(id)
		var connects atomic.Int64
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			b.log.Info("connected to Discord", "user", r.User.Username, "shard", id, "shards", count)
		})
		s.AddHandler(func(*discordgo.Session, *discordgo.Connect) {
			if connects.Add(1) > 1 {
				b.handler.Metrics.Reconnected()
			}
		})
		s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { b.interact(ic.Interaction, b.viaREST) })
		b.shards = append(b.shards, s)
	}
	return nil
}

// openShards connects the shards in turn, then keeps each connected. Their
// identifies wait at the gate (identify.go), which needs max_concurrency:
// a single shard of a single process asks nothing first.
func (b *Bot) openShards() error {
	if len(b.shards) > 1 || b.cfg.IdentifyLock != nil {
		gb, err := b.session.GatewayBot()
		if err != nil {
			return fmt.Errorf("ask for max_concurrency: %w", err)
		}
		b.gate.setConcurrency(gb.SessionStartLimit.MaxConcurrency)
	}
	for _, s := range b.shards {
		lost := make(chan struct{}, 1)
		s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
			select {
			case lost <- struct{}{}:
			default: // one reconnection is already due
			}
		})
		if err := s.Open(); err != nil {
			return fmt.Errorf("shard %d: %w", s.ShardID, err)
		}
		b.keeping.Go(func() { b.keepConnected(s, lost) })
	}
	return nil
}

// Reconnections back off from the first failed one to the longest wait.
const (
	firstBackoff   = time.Second
	longestBackoff = time.Minute
)

// keepConnected opens s again each time it loses its connection, until
// the bot stops. discordgo's own reconnection is off: it would go on past
// the bot's stop. The next Open resumes the session, or identifies
// through the gate if Discord has ended it.
func (b *Bot) keepConnected(s *discordgo.Session, lost <-chan struct{}) {
	for {
		select {
		case <-b.gate.ctx.Done():
			return
		case <-lost:
		}
		for wait := firstBackoff; ; wait = min(2*wait, longestBackoff) {
			if b.gate.ctx.Err() != nil {
				return // stopped while the last Open ran
			}
			err := s.Open()
			if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				break
			}
			b.log.Warn("cannot reconnect to Discord's gateway", "shard", s.ShardID, "retry_in", wait, "err", err)
			select {
			case <-b.gate.ctx.Done():
				return
			case <-time.After(wait):
			}
		}
	}
}

// closeShards ends the reconnections, then closes every shard's gateway
// connection.
func (b *Bot) closeShards() {
	b.gate.stop()
	b.keeping.Wait()
	for _, s := range b.shards {
		_ = s.Close()
	}
}
