package bot_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine/lavina"
)

// A whole 3-player game of La Viña through the real discordgo session and
// the fake Discord, with the commands made from what the game declares: a
// lobby from /lavina new, a thread, a turn message with the board after
// every move that pings exactly the players who must act now, and every
// decision made in the private step-by-step menu.
func TestWholeLaVinaGameThroughDiscord(t *testing.T) {
	h := newHarness(t)
	srv := h.srv
	users := []*discordgo.User{srv.NewUser("ana"), srv.NewUser("bruno"), srv.NewUser("carla")}
	byID := map[string]*discordgo.User{}
	for _, u := range users {
		byID[u.ID] = u
	}
	table := srv.NewChannel("vineyard")
	at := func(u *discordgo.User, ch string) fakediscord.Origin { return srv.InGuild(u, ch) }

	// Random moves seldom deliver a last barrel, which alone ends a La
	// Viña game: the table chooses a round limit, so that it ends.
	in := srv.SlashCommand(at(users[0], table.ID), "lavina", fakediscord.Subcommand("new", fakediscord.IntegerOption("players", 3),
		fakediscord.StringOption(lavina.OptionMaxRounds, "20")))
	if resp := h.callback(in); resp.Data == nil || !strings.Contains(resp.Data.Content, "**La Viña**: a table for up to 3 players (max_rounds: 20).") {
		t.Fatalf("lobby: %+v", resp.Data)
	}
	thread := h.joinAndStart(table.ID, users)

	rng := rand.New(rand.NewPCG(3, 4))
	for moves := 0; ; moves++ {
		turn, over := h.turnPost(thread, moves)
		if over {
			t.Logf("La Viña ended after %d moves", moves)
			return
		}
		g := h.game(thread)
		actor := byID[g.Meta.Seats[g.State.Pending()[0].Seat].UserID]
		h.playGuided(thread, at(actor, thread), turn, buttonID(t, turn.Message, "Make your move"), rng)
		if moves > 3000 {
			t.Fatal("the game does not end")
		}
	}
}

// joinAndStart has every user but the first join the lobby just opened in
// channel, the first start it, and returns the thread of the game.
func (h *harness) joinAndStart(channel string, users []*discordgo.User) string {
	h.t.Helper()
	lobby := h.public(channel)[0]
	for _, u := range users[1:] {
		h.callback(h.srv.Button(h.srv.InGuild(u, channel), lobby.ID, buttonID(h.t, lobby.Message, "Join")))
	}
	h.callback(h.srv.Button(h.srv.InGuild(users[0], channel), lobby.ID, buttonID(h.t, lobby.Message, "Start")))
	post, err := h.srv.WaitFor(wait, func(r fakediscord.Request) bool {
		return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] != channel
	})
	if err != nil {
		h.t.Fatal("no first turn message:", err)
	}
	return post.Params["channel_id"]
}

// turnPost waits for the post after move moves of the game in thread,
// which carries the board, and reports whether the game is over, which it
// then says. Every post pings exactly the players who must start a
// decision.
func (h *harness) turnPost(thread string, moves int) (turn fakediscord.Message, over bool) {
	h.t.Helper()
	turn = h.waitPosts(thread, moves+1)[moves]
	if len(turn.Files) == 0 || !isPNG(turn.Files[0].Data) {
		h.t.Fatalf("move %d: the message carries no board", moves)
	}
	if ids, _ := h.store.ActiveGames(thread); len(ids) == 0 {
		if !strings.Contains(turn.Content, "The game is over.") {
			h.t.Fatalf("the last message: %q", turn.Content)
		}
		return turn, true
	}
	g := h.game(thread)
	var want []string
	for _, p := range g.State.Pending() {
		if id := g.Meta.Seats[p.Seat].UserID; !p.Continues && !slices.Contains(want, id) {
			want = append(want, id)
		}
	}
	if got := h.lastPostMentions(thread); !slices.Equal(got, want) {
		h.t.Fatalf("move %d pings %v, want exactly %v", moves, got, want)
	}
	return turn, false
}
