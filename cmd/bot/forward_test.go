package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/adega-bot/adega/cluster"
	"github.com/adega-bot/adega/internal/etcdtest"
)

// Three processes behind one URL: each names every shard's process, and
// itself where it runs a shard.
const clusterConfig = `shard_count = 3
shard_ids = [1]
[cluster]
advertise_url = "http://10.0.0.2:8080"
peers = ["http://10.0.0.1:8080", "http://10.0.0.2:8080", "https://adega-2.internal/interactions"]
`

func TestClusterConfig(t *testing.T) {
	cfg, err := LoadConfig(writeConfig(t, clusterConfig), false, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if url, ok := owners(cfg).Owner(2); !ok || url != "https://adega-2.internal/interactions" {
		t.Errorf("shard 2's process: %q %v", url, ok)
	}
	if owners(DefaultConfig()) != nil {
		t.Error("with no peers, a process forwards nothing")
	}
	// One file for all, each process its own shards and address.
	env := map[string]string{"ADEGA_SHARD_IDS": "0", "ADEGA_CLUSTER_ADVERTISE_URL": "http://10.0.0.1:8080"}
	if cfg, err := LoadConfig(writeConfig(t, clusterConfig), false, func(k string) string { return env[k] }); err != nil || cfg.Cluster.AdvertiseURL != env["ADEGA_CLUSTER_ADVERTISE_URL"] {
		t.Errorf("from the environment: %v %q", err, cfg.Cluster.AdvertiseURL)
	}
}

func TestBadClusterConfigIsRefusedClearly(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{strings.Replace(clusterConfig, `"https://adega-2.internal/interactions"`, "", 1), "cluster.peers lists 2 URLs for shard_count 3"},
		{strings.Replace(clusterConfig, `"http://10.0.0.1:8080"`, `"10.0.0.1:8080"`, 1), `cluster.peers, shard 0: "10.0.0.1:8080" is not an http:// or https:// URL`},
		{strings.Replace(clusterConfig, `"http://10.0.0.1:8080"`, `"ftp://10.0.0.1"`, 1), "shard 0: \"ftp://10.0.0.1\" is not"},
		{strings.Replace(clusterConfig, `advertise_url = "http://10.0.0.2:8080"`, `advertise_url = "http:///x"`, 1), "cluster.advertise_url: \"http:///x\" is not"},
		{strings.Replace(clusterConfig, "shard_ids = [1]", "shard_ids = [0]", 1), "cluster.peers names http://10.0.0.1:8080 for shard 0, which this process runs at cluster.advertise_url http://10.0.0.2:8080"},
		{strings.Replace(clusterConfig, "[cluster]", "[cluster]\netcd_endpoints = [\"http://10.0.0.5:2379\"]", 1), "cluster.peers is for processes without etcd"},
	} {
		_, err := LoadConfig(writeConfig(t, c.text), false, noEnv)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.text, err, c.want)
		}
	}
}

// run --http with several shards needs to know the other shards'
// processes: from etcd, where it registers its own address, or from the
// peers.
func TestHTTPShardsNeedPeers(t *testing.T) {
	base := "token = \"t\"\npublic_key = \"" + strings.Repeat("ab", 32) + "\"\nshard_count = 3\n"
	for config, want := range map[string]string{
		base: "set [cluster] etcd_endpoints and advertise_url, where the processes register their addresses, or list every shard's process in [cluster] peers",
		base + "[cluster]\netcd_endpoints = [\"http://127.0.0.1:1\"]\n": "set [cluster] advertise_url",
	} {
		var stderr bytes.Buffer
		err := runCommand(t.Context(), []string{"--config", writeConfig(t, config), "--http", "127.0.0.1:0"}, Env{Stderr: &stderr, Getenv: noEnv})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("run --http with %q: %v, want an error saying %q", config, err, want)
		}
	}
}

// A process of `run --http` given a shard that a live process has
// registered in etcd at another address refuses to start, naming it.
func TestAShardOfAnotherProcessStopsTheStart(t *testing.T) {
	t.Parallel() // it waits for the other registration to end, in vain
	etcd := etcdtest.Start(t)
	shared, err := cluster.Open(cluster.Config{Endpoints: etcd.Endpoints(), Process: "first"})
	if err != nil {
		t.Fatal(err)
	}
	defer shared.Close()
	first := shared.Owners([]int{1}, "http://10.0.0.1:8080")
	if err := first.Register(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(t.Context())
	var running sync.WaitGroup
	running.Go(func() { first.Run(ctx) })
	defer running.Wait()
	defer stop()

	config := fmt.Sprintf("token = \"t\"\npublic_key = %q\ndata_dir = %q\nshard_count = 3\nshard_ids = [1]\n[cluster]\netcd_endpoints = [%q]\nadvertise_url = \"http://127.0.0.1:9\"\n",
		strings.Repeat("ab", 32), t.TempDir(), etcd.Endpoints()[0])
	err = runCommand(t.Context(), []string{"--config", writeConfig(t, config), "--http", "127.0.0.1:0"}, Env{Stderr: io.Discard, Getenv: noEnv})
	if !errors.Is(err, cluster.ErrShardTaken) || !strings.Contains(err.Error(), "shard 1 is registered at http://10.0.0.1:8080") {
		t.Fatalf("the second process of shard 1 started: %v", err)
	}
}
