package bot_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// A menu from an undone branch of the game never plays, even when the
// move count comes back to where it was: the custom ID names one exact
// moment. Ana picks a Magnate tile from the turn message, takes it back,
// and picks another; Bruno's menu from the first branch, and Ana's private
// menu from before her first pick, are refused and change nothing.
func TestStaleMenuAfterUndoNeverPlays(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 2) // Ana's initial Magnate tile, which reveals nothing
	seat, ana, _ := tb.next()
	turn := tb.newest()
	h.shown(h.srv.Button(tb.at(ana), turn.ID, buttonID(t, turn.Message, "Make your move")))
	private := h.lastEphemeral(tb.thread)
	oldView := selectOf(private.Message)
	if oldView == nil || len(oldView.Options) < 3 {
		t.Fatalf("Ana's private menu: %+v", private.Message)
	}
	before := tb.game().Version

	// Ana plays the first tile from the turn message: X.
	if r := h.callback(h.srv.Select(tb.at(ana), turn.ID, selectOf(turn.Message).CustomID, "c0")); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Played") {
		t.Fatalf("picking from the turn message: %+v", r)
	}
	h.waitPosts(tb.thread, 2)
	branchX := tb.newest() // Bruno's menu after X
	bruno := tb.users[1-seat]
	if selectOf(branchX.Message) == nil {
		t.Fatalf("Bruno's turn message has no menu: %q", branchX.Content)
	}
	// She takes it back; nothing was revealed and nobody played since.
	if r := h.callback(h.srv.SlashCommand(tb.at(ana), "vinhos", fakediscord.Subcommand("undo"))); r.Data == nil || !strings.Contains(r.Data.Content, "Done") {
		t.Fatalf("undo: %+v", r)
	}
	h.waitPosts(tb.thread, 3)
	if g := tb.game(); g.Version != before {
		t.Fatalf("version %d after the undo, want %d", g.Version, before)
	}
	// Her private menu from before the pick is from another moment now.
	h.refusedWithoutChange(tb.thread, before, h.srv.Select(tb.at(ana), private.ID, oldView.CustomID, "c2"), "earlier moment")

	// She plays the second tile: Y. The move count is where X left it.
	afterUndo := tb.newest()
	if r := h.callback(h.srv.Select(tb.at(ana), afterUndo.ID, selectOf(afterUndo.Message).CustomID, "c1")); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Played") {
		t.Fatalf("picking again: %+v", r)
	}
	h.waitPosts(tb.thread, 4)
	g := tb.game()
	if g.Version != before+1 {
		t.Fatalf("version %d, want %d", g.Version, before+1)
	}
	// Bruno's menu from X's branch is refused: his choice is not applied
	// to the lists of Y's branch.
	h.refusedWithoutChange(tb.thread, g.Version, h.srv.Select(tb.at(bruno), branchX.ID, selectOf(branchX.Message).CustomID, "c0"), "earlier moment")
	h.settle()
	if n := len(h.public(tb.thread)); n != 4 {
		t.Fatalf("%d messages; the refused menus posted something", n)
	}
}

// The same interaction delivered twice plays once, and is answered once;
// after a restart too.
func TestSameInteractionTwiceAppliesOnce(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 2)
	_, ana, act := tb.next()
	before := tb.game().Version
	in := h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))
	if r := h.callback(in); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Played") {
		t.Fatalf("the move: %+v", r)
	}
	h.srv.Redeliver(in)
	h.restart()
	h.srv.Redeliver(in)
	h.settle()
	if g := tb.game(); g.Version != before+1 {
		t.Fatalf("version %d after one interaction delivered three times, want %d", g.Version, before+1)
	}
	answers := 0
	for _, r := range h.srv.Requests() {
		if in.IsCallback(r) {
			answers++
		}
	}
	if answers != 1 {
		t.Fatalf("the interaction was answered %d times", answers)
	}
	if n := len(h.public(tb.thread)); n != 2 {
		t.Fatalf("%d messages, want the board and one turn message", n)
	}
}

