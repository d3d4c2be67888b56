package cluster_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/adega-bot/adega/cluster"
	"github.com/adega-bot/adega/internal/etcdtest"
)

// registry is a process's record of the shards' owners: registering its
// shards at its URL ("": none) and following the others'.
type registry struct {
	*cluster.Owners
	cluster *cluster.Cluster
	log     *said
	stop    func() // withdraws its registration, as a process that stops
}

// newRegistry connects a process named name to etcd; it registers
// nothing until register.
func newRegistry(t testing.TB, etcd *etcdtest.Server, name, url string, shards ...int) *registry {
	t.Helper()
	log := &said{}
	c, err := cluster.Open(cluster.Config{Endpoints: etcd.Endpoints(), Process: name, Log: slog.New(log)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return &registry{Owners: c.Owners(shards, url), cluster: c, log: log, stop: func() {}}
}

// run registers the process's shards, as it starts, and keeps them and
// follows the others' until the test ends or stop.
func (r *registry) run(t testing.TB) {
	t.Helper()
	if err := r.Register(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Go(func() { r.Run(ctx) })
	r.stop = sync.OnceFunc(func() {
		cancel()
		running.Wait()
	})
	t.Cleanup(r.stop)
}

// owns waits until r knows url as shard's owner; "" for none.
func (r *registry) owns(t testing.TB, shard int, url string) {
	t.Helper()
	eventually(t, fmt.Sprintf("shard %d owned by %q", shard, url), func() bool {
		got, ok := r.Owner(shard)
		return got == url && ok == (url != "")
	})
}

// said is a log that keeps the messages it is given, for a test to wait
// on.
type said struct {
	mu       sync.Mutex
	messages []string
}

func (s *said) Enabled(context.Context, slog.Level) bool { return true }
func (s *said) WithAttrs([]slog.Attr) slog.Handler       { return s }
func (s *said) WithGroup(string) slog.Handler            { return s }

func (s *said) Handle(_ context.Context, r slog.Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages = append(s.messages, r.Message)
	return nil
}

// has reports whether a message began with prefix.
func (s *said) has(prefix string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.ContainsFunc(s.messages, func(m string) bool { return strings.HasPrefix(m, prefix) })
}

// Each process registers its shards and knows every other's, from its
// start on, without asking etcd at each forward; a process that stops withdraws its own,
// and a shard nobody registered has no owner.
func TestEachProcessKnowsTheOwnerOfEveryShard(t *testing.T) {
	etcd := etcdtest.Start(t)
	a := newRegistry(t, etcd, "a", "http://10.0.0.1:8080", 0)
	b := newRegistry(t, etcd, "b", "http://10.0.0.2:8080", 1, 2)
	a.run(t)
	b.run(t)
	if url, ok := b.Owner(0); !ok || url != "http://10.0.0.1:8080" {
		t.Errorf("a process that has registered does not know yet the shards registered before it: shard 0 at %q %v", url, ok)
	}
	for _, r := range []*registry{a, b} {
		r.owns(t, 0, "http://10.0.0.1:8080")
		r.owns(t, 1, "http://10.0.0.2:8080")
		r.owns(t, 2, "http://10.0.0.2:8080")
	}
	if url, ok := a.Owner(3); ok {
		t.Errorf("shard 3, which no process runs, is owned by %q", url)
	}
	b.stop()
	a.owns(t, 1, "")
	a.owns(t, 2, "")
	a.owns(t, 0, "http://10.0.0.1:8080")
}

// Two processes given one shard: the second refuses to start, naming the
// first's address, and leaves no registration of its other shards; the
// first keeps the shard.
func TestAShardGivenToTwoProcessesStopsTheSecond(t *testing.T) {
	etcd := etcdtest.Start(t)
	first := newRegistry(t, etcd, "first", "http://10.0.0.1:8080", 1)
	first.run(t)
	second := newRegistry(t, etcd, "second", "http://10.0.0.2:8080", 0, 1)
	second.SetClaimWait(0)
	err := second.Register(t.Context())
	if !errors.Is(err, cluster.ErrShardTaken) || !strings.Contains(err.Error(), "shard 1 is registered at http://10.0.0.1:8080") {
		t.Fatalf("the second process of shard 1 registered: %v", err)
	}
	left, err := second.cluster.Client().Get(t.Context(), cluster.DefaultPrefix+"shards/0")
	if err != nil || len(left.Kvs) != 0 {
		t.Errorf("the refused process left its shard 0 registered: %v %v", left.Kvs, err)
	}
	first.owns(t, 1, "http://10.0.0.1:8080")
}

// A process killed (its registration no longer kept alive) is no shard's
// owner once its lease lapses; restarted at its address, it takes its
// shard back at once, and a process started at another address for the
// shard waits for the lapse rather than refusing.
func TestAKilledProcessesShardsLapseAndAreTakenBack(t *testing.T) {
	etcd := etcdtest.Start(t)
	follower := newRegistry(t, etcd, "follower", "")
	follower.run(t)
	killed := newRegistry(t, etcd, "killed", "http://10.0.0.1:8080", 1)
	if err := killed.Register(t.Context()); err != nil { // and never kept alive
		t.Fatal(err)
	}
	follower.owns(t, 1, "http://10.0.0.1:8080")
	restarted := newRegistry(t, etcd, "restarted", "http://10.0.0.1:8080", 1)
	restarted.SetClaimWait(0) // its own address is no other process's
	restarted.run(t)
	restarted.stop()
	follower.owns(t, 1, "")

	killedAgain := newRegistry(t, etcd, "killed", "http://10.0.0.1:8080", 1)
	if err := killedAgain.Register(t.Context()); err != nil {
		t.Fatal(err)
	}
	follower.owns(t, 1, "http://10.0.0.1:8080")
	elsewhere := newRegistry(t, etcd, "elsewhere", "http://10.0.0.9:8080", 1)
	elsewhere.run(t) // waits for the lapse
	follower.owns(t, 1, "http://10.0.0.9:8080")
}

// With etcd down, every process keeps the owners it knew, so forwarding
// goes on; when etcd returns, a process whose lease lapsed meanwhile
// registers again, and changes reach the others again.
func TestOwnersOutliveAnEtcdOutage(t *testing.T) {
	etcd := etcdtest.Start(t)
	a := newRegistry(t, etcd, "a", "http://10.0.0.1:8080", 0)
	b := newRegistry(t, etcd, "b", "http://10.0.0.2:8080", 1)
	a.run(t)
	b.run(t)
	b.owns(t, 0, "http://10.0.0.1:8080")

	etcd.Stop()
	eventually(t, "a's registration lapsed, past its lease", func() bool { return a.log.has("cluster: this process's registration of its shards lapsed") })
	if url, ok := b.Owner(0); !ok || url != "http://10.0.0.1:8080" {
		t.Fatalf("with etcd down, shard 0's owner is %q %v", url, ok)
	}
	etcd.Start()
	c := newRegistry(t, etcd, "c", "http://10.0.0.3:8080", 2)
	c.run(t)
	b.owns(t, 2, "http://10.0.0.3:8080")
	a.owns(t, 2, "http://10.0.0.3:8080")
	c.owns(t, 0, "http://10.0.0.1:8080")
	a.stop()
	b.owns(t, 0, "")
}
