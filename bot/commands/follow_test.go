package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
)

// answer is the text of a reply that must be private.
func answer(t *testing.T, r Reply) string {
	t.Helper()
	if !ephemeral(r) {
		t.Fatalf("the reply is not private: %+v", r.Ack)
	}
	return r.Ack.Data.Content
}

// Following is for onlookers, and every refusal says so and changes
// nothing; the status counts the followers.
func TestFollowAndUnfollowReplies(t *testing.T) {
	h := undoHandler(t)
	g := startGame(t, h, "nim")
	for _, tc := range []struct {
		user, sub, says string
	}{
		{u3, "follow", "You now follow **Nim** (game " + g.ID + "): you will get a direct message with the board at the end of the game."},
		{u3, "follow", "You already follow this game. Nothing was changed."},
		{u1, "follow", "You play in this game"},
		{u4, "unfollow", "You do not follow this game. Nothing was changed."},
		{u4, "follow", "You now follow"},
		{u4, "status", "👀 2 following"},
		{u4, "unfollow", "You no longer follow **Nim**"},
		{u4, "status", "👀 1 following"},
	} {
		if got := answer(t, h.Handle(nimSlash(tc.user, tc.sub))); !strings.Contains(got, tc.says) {
			t.Errorf("/vinhos %s by %s: %q, want %q", tc.sub, userNames[tc.user], got, tc.says)
		}
	}
	if g, _ := h.Store.Load(g.ID); len(g.Meta.Followers) != 1 || g.Meta.Followers[0] != u3 {
		t.Fatalf("followers %v, want only u3", g.Meta.Followers)
	}
	if err := h.Store.SetStatus(g.ID, adega.StatusAbandoned, h.Now(), nil); err != nil {
		t.Fatal(err)
	}
	if got := answer(t, h.Handle(nimSlash(u5, "follow"))); !strings.Contains(got, "There is no game in this channel") {
		t.Errorf("following where no game is in progress: %q", got)
	}
}

// finish plays g to its end through the store, announcing each move as
// the bot does, and returns it.
func finish(t *testing.T, h *Handler, g *adega.Game) *adega.Game {
	t.Helper()
	for !g.State.Over() {
		seat := g.State.Pending()[0].Seat
		act, err := engine.Auto(g.State, seat)
		if err != nil {
			t.Fatal(err)
		}
		res, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: h.Now(), Post: h.turn("", true)})
		if err != nil {
			t.Fatal(err)
		}
		g = res.Game
	}
	return g
}

// newsFor returns the follower news queued for userID.
func newsFor(t *testing.T, h *Handler, userID string) []adega.Outgoing {
	t.Helper()
	out, err := h.Store.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	var news []adega.Outgoing
	for _, o := range out {
		if o.Kind == kindNews && o.UserID == userID {
			news = append(news, o)
		}
	}
	return news
}

// The end of the game queues news for each follower with the move: at
// once, at the end of their quiet hours, or at their digest. The news
// names the winner, shows the board and pings nobody; an undo that takes
// the end back, or an unfollow, drops what was not sent yet.
func TestGameEndNewsForFollowers(t *testing.T) {
	h := undoHandler(t) // now is 2027-01-15 08:00 UTC
	g := startGame(t, h, "nim")
	digestAt := time.Date(2027, 1, 15, 19, 0, 0, 0, time.UTC)
	prefs := map[string]func(*adega.User){
		u3: func(*adega.User) {},
		u4: func(u *adega.User) {
			u.Prefs = adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "07:30", QuietEnd: "09:00"}
		},
		u5: func(u *adega.User) { u.Prefs, u.DigestAt = adega.Prefs{Digest: true, DigestHour: 19}, digestAt },
	}
	for id, set := range prefs {
		if _, err := h.Store.UpdateUser(id, func(u *adega.User) error { set(u); return nil }); err != nil {
			t.Fatal(err)
		}
		answer(t, h.Handle(nimSlash(id, "follow")))
	}
	g = finish(t, h, g)
	for id, at := range map[string]time.Time{u3: {}, u4: time.Date(2027, 1, 15, 9, 0, 0, 0, time.UTC), u5: digestAt} {
		news := newsFor(t, h, id)
		if len(news) != 1 || !news[0].NotBefore.Equal(at) || news[0].Board == nil || *news[0].Board != *adega.BoardOf(g) {
			t.Fatalf("news for %s: %+v, want one at %v with the final board", userNames[id], news, at)
		}
	}
	held := newsFor(t, h, u4)[0]
	turn := deliver(t, h)
	var end *delivered
	for k, d := range turn {
		if d.ChannelID == table && strings.Contains(d.Content, "**The game is over.**") {
			if !strings.Contains(d.Content, "👀 3 following") {
				t.Errorf("the end message does not count the followers: %q", d.Content)
			}
		}
		if d.UserID == u3 {
			end = &turn[k]
		}
	}
	if end == nil {
		t.Fatal("u3 got no news")
	}
	winner := g.State.Players()[engine.FinalRanking(g.State)[0]].Name
	if !strings.Contains(end.Content, "**Nim** (game "+g.ID+") is over: **"+winner+"** wins.") || end.Embeds[0].Image == nil ||
		!strings.Contains(end.Embeds[0].Footer.Text, "/nim unfollow") || len(end.AllowedMentions.Users) != 0 || len(end.AllowedMentions.Parse) != 0 {
		t.Fatalf("the news: %+v", end.message)
	}

	// Taken back before it went, the end is news no more.
	res, err := h.referee().Undo(g.ID, g.Stamp, 1, h.Now(), h.turn("", true))
	if err != nil {
		t.Fatal(err)
	}
	if body, err := h.Compose(held); err != nil || body != nil {
		t.Fatalf("news of a moment taken back: %s, %v", body, err)
	}
	// Played again, it is news again, until its follower unfollows.
	finish(t, h, res.Game)
	again := newsFor(t, h, u4)
	if len(again) != 1 {
		t.Fatalf("after the end is played again, u4 has %d news queued, want 1", len(again))
	}
	if body, err := h.Compose(again[0]); err != nil || body == nil {
		t.Fatalf("the new end's news: %s, %v", body, err)
	}
	if _, err := h.referee().Unfollow(g.ID, u4); err != nil {
		t.Fatal(err)
	}
	if body, err := h.Compose(again[0]); err != nil || body != nil {
		t.Fatalf("news for a follower who unfollowed: %s, %v", body, err)
	}
}
