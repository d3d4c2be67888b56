package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
)

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "adega.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func noEnv(string) string { return "" }

func TestMisspelledKeyIsNamed(t *testing.T) {
	for _, c := range []struct{ text, key string }{
		{"tokn = \"x\"\n", "tokn"},
		{"[reminders]\npase = \"fast\"\n", "reminders.pase"},
	} {
		_, err := LoadConfig(writeConfig(t, c.text), false, noEnv)
		if err == nil || !strings.Contains(err.Error(), c.key) {
			t.Errorf("%q: error %v does not name %q", c.text, err, c.key)
		}
	}
}

func TestEnvironmentBeatsFile(t *testing.T) {
	path := writeConfig(t, "token = \"from-file\"\ndata_dir = \"/file\"\nshard_count = 2\n")
	env := map[string]string{"ADEGA_TOKEN": "from-env", "ADEGA_DATA_DIR": "/env", "ADEGA_SHARD_ID": "1"}
	cfg, err := LoadConfig(path, false, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Token.Reveal() != "from-env" || cfg.DataDir != "/env" || cfg.ShardID != 1 || cfg.ShardCount != 2 {
		t.Fatalf("got %+v", cfg)
	}
}

// A process shares etcd with the others through [cluster], or ADEGA_ETCD_ENDPOINTS;
// it is named by its shards unless told.
func TestEtcdConfig(t *testing.T) {
	path := writeConfig(t, "shard_ids = [1, 2]\nshard_count = 3\n[cluster]\netcd_endpoints = [\"http://file:2379\"]\n")
	cfg, err := LoadConfig(path, false, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.Cluster.EtcdEndpoints, []string{"http://file:2379"}) || cfg.process() != "shards-1-2" {
		t.Errorf("endpoints %v, process %q; want the file's, and shards-1-2", cfg.Cluster.EtcdEndpoints, cfg.process())
	}
	env := map[string]string{"ADEGA_ETCD_ENDPOINTS": "http://a:2379,http://b:2379"}
	if cfg, err = LoadConfig(path, false, func(k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.Cluster.EtcdEndpoints, []string{"http://a:2379", "http://b:2379"}) {
		t.Errorf("endpoints %v, want the environment's two", cfg.Cluster.EtcdEndpoints)
	}
}

func TestBadValuesAreRefused(t *testing.T) {
	for _, text := range []string{
		"log_level = \"loud\"\n",
		"shard_id = 2\nshard_count = 2\n",
		"[reminders]\npace = \"glacial\"\n",
		"[reminders]\nfloor = \"0s\"\n",
		"[reminders]\nretry = \"500ms\"\n",
		"public_key = \"not hex\"\n",
		"public_key = \"abcd\"\n",
		"log_format = \"xml\"\n",
		"shutdown_grace = \"-1s\"\n",
		"[backup]\nkeep = 0\n",
		"[backup]\ninterval = \"-1h\"\n",
		"[ops]\nlisten = \"localhost\"\n",
		"[ops]\nlisten = \":http\"\n",
		"[ops]\nlisten = \"99999\"\n",
		"global_rate = 0\n",
		"discord_api = \"ftp://proxy\"\n",
		"discord_api = \"http://proxy:8080/api\"\n",
		"discord_api = \"localhost:8080\"\n",
		"[cluster]\ndial_timeout = \"0s\"\n",
		"[cluster]\nkey_prefix = \"\"\n",
		"[cluster]\nprocess = \"a/b\"\n",
	} {
		if _, err := LoadConfig(writeConfig(t, text), false, noEnv); err == nil {
			t.Errorf("%q was accepted", text)
		}
	}
	if _, err := LoadConfig(filepath.Join(t.TempDir(), "missing.toml"), false, noEnv); err == nil {
		t.Error("an explicitly named missing file was accepted")
	}
}

// The example file must document every key, each with its default value.
func TestExampleDocumentsEveryKeyWithItsDefault(t *testing.T) {
	var fromExample Config
	md, err := toml.DecodeFile("../../config.example.toml", &fromExample)
	if err != nil {
		t.Fatal(err)
	}
	if len(md.Undecoded()) > 0 {
		t.Fatalf("example has unknown keys %v", md.Undecoded())
	}
	if want := DefaultConfig(); !reflect.DeepEqual(fromExample, want) {
		t.Errorf("example values %+v differ from defaults %+v", fromExample, want)
	}
	for _, key := range tomlKeys(reflect.TypeOf(Config{}), "") {
		if key == "shard_id" {
			continue // the older form of shard_ids, which the example shows
		}
		if !md.IsDefined(strings.Split(key, ".")...) {
			t.Errorf("config.example.toml does not document %s", key)
		}
	}
}

func tomlKeys(t reflect.Type, prefix string) []string {
	var keys []string
	for f := range t.Fields() {
		key := prefix + f.Tag.Get("toml")
		if f.Type.Kind() == reflect.Struct {
			keys = append(keys, tomlKeys(f.Type, key+".")...)
			continue
		}
		keys = append(keys, key)
	}
	return keys
}

func TestTokenNeverPrinted(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Token = "super-secret-token"
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, nil))
	logger.Info("config", "cfg", cfg, "token", cfg.Token)
	out := buf.String() + fmt.Sprintf("%v %+v %#v %s", cfg, cfg, cfg, cfg.Token)
	if strings.Contains(out, "super-secret-token") {
		t.Fatalf("token leaked: %s", out)
	}
}

