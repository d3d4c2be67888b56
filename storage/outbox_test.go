package storage

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/internal/gametest"
)

// A move queues its turn message in its own transaction: the committed
// move and its message are there together, and delivering the message
// makes it the game's jump target.
func TestMoveQueuesItsTurnMessage(t *testing.T) {
	s := newStore(t)
	g, err := s.Create(adega.Meta{ChannelID: "c1", Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}}},
		engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bia"}}, t0, gametest.TurnPost)
	if err != nil {
		t.Fatal(err)
	}
	seat, action := gametest.FirstLegal(t, g.State)
	moved, err := commit(s, g.ID, g.Stamp, t0, gametest.TurnPost, nil, played(adega.LogEntry{Seat: seat, Action: action, At: t0}))
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Outbox()
	if err != nil || len(out) != 2 {
		t.Fatalf("outbox: %v, %v; want the first turn message and the move's", out, err)
	}
	first, second := out[0], out[1]
	if second.Queue != "c1" || second.Stamp != moved.Stamp || !second.Turn ||
		!reflect.DeepEqual(second.Board, &adega.BoardRef{Version: 1, Tail: moved.Stamp}) || first.Nonce == second.Nonce {
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
	if w.TurnMessageID != "600" || w.TurnStamp != moved.Stamp || len(w.Seen) != 2 {
		t.Fatalf("after delivery: %+v", w)
	}
	if out, _ := s.Outbox(); len(out) != 0 {
		t.Fatalf("delivered messages are still queued: %+v", out)
	}
}

func TestFailedDeliveryIsPostponed(t *testing.T) {
	s := newStore(t)
	if err := s.Enqueue(&adega.Outgoing{ChannelID: "c1", Message: json.RawMessage(`{"content":"hi"}`)}); err != nil {
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

// The courier is shown each queue's first entry only, and gets whole the
// ones it takes: the entries behind a head wait for it, and a head it
// leaves (its queue busy, or held) is not read further.
func TestOutboxHeadsShowsEachQueuesFirstEntry(t *testing.T) {
	s := newStore(t)
	later := t0.Add(time.Hour)
	var queued []*adega.Outgoing
	for _, o := range []adega.Outgoing{
		{ChannelID: "c1", Message: json.RawMessage(`{"content":"c1 first"}`)},
		{ChannelID: "c2", Message: json.RawMessage(`{"content":"c2 first"}`), NotBefore: later},
		{ChannelID: "c1", Message: json.RawMessage(`{"content":"c1 second"}`)},
		{UserID: "1001", Message: json.RawMessage(`{"content":"dm first"}`)},
		{ChannelID: "c3", Message: json.RawMessage(`{"content":"c3 first"}`)},
	} {
		queued = append(queued, &o)
	}
	if err := s.Enqueue(queued...); err != nil {
		t.Fatal(err)
	}
	var shown []OutboxHead
	out, err := s.OutboxHeads(func(h OutboxHead) bool {
		shown = append(shown, h)
		return h.Queue != "c3"
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []OutboxHead{
		{Seq: queued[0].Seq, Queue: "c1"},
		{Seq: queued[1].Seq, Queue: "c2", NotBefore: later.UTC()},
		{Seq: queued[3].Seq, Queue: "user:1001"},
		{Seq: queued[4].Seq, Queue: "c3"},
	}
	for i := range shown {
		shown[i].NotBefore = shown[i].NotBefore.UTC()
	}
	if !reflect.DeepEqual(shown, want) {
		t.Fatalf("shown %+v, want %+v", shown, want)
	}
	var got []string
	for _, o := range out {
		got = append(got, string(o.Message))
	}
	if want := []string{`{"content":"c1 first"}`, `{"content":"c2 first"}`, `{"content":"dm first"}`}; !reflect.DeepEqual(got, want) {
		t.Fatalf("taken %q, want %q", got, want)
	}
}
