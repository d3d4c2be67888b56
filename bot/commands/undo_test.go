package commands

import (
	"strings"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/storage"
)

func undoHandler(t testing.TB) *Handler {
	h := newHandler(t)
	h.Games = engine.NewRegistry(vinhos.Game{}, nim.Game{})
	store, err := storage.Open(t.TempDir()+"/u.db", h.Games)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h.Store = store
	return h
}

func TestUndoAtOnceWhenNobodyPlayedSinceAndNothingWasRevealed(t *testing.T) {
	h := undoHandler(t)
	g, mover := playAuto(t, h, startGame(t, h, "nim"))
	r := h.Handle(nimSlash(mover, "undo"))
	if msgs := deliver(t, h); !ephemeral(r) || len(msgs) != 1 || !strings.Contains(msgs[0].Content, "took back their last action (1 move)") {
		t.Fatalf("undo reply: %+v, posted %+v", r, msgs)
	}
	if g2, _ := h.Store.Load(g.ID); g2.Version != 0 {
		t.Fatalf("version %d after undo", g2.Version)
	}
	if r := h.Handle(nimSlash(mover, "undo")); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "no action to take back") {
		t.Fatalf("undo with nothing to undo: %+v", r.Ack.Data)
	}
}

func TestUndoAfterOthersPlayedNeedsTheirConsent(t *testing.T) {
	for _, answer := range []string{kindAgree, kindRefuse} {
		h := undoHandler(t)
		g, first := playAuto(t, h, startGame(t, h, "nim"))
		g, second := playAuto(t, h, g)
		r := h.Handle(nimSlash(first, "undo"))
		if !ephemeral(r) || len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "others have played since") {
			t.Fatalf("request: %+v", r)
		}
		if got := r.Posts[0].Message.AllowedMentions.Users; len(got) != 1 || got[0] != second {
			t.Fatalf("the request pings %v, want %s", got, second)
		}
		id := customID{kind: answer, target: g.ID, stamp: g.Stamp}.String()
		if r := h.Handle(click(first, id)); !ephemeral(r) {
			t.Fatal("the requester answered their own request")
		}
		r = h.Handle(click(second, id))
		after, _ := h.Store.Load(g.ID)
		switch answer {
		case kindAgree:
			if msgs := deliver(t, h); after.Version != 0 || len(msgs) != 1 || !strings.Contains(msgs[0].Content, "everyone agreed") {
				t.Fatalf("after consent: version %d, posted %+v", after.Version, msgs)
			}
		case kindRefuse:
			if after.Version != 2 || after.Meta.Undo != nil || !strings.Contains(r.Ack.Data.Content, "refused") {
				t.Fatalf("after refusal: version %d, request %+v", after.Version, after.Meta.Undo)
			}
		}
		if r := h.Handle(click(second, id)); !strings.Contains(r.Ack.Data.Content, "closed") {
			t.Fatalf("an answered request took a second answer: %+v", r.Ack.Data)
		}
	}
}

func TestUndoOfARevealNeedsConsent(t *testing.T) {
	h := undoHandler(t)
	g, mover := playAuto(t, h, startGame(t, h, "vinhos")) // an initial vineyard shows the next tile
	r := h.Handle(slash(mover, "undo"))
	if len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "revealed new information") {
		t.Fatalf("undoing a reveal: %+v", r)
	}
	if after, _ := h.Store.Load(g.ID); after.Version != g.Version || after.Meta.Undo == nil {
		t.Fatal("the reveal was undone without consent")
	}
}

// In a practice game an undo takes back what a move revealed at once, even
// with other people at the table; taking back their moves still needs
// their consent, but not for what was revealed.
func TestPracticeUndoOfARevealIsAtOnce(t *testing.T) {
	h := undoHandler(t)
	g := startGame(t, h, "vinhos")
	if _, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error { m.Practice = true; return nil }); err != nil {
		t.Fatal(err)
	}
	g, mover := playAuto(t, h, g) // an initial vineyard shows the next tile
	if !engine.Revealed(g.Log[0].Events) {
		t.Fatal("the first move revealed nothing; choose another seed")
	}
	if r := h.Handle(slash(mover, "undo")); len(r.Posts) != 0 || !strings.Contains(r.Ack.Data.Content, "Done") {
		t.Fatalf("undoing a reveal in practice: %+v", r.Ack.Data)
	}
	g, err := h.Store.Load(g.ID)
	if err != nil || g.Version != 0 {
		t.Fatalf("version %d after the undo (%v)", g.Version, err)
	}
	g, first := playAuto(t, h, g)
	playAuto(t, h, g)
	r := h.Handle(slash(first, "undo"))
	if len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "Because others have played since, every other player must agree") {
		t.Fatalf("undoing past another player's move in practice: %+v", r)
	}
}
