package cluster

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
)

// The keys, under the prefix, where GAME is a game's server ("dm" for a
// direct message) and ID (IDs count in each process's file, so only the
// server, which one process owns, tells two apart):
//
//	players/USER/GAME  an entry: the process that owns the game, the game
//	                   in progress (adega.GameWait), the user's record,
//	                   the game if the user follows it
//	games/GAME         the process that owns the game, and its users with
//	                   an entry, so that one who left loses theirs
//	prefs/USER         the user's settings (adega.Prefs)
//	digests/USER       the last digest claimed: when it fell due, by whom
//
// A process writes the entries of its own games only, from its file:
// each write puts the whole current state, so writing again is harmless,
// and a write that failed is tried again until it passes.

// gameKey is the part of the keys that names a game.
func gameKey(guildID, id string) string {
	if guildID == "" {
		guildID = "dm"
	}
	return guildID + "/" + id
}

// mine reports whether the game named by a gameKey, which o says is
// owned, is this process's: published under its name, or in a server
// whose shard it runs.
func (c *Cluster) mine(game string, o owner) bool {
	if o.Process == c.cfg.Process {
		return true
	}
	guildID, _, _ := strings.Cut(game, "/")
	if guildID == "dm" {
		guildID = ""
	}
	return c.cfg.Owns != nil && c.cfg.Owns(guildID)
}

// entry is what players/USER/GAME holds.
type entry struct {
	Process string          `json:"process"`
	Game    *adega.GameWait `json:"game,omitempty"`
	Record  *adega.Record   `json:"record,omitempty"`
	Follows *adega.GameWait `json:"follows,omitempty"`
}

// owner is what games/GAME holds.
type owner struct {
	Process string   `json:"process"`
	Users   []string `json:"users"`
}

// claim is what digests/USER holds.
type claim struct {
	At      time.Time `json:"at"`
	Process string    `json:"process"`
}

// sameDigest is how close two processes' times of one digest are: each
// plans it from the same settings, so they agree but for a change of the
// settings at the moment it fell due.
const sameDigest = time.Hour

// retryEvery is how long a publication or a watch that failed waits
// before it tries again.
const retryEvery = time.Second

// Players is remind.Shared over etcd for a process and its store.
type Players struct {
	c     *Cluster
	store *storage.Store
	now   func() time.Time

	mu      sync.Mutex
	pending map[string]bool // games to publish
	wake    chan struct{}
}

var _ remind.Shared = (*Players)(nil)

// Players shares the players of store's games; Run publishes them.
func (c *Cluster) Players(store *storage.Store, now func() time.Time) *Players {
	p := &Players{c: c, store: store, now: now, pending: map[string]bool{}, wake: make(chan struct{}, 1)}
	store.OnGameChange(p.changed)
	return p
}

// changed queues a game to publish.
func (p *Players) changed(id string) {
	p.mu.Lock()
	p.pending[id] = true
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// Run publishes the store's games (every one at the start, then each as it
// changes) and applies the settings other processes save, until ctx is
// done.
func (p *Players) Run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Go(func() { p.publish(ctx) })
	wg.Go(func() { p.followPrefs(ctx) })
	wg.Wait()
}

// publish publishes what changed, and what failed again a second later.
func (p *Players) publish(ctx context.Context) {
	failing := false // said once, until a game is published again
	for !p.sweep(ctx) {
		if !sleep(ctx, retryEvery) {
			return
		}
	}
	for ctx.Err() == nil {
		p.mu.Lock()
		ids := p.pending
		p.pending = map[string]bool{}
		p.mu.Unlock()
		failed := 0
		for id := range ids {
			err := p.publishGame(ctx, id)
			switch {
			case ctx.Err() != nil:
				return // the next start publishes it
			case err != nil:
				failed++
				p.changed(id)
				if !failing {
					p.c.log.Warn("cluster: the players of games cannot be published; trying again every second", "game", id, "err", err)
				}
				failing = true
			case failing:
				p.c.log.Info("cluster: the players of games are published again")
				failing = false
			}
		}
		if failed > 0 {
			if !sleep(ctx, retryEvery) {
				return
			}
			continue
		}
		select {
		case <-ctx.Done():
		case <-p.wake:
		}
	}
}