// Two identical typed moves sent together (a double Enter) play once: the
// second copy acts on the game as its sender saw it, and is told the move
// was already played. Through a game's opening, for every decision.
func TestDoubleTypedCommandAppliesOnce(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 0)
	for decision := range 10 {
		seat, u, act := tb.next()
		if len(act) > 8 {
			continue
		}
		before := tb.game().Version
		parts, _, err := typedParts(tb.game().State, seat, act)
		if err != nil {
			t.Fatal(err)
		}
		posts := len(h.public(tb.thread))
		first := h.srv.SlashCommand(tb.at(u), "vinhos", typed(act))
		second := h.srv.SlashCommand(tb.at(u), "vinhos", typed(act))
		var answers []answer
		for _, in := range []fakediscord.Interaction{first, second} {
			answers = append(answers, h.callback(in))
		}
		played, again := 0, 0
		for _, r := range answers {
			switch {
			case r.Data == nil:
			case strings.HasPrefix(r.Data.Content, "Played"), strings.Contains(r.Data.Content, "to confirm"):
				played++
			case strings.Contains(r.Data.Content, "already played"):
				again++
			}
		}
		if played != 1 || again != 1 {
			t.Fatalf("decision %d (%v) sent twice: answers %+v", decision, act, answers)
		}
		if strings.Contains(answers[0].Data.Content+answers[1].Data.Content, "to confirm") {
			t.Fatalf("decision %d needs a confirmation; choose another seed", decision)
		}
		h.waitPosts(tb.thread, posts+len(parts))
		h.settle()
		if g := tb.game(); g.Version != before+uint64(len(parts)) || len(h.public(tb.thread)) != posts+len(parts) {
			t.Fatalf("decision %d (%d moves) sent twice: version %d → %d, %d messages", decision, len(parts), before, g.Version, len(h.public(tb.thread))-posts)
		}
	}
}

// A typed move retried after the bot restarted, before its turn message
// could be posted, is recognised as already played: what the bot needs to
// know is in the database.
func TestTypedRetryAfterRestartIsAlreadyPlayed(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 2)
	_, ana, act := tb.next()
	before := tb.game().Version
	posts := func(r fakediscord.Request) bool {
		return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == tb.thread
	}
	h.srv.Fail(1000, posts, fakediscord.Fault{Status: http.StatusServiceUnavailable})
	if r := tb.play(ana, act); r.Data == nil || !strings.HasPrefix(r.Data.Content, "Played") {
		t.Fatalf("the move: %+v", r)
	}
	h.restart()
	if r := tb.play(ana, act); r.Data == nil || !strings.Contains(r.Data.Content, "already played") {
		t.Fatalf("the retry: %+v", r)
	}
	h.srv.Heal()
	h.waitPosts(tb.thread, 2)
	h.settle()
	if g := tb.game(); g.Version != before+1 || len(h.public(tb.thread)) != 2 {
		t.Fatalf("version %d → %d, %d messages", before, g.Version, len(h.public(tb.thread)))
	}
}

// A committed move always reaches the channel, exactly once: when the
// answer to the player is lost, when posting fails or is rate-limited for a
// while (across a restart too), and when Discord posted but its answer was
// lost.
func TestCommittedMoveAlwaysReachesTheChannel(t *testing.T) {
	for _, c := range []struct {
		name    string
		fault   fakediscord.Fault
		times   int
		ack     bool // fail the answer to the interaction instead of the post
		restart bool
	}{
		{name: "the answer to the player is lost", fault: fakediscord.Fault{Hangup: true}, times: 1, ack: true},
		{name: "posting fails, then works", fault: fakediscord.Fault{Status: http.StatusBadGateway}, times: 2},
		{name: "posting fails across a restart", fault: fakediscord.Fault{Status: http.StatusInternalServerError}, times: 2, restart: true},
		{name: "posting is rate-limited", fault: fakediscord.Fault{Status: http.StatusTooManyRequests, RetryAfter: 200 * time.Millisecond}, times: 2},
		{name: "Discord posted, its answer was lost", fault: fakediscord.Fault{Lost: true}, times: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			tb := h.newTable(3, 2)
			_, ana, act := tb.next()
			before := tb.game().Version
			in := h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))
			match := func(r fakediscord.Request) bool {
				return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == tb.thread
			}
			if c.ack {
				match = in.IsCallback
			}
			h.srv.Fail(c.times, match, c.fault)
			if !c.ack {
				h.callback(in)
			}
			if c.restart {
				h.restart()
			}
			turn := h.waitPosts(tb.thread, 2)[1]
			h.settle()
			if g := tb.game(); g.Version != before+1 || len(h.public(tb.thread)) != 2 {
				t.Fatalf("version %d → %d, %d messages; want the move and one turn message", before, g.Version, len(h.public(tb.thread)))
			}
			if len(turn.Files) != 1 || !strings.Contains(turn.Content, "played") {
				t.Fatalf("the turn message: %q, %d files", turn.Content, len(turn.Files))
			}
			if w, _ := h.store.Waiting(tb.id); w.TurnMessageID != turn.ID {
				t.Fatalf("the jump target is %q, want the turn message %s", w.TurnMessageID, turn.ID)
			}
		})
	}
}
