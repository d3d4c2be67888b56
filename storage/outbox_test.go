package storage

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
)

// turnPost is a PostFunc that announces a change the way the bot does: a
// turn message with the board of the new moment.
func turnPost(c Change) ([]*Outgoing, error) {
	g, text := c.Game, "the game begins"
	if len(c.Added) > 0 {
		text = c.Added[0].Events[0].Text
	}
	msg, err := json.Marshal(map[string]string{"content": text})
	if err != nil {
		return nil, err
	}
	return []*Outgoing{{Game: g.ID, ChannelID: g.Meta.ChannelID, Message: msg, Board: BoardOf(g), Turn: true, Stamp: g.Stamp}}, nil
}

// A move queues its turn message in its own transaction: the committed
// move and its message are there together, and delivering the message
// makes it the game's jump target.
func TestMoveQueuesItsTurnMessage(t *testing.T) {
	s := newStore(t)
	g, err := s.Create(Meta{ChannelID: "c1", Seats: []SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
		engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bia"}}, t0, turnPost)
	if err != nil {
		t.Fatal(err)
	}
	seat, action := firstLegal(t, g.State)
	res, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: seat, Action: action}, Now: t0, Post: turnPost})
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Outbox()
	if err != nil || len(out) != 2 {
		t.Fatalf("outbox: %v, %v; want the first turn message and the move's", out, err)
	}
	first, second := out[0], out[1]
	if second.Queue != "c1" || second.Stamp != res.Game.Stamp || !second.Turn ||
		!reflect.DeepEqual(second.Board, &BoardRef{Version: 1, Tail: res.Game.Stamp}) || first.Nonce == second.Nonce {
		t.Fatalf("queued %+v after %+v", second, first)
	}
	if len(second.Nonce) > nonceLength {
		t.Errorf("nonce %q is longer than Discord's %d", second.Nonce, nonceLength)
	}
	if err := s.Delivered(first.Seq, "500", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Delivered(second.Seq, "600", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Delivered(second.Seq, "600", t0); err != nil {
		t.Fatalf("recording a delivery twice: %v", err)
	}
	w := waiting(t, s, g.ID)
	if w.TurnMessageID != "600" || w.TurnStamp != res.Game.Stamp || len(w.Seen) != 2 {
		t.Fatalf("after delivery: %+v", w)
	}
	if out, _ := s.Outbox(); len(out) != 0 {
		t.Fatalf("delivered messages are still queued: %+v", out)
	}
}

// A refused move queues nothing.
func TestRefusedMoveQueuesNothing(t *testing.T) {
	s := newStore(t)
	g := create(t, s, "c1")
	before := dump(t, s)
	_, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: g.State.Pending()[0].Seat, Action: engine.Action{"p1", "99"}},
		Now: t0, Post: turnPost})
	if engine.CodeOf(err) == "" {
		t.Fatalf("an illegal move: %v", err)
	}
	if !reflect.DeepEqual(dump(t, s), before) {
		t.Error("a refused move wrote to the database")
	}
}

func TestFailedDeliveryIsPostponed(t *testing.T) {
	s := newStore(t)
	if err := s.Enqueue(&Outgoing{ChannelID: "c1", Message: json.RawMessage(`{"content":"hi"}`)}); err != nil {
		t.Fatal(err)
	}
	out, _ := s.Outbox()
	later := t0.Add(time.Minute)
	o := out[0]
	o.Attempts, o.NotBefore, o.MaybePosted = 3, later, t0
	o.Message = json.RawMessage(`{"content":"changed"}`)
	if err := s.Postpone(o); err != nil {
		t.Fatal(err)
	}
	again, _ := s.Outbox()
	if len(again) != 1 || again[0].Attempts != 3 || !again[0].NotBefore.Equal(later) || !again[0].MaybePosted.Equal(t0) ||
		again[0].Nonce != out[0].Nonce || string(again[0].Message) != `{"content":"hi"}` {
		t.Fatalf("postponed: %+v", again)
	}
	if err := s.Discard(out[0].Seq); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Outbox(); len(again) != 0 {
		t.Fatalf("discarded: %+v", again)
	}
}

// The same interaction delivered twice applies once, even after a
// restart: the move remembers it.
func TestSameInteractionTwiceAppliesOnce(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	g := create(t, s, "c1")
	seat, action := firstLegal(t, g.State)
	req := MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: Play{Seat: seat, Action: action, Interaction: "9000"}, Now: t0}
	if _, err := s.Move(req); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openAt(t, path)
	_, err := s.Move(req)
	var again *AlreadyPlayedError
	if !errors.As(err, &again) || !strings.Contains(err.Error(), "already played") {
		t.Fatalf("the same interaction again: %v, want AlreadyPlayedError", err)
	}
	if got, _ := s.Load(g.ID); got.Version != 1 {
		t.Fatalf("version %d after one move sent twice", got.Version)
	}
}

