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
var reserveSeed = uint64(8)

// A whole 3-player game of the 2010 Reserve, with its maintenance variant,
// through the real discordgo session and the fake Discord: the lobby and
// the status say which rules are in play, every decision is made in the
// private menu, and at each Fair the players choose their Experts in
// secret, all asked at once: until the last has chosen, nothing the
// channel sees tells what anyone chose.
func TestWholeReserveGameThroughDiscord(t *testing.T) {
	hidden := playBankBoardGame(t, bankBoardGame{mode: vinhos.ModeReserve2010, variant: "maintenance", players: 3, seed: reserveSeed,
		lobby: "2010 Reserve", rules: "Rules: Vinhos Deluxe, 2010 Reserve · variant: maintenance."})
	if hidden == 0 {
		t.Fatal("no Fair had a secret choice made while another player still chose")
	}
}

// A whole 2-player game by the first edition's rules through the fake
// Discord, the same way.
func TestWholeFirstEditionGameThroughDiscord(t *testing.T) {
	playBankBoardGame(t, bankBoardGame{mode: vinhos.ModeClassic2010, players: 2, seed: 3,
		lobby: "**Vinhos (first edition, 2010)**:", rules: "**Vinhos (first edition, 2010)**, game g1: Setup: initial vineyards, move 0.\nRules: Vinhos (first edition, 2010)."})
}

// bankBoardGame is a game on the bank side of the Vinhos board to play
// through Discord: its mode and setup, and what its lobby and status say.
type bankBoardGame struct {
	mode, variant string
	players       int
	seed          uint64
	lobby, rules  string
}

// playBankBoardGame plays b to its end through the fake Discord and
// returns how many secret Fair choices were made while another player
// still chose; none of them may show in the channel before the last.
func playBankBoardGame(t *testing.T, b bankBoardGame) (hidden int) {
	h := newHarness(t)
	h.gameSeed.Store(b.seed)
	srv := h.srv
	users := []*discordgo.User{srv.NewUser("ana"), srv.NewUser("bruno"), srv.NewUser("carla")}[:b.players]
	byID := map[string]*discordgo.User{}
	for _, u := range users {
		byID[u.ID] = u
	}
	table := srv.NewChannel("vinhos")
	at := func(u *discordgo.User, ch string) fakediscord.Origin { return srv.InGuild(u, ch) }

	options := []fakediscord.CommandOption{fakediscord.IntegerOption("players", int64(b.players)),
		fakediscord.StringOption("mode", b.mode)}
	if b.variant != "" {
		options = append(options, fakediscord.StringOption("variant", b.variant))
	}
	resp := h.callback(srv.SlashCommand(at(users[0], table.ID), "vinhos", fakediscord.Subcommand("new", options...)))
	if resp.Data == nil || !strings.Contains(resp.Data.Content, b.lobby) {
		t.Fatalf("lobby: %+v", resp.Data)
	}
	thread := h.joinAndStart(table.ID, users)
	if resp := h.callback(srv.SlashCommand(at(users[1], thread), "vinhos", fakediscord.Subcommand("status"))); resp.Data == nil ||
		!strings.Contains(resp.Data.Content, b.rules) {
		t.Fatalf("status: %+v", resp.Data)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	secret := 0
	for moves := 0; ; moves++ {
		turn, over := h.turnPost(thread, moves)
		if over {
			t.Logf("%s: the game ended after %d moves, %d of them secret choices at a Fair", b.mode, moves, secret)
			return hidden
		}
		g := h.game(thread)
		pending := g.State.Pending()
		if g.State.(*vinhos.State).At == vinhos.PhaseFairPicks {
			secret++
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
				if strings.Contains(text, " plays ") {
					t.Fatalf("a secret choice shows in the channel before all have chosen: %q", text)
				}
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
