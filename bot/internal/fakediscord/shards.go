package fakediscord

import (
	"encoding/json"
	"strconv"
	"time"
)

// Sharding, as Discord's gateway does it: each connection IDENTIFYs as
// shard [id, count]; an event of a guild goes to the session of shard
// (guild_id >> 22) % count, a DM's to shard 0. An invalid shard is closed
// with 4010, too few shards for the bot's guilds with 4011. Sessions may
// have different counts, as on Discord: each gets what its own count
// routes to it. With WithSharding, at most max_concurrency sessions start
// in a 5-second window, one per rate-limit key (shard_id %
// max_concurrency); an IDENTIFY beyond that gets INVALID_SESSION.

// identifyWindow is the window of max_concurrency's IDENTIFYs.
const identifyWindow = 5 * time.Second

// WithSharding makes the fake ask for at least shards shards (GET
// /gateway/bot's shards; fewer are closed with 4011) and enforce
// max_concurrency on IDENTIFY, on the fake's clock (WithClock), so that a
// test moves past a window without waiting.
func WithSharding(shards, maxConcurrency int) Option {
	return func(s *Server) {
		s.shards, s.maxConcurrency, s.limitIdentifies = shards, maxConcurrency, true
	}
}

// checkShard returns the close code and reason for a shard Discord refuses,
// or 0.
func (g *gateway) checkShard(shard [2]int) (int, string) {
	id, count := shard[0], shard[1]
	switch {
	case count < 1 || id < 0 || id >= count:
		return 4010, "Invalid shard."
	case count < g.s.shards:
		return 4011, "Sharding required."
	}
	return 0, ""
}

// tooSoonLocked reports whether an IDENTIFY of shard comes beyond
// max_concurrency, and else records it.
func (g *gateway) tooSoonLocked(shard [2]int) bool {
	if !g.s.limitIdentifies {
		return false
	}
	key := shard[0] % g.s.maxConcurrency
	now := g.s.now()
	if last, ok := g.identified[key]; ok && now.Sub(last) < identifyWindow {
		return true
	}
	g.identified[key] = now
	return false
}

// shardOf is the shard of count that a guild's events go to; a DM's (guild
// "") go to shard 0.
func shardOf(guildID string, count int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || count < 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

func routesTo(guildID string, shard [2]int) bool {
	return shardOf(guildID, shard[1]) == shard[0]
}

// guildOf is the guild_id of a dispatch's data, or "".
func guildOf(data json.RawMessage) string {
	var d struct {
		GuildID string `json:"guild_id"`
	}
	_ = json.Unmarshal(data, &d) // not an object: no guild
	return d.GuildID
}

// NewGuild adds a guild to the bot whose events go to shard of count.
func (s *Server) NewGuild(shard, count int) string {
	for {
		last := s.lastID.Load()
		ms := max(uint64(time.Now().UnixMilli()-discordEpoch), last>>22+1)
		ms += (uint64(shard) + uint64(count) - ms%uint64(count)) % uint64(count)
		id := ms << 22
		if s.lastID.CompareAndSwap(last, id) {
			gid := strconv.FormatUint(id, 10)
			s.mu.Lock()
			s.guilds = append(s.guilds, gid)
			s.mu.Unlock()
			return gid
		}
	}
}

// NewChannelIn creates a text channel in one of the bot's guilds.
func (s *Server) NewChannelIn(guildID, name string) string {
	ch := s.NewChannel(name)
	s.mu.Lock()
	s.channels[ch.ID].GuildID = guildID
	s.mu.Unlock()
	return ch.ID
}

// Guilds returns the bot's guilds, the first one GuildID's.
func (s *Server) Guilds() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.guilds...)
}

// WaitShardReady waits until the bot's session of shard [id, count] has
// had its READY (or RESUMED).
func (s *Server) WaitShardReady(id, count int, timeout time.Duration) error {
	return s.gw.wait(timeout, "shard "+strconv.Itoa(id)+" was not ready", func() bool {
		for _, sess := range s.gw.sessions {
			if sess.shard == [2]int{id, count} && sess.ready() {
				return true
			}
		}
		return false
	})
}

// Sessions returns the shards of the bot's sessions, ready or resumable.
func (s *Server) Sessions() [][2]int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	var out [][2]int
	for _, sess := range s.gw.sessions {
		out = append(out, sess.shard)
	}
	return out
}
