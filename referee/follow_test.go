package referee

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

// Followers are stored with the game: they survive a restart, a second
// follow or an unfollow of someone who does not follow is refused with
// nothing changed, and a finished game takes no new followers.
func TestFollowersPersist(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	g := gametest.Create(t, s, "c1")
	for _, u := range []string{"2001", "2002"} {
		if _, err := s.Follow(g.ID, u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Follow(g.ID, "2001"); !refused(err, adega.CodeRefused, "You already follow this game.") {
		t.Fatalf("following twice: %v", err)
	}
	if _, err := s.Unfollow(g.ID, "2003"); !refused(err, adega.CodeRefused, "You do not follow this game.") {
		t.Fatalf("unfollowing a game one does not follow: %v", err)
	}
	m, err := s.Unfollow(g.ID, "2001")
	if err != nil || !slices.Equal(m.Followers, []string{"2002"}) {
		t.Fatalf("after unfollowing: %v, %v", m.Followers, err)
	}
	stamp := g.Stamp
	s.Close()

	s = openAt(t, path)
	g, err = s.Load(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Meta.Followers, []string{"2002"}) || g.Stamp != stamp {
		t.Fatalf("after a restart: followers %v at stamp %d, want [2002] at %d: following is no moment of the game", g.Meta.Followers, g.Stamp, stamp)
	}
	if err := s.SetStatus(g.ID, adega.StatusFinished, t0, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Follow(g.ID, "2004"); !refused(err, adega.CodeRefused, "This game is over: there is nothing left to follow.") {
		t.Fatalf("following a finished game: %v", err)
	}
}

// refused reports whether err is a refusal of code that says says, and
// that nothing was changed.
func refused(err error, code engine.Code, says string) bool {
	return engine.CodeOf(err) == code && err.Error() == says+" Nothing was changed."
}

// A game takes at most MaxFollowers.
func TestFollowersAreBounded(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	for k := range MaxFollowers {
		if _, err := s.Follow(g.ID, fmt.Sprint(3000+k)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Follow(g.ID, "9999"); !refused(err, adega.CodeFull, "This game has as many followers as it can take.") {
		t.Fatalf("follower %d: %v", MaxFollowers+1, err)
	}
}

// The news a move makes for the followers is queued in the move's own
// transaction, after its turn message; the post sees the followers and
// the state the move started from. A post that fails stores neither the
// move nor any message.
func TestMoveQueuesFollowerNewsWithItsTurnMessage(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	if _, err := s.Follow(g.ID, "2001"); err != nil {
		t.Fatal(err)
	}
	g, _ = s.Load(g.ID)
	news := func(c adega.Change) ([]*adega.Outgoing, error) {
		out, err := gametest.TurnPost(c)
		if err != nil {
			return nil, err
		}
		if gametest.Encoded(t, c.Before) != gametest.Encoded(t, g.State) {
			return nil, fmt.Errorf("the change does not start from the game's state")
		}
		for _, id := range c.Game.Meta.Followers {
			out = append(out, &adega.Outgoing{Game: c.Game.ID, UserID: id, Kind: "news", Board: adega.BoardOf(c.Game)})
		}
		return out, nil
	}
	seat, action := gametest.FirstLegal(t, g.State)
	failing := func(adega.Change) ([]*adega.Outgoing, error) { return nil, errors.New("no post") }
	if _, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: seat, Action: action}, Now: t0, Post: failing}); err == nil {
		t.Fatal("a move whose post failed was stored")
	}
	if out, _ := s.Outbox(); len(out) != 0 {
		t.Fatalf("a failed move queued %+v", out)
	}
	res, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: seat, Action: action}, Now: t0, Post: news})
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Outbox()
	if err != nil || len(out) != 2 {
		t.Fatalf("outbox: %+v, %v; want the turn message and one follower's news", out, err)
	}
	if !out[0].Turn || out[1].UserID != "2001" || out[1].Queue != "user:2001" || *out[1].Board != *adega.BoardOf(res.Game) {
		t.Fatalf("queued %+v then %+v", out[0], out[1])
	}
}
