package bot_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
)

// fairEnds and gameEnds tell the moves that make news for followers.
func fairEnds(before, after engine.State) bool { _, ok := engine.StageEnded(before, after); return ok }
func gameEnds(_, after engine.State) bool      { return after.Over() }

// playUpTo plays the table's game through the store up to the move that
// makes news, and returns that move and the user who owes it.
func (tb *table) playUpTo(news func(before, after engine.State) bool) (*discordgo.User, engine.Action) {
	tb.h.t.Helper()
	tb.h.autoPlay(tb.game(), func(g *adega.Game) bool {
		seat := g.State.Pending()[0].Seat
		act, err := engine.Auto(g.State, seat)
		if err != nil {
			tb.h.t.Fatal(err)
		}
		next, _, err := g.State.Apply(seat, act)
		if err != nil {
			tb.h.t.Fatal(err)
		}
		return news(g.State, next)
	})
	_, u, act := tb.next()
	return u, act
}

// say sends /vinhos sub and returns the bot's private answer.
func (tb *table) say(u *discordgo.User, sub string) string {
	tb.h.t.Helper()
	r := tb.h.callback(tb.h.srv.SlashCommand(tb.at(u), "vinhos", fakediscord.Subcommand(sub)))
	if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		tb.h.t.Fatalf("/vinhos %s: the answer is not private: %+v", sub, r.Data)
	}
	return r.Data.Content
}

// news waits for a follower's direct message that contains what, and
// checks that it carries the board and pings nobody.
func (h *harness) news(u *discordgo.User, what string) fakediscord.Message {
	h.t.Helper()
	dm := h.srv.DMChannel(u.ID)
	m := h.waitMessage(dm, what+" for "+u.Username, containing(what))
	if len(m.Files) != 1 || !isPNG(m.Files[0].Data) || len(m.Embeds) != 1 || m.Embeds[0].Image == nil {
		h.t.Fatalf("the news %q does not show the board", m.Content)
	}
	for _, r := range h.srv.Requests() {
		if r.Method != "POST" || r.Params["channel_id"] != dm {
			continue
		}
		var body struct {
			AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
		}
		if err := json.Unmarshal(r.JSON, &body); err != nil {
			h.t.Fatal(err)
		}
		if a := body.AllowedMentions; a == nil || len(a.Parse) != 0 || len(a.Users) != 0 || len(a.Roles) != 0 {
			h.t.Fatalf("a direct message to %s may ping: %s", u.Username, r.JSON)
		}
	}
	return m
}

// An onlooker follows a game in its thread and gets, by direct message,
// the board and the standings when the first Fair ends, then the winner
// and the scores when the game ends; the end message counts the
// followers. Someone who unfollowed gets nothing.
func TestFollowerGetsTheNewsByDM(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(5, 0)
	carla, dora := h.srv.NewUser("carla"), h.srv.NewUser("dora")
	expect := func(got string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Fatalf("%q is not in %q", w, got)
			}
		}
	}
	expect(tb.say(carla, "follow"), "You now follow", "at the end of each Fair and of the game", "/vinhos unfollow")
	expect(tb.say(carla, "follow"), "You already follow this game. Nothing was changed.")
	expect(tb.say(tb.users[0], "follow"), "You play in this game")
	expect(tb.say(dora, "follow"), "You now follow")
	expect(tb.say(dora, "status"), "👀 2 following")
	expect(tb.say(dora, "unfollow"), "You no longer follow")
	expect(tb.say(dora, "unfollow"), "You do not follow this game. Nothing was changed.")

	u, act := tb.playUpTo(fairEnds)
	if _, err := h.typeMove(tb.at(u), act); err != nil {
		t.Fatal(err)
	}
	fair := h.news(carla, "**Wine Tasting Fair 1** is over")
	link := "https://discord.com/channels/" + h.srv.GuildID() + "/" + tb.thread
	if !strings.Contains(fair.Content, link) || fair.Embeds[0].Fields[0].Name != "Standings after Wine Tasting Fair 1" ||
		!strings.Contains(fair.Embeds[0].Footer.Text, "/vinhos unfollow") {
		t.Fatalf("the Fair's news: %q %+v", fair.Content, fair.Embeds[0])
	}

	u, act = tb.playUpTo(gameEnds)
	if _, err := h.typeMove(tb.at(u), act); err != nil {
		t.Fatal(err)
	}
	g := tb.game()
	winner := g.State.Players()[g.State.(*vinhos.State).Final.Ranking[0]].Name
	end := h.news(carla, "is over: **"+winner+"** wins.")
	if end.Embeds[0].Fields[0].Name != "Final scores" {
		t.Fatalf("the end's news has no final scores: %+v", end.Embeds[0])
	}
	h.waitMessage(tb.thread, "end message counting the followers", func(m fakediscord.Message) bool {
		return strings.Contains(m.Content, "**The game is over.**") && strings.Contains(m.Content, "👀 1 following")
	})
	h.waitMessage(tb.thread, "the game's ending", containing("move by move"))
	h.settle()
	if n := len(h.srv.Messages(h.srv.DMChannel(carla.ID))); n != 2 {
		t.Errorf("the follower got %d direct messages, want 2", n)
	}
	if msgs := h.srv.Messages(h.srv.DMChannel(dora.ID)); len(msgs) != 0 {
		t.Errorf("someone who unfollowed got %q", msgs[0].Content)
	}
}

