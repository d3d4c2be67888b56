package bot_test

import (
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/ops"
)

// newOpsHarness runs the bot with its metrics and serves its operations
// endpoint on loopback, as `adega run` does with ops.listen set; it
// returns the endpoint's URL.
func newOpsHarness(t *testing.T) (*harness, string) {
	t.Parallel() // closing a discordgo session sleeps a second
	h := openHarness(t, summaryDrawer{})
	h.metrics = ops.NewMetrics()
	h.start()
	h.metrics.Watch(h.store, h.now)
	srv := httptest.NewServer(ops.NewServer(h.metrics, slog.New(slog.NewTextHandler(&h.logs, nil)),
		ops.Check{Name: "discord", Err: h.bot.Connected}, ops.DatabaseCheck(h.store), ops.OutboxCheck(h.store, h.now, time.Minute)))
	t.Cleanup(srv.Close)
	return h, srv.URL
}

// get answers a GET of the endpoint with its status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// scraped is one scrape of /metrics, parsed by Prometheus' own parser.
type scraped map[string]*dto.MetricFamily

func scrape(t *testing.T, url string) scraped {
	t.Helper()
	status, body := get(t, url+"/metrics")
	if status != http.StatusOK {
		t.Fatalf("/metrics answered %d: %s", status, body)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("Prometheus cannot parse /metrics: %v\n%s", err, body)
	}
	return families
}

// value is the sum of the family's series whose labels include labels
// (name=value pairs): a counter's or gauge's value, a histogram's count.
func (s scraped) value(name string, labels ...string) float64 {
	f := s[name]
	if f == nil {
		return -1
	}
	sum := 0.0
series:
	for _, m := range f.Metric {
		for k := 0; k < len(labels); k += 2 {
			found := false
			for _, l := range m.Label {
				found = found || (l.GetName() == labels[k] && l.GetValue() == labels[k+1])
			}
			if !found {
				continue series
			}
		}
		switch {
		case m.Counter != nil:
			sum += m.Counter.GetValue()
		case m.Gauge != nil:
			sum += m.Gauge.GetValue()
		case m.Histogram != nil:
			sum += float64(m.Histogram.GetSampleCount())
		}
	}
	return sum
}

