package cluster

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Owners is where the processes of `run --http` say which of them serves
// each shard's interactions: each puts shards/K → its Interactions
// Endpoint for every shard K it runs, under a lease it keeps alive, and
// follows every process's entries with a watch into a map, which Owner
// reads without asking etcd (a forward has Discord's 3 seconds). With etcd
// down, the last map stays: the processes have not moved.
type Owners struct {
	c      *Cluster
	shards []int  // this process's, registered at url
	url    string // "": it registers nothing, and only follows
	mu     sync.RWMutex
	urls   map[int]string // shard → its process's endpoint
	lease  clientv3.LeaseID
	// claimWait is how long a starting process waits for another
	// address's registration of its shard to lapse (that of a killed
	// process restarted at a new address): the lease, and room for etcd
	// extending it at a change of leader.
	claimWait time.Duration
}

// ownerLease is how long a process's registration outlives it, in
// seconds. Short: a killed process's shards are known to be unserved
// within seconds, and a process restarted at another address waits that
// long to register. Its price is a keep-alive every 2 seconds, and an
// etcd outage longer than it makes each process register again when etcd
// returns.
const ownerLease = 5

// ErrShardTaken is the refusal to start of a process whose shard another
// live process has registered.
var ErrShardTaken = errors.New("another process runs this shard")

// Owners makes this process's registry of shard owners, registering
// shards at url (none if url is "").
func (c *Cluster) Owners(shards []int, url string) *Owners {
	return &Owners{c: c, shards: shards, url: url, urls: map[int]string{}, claimWait: 3 * ownerLease * time.Second}
}

// Owner is the endpoint of the process registered for shard; ok is false
// if none is.
func (o *Owners) Owner(shard int) (string, bool) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	url, ok := o.urls[shard]
	return url, ok
}

// Register registers this process's shards, at its start, and reads the
// other processes' registrations. It returns ErrShardTaken (wrapped,
// naming the other address) if another address still holds one after
// claimWait: two processes configured with one shard. If etcd cannot be
// reached, it returns nil, and Run registers once it can.
func (o *Owners) Register(ctx context.Context) error {
	if o.url == "" {
		return nil
	}
	deadline := time.Now().Add(o.claimWait)
	for {
		held, err := o.claim(ctx)
		switch {
		case errors.Is(err, rpctypes.ErrLeaseNotFound):
			continue
		case err != nil:
			o.c.log.Warn("cluster: cannot register this process's shards yet; it goes on trying", "err", err)
			return nil
		case held == nil:
			// The others' too, before the first interaction comes.
			_, _ = o.read(ctx)
			return nil
		case time.Now().After(deadline):
			o.withdraw() // the shards it did claim
			return fmt.Errorf("cluster: shard %d is registered at %s, not this process's %s: %w; give each shard to one process",
				held.shard, held.url, o.url, ErrShardTaken)
		}
		if !sleep(ctx, 250*time.Millisecond) {
			return ctx.Err()
		}
	}
}

// Run keeps this process's registration and follows every process's,
// until ctx ends; then it withdraws the registration, so the others stop
// forwarding here at once rather than when its lease ends.
func (o *Owners) Run(ctx context.Context) {
	var wg sync.WaitGroup
	if o.url != "" {
		wg.Go(func() { o.keep(ctx) })
	}
	wg.Go(func() { o.follow(ctx) })
	wg.Wait()
}

// held is a shard registered at another address.
type held struct {
	shard int
	url   string
}

// claim registers each of this process's shards under its lease (a new
// one if it has none): a shard no process holds, or that this address
// held before (in a life before a crash, or under a lease that lapsed
// while etcd was away). It returns the first shard another address holds.
func (o *Owners) claim(ctx context.Context) (*held, error) {
	ctx, cancel := context.WithTimeout(ctx, o.c.cfg.DialTimeout+requestTimeout)
	defer cancel()
	if o.lease == clientv3.NoLease {
		grant, err := o.c.client.Grant(ctx, ownerLease)
		if err != nil {
			return nil, err
		}
		o.lease = grant.ID
	}
	for _, shard := range o.shards {
		key := o.c.key("shards", strconv.Itoa(shard))
		put := clientv3.OpPut(key, o.url, clientv3.WithLease(o.lease))
		resp, err := o.c.client.Txn(ctx).If(clientv3.Compare(clientv3.Value(key), "=", o.url)).Then(put).
			Else(clientv3.OpTxn([]clientv3.Cmp{clientv3.Compare(clientv3.CreateRevision(key), "=", 0)}, []clientv3.Op{put}, []clientv3.Op{clientv3.OpGet(key)})).Commit()
		if errors.Is(err, rpctypes.ErrLeaseNotFound) {
			// It lapsed before it was kept alive (a long wait to start):
			// the next claim takes a new one.
			o.lease = clientv3.NoLease
		}
		if err != nil {
			return nil, err
		}
		if resp.Succeeded {
			continue
		}
		inner := resp.Responses[0].GetResponseTxn()
		if !inner.Succeeded {
			if kvs := inner.Responses[0].GetResponseRange().Kvs; len(kvs) > 0 {
				return &held{shard, string(kvs[0].Value)}, nil
			}
		}
	}
	return nil, nil
}

// keep keeps the lease alive, and registers again whenever it is lost (an
// etcd outage longer than it) or not yet had; it revokes it at the end.
func (o *Owners) keep(ctx context.Context) {
	said := false // a conflict is logged once, until registered again
	for ctx.Err() == nil {
		held, err := o.claim(ctx)
		if err != nil || held != nil {
			if held != nil && !said {
				o.c.log.Error("cluster: another process has registered a shard this process runs; interactions of that shard are forwarded there, not here: give each shard to one process",
					"shard", held.shard, "registered", held.url, "this", o.url)
				said = true
			}
			if !sleep(ctx, time.Second) {
				break
			}
			continue
		}
		said = false
		alive, err := o.c.client.KeepAlive(ctx, o.lease)
		if err == nil {
			for range alive { // closed when the lease is lost, or ctx ends
			}
		}
		if ctx.Err() == nil {
			o.c.log.Warn("cluster: this process's registration of its shards lapsed; registering again", "err", err)
			o.lease = clientv3.NoLease
			sleep(ctx, time.Second)
		}
	}
	o.withdraw()
}

// withdraw revokes this process's lease, and so its registrations; if etcd
// cannot be reached, they lapse with it.
func (o *Owners) withdraw() {
	if o.lease == clientv3.NoLease {
		return
	}
	revoke, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	_, _ = o.c.client.Revoke(revoke, o.lease)
	o.lease = clientv3.NoLease
}

// follow reads every registration, then follows each change; after a
// broken watch, all of them again. Until a read succeeds, the map stays
// as it was.
func (o *Owners) follow(ctx context.Context) {
	prefix := o.c.key("shards") + "/"
	for ctx.Err() == nil {
		revision, err := o.read(ctx)
		if err != nil {
			if !sleep(ctx, retryEvery) {
				return
			}
			continue
		}
		watch, stop := context.WithCancel(ctx)
		for w := range o.c.client.Watch(clientv3.WithRequireLeader(watch), prefix, clientv3.WithPrefix(), clientv3.WithRev(revision+1)) {
			if w.Err() != nil {
				break
			}
			o.mu.Lock()
			for _, ev := range w.Events {
				shard, err := strconv.Atoi(string(ev.Kv.Key[len(prefix):]))
				switch {
				case err != nil:
				case ev.Type == clientv3.EventTypePut:
					o.urls[shard] = string(ev.Kv.Value)
				default:
					delete(o.urls, shard)
				}
			}
			o.mu.Unlock()
		}
		stop()
		sleep(ctx, retryEvery)
	}
}

// read replaces the map with every registration, and returns etcd's
// revision then; on an error the map stays.
func (o *Owners) read(ctx context.Context) (revision int64, err error) {
	prefix := o.c.key("shards") + "/"
	get, cancel := context.WithTimeout(ctx, o.c.cfg.DialTimeout+requestTimeout)
	defer cancel()
	resp, err := o.c.client.Get(get, prefix, clientv3.WithPrefix())
	if err != nil {
		return 0, err
	}
	urls := map[int]string{}
	for _, kv := range resp.Kvs {
		if shard, err := strconv.Atoi(string(kv.Key[len(prefix):])); err == nil {
			urls[shard] = string(kv.Value)
		}
	}
	o.mu.Lock()
	o.urls = urls
	o.mu.Unlock()
	return resp.Header.Revision, nil
}
