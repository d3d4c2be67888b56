package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine/vinhos"
)

// reserveSeed is the seed of the Reserve game played through Discord: with
// the test's own random choices, its players have Experts to play at the
// Fairs.
var reserveSeed = uint64(6)

// A whole 3-player game of the 2010 Reserve, with its maintenance variant,
// through the real discordgo session and the fake Discord: the lobby says
// which rules are in play, every decision is made in the private menu, and
// at each Fair the players choose their Experts in secret, all asked at
// once: until the last has chosen, nothing the channel sees tells what
// anyone chose.
func TestWholeReserveGameThroughDiscord(t *testing.T) {
	h := newHarness(t)
	h.gameSeed.Store(reserveSeed) // a game whose Fairs ask for Experts in secret
	srv := h.srv
	users := []*discordgo.User{srv.NewUser("ana"), srv.NewUser("bruno"), srv.NewUser("carla")}
	byID := map[string]*discordgo.User{}
	for _, u := range users {
		byID[u.ID] = u
	}
	table := srv.NewChannel("reserva")
	at := func(u *discordgo.User, ch string) fakediscord.Origin { return srv.InGuild(u, ch) }

	in := srv.SlashCommand(at(users[0], table.ID), "vinhos", fakediscord.Subcommand("new", fakediscord.IntegerOption("players", 3),
		fakediscord.StringOption("mode", vinhos.ModeReserve2010), fakediscord.StringOption("variant", "maintenance")))
	resp := h.callback(in)
	if resp.Data == nil || !strings.Contains(resp.Data.Content, "2010 Reserve") || !strings.Contains(resp.Data.Content, "variant: maintenance") {
		t.Fatalf("lobby: %+v", resp.Data)
	}
	thread := h.joinAndStart(table.ID, users)
	if resp := h.callback(srv.SlashCommand(at(users[1], thread), "vinhos", fakediscord.Subcommand("status"))); resp.Data == nil ||
		!strings.Contains(resp.Data.Content, "Rules: Vinhos Deluxe, 2010 Reserve · variant: maintenance.") {
		t.Fatalf("status: %+v", resp.Data)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	secretRounds, hidden := 0, 0 // secret choices, and those others were still to make
	for moves := 0; ; moves++ {
		turn, over := h.turnPost(thread, moves)
		if over {
			if hidden == 0 {
				t.Fatal("no Fair had a secret choice made while another player still chose")
			}
			t.Logf("the Reserve game ended after %d moves, %d of them secret choices at a Fair", moves, secretRounds)
			return
		}
		g := h.game(thread)
		state := g.State.(*vinhos.State)
		pending := g.State.Pending()
		if state.At == vinhos.PhaseFairPicks {
			secretRounds++
			// Each of the players asked chooses, one after another; the
			// last choice reveals all.
			actor := byID[g.Meta.Seats[pending[rng.IntN(len(pending))].Seat].UserID]
			h.playGuided(thread, at(actor, thread), turn, buttonID(t, turn.Message, "Make your move"), rng)
			after := h.waitPosts(thread, moves+2)[moves+1]
			// The reveal narrates "Ana plays the Taste Expert: ..."; the
			// recap of earlier moves, after "Since", is not this move's.
			text, _, _ := strings.Cut(postText(after), "\nSince ")
			if len(pending) > 1 {
				hidden++
			}
			if len(pending) > 1 && strings.Contains(text, " plays ") {
				t.Fatalf("a secret choice shows in the channel before all have chosen: %q", text)
			}
			continue
		}
		actor := byID[g.Meta.Seats[pending[0].Seat].UserID]
		h.playGuided(thread, at(actor, thread), turn, buttonID(t, turn.Message, "Make your move"), rng)
		if moves > 3000 {
			t.Fatal("the game does not end")
		}
	}
}

// postText is all the text a post shows: its content and its embeds.
func postText(m fakediscord.Message) string {
	text := m.Content
	for _, e := range m.Embeds {
		text += "\n" + e.Title + "\n" + e.Description
		for _, f := range e.Fields {
			text += "\n" + f.Name + "\n" + f.Value
		}
	}
	return text
}
