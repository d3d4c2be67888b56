package commands

import (
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
)

// No drawing starts while an interaction is being answered: a painter
// waits for the acknowledgement to be sent.
func TestPaintersWaitWhileAnInteractionIsAnswered(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var h Handler
		answered := h.Answering()
		var started atomic.Bool
		go func() {
			defer h.painter(fair.People, "u1")()
			started.Store(true)
		}()
		synctest.Wait()
		if started.Load() {
			t.Fatal("a drawing started while an interaction was being answered")
		}
		answered()
		synctest.Wait()
		if !started.Load() {
			t.Fatal("the drawing still waits after the acknowledgement")
		}
	})
}

// A game nobody follows keeps no turn board once its message is drawn:
// nothing else shows it, and a bot's memory would hold a dozen boards of
// some 400 KB for nothing.
func TestAGameNobodyFollowsKeepsNoBoard(t *testing.T) {
	h := undoHandler(t)
	finish(t, h, startGame(t, h, "nim"))
	out, err := h.Store.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, o := range out {
		if files, err := h.BoardFiles(o); err != nil {
			t.Fatal(err)
		} else {
			drawn += len(files)
		}
	}
	if drawn == 0 || len(h.turnBoards.kept) != 0 {
		t.Fatalf("%d boards drawn, %d kept; want some drawn, none kept", drawn, len(h.turnBoards.kept))
	}
}

// The board of the moment a game ends is drawn once: for its turn message
// and for each follower's news, which shows the same board. The ending
// after the turn message carries its animation and charts, no board, and
// goes no more once an undo takes the end back.
func TestAMomentsBoardIsDrawnOnceForItsMessageAndTheNews(t *testing.T) {
	h := undoHandler(t)
	var boards atomic.Int32
	h.Drawer = heapDrawer{Drawer: h.Drawer, before: func() { boards.Add(1) }}
	g := startGame(t, h, "nim")
	for _, id := range []string{u3, u4} {
		answer(t, h.Handle(nimSlash(id, "follow")))
	}
	g = finish(t, h, g)
	out, err := h.Store.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	boards.Store(0)
	var shown, endings int
	var ending adega.Outgoing
	for _, o := range out {
		if o.Board == nil || *o.Board != *adega.BoardOf(g) {
			continue
		}
		files, err := h.BoardFiles(o)
		if err != nil {
			t.Fatal(err)
		}
		if o.Ending {
			ending, endings = o, endings+1
			if len(files) != 0 {
				t.Errorf("the ending carries a board")
			}
			continue
		}
		if len(files) != 1 {
			t.Fatalf("%s %s carries %d files, want its board", o.Kind, o.UserID, len(files))
		}
		shown++
	}
	if shown != 3 || endings != 1 || boards.Load() != 1 {
		t.Fatalf("the last moment was shown by %d messages and %d endings, its board drawn %d times; want 3, 1 and once", shown, endings, boards.Load())
	}
	if body, err := h.Compose(ending); err != nil || !strings.Contains(string(body), "move by move") {
		t.Fatalf("the ending: %s, %v", body, err)
	}
	if _, err := h.referee().Undo(g.ID, g.Stamp, 1, h.Now(), h.turn("", true)); err != nil {
		t.Fatal(err)
	}
	if body, err := h.Compose(ending); err != nil || body != nil {
		t.Fatalf("the ending of an end taken back: %s, %v", body, err)
	}
}
