package cluster_test

import (
	"fmt"
	"testing"

	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/internal/etcdtest"
	"github.com/adega-bot/adega/internal/gametest"
)

// What a player waits for on etcd, on one member in the test's process on
// loopback (a real deployment adds its network's round trips).

// BenchmarkWaitingOfUser is /adega games' read: a player's 12 games, 6 in
// each of two processes.
func BenchmarkWaitingOfUser(b *testing.B) {
	etcd := etcdtest.Start(b)
	a, other := start(b, etcd, "a"), start(b, etcd, "b")
	var channels []string
	for k := range 6 {
		for _, p := range []*process{a, other} {
			channel := fmt.Sprintf("channel-%s-%d", p.name, k)
			gametest.CreateIn(b, p.store, "guild-"+p.name, channel)
			channels = append(channels, channel)
		}
	}
	eventually(b, "the 12 games listed", a.seesGames(channels...))
	b.ResetTimer()
	for b.Loop() {
		if games, err := a.players.WaitingOfUser("1001"); err != nil || len(games) != 12 {
			b.Fatalf("%d games, %v", len(games), err)
		}
	}
}

// BenchmarkPublishGame is what each change of a game costs beside it: its
// two players' entries read from the file and written in one transaction.
func BenchmarkPublishGame(b *testing.B) {
	etcd := etcdtest.Start(b)
	a := start(b, etcd, "a")
	g := gametest.CreateIn(b, a.store, "guild-a", "channel-a")
	b.ResetTimer()
	for b.Loop() {
		if err := a.players.PublishGame(g.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClaimDigest is a digest's claim: a read and a transaction.
func BenchmarkClaimDigest(b *testing.B) {
	etcd := etcdtest.Start(b)
	a := start(b, etcd, "a")
	at := gametest.T0
	b.ResetTimer()
	for b.Loop() {
		at = at.Add(remind.Day)
		if mine, err := a.players.ClaimDigest("1001", at); err != nil || !mine {
			b.Fatalf("claim: %v %v", mine, err)
		}
	}
}

// BenchmarkOwner is a forward's look-up of its shard's process, among 3
// registered: from memory, with no request to etcd.
func BenchmarkOwner(b *testing.B) {
	etcd := etcdtest.Start(b)
	for shard := range 3 {
		newRegistry(b, etcd, fmt.Sprint("p", shard), fmt.Sprintf("http://10.0.0.%d:8080", shard+1), shard).run(b)
	}
	follower := newRegistry(b, etcd, "follower", "")
	follower.run(b)
	follower.owns(b, 2, "http://10.0.0.3:8080")
	b.ResetTimer()
	for b.Loop() {
		if _, ok := follower.Owner(1); !ok {
			b.Fatal("shard 1 has no owner")
		}
	}
}