// News waits for a follower's quiet hours to end, and for the digest hour
// of a follower who chose the daily digest; a follower who unfollows
// meanwhile gets nothing.
func TestFollowerNewsWaitsForQuietHoursAndTheDigest(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(6, 0)
	dawn := time.Date(2027, 3, 1, 8, 0, 0, 0, time.UTC)
	digestAt := dawn.Add(2 * time.Second)
	quietNights := adega.Prefs{QuietStart: "23:00", QuietEnd: "08:00"}
	followers := []struct {
		name string
		user adega.User
		at   time.Time // when the news may go
	}{
		{"awake", adega.User{}, time.Time{}},
		{"sleeper", adega.User{Prefs: quietNights}, dawn},
		{"reader", adega.User{Prefs: adega.Prefs{Digest: true, DigestHour: 8}, DigestAt: digestAt}, digestAt},
		{"leaver", adega.User{Prefs: quietNights}, dawn},
	}
	users := map[string]*discordgo.User{}
	for _, f := range followers {
		u := h.srv.NewUser(f.name)
		users[f.name] = u
		f.user.ID = u.ID
		if _, err := h.store.UpdateUser(f.user.ID, func(u *adega.User) error { *u = f.user; return nil }); err != nil {
			t.Fatal(err)
		}
		tb.say(u, "follow")
	}

	u, act := tb.playUpTo(fairEnds)
	h.setClock(dawn.Add(-4 * time.Second))
	if _, err := h.typeMove(tb.at(u), act); err != nil {
		t.Fatal(err)
	}
	out, err := h.store.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range followers[1:] {
		held := false
		for _, o := range out {
			held = held || o.UserID == users[f.name].ID && o.NotBefore.Equal(f.at)
		}
		if !held {
			t.Fatalf("the news for %s is not held until %v: %+v", f.name, f.at, out)
		}
	}
	tb.say(users["leaver"], "unfollow")

	h.news(users["awake"], "**Wine Tasting Fair 1** is over")
	for _, f := range followers[1:3] {
		h.news(users[f.name], "**Wine Tasting Fair 1** is over")
		if now := h.now(); now.Before(f.at) {
			t.Errorf("%s got the news at %v, before %v", f.name, now, f.at)
		}
	}
	h.settle()
	if msgs := h.srv.Messages(h.srv.DMChannel(users["leaver"].ID)); len(msgs) != 0 {
		t.Errorf("a follower who unfollowed during their quiet hours got %q", msgs[0].Content)
	}
}

// /adega games lists, after a user's own games, the games they follow,
// with their channels' links and whom each waits for; a game unfollowed
// leaves the list.
func TestGamesListsTheGamesFollowed(t *testing.T) {
	h := newHarness(t)
	tables := []*table{h.newTable(5, 0), h.newTable(6, 0)}
	carla := h.srv.NewUser("carla")
	games := func() string {
		t.Helper()
		r := h.callback(h.srv.SlashCommand(tables[0].at(carla), "adega", fakediscord.Subcommand("games")))
		if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("/adega games: the answer is not private: %+v", r.Data)
		}
		return r.Data.Content
	}
	link := func(tb *table) string { return "https://discord.com/channels/" + h.srv.GuildID() + "/" + tb.thread }
	for _, tb := range tables {
		tb.say(carla, "follow")
	}
	list := games()
	if !strings.HasPrefix(list, "You are not in any game in progress.\n**You follow** 2 games") {
		t.Fatalf("/adega games of a follower:\n%s", list)
	}
	for _, tb := range tables {
		g := tb.game()
		waits := "waiting for " + g.Meta.Seats[g.State.Pending()[0].Seat].Name
		if !strings.Contains(list, link(tb)) || !strings.Contains(list, "game "+tb.id) || !strings.Contains(list, waits) {
			t.Errorf("/adega games does not list game %s (%s, %s):\n%s", tb.id, link(tb), waits, list)
		}
	}
	tables[0].say(carla, "unfollow")
	if list = games(); strings.Contains(list, link(tables[0])) || !strings.Contains(list, "**You follow** 1 game") || !strings.Contains(list, link(tables[1])) {
		t.Errorf("/adega games after an unfollow:\n%s", list)
	}
}