// snowflake makes a Discord ID for a moment, as Discord would.
func snowflake(at time.Time, n int) string {
	return strconv.FormatUint(uint64(at.UnixMilli()-discordEpoch)<<22+uint64(n), 10)
}

// A typed command sent again before its sender could know the first copy
// was played (by its answer or by a message showing it) applies once; sent
// after, it is a move of its own.
func TestTypedCommandActsOnTheGameAsItsSenderSawIt(t *testing.T) {
	s := newStore(t)
	g, err := s.Create(Meta{ChannelID: "c1", Seats: []SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
		engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bia"}}, t0, turnPost)
	if err != nil {
		t.Fatal(err)
	}
	deliver := func(at time.Time) {
		out, _ := s.Outbox()
		for _, o := range out {
			if err := s.Delivered(o.Seq, snowflake(at, int(o.Seq)), t0); err != nil {
				t.Fatal(err)
			}
		}
	}
	deliver(t0)
	seat, action := firstLegal(t, g.State)
	acks := map[string]time.Time{}
	acked := func(id string) (time.Time, bool) { at, ok := acks[id]; return at, ok }
	typed := func(at time.Time) (string, error) {
		id := snowflake(at, 0)
		_, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp + 1, Now: at, Post: turnPost, Acked: acked,
			Play: Play{Seat: seat, Action: action, Interaction: id, Typed: "play " + action.String()}})
		return id, err
	}
	first := snowflake(t0.Add(time.Second), 0)
	if _, err := s.Move(MoveRequest{Game: g.ID, Stamp: g.Stamp, Now: t0, Post: turnPost, Acked: acked,
		Play: Play{Seat: seat, Action: action, Interaction: first, Typed: "play " + action.String()}}); err != nil {
		t.Fatal(err)
	}
	var again *AlreadyPlayedError
	// Sent with the first (a double Enter), or retried after its answer
	// was lost and before any message showed it.
	for _, at := range []time.Duration{1100 * time.Millisecond, 5 * time.Second} {
		if _, err := typed(t0.Add(at)); !errors.As(err, &again) {
			t.Fatalf("a copy sent at +%v: %v, want AlreadyPlayedError", at, err)
		}
	}
	// Answered at +1.2 s: a copy sent just after (+1.5 s) is still a copy,
	// one sent at +3 s is a move of its own (which nim refuses: not her turn).
	acks[first] = t0.Add(1200 * time.Millisecond)
	if _, err := typed(t0.Add(1500 * time.Millisecond)); !errors.As(err, &again) {
		t.Fatalf("a copy sent before the answer could be read: %v", err)
	}
	if _, err := typed(t0.Add(3 * time.Second)); errors.As(err, &again) || engine.CodeOf(err) != engine.CodeNotYourTurn {
		t.Fatalf("a command sent after the answer: %v, want the rules' refusal", err)
	}
	// Without the answer, the turn message tells her: a command sent after
	// it is a move of its own.
	delete(acks, first)
	deliver(t0.Add(6 * time.Second))
	if _, err := typed(t0.Add(7 * time.Second)); errors.As(err, &again) {
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
	g := create(t, s, "c1")
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
	r, err := s.Reseat(g.ID, g.Stamp, 1, SeatUser{UserID: "1003"}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if seen[r.Game.Stamp] || r.Game.Meta.Seats[1].UserID != "1003" || r.Game.Meta.Seats[1].Name != "Bia" {
		t.Fatalf("reseat: stamp %d, seats %+v", r.Game.Stamp, r.Game.Meta.Seats)
	}
	if _, err := s.Undo(g.ID, g.Stamp, 1, t0, nil); !errors.As(err, new(*StaleError)) {
		t.Fatalf("an undo from before the reseat: %v, want stale", err)
	}
}

// A seat given to the bot is played by the scheduler, at once: the reseat
// stores no move of the bot's but wakes the scheduler at its own time.
// The bot's decisions, stored with BotMoves, are marked as the bot's, end
// the wake-up, and are refused as stale once the game moved on.
func TestReseatToTheBotWakesTheSchedulerToPlayIt(t *testing.T) {
	s := newStore(t)
	g := create(t, s, "c1")
	seat := g.State.Pending()[0].Seat
	at := t0.Add(time.Hour)
	res, err := s.Reseat(g.ID, g.Stamp, seat, SeatUser{Bot: true}, at, turnPost)
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
	played, err := s.BotMoves(g.ID, res.Game.Stamp, []Play{{Seat: seat, Action: act}}, at, turnPost)
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
	if _, err := s.BotMoves(g.ID, res.Game.Stamp, []Play{{Seat: seat, Action: act}}, at, turnPost); !errors.As(err, new(*StaleError)) {
		t.Fatalf("the same decisions again: %v, want stale", err)
	}
}
