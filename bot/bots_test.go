package bot_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
)

// TestWholeGameWithThreeBotSeatsThroughDiscord plays a 4-player game of
// one person and three bot seats from the lobby to the end, in each mode
// of Vinhos for several players. The bot's seats are played by its AI
// from the scheduler, each run of them announced in one message; a turn
// message pings only the person, and only when she must act; a hint
// answers privately and shows in the log.
func TestWholeGameWithThreeBotSeatsThroughDiscord(t *testing.T) {
	for _, mode := range []string{vinhos.ModeSpecial2016, vinhos.ModeReserve2010, vinhos.ModeClassic2010} {
		t.Run(mode, func(t *testing.T) { playWithThreeBotSeats(t, mode) })
	}
}

func playWithThreeBotSeats(t *testing.T, mode string) {
	h := newHarness(t)
	srv := h.srv
	ana := srv.NewUser("ana")
	table := srv.NewChannel("vinhos")
	at := func(ch string) fakediscord.Origin { return srv.InGuild(ana, ch) }

	in := srv.SlashCommand(at(table.ID), "vinhos", fakediscord.Subcommand("new", fakediscord.StringOption("mode", mode),
		fakediscord.IntegerOption("bots", 3), fakediscord.StringOption("level", "easy"), fakediscord.BooleanOption("hints", true)))
	resp := h.callback(in)
	for _, want := range []string{"Seated (4): ana, 🤖 Bot Touriga, 🤖 Bot Baga and 🤖 Bot Arinto", "The bot plays at the easy level", "Hints are on"} {
		if !strings.Contains(resp.Data.Content, want) {
			t.Fatalf("the lobby lacks %q: %q", want, resp.Data.Content)
		}
	}
	lobby := h.public(table.ID)[0]
	h.callback(srv.Button(at(table.ID), lobby.ID, buttonID(t, lobby.Message, "Start")))
	post, err := srv.WaitFor(wait, func(r fakediscord.Request) bool {
		return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] != table.ID
	})
	if err != nil {
		t.Fatal("no first turn message:", err)
	}
	thread := post.Params["channel_id"]
	id := h.game(thread).ID

	rng := rand.New(rand.NewPCG(3, 4))
	hinted := false
	for decisions := 0; ; decisions++ {
		g := h.untilAnaOrEnd(id, ana.ID)
		if g.State.Over() {
			checkEnding(t, h, thread, g)
			bots := 0
			for _, e := range g.Log {
				if g.Meta.Seats[e.Seat].Bot != e.Bot {
					t.Fatalf("a move of %s is marked bot=%v", g.Meta.Seats[e.Seat].Name, e.Bot)
				}
				if e.Bot {
					bots++
				}
			}
			t.Logf("%d moves, %d of them the bot's; ana made %d decisions; %d posts", len(g.Log), bots, decisions, len(h.public(thread)))
			break
		}
		turn := h.waitMessage(thread, "ana's turn message", func(m fakediscord.Message) bool {
			return len(m.Embeds) > 0 && m.Embeds[0].Footer != nil && strings.Contains(m.Embeds[0].Footer.Text, fmt.Sprintf("· move %d ·", g.Version))
		})
		if !hinted {
			hinted = true
			h.shown(srv.SlashCommand(at(thread), "vinhos", fakediscord.Subcommand("hint")))
			if hint := h.lastEphemeral(thread); !strings.Contains(hint.Content, "💡 **A hint**") {
				t.Fatalf("the hint reads %q", hint.Content)
			}
			log := h.callback(srv.SlashCommand(at(thread), "vinhos", fakediscord.Subcommand("log")))
			if log.Data == nil || !strings.Contains(log.Data.Content, "💡 ana asked the AI for a hint.") {
				t.Fatalf("the log does not show the hint: %+v", log.Data)
			}
		}
		h.playGuided(thread, at(thread), turn, buttonID(t, turn.Message, "Make your move"), rng)
	}

	// Every post pings ana at most, and does exactly when she must start
	// a decision; no post names a bot seat as a mention.
	pings := 0
	for _, p := range h.postsTo(thread) {
		if len(p.Pings) > 0 {
			pings++
			if !slices.Equal(p.Pings, []string{ana.ID}) {
				t.Fatalf("a post pings %v: %q", p.Pings, p.Content)
			}
		}
	}
	if pings == 0 {
		t.Fatal("ana was never pinged")
	}
}

// untilAnaOrEnd waits until the game is over or waits for ana alone (the
// bot has played its seats), and returns it.
func (h *harness) untilAnaOrEnd(id, anaID string) *adega.Game {
	h.t.Helper()
	deadline := time.Now().Add(3 * wait)
	for {
		g, err := h.store.Load(id)
		if err != nil {
			h.t.Fatal(err)
		}
		pending := g.State.Pending()
		if g.State.Over() || (len(pending) > 0 && !slices.ContainsFunc(pending, func(p engine.Pending) bool { return g.Meta.Seats[p.Seat].UserID != anaID })) {
			return g
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("the bot did not play its seats: the game waits at %s", g.State.Phase())
		}
		time.Sleep(2 * time.Millisecond)
	}
}