// sweep queues every game of the store, and takes out of etcd the games
// it says are this process's, or that are in its servers, that the store
// does not hold (moved away, or renumbered, by a reshard).
func (p *Players) sweep(ctx context.Context) bool {
	metas, err := p.store.ListGames()
	if err != nil {
		p.c.log.Error("cluster: cannot list the games to publish", "err", err)
		return false
	}
	get, cancel := context.WithTimeout(ctx, p.c.cfg.DialTimeout+requestTimeout)
	defer cancel()
	prefix := p.c.key("games") + "/"
	resp, err := p.c.client.Get(get, prefix, clientv3.WithPrefix())
	if err != nil {
		p.c.log.Warn("cluster: etcd cannot be reached; publishing the games when it can", "err", err)
		return false
	}
	held := map[string]bool{}
	for _, m := range metas {
		held[gameKey(m.GuildID, m.ID)] = true
		p.changed(m.ID)
	}
	for _, kv := range resp.Kvs {
		var o owner
		game := string(kv.Key[len(prefix):])
		if json.Unmarshal(kv.Value, &o) == nil && p.c.mine(game, o) && !held[game] {
			if err := p.write(ctx, game, nil); err != nil {
				p.c.log.Warn("cluster: cannot take out a game moved away", "game", game, "err", err)
				return false
			}
		}
	}
	return true
}

// publishGame writes the entries of game id as the store holds it now.
func (p *Players) publishGame(ctx context.Context, id string) error {
	guildID, entries, err := p.store.PlayerEntries(id)
	if engine.CodeOf(err) == adega.CodeNotFound {
		return nil // never stored here
	}
	if err != nil {
		return err
	}
	return p.write(ctx, gameKey(guildID, id), entries)
}

// write puts a game's entries and takes out those of users no longer in
// it, in one transaction; no entries take the game out, if it is this
// process's (Cluster.mine).
func (p *Players) write(ctx context.Context, game string, entries []storage.PlayerEntry) error {
	ownerKey := p.c.key("games", game)
	for {
		put, cancel := context.WithTimeout(ctx, requestTimeout)
		resp, err := p.c.client.Get(put, ownerKey)
		if err != nil {
			cancel()
			return err
		}
		var old owner
		var rev int64
		if len(resp.Kvs) == 1 {
			rev = resp.Kvs[0].ModRevision
			if err := json.Unmarshal(resp.Kvs[0].Value, &old); err != nil {
				p.c.log.Warn("cluster: a game's owner record is unreadable; writing it again", "game", game, "err", err)
			}
		}
		if len(entries) == 0 && !p.c.mine(game, old) {
			cancel()
			return nil // not ours, or not known at all
		}
		now := owner{Process: p.c.cfg.Process}
		var ops []clientv3.Op
		for _, e := range entries {
			data, err := json.Marshal(entry{Process: p.c.cfg.Process, Game: e.Game, Record: e.Record, Follows: e.Follows})
			if err != nil {
				cancel()
				return err
			}
			ops = append(ops, clientv3.OpPut(p.c.key("players", e.UserID, game), string(data)))
			now.Users = append(now.Users, e.UserID)
		}
		for _, u := range old.Users {
			if !slices.Contains(now.Users, u) {
				ops = append(ops, clientv3.OpDelete(p.c.key("players", u, game)))
			}
		}
		if len(entries) == 0 {
			ops = append(ops, clientv3.OpDelete(ownerKey))
		} else {
			data, _ := json.Marshal(now) // strings only
			ops = append(ops, clientv3.OpPut(ownerKey, string(data)))
		}
		txn, err := p.c.client.Txn(put).If(clientv3.Compare(clientv3.ModRevision(ownerKey), "=", rev)).Then(ops...).Commit()
		cancel()
		if err != nil || txn.Succeeded {
			return err
		}
		// The owner record changed meanwhile (a game moved between
		// processes): read it again.
	}
}