// eventually scrapes until check finds nothing wrong; the bot counts a
// post once Discord's answer is back, after the fake has shown it.
func eventually(t *testing.T, url string, check func(scraped) []string) {
	t.Helper()
	deadline := time.Now().Add(3 * wait)
	for {
		wrong := check(scrape(t, url))
		if len(wrong) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the metrics do not tell what happened:\n%s", strings.Join(wrong, "\n"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestMetricsCountAGame plays the start of a game on the fake Discord,
// with a rate limit on one post, and reads the operations endpoint's
// metrics as Prometheus would: every move, interaction, acknowledgement,
// post and answer of Discord's is counted, the 429 apart from other
// refusals, and the database's gauges show the game.
func TestMetricsCountAGame(t *testing.T) {
	h, url := newOpsHarness(t)
	srv := h.srv
	ana, bruno := srv.NewUser("ana"), srv.NewUser("bruno")
	users := map[string]*discordgo.User{ana.ID: ana, bruno.ID: bruno}
	table := srv.NewChannel("vinhos")
	h.callback(srv.SlashCommand(srv.InGuild(ana, table.ID), "vinhos", fakediscord.Subcommand("new",
		fakediscord.IntegerOption("players", 2), fakediscord.StringOption("regions", "first-play"))))
	thread := h.joinAndStart(table.ID, []*discordgo.User{ana, bruno})
	srv.Fail(1, func(r fakediscord.Request) bool {
		return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == thread
	}, fakediscord.Fault{Status: http.StatusTooManyRequests, RetryAfter: 10 * time.Millisecond})
	rng := rand.New(rand.NewPCG(3, 4))
	const moves = 3
	for n := range moves {
		turn, _ := h.turnPost(thread, n)
		g := h.game(thread)
		actor := users[g.Meta.Seats[g.State.Pending()[0].Seat].UserID]
		h.playGuided(thread, srv.InGuild(actor, thread), turn, buttonID(t, turn.Message, "Make your move"), rng)
	}
	h.turnPost(thread, moves)

	eventually(t, url, func(s scraped) []string {
		var wrong []string
		expect := func(what string, got, want float64) {
			if got != want {
				wrong = append(wrong, fmt.Sprintf("%s: %v, want %v", what, got, want))
			}
		}
		atLeast := func(what string, got, least float64) {
			if got < least {
				wrong = append(wrong, fmt.Sprintf("%s: %v, want at least %v", what, got, least))
			}
		}
		expect("moves by players", s.value("adega_moves_total", "by", "player"), float64(h.game(thread).Version))
		atLeast("moves by players", s.value("adega_moves_total", "by", "player"), moves)
		var callbacks, posts float64
		classes := map[string]float64{}
		for _, r := range srv.Requests() {
			switch {
			case r.Route == "/interactions/{interaction_id}/{interaction_token}/callback":
				callbacks++
			case r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Status == http.StatusOK:
				posts++
			}
			class := fmt.Sprintf("%dxx", r.Status/100)
			if r.Status == http.StatusTooManyRequests {
				class = "429"
			}
			classes[class]++
		}
		expect("interactions answered", s.value("adega_interactions_total", "outcome", "answered"), callbacks)
		expect("commands answered", s.value("adega_interactions_total", "kind", "command", "outcome", "answered"), 1)
		expect("interactions not answered", s.value("adega_interactions_total")-s.value("adega_interactions_total", "outcome", "answered"), 0)
		expect("acknowledgements timed", s.value("adega_ack_seconds"), callbacks)
		expect("messages posted", s.value("adega_posts_total", "outcome", "posted"), posts)
		atLeast("messages posted", posts, moves+1) // the first turn, one a move
		for _, class := range []string{"2xx", "4xx", "429", "5xx"} {
			expect("Discord's answers "+class, s.value("adega_discord_responses_total", "status", class), classes[class])
		}
		expect("rate limits", classes["429"], 1)
		atLeast("drawings", s.value("adega_draw_seconds"), moves+1)
		atLeast("write transactions", s.value("adega_db_write_lock_seconds"), moves)
		atLeast("database size", s.value("adega_db_size_bytes"), 1)
		expect("active games", s.value("adega_games", "status", "active"), 1)
		expect("messages owed", s.value("adega_outbox_messages", "state", "due"), 0)
		expect("the process's metrics", float64(len(s["process_cpu_seconds_total"].GetMetric())), 1)
		return wrong
	})
}

// TestReadinessFollowsTheGateway cuts the fake Discord's gateway: /readyz
// turns 503 and says the gateway is down while the bot cannot reach it,
// /healthz still answers, and both turn back once the bot has resumed.
func TestReadinessFollowsTheGateway(t *testing.T) {
	h, url := newOpsHarness(t)
	if status, body := get(t, url+"/readyz"); status != http.StatusOK || body != "ready\ndiscord: ok\ndatabase: ok\noutbox: ok\n" {
		t.Fatalf("/readyz of a connected bot: %d %q", status, body)
	}
	until := func(what string, ok func(status int, body string) bool) {
		t.Helper()
		deadline := time.Now().Add(3 * wait)
		for {
			status, body := get(t, url+"/readyz")
			if ok(status, body) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: /readyz answers %d %q", what, status, body)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	h.srv.CutGateway()
	until("the gateway cut", func(status int, body string) bool {
		return status == http.StatusServiceUnavailable && body == "not ready\ndiscord: the gateway is not connected\ndatabase: ok\noutbox: ok\n"
	})
	if status, body := get(t, url+"/healthz"); status != http.StatusOK || body != "ok\n" {
		t.Fatalf("/healthz while Discord is out of reach: %d %q", status, body)
	}
	h.srv.RestoreGateway()
	until("the gateway back", func(status int, _ string) bool { return status == http.StatusOK })
	if err := h.srv.WaitReady(wait); err != nil {
		t.Fatal(err)
	}
	eventually(t, url, func(s scraped) []string {
		if n := s.value("adega_gateway_reconnects_total"); n != 1 {
			return []string{fmt.Sprintf("reconnects: %v, want 1", n)}
		}
		return nil
	})
}

// TestReadyOverHTTP: a bot serving the Interactions Endpoint is connected
// while it listens, with no gateway, and no longer once it has stopped.
func TestReadyOverHTTP(t *testing.T) {
	h := newHTTPHarness(t, summaryDrawer{})
	if err := h.bot.Connected(); err != nil {
		t.Fatalf("listening: %v", err)
	}
	stop := h.stop
	h.stop = func() {}
	stop()
	if err := h.bot.Connected(); err == nil || err.Error() != "the Interactions Endpoint is not listening" {
		t.Fatalf("stopped: %v", err)
	}
}
