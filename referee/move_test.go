package referee

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

// A refused move queues nothing.
func TestRefusedMoveQueuesNothing(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	before := s.WriterStats().Transactions
	_, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: g.State.Pending()[0].Seat, Action: engine.Action{"p1", "99"}},
		Now: t0, Post: gametest.TurnPost})
	if engine.CodeOf(err) == "" {
		t.Fatalf("an illegal move: %v", err)
	}
	if s.WriterStats().Transactions != before {
		t.Error("a refused move wrote to the database")
	}
}

// The same interaction delivered twice applies once, even after a
// restart: the move remembers it.
func TestSameInteractionTwiceAppliesOnce(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	g := gametest.Create(t, s, "c1")
	seat, action := gametest.FirstLegal(t, g.State)
	req := MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: seat, Action: action, Interaction: "9000"}, Now: t0}
	if _, err := s.Move(req); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openAt(t, path)
	_, err := s.Move(req)
	if engine.CodeOf(err) != adega.CodeAlreadyPlayed || !strings.Contains(err.Error(), "already played") {
		t.Fatalf("the same interaction again: %v, want a refusal as already played", err)
	}
	if got, _ := s.Load(g.ID); got.Version != 1 {
		t.Fatalf("version %d after one move sent twice", got.Version)
	}
}

// A typed command sent again before its sender could know the first copy
// was played (by its answer or by a message showing it) applies once; sent
// after, it is a move of its own.
func TestTypedCommandActsOnTheGameAsItsSenderSawIt(t *testing.T) {
	s := newStore(t)
	g, err := s.Create(adega.Meta{ChannelID: "c1", Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
		engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bia"}}, t0, gametest.TurnPost)
	if err != nil {
		t.Fatal(err)
	}
	deliver := func(at time.Time) {
		out, _ := s.Outbox()
		for _, o := range out {
			if err := s.Delivered(o.Seq, gametest.Snowflake(at, int(o.Seq)), t0); err != nil {
				t.Fatal(err)
			}
		}
	}
	deliver(t0)
	seat, action := gametest.FirstLegal(t, g.State)
	acks := map[string]time.Time{}
	acked := func(id string) (time.Time, bool) { at, ok := acks[id]; return at, ok }
	typed := func(at time.Time) (string, error) {
		id := gametest.Snowflake(at, 0)
		_, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp + 1, Now: at, Post: gametest.TurnPost, Acked: acked,
			Play: Play{Seat: seat, Action: action, Interaction: id, Typed: "play " + action.String()}})
		return id, err
	}
	first := gametest.Snowflake(t0.Add(time.Second), 0)
	if _, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Now: t0, Post: gametest.TurnPost, Acked: acked,
		Play: Play{Seat: seat, Action: action, Interaction: first, Typed: "play " + action.String()}}); err != nil {
		t.Fatal(err)
	}
	again := func(err error) bool { return engine.CodeOf(err) == adega.CodeAlreadyPlayed }
	// Sent with the first (a double Enter), or retried after its answer
	// was lost and before any message showed it.
	for _, at := range []time.Duration{1100 * time.Millisecond, 5 * time.Second} {
		if _, err := typed(t0.Add(at)); !again(err) {
			t.Fatalf("a copy sent at +%v: %v, want it refused as already played", at, err)
		}
	}
	// Answered at +1.2 s: a copy sent just after (+1.5 s) is still a copy,
	// one sent at +3 s is a move of its own (which nim refuses: not her turn).
	acks[first] = t0.Add(1200 * time.Millisecond)
	if _, err := typed(t0.Add(1500 * time.Millisecond)); !again(err) {
		t.Fatalf("a copy sent before the answer could be read: %v", err)
	}
	if _, err := typed(t0.Add(3 * time.Second)); again(err) || engine.CodeOf(err) != engine.CodeNotYourTurn {
		t.Fatalf("a command sent after the answer: %v, want the rules' refusal", err)
	}
	// Without the answer, the turn message tells her: a command sent after
	// it is a move of its own.
	delete(acks, first)
	deliver(t0.Add(6 * time.Second))
	if _, err := typed(t0.Add(7 * time.Second)); again(err) {
		t.Fatalf("a command sent after the turn message: %v", err)
	}
	if got, _ := s.Load(g.ID); got.Version != 1 {
		t.Fatalf("version %d, want 1", got.Version)
	}
}