// entries reads a user's entries from every process.
func (p *Players) entries(userID string) ([]entry, error) {
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	resp, err := p.c.client.Get(ctx, p.c.key("players", userID)+"/", clientv3.WithPrefix())
	if err != nil {
		return nil, p.c.unavailable("read a player's games", err)
	}
	out := make([]entry, 0, len(resp.Kvs))
	for _, kv := range resp.Kvs {
		var e entry
		if err := json.Unmarshal(kv.Value, &e); err != nil {
			return nil, fmt.Errorf("cluster: %s: %w", kv.Key, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// WaitingOfUser lists the user's games in progress on every process,
// oldest first.
func (p *Players) WaitingOfUser(userID string) ([]adega.GameWait, error) {
	return p.games(userID, func(e entry) *adega.GameWait { return e.Game })
}

// Following lists the games the user follows on every process, oldest
// first.
func (p *Players) Following(userID string) ([]adega.GameWait, error) {
	return p.games(userID, func(e entry) *adega.GameWait { return e.Follows })
}

// games is part of the user's entries on every process, oldest first.
func (p *Players) games(userID string, part func(entry) *adega.GameWait) ([]adega.GameWait, error) {
	es, err := p.entries(userID)
	out := each(es, part)
	slices.SortStableFunc(out, func(a, b adega.GameWait) int { return a.Meta.CreatedAt.Compare(b.Meta.CreatedAt) })
	return out, err
}

// Records lists the statistics of the user's games on every process, in
// the order of the games' IDs.
func (p *Players) Records(userID string) ([]adega.Record, error) {
	es, err := p.entries(userID)
	out := each(es, func(e entry) *adega.Record { return e.Record })
	slices.SortFunc(out, func(a, b adega.Record) int { return cmp.Compare(a.GameID, b.GameID) })
	return out, err
}

// each is the part of each entry that has it.
func each[T any](es []entry, part func(entry) *T) []T {
	var out []T
	for _, e := range es {
		if v := part(e); v != nil {
			out = append(out, *v)
		}
	}
	return out
}

// SetPrefs saves the settings in etcd, then in this process's store; the
// other processes hear of them through their watch (followPrefs). A
// request that timed out may still have been saved, and then arrives.
func (p *Players) SetPrefs(userID string, prefs adega.Prefs) (adega.User, error) {
	data, err := json.Marshal(prefs)
	if err != nil {
		return adega.User{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	resp, err := p.c.client.Put(ctx, p.c.key("prefs", userID), string(data))
	if err != nil {
		return adega.User{}, p.c.unavailable("save a player's settings", err)
	}
	return remind.SavePrefs(p.store, userID, prefs, resp.Header.Revision, p.now())
}

// followPrefs applies to the store every user's settings, then each change
// as it comes; after a broken watch, all of them again. First it offers
// etcd the settings only its file holds.
func (p *Players) followPrefs(ctx context.Context) {
	prefix := p.c.key("prefs") + "/"
	offered := false
	for ctx.Err() == nil {
		if !offered {
			offered = p.offerPrefs(ctx)
		}
		get, cancel := context.WithTimeout(ctx, p.c.cfg.DialTimeout+requestTimeout)
		resp, err := p.c.client.Get(get, prefix, clientv3.WithPrefix())
		cancel()
		if !offered || err != nil {
			if !sleep(ctx, retryEvery) {
				return
			}
			continue
		}
		for _, kv := range resp.Kvs {
			p.applyPrefs(string(kv.Key[len(prefix):]), kv.Value, kv.ModRevision)
		}
		watch, stop := context.WithCancel(ctx)
		for w := range p.c.client.Watch(clientv3.WithRequireLeader(watch), prefix, clientv3.WithPrefix(), clientv3.WithRev(resp.Header.Revision+1)) {
			if w.Err() != nil {
				break
			}
			for _, ev := range w.Events {
				if ev.Type == clientv3.EventTypePut {
					p.applyPrefs(string(ev.Kv.Key[len(prefix):]), ev.Kv.Value, ev.Kv.ModRevision)
				}
			}
		}
		stop()
		sleep(ctx, retryEvery)
	}
}

// offerPrefs puts in etcd the settings saved in this file alone (by one
// process before it had etcd) of users etcd has none of; etcd's win over
// them. It reports whether every offer was made.
func (p *Players) offerPrefs(ctx context.Context) bool {
	users, err := p.store.Users()
	if err != nil {
		p.c.log.Error("cluster: cannot read the users to share their settings", "err", err)
		return false
	}
	for _, u := range users {
		if u.PrefsRevision != 0 || u.Prefs == (adega.Prefs{}) {
			continue
		}
		key := p.c.key("prefs", u.ID)
		data, err := json.Marshal(u.Prefs)
		if err != nil {
			return false
		}
		put, cancel := context.WithTimeout(ctx, p.c.cfg.DialTimeout+requestTimeout)
		_, err = p.c.client.Txn(put).If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).Then(clientv3.OpPut(key, string(data))).Commit()
		cancel()
		if err != nil {
			return false
		}
	}
	return true
}

// applyPrefs stores a user's settings as etcd holds them at revision.
func (p *Players) applyPrefs(userID string, data []byte, revision int64) {
	var prefs adega.Prefs
	if err := json.Unmarshal(data, &prefs); err != nil {
		p.c.log.Error("cluster: a player's settings are unreadable", "user", userID, "err", err)
		return
	}
	if _, err := remind.SavePrefs(p.store, userID, prefs, revision, p.now()); err != nil {
		p.c.log.Error("cluster: cannot store a player's settings", "user", userID, "err", err)
	}
}

// ClaimDigest claims the user's digest due at `at` for this process,
// unless another process claimed it: a transaction over the last claim.
// A claim of this process is its own again (after a crash between the
// claim and the queueing).
func (p *Players) ClaimDigest(userID string, at time.Time) (bool, error) {
	key := p.c.key("digests", userID)
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	mine, _ := json.Marshal(claim{At: at, Process: p.c.cfg.Process})
	for {
		resp, err := p.c.client.Get(ctx, key)
		if err != nil {
			return false, p.c.unavailable("claim a digest", err)
		}
		var rev int64
		if len(resp.Kvs) == 1 {
			var last claim
			if err := json.Unmarshal(resp.Kvs[0].Value, &last); err != nil {
				return false, fmt.Errorf("cluster: %s: %w", key, err)
			}
			switch {
			case last.At.Equal(at) && last.Process == p.c.cfg.Process:
				return true, nil
			case at.Sub(last.At) < sameDigest:
				return false, nil // claimed by another
			}
			rev = resp.Kvs[0].ModRevision
		}
		txn, err := p.c.client.Txn(ctx).If(clientv3.Compare(clientv3.ModRevision(key), "=", rev)).
			Then(clientv3.OpPut(key, string(mine))).Commit()
		switch {
		case err != nil:
			return false, p.c.unavailable("claim a digest", err)
		case txn.Succeeded:
			return true, nil
		}
	}
}

// unavailable logs what failed, and is a refusal the player reads
// (adega.ErrUnavailable).
func (c *Cluster) unavailable(what string, err error) error {
	c.log.Warn("cluster: etcd cannot be reached", "to", what, "err", err)
	return fmt.Errorf("cluster: %s: %w (%w)", what, adega.ErrUnavailable, err)
}

// sleep waits d, or less if ctx ends first; it reports whether ctx goes on.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
