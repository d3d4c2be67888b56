// Package etcdtest starts a real etcd server in the test's process, on
// loopback ports, with its data in a temporary folder; Stop and Start
// make an outage the clients see as Discord's bot would: the same
// address refusing connections, then answering again with every key it
// held.
package etcdtest

import (
	"fmt"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
)

// Server is one etcd member.
type Server struct {
	t          testing.TB
	dir        string
	client     url.URL
	peer       url.URL
	mu         sync.Mutex
	etcd       *embed.Etcd
	restarting bool
}

// Start starts an etcd server, stopped when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, dir: t.TempDir(), client: freeURL(t), peer: freeURL(t)}
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// Endpoints are the addresses clients dial.
func (s *Server) Endpoints() []string { return []string{s.client.String()} }

// Start starts the server again after Stop, with the keys it held.
func (s *Server) Start() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.etcd != nil {
		return
	}
	cfg := embed.NewConfig()
	cfg.Name = "etcdtest"
	cfg.Dir = s.dir
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop()) // its closing says "failed" of every listener
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{s.client}, []url.URL{s.client}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{s.peer}, []url.URL{s.peer}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	if s.restarting {
		cfg.ClusterState = embed.ClusterStateFlagExisting
	}
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		s.t.Fatalf("etcdtest: start: %v", err)
	}
	select {
	case <-e.Server.ReadyNotify():
	case <-time.After(time.Minute): // a loaded machine under -race
		e.Close()
		s.t.Fatal("etcdtest: the server did not become ready in a minute")
	}
	s.etcd, s.restarting = e, true
}

// Stop stops the server; its clients' requests fail until Start.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.etcd != nil {
		s.etcd.Close()
		s.etcd = nil
	}
}

// freeURL is a loopback address whose port was free a moment ago.
func freeURL(t testing.TB) url.URL {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("etcdtest: %v", err)
	}
	defer l.Close()
	return url.URL{Scheme: "http", Host: fmt.Sprint(l.Addr())}
}