// Stamps name moments: an undo makes a new one, so a button of the undone
// branch is stale even when the move count comes back.
func TestStampsAreNeverReused(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	seen := map[uint64]bool{g.Stamp: true}
	g = play(t, s, g, 1)
	seen[g.Stamp] = true
	res, err := s.Undo(g.ID, g.Stamp, 1, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if seen[res.Game.Stamp] || res.Game.Version != 0 {
		t.Fatalf("undo to move 0 reused stamp %d", res.Game.Stamp)
	}
	seen[res.Game.Stamp] = true
	g = play(t, s, res.Game, 1)
	if seen[g.Stamp] || g.Version != 1 {
		t.Fatalf("the move after the undo reused stamp %d", g.Stamp)
	}
	seen[g.Stamp] = true
	r, err := s.Reseat(g.ID, g.Stamp, 1, adega.SeatUser{UserID: "1003"}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if seen[r.Game.Stamp] || r.Game.Meta.Seats[1].UserID != "1003" || r.Game.Meta.Seats[1].Name != "Bia" {
		t.Fatalf("reseat: stamp %d, seats %+v", r.Game.Stamp, r.Game.Meta.Seats)
	}
	if _, err := s.Undo(g.ID, g.Stamp, 1, t0, nil); !errors.Is(err, adega.ErrStale) {
		t.Fatalf("an undo from before the reseat: %v, want stale", err)
	}
}

// A seat given to the bot is played by the scheduler, at once: the reseat
// stores no move of the bot's but wakes the scheduler at its own time.
// The bot's decisions, stored with BotMoves, are marked as the bot's, end
// the wake-up, and are refused as stale once the game moved on.
func TestReseatToTheBotWakesTheSchedulerToPlayIt(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	seat := g.State.Pending()[0].Seat
	at := t0.Add(time.Hour)
	res, err := s.Reseat(g.ID, g.Stamp, seat, adega.SeatUser{Bot: true}, at, gametest.TurnPost)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Added) != 0 {
		t.Fatalf("the reseat played %+v itself", res.Added)
	}
	if w, err := s.Waiting(g.ID); err != nil || !w.BotTurn.Equal(at) {
		t.Fatalf("bot turn %v (%v), want %v", w.BotTurn, err, at)
	}
	if next, ok, err := s.NextWake(); err != nil || !ok || next.ID != g.ID || !next.At.Equal(at) {
		t.Fatalf("next wake-up %+v %v %v, want the game at %v", next, ok, err, at)
	}
	act, err := engine.Auto(res.Game.State, seat)
	if err != nil {
		t.Fatal(err)
	}
	played, err := s.BotMoves(g.ID, res.Game.Stamp, []Play{{Seat: seat, Action: act}}, at, gametest.TurnPost)
	if err != nil {
		t.Fatal(err)
	}
	if len(played.Added) != 1 || !played.Added[0].Bot || played.Added[0].Seat != seat {
		t.Fatalf("the bot's moves are stored as %+v", played.Added)
	}
	if w, err := s.Waiting(g.ID); err != nil || !w.BotTurn.IsZero() {
		t.Fatalf("bot turn %v (%v) after the bot played, want none", w.BotTurn, err)
	}
	if out, _ := s.Outbox(); len(out) != 2 {
		t.Fatalf("outbox holds %d messages, want the reseat's and the bot's", len(out))
	}
	if _, err := s.BotMoves(g.ID, res.Game.Stamp, []Play{{Seat: seat, Action: act}}, at, gametest.TurnPost); !errors.Is(err, adega.ErrStale) {
		t.Fatalf("the same decisions again: %v, want stale", err)
	}
}

func TestIllegalMoveChangesNothing(t *testing.T) {
	s := newStore(t)
	g := play(t, s, gametest.Create(t, s, "c1"), 1)
	turn := g.State.Pending()[0].Seat
	before := s.WriterStats().Transactions
	for _, tc := range []struct {
		name   string
		seat   engine.Seat
		action engine.Action
		code   engine.Code
	}{
		{"no such pile", turn, engine.Action{"p9", "1"}, engine.CodeUnknownChoice},
		{"too many", turn, engine.Action{"p1", "4"}, engine.CodeUnknownChoice},
		{"unfinished", turn, engine.Action{"p1"}, engine.CodeIncomplete},
		{"not your turn", 1 - turn, engine.Action{"p1", "1"}, engine.CodeNotYourTurn},
	} {
		_, err := move(s, g.ID, g.Stamp, tc.seat, tc.action, t0)
		if e, ok := err.(*engine.Error); !ok || e.Code != tc.code {
			t.Errorf("%s: err = %#v, want the engine's *engine.Error with code %s", tc.name, err, tc.code)
		}
	}
	if s.WriterStats().Transactions != before {
		t.Error("an illegal move wrote to the database")
	}
}

// A move in a game that does not exist, or was abandoned, is refused in
// words for the player.
func TestMoveInAGameGoneIsRefused(t *testing.T) {
	s := newStore(t)
	if _, err := move(s, "g404", 1, 0, engine.Action{"p1", "1"}, t0); engine.CodeOf(err) != adega.CodeNotFound || err.Error() != "There is no game g404." {
		t.Errorf("a move in a game that does not exist: %v", err)
	}
	g := gametest.Create(t, s, "c1")
	if err := s.SetStatus(g.ID, adega.StatusAbandoned, t0, nil); err != nil {
		t.Fatal(err)
	}
	_, err := move(s, g.ID, g.Stamp+1, g.State.Pending()[0].Seat, engine.Action{"p1", "1"}, t0)
	if engine.CodeOf(err) != engine.CodeGameOver {
		t.Errorf("move in an abandoned game: err = %v, want a game-over refusal", err)
	}
}
