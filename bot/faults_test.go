package bot_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// The faults of Discord's gateway and API, one at a time: after each, a
// move is played once and its turn message posted once. The soak test
// (soak_test.go) injects them all at once.

// postsTo matches the bot's posts to a channel.
func postsTo(channelID string) func(fakediscord.Request) bool {
	return func(r fakediscord.Request) bool {
		return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == channelID
	}
}

// waitFaults waits until the fake's counts of faults are ok.
func (h *harness) waitFaults(ok func(fakediscord.FaultCounts) bool) {
	h.t.Helper()
	deadline := time.Now().Add(3 * wait)
	for !ok(h.srv.Faults()) {
		if time.Now().After(deadline) {
			h.t.Fatalf("the fake's faults stay at %+v", h.srv.Faults())
		}
		time.Sleep(time.Millisecond)
	}
}

// playedOnce waits until the move typed as in is stored and its turn
// message posted, and checks both happened once.
func (tb *table) playedOnce(in fakediscord.Interaction, version uint64) {
	h := tb.h
	h.t.Helper()
	if _, err := h.srv.WaitFor(3*wait, in.IsCallback); err != nil {
		h.t.Fatal("the move was never answered:", err)
	}
	turn := h.waitPosts(tb.thread, 2)[1]
	h.settle()
	if g := tb.game(); g.Version != version+1 || len(h.public(tb.thread)) != 2 {
		h.t.Fatalf("version %d → %d, %d messages; want the move and one turn message", version, g.Version, len(h.public(tb.thread)))
	}
	if !strings.Contains(turn.Content, "played") {
		h.t.Fatalf("the turn message: %q", turn.Content)
	}
}

// A move sent while the gateway connection is down reaches the bot when it
// resumes (the gateway replays what it missed), and is played once: after
// a drop, a close with a code that keeps the session, a RECONNECT, and an
// outage that refuses connections for a while. When Discord ends the
// session instead (it expired, or closed with 4009), the bot's RESUME is
// answered with INVALID_SESSION and it identifies anew; the move sent in
// the gap is lost with the session, as on Discord, and the player's next
// try is played once.
func TestMoveSentWhileTheGatewayIsDownIsPlayedOnce(t *testing.T) {
	for _, c := range []struct {
		name  string
		fault func(*fakediscord.Server)
		cut   bool // the gateway refuses connections until restored
		ended bool // the session ends
	}{
		{name: "dropped", fault: (*fakediscord.Server).DropGateway},
		{name: "closed with 4000", fault: func(s *fakediscord.Server) { s.CloseGateway(4000) }},
		{name: "RECONNECT", fault: (*fakediscord.Server).Reconnect},
		{name: "cut until a connection is refused", fault: (*fakediscord.Server).CutGateway, cut: true},
		{name: "expired", fault: (*fakediscord.Server).ExpireSession, ended: true},
		{name: "closed with 4009", fault: func(s *fakediscord.Server) { s.CloseGateway(4009) }, ended: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			tb := h.newTable(3, 2)
			_, ana, act := tb.next()
			before := tb.game().Version
			c.fault(h.srv)
			in := h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))
			if c.cut {
				h.waitFaults(func(f fakediscord.FaultCounts) bool { return f.Refused > 0 })
				h.srv.RestoreGateway()
			}
			want := fakediscord.FaultCounts{Resumes: 1, Identifies: 1}
			if c.ended {
				h.waitFaults(func(f fakediscord.FaultCounts) bool { return f.Identifies == 2 })
				if err := h.srv.WaitReady(wait); err != nil {
					t.Fatal(err)
				}
				in = h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))
				want = fakediscord.FaultCounts{InvalidSessions: 1, Identifies: 2, LostEvents: 1}
			}
			tb.playedOnce(in, before)
			f := h.srv.Faults()
			if got := (fakediscord.FaultCounts{Resumes: f.Resumes, Identifies: f.Identifies, InvalidSessions: f.InvalidSessions, LostEvents: f.LostEvents}); got != want || !c.ended && f.Replayed == 0 {
				t.Errorf("%+v: want %+v, and the move replayed unless the session ended", f, want)
			}
		})
	}
}

// A turn message that meets Discord's server errors or rate limits is
// retried as Discord asks and posted once: after a 5xx (before or after
// Discord did the work: the nonce keeps the second copy out), and after a
// route's or the global 429, once its retry_after is over, with no
// request meeting the limit meanwhile (before, the other game's post went
// during the global limit).
func TestTurnMessageMeetingServerErrorsAndRateLimitsIsPostedOnce(t *testing.T) {
	const limit = 800 * time.Millisecond
	for _, c := range []struct {
		name   string
		fault  fakediscord.Fault
		times  int
		others bool // another game posts while the first is limited
	}{
		{name: "503 three times", fault: fakediscord.Fault{Status: http.StatusServiceUnavailable}, times: 3},
		{name: "500 after the work", fault: fakediscord.Fault{Status: http.StatusInternalServerError, Lost: true}, times: 1},
		{name: "a route's 429", fault: fakediscord.Fault{Status: http.StatusTooManyRequests, RetryAfter: limit}, times: 1, others: true},
		{name: "a global 429", fault: fakediscord.Fault{Status: http.StatusTooManyRequests, RetryAfter: limit, Global: true}, times: 1, others: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			tb, other := h.newTable(3, 2), h.newTable(3, 2)
			_, ana, act := tb.next()
			before := tb.game().Version
			h.srv.Fail(c.times, postsTo(tb.thread), c.fault)
			start := time.Now()
			in := h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))
			failed, err := h.srv.WaitFor(3*wait, func(r fakediscord.Request) bool { return postsTo(tb.thread)(r) && r.At.After(start) })
			if err != nil {
				t.Fatal(err)
			}
			if c.others {
				_, ana, act := other.next()
				other.playedOnce(h.srv.SlashCommand(other.at(ana), "vinhos", typed(act)), other.game().Version)
			}
			tb.playedOnce(in, before)
			var retry fakediscord.Request
			for _, r := range h.srv.Requests() {
				if postsTo(tb.thread)(r) && r.At.After(failed.At) {
					retry = r // the last: the one that posted
				}
			}
			if c.fault.RetryAfter > 0 && retry.At.Sub(failed.At) < c.fault.RetryAfter {
				t.Errorf("retried %v after a 429 that asked for %v", retry.At.Sub(failed.At), c.fault.RetryAfter)
			}
			if f := h.srv.Faults(); f.InLimit != 0 {
				t.Errorf("%d requests met a rate limit in force", f.InLimit)
			}
		})
	}
}
