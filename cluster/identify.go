package cluster

import (
	"context"
	"strconv"
	"time"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// identifyWait bounds the wait for the identify lock. Past it, the process
// identifies without it, as one process alone paces itself: a shard that
// cannot start is worse than Discord refusing one identify too early, which
// discordgo retries.
const identifyWait = 30 * time.Second

// lockLease is how long a lock outlives a process that died holding it.
const lockLease = 10 // seconds

// HoldIdentify takes the lock of Discord's identify rate-limit key `key`
// (shard ID % max_concurrency) across the bot's processes, waiting while
// another holds it; release lets the next one in. The holder identifies,
// then releases once Discord's window has passed. A wait that ctx ends
// (the bot stops) holds nothing.
func (c *Cluster) HoldIdentify(ctx context.Context, key int) (release func()) {
	wait, cancel := context.WithTimeout(ctx, identifyWait)
	defer cancel()
	session, err := concurrency.NewSession(c.client, concurrency.WithTTL(lockLease), concurrency.WithContext(wait))
	if err != nil {
		c.noLock(ctx, key, "etcd cannot be reached", err)
		return func() {}
	}
	m := concurrency.NewMutex(session, c.key("identify", strconv.Itoa(key)))
	if err := m.Lock(wait); err != nil {
		c.noLock(ctx, key, "it was not free in time", err)
		_ = session.Close()
		return func() {}
	}
	return func() {
		unlock, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		_ = m.Unlock(unlock) // else the lease ends it
		_ = session.Close()
	}
}

// noLock says why a shard identifies without the lock, unless the bot is
// stopping and identifies nothing.
func (c *Cluster) noLock(ctx context.Context, key int, why string, err error) {
	if ctx.Err() == nil {
		c.log.Warn("cluster: identifying without the lock: "+why, "key", key, "err", err)
	}
}