func TestVinhosDataFileIsCheckedOnStart(t *testing.T) {
	cfg := DefaultConfig()
	cfg.VinhosData = "../../engine/vinhos/testdata/data-example.toml"
	reg, err := games(cfg)
	if err != nil {
		t.Fatalf("the example data file was refused: %v", err)
	}
	if _, err := reg.Lookup("vinhos"); err != nil {
		t.Fatal(err)
	}
	cfg.VinhosData = writeConfig(t, "[insets.3]\ncube_spaces = 5\ncolour = 1\n")
	if _, err := games(cfg); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Fatalf("a misspelled data key gave %v, want an error naming it", err)
	}
}

// run --http refuses to start without a public key to check signatures
// with, and names where to put it; a key in the environment is taken.
func TestHTTPNeedsThePublicKey(t *testing.T) {
	path := writeConfig(t, "token = \"t\"\n")
	var stderr bytes.Buffer
	env := Env{Stderr: &stderr, Getenv: noEnv}
	err := runCommand(t.Context(), []string{"--config", path, "--http", "127.0.0.1:0"}, env)
	if err == nil || !strings.Contains(err.Error(), "public_key") || !strings.Contains(err.Error(), "ADEGA_PUBLIC_KEY") {
		t.Fatalf("run --http without a key: %v", err)
	}
	key := strings.Repeat("ab", 32)
	cfg, err := LoadConfig(path, false, func(k string) string { return map[string]string{"ADEGA_PUBLIC_KEY": key}[k] })
	if err != nil || cfg.PublicKey != key {
		t.Fatalf("ADEGA_PUBLIC_KEY: %v %q", err, cfg.PublicKey)
	}
	if k, err := cfg.publicKey(); err != nil || len(k) != 32 {
		t.Fatalf("decoding the key: %v %x", err, k)
	}
}

// TestOpsListensOnLoopbackUnlessTold: a port alone keeps the operations
// endpoint on the loopback interface; a host must be named to publish it.
func TestOpsListensOnLoopbackUnlessTold(t *testing.T) {
	for listen, want := range map[string]string{
		"":             "",
		"9090":         "127.0.0.1:9090",
		":9090":        "127.0.0.1:9090",
		"0.0.0.0:9090": "0.0.0.0:9090",
		"[::1]:9090":   "[::1]:9090",
	} {
		cfg, err := LoadConfig(writeConfig(t, ""), false, func(k string) string {
			return map[string]string{"ADEGA_OPS_LISTEN": listen}[k]
		})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := cfg.opsAddress(); got != want || err != nil {
			t.Errorf("listen %q: address %q, %v; want %q", listen, got, err, want)
		}
	}
}

// A bot that cannot start exits, with backups on a schedule too: their
// schedule ends with the bot, so systemd or Docker can restart it.
func TestRunThatCannotStartExitsWithBackupsScheduled(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	path := writeConfig(t, fmt.Sprintf("token = \"t\"\ndata_dir = %q\n[backup]\ninterval = \"1h\"\n[ops]\nlisten = %q\n",
		t.TempDir(), taken.Addr().String()))
	done := make(chan error, 1)
	go func() {
		done <- runCommand(t.Context(), []string{"--config", path}, Env{Stderr: io.Discard, Getenv: noEnv})
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "ops.listen") {
			t.Fatalf("run with the operations port taken: %v, want an error naming ops.listen", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("run did not return: the backups' schedule kept it waiting")
	}
}

// discord_api sends what goes to https://discord.com to its address, path
// and query kept; other hosts are left alone.
func TestDiscordAPIRedirectsDiscordOnly(t *testing.T) {
	cfg, err := LoadConfig(writeConfig(t, "discord_api = \"http://proxy:8080\"\n"), false, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	transport, _ := cfg.discordAPI()
	var seen []string
	transport.(*redirect).next = roundTripFunc(func(req *http.Request) (*http.Response, error) {
		seen = append(seen, req.URL.String())
		return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody, Request: req}, nil
	})
	for _, u := range []string{"https://discord.com/api/v10/gateway/bot?x=1", "https://cdn.discordapp.com/a.png"} {
		req, _ := http.NewRequest(http.MethodGet, u, nil)
		if _, err := transport.RoundTrip(req); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"http://proxy:8080/api/v10/gateway/bot?x=1", "https://cdn.discordapp.com/a.png"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("sent to %v, want %v", seen, want)
	}
	if cfg, _ := LoadConfig(writeConfig(t, ""), false, noEnv); cfg.DiscordAPI != "" {
		t.Error("discord_api is set by default")
	} else if transport, _ := cfg.discordAPI(); transport != nil {
		t.Error("no discord_api, yet a redirect")
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }
