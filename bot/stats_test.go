package bot_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
)

// /adega stats and /adega leaderboard through Discord, after two finished
// games and an undo: the reopened game is in progress again, and the moves
// the undo took back are not counted, not even once they are played anew.
func TestStatsThroughDiscord(t *testing.T) {
	h := newHarness(t)
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	thread := h.srv.NewChannel("game").ID
	play := func(g *adega.Game) *adega.Game {
		return h.autoPlay(g, func(*adega.Game) bool { return false })
	}
	var games []*adega.Game
	for seed := range uint64(2) {
		g, err := h.store.Create(adega.Meta{ChannelID: thread, GuildID: h.srv.GuildID(),
			Seats: []adega.SeatUser{{UserID: ana.ID, Name: "Ana"}, {UserID: bruno.ID, Name: "Bruno"}}},
			engine.Setup{Game: "vinhos", Seed: seed + 11, Players: []string{"Ana", "Bruno"}}, time.Now(), nil)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, play(g))
	}
	// What the stored games say of Ana (seat 0): her moves are the entries
	// of hers that follow someone else's.
	anaMoves := func(log []adega.LogEntry) int {
		n := 0
		for k, e := range log {
			if e.Seat == 0 && (k == 0 || log[k-1].Seat != 0) {
				n++
			}
		}
		return n
	}
	wins, best, moves := 0, 0, 0
	for _, g := range games {
		if g.State.(*vinhos.State).Final.Ranking[0] == 0 {
			wins++
		}
		vp, _ := g.State.Players()[0].Stat("vp")
		best = max(best, vp)
		moves += anaMoves(g.Log)
	}
	ask := func(who *discordgo.User, sub string) (string, discordgo.MessageFlags) {
		t.Helper()
		in := h.srv.SlashCommand(h.srv.InGuild(who, thread), "adega", fakediscord.Subcommand(sub))
		ack := h.callback(in)
		if ack.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("/adega %s: %+v", sub, ack)
		}
		r, err := h.srv.WaitFor(wait, in.IsOriginalEdit)
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Content         string                            `json:"content"`
			AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
		}
		if err := json.Unmarshal(r.JSON, &body); err != nil {
			t.Fatal(err)
		}
		if body.AllowedMentions == nil || len(body.AllowedMentions.Parse) != 0 || len(body.AllowedMentions.Users) != 0 {
			t.Fatalf("/adega %s may ping: %s", sub, r.JSON)
		}
		var flags discordgo.MessageFlags
		if ack.Data != nil {
			flags = ack.Data.Flags
		}
		return body.Content, flags
	}
	expect := func(text string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Fatalf("%q is not in:\n%s", w, text)
			}
		}
	}
	stats, flags := ask(ana, "stats")
	if flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Error("the stats are not private")
	}
	expect(stats, fmt.Sprintf("**Vinhos Deluxe, Special Vintage 2016**: 2 played, %d won; average ", wins),
		fmt.Sprintf(", best %d VP.", best), fmt.Sprintf(" over %d moves (", moves))
	board, flags := ask(bruno, "leaderboard")
	if flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Error("the leaderboard is not for the server")
	}
	expect(board, fmt.Sprintf("<@%s>: %d won of 2", ana.ID, wins), fmt.Sprintf("<@%s>: %d won of 2", bruno.ID, 2-wins))

	// Undo the second game back to before Ana's last move.
	g := games[1]
	last := len(g.Log) - 1
	for g.Log[last].Seat != 0 || g.Log[last-1].Seat == 0 {
		last--
	}
	res, err := h.referee().Undo(g.ID, g.Stamp, len(g.Log)-last, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	undone := anaMoves(g.Log) - anaMoves(res.Game.Log)
	if undone < 1 {
		t.Fatalf("the undo took back %d of Ana's moves", undone)
	}
	stats, _ = ask(ana, "stats")
	expect(stats, "Special Vintage 2016**: 1 played, ", "In progress: 1.", fmt.Sprintf(" over %d moves (", moves-undone))
	board, _ = ask(bruno, "leaderboard")
	expect(board, fmt.Sprintf("<@%s>: ", ana.ID), " won of 1")

	// Played again, the game ends as before; its moves count once.
	play(res.Game)
	stats, _ = ask(ana, "stats")
	expect(stats, fmt.Sprintf("Special Vintage 2016**: 2 played, %d won; ", wins), fmt.Sprintf(" over %d moves (", moves))
	if strings.Contains(stats, "In progress") {
		t.Errorf("a game is still in progress: %s", stats)
	}
}

// /adega stats and /adega leaderboard read the totals kept, not the games:
// with 24 finished games in the server, each answer costs the same few
// reads of the database (the rebuild read every game), and says what the
// games say. The delays are logged.
func TestStatsReadKeptTotalsNotEveryGame(t *testing.T) {
	h := newHarness(t)
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	thread := h.srv.NewChannel("game").ID
	meta := adega.Meta{ChannelID: thread, GuildID: h.srv.GuildID(),
		Seats: []adega.SeatUser{{UserID: ana.ID, Name: "Ana"}, {UserID: bruno.ID, Name: "Bruno"}}}
	setup := engine.Setup{Game: "vinhos", Seed: 11, Players: []string{"Ana", "Bruno"}}
	g, err := h.store.Create(meta, setup, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	g = h.autoPlay(g, func(*adega.Game) bool { return false })
	const games = 24
	for range games - 1 {
		if _, err := h.store.Import(meta, g.Setup, g.Moves(), time.Now(), nil); err != nil {
			t.Fatal(err)
		}
	}
	anaWon := 0
	if g.State.(*vinhos.State).Final.Ranking[0] == 0 {
		anaWon = games
	}
	for _, c := range []struct {
		who       *discordgo.User
		sub, want string
	}{
		{ana, "stats", fmt.Sprintf("**Vinhos Deluxe, Special Vintage 2016**: %d played, %d won; ", games, anaWon)},
		{bruno, "leaderboard", fmt.Sprintf("<@%s>: %d won of %d", ana.ID, anaWon, games)},
	} {
		reads := h.store.ReadTransactions()
		in := h.srv.SlashCommand(h.srv.InGuild(c.who, thread), "adega", fakediscord.Subcommand(c.sub))
		r, err := h.srv.WaitFor(wait, in.IsOriginalEdit)
		if err != nil {
			t.Fatal(err)
		}
		reads = h.store.ReadTransactions() - reads
		var body struct{ Content string }
		if err := json.Unmarshal(r.JSON, &body); err != nil || !strings.Contains(body.Content, c.want) {
			t.Fatalf("/adega %s says %s (%v), want %q", c.sub, r.JSON, err, c.want)
		}
		// A few reads by the bot's background loops may fall in between.
		if reads > 10 {
			t.Fatalf("/adega %s took %d read transactions with %d games stored; want a few, whatever the games", c.sub, reads, games)
		}
		t.Logf("/adega %s with %d finished games: %d read transactions, answered %v after it was sent", c.sub, games, reads, r.At.Sub(in.SentAt))
	}
}

// /vinhos solo stats reads the player's kept records too, not their games:
// a few reads, however many solo games they finished.
func TestSoloStatsReadKeptRecordsNotEveryGame(t *testing.T) {
	h := newHarness(t)
	ana := h.srv.NewUser("ana")
	dm := h.srv.InDM(ana)
	meta := adega.Meta{ChannelID: dm.ChannelID, CreatorID: ana.ID, Seats: []adega.SeatUser{{UserID: ana.ID, Name: "Ana"}}}
	setup := engine.Setup{Game: "vinhos", Mode: vinhos.ModeSolo, Seed: 5, Players: []string{"Ana"}}
	g, err := h.store.Create(meta, setup, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	g = h.autoPlay(g, func(*adega.Game) bool { return false })
	const games = 12
	for range games - 1 {
		if _, err := h.store.Import(meta, g.Setup, g.Moves(), time.Now(), nil); err != nil {
			t.Fatal(err)
		}
	}
	reads := h.store.ReadTransactions()
	in := h.srv.SlashCommand(dm, "vinhos", fakediscord.SubcommandGroup("solo", fakediscord.Subcommand("stats")))
	body := h.answerText(in)
	reads = h.store.ReadTransactions() - reads
	if want := fmt.Sprintf("%d finished", games); !strings.Contains(body, want) {
		t.Fatalf("/vinhos solo stats says %s, want %q", body, want)
	}
	if reads > 10 { // a few reads by the bot's background loops may fall in between
		t.Fatalf("/vinhos solo stats took %d read transactions with %d games stored; want a few, whatever the games", reads, games)
	}
}
