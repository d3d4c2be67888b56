package bot

import (
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
// Each resumes on its own when it loses its connection.

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

// openShards connects the shards in turn, held to Discord's max_concurrency:
// a shard whose rate-limit key has started a session in this window waits
// for the next one, and with IdentifyLock for the processes that hold the
// key. A single shard of a single process asks nothing first.
func (b *Bot) openShards() error {
	concurrency := 1
	if len(b.shards) > 1 || b.cfg.IdentifyLock != nil {
		gb, err := b.session.GatewayBot()
		if err != nil {
			return fmt.Errorf("ask for max_concurrency: %w", err)
		}
		concurrency = max(gb.SessionStartLimit.MaxConcurrency, 1)
	}
	pause := b.cfg.IdentifyPause
	if pause == nil {
		pause = time.Sleep
	}
	started := map[int]bool{} // the rate-limit keys used in this window
	for _, s := range b.shards {
		key := s.ShardID % concurrency
		if started[key] {
			pause(identifyWindow)
			clear(started)
		}
		started[key] = true
		if err := b.identify(s, key, pause); err != nil {
			return fmt.Errorf("shard %d: %w", s.ShardID, err)
		}
	}
	return nil
}

// identify opens a shard's session, holding its rate-limit key's lock
// across processes, if any, until the window has passed.
func (b *Bot) identify(s *discordgo.Session, key int, pause func(time.Duration)) error {
	if b.cfg.IdentifyLock == nil {
		return s.Open()
	}
	release := b.cfg.IdentifyLock(key)
	err := s.Open() // it has identified when it returns
	go func() {
		pause(identifyWindow)
		release()
	}()
	return err
}

// closeShards closes every shard's gateway connection.
func (b *Bot) closeShards() {
	for _, s := range b.shards {
		_ = s.Close()
	}
}
