package commands

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/render"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
)

// A player switches the game to the compact board: the board is posted
// again, drawn so, and so are the next turn messages, until a player
// switches back. Someone not playing cannot choose, and looking back and
// restyling at once is refused.
func TestCompactBoardForTheTurnMessages(t *testing.T) {
	h := newHandler(t)
	h.Drawer = render.Boards{"vinhos": vinhosboard.Renderer}
	g := startGame(t, h, "vinhos")
	deliver(t, h)
	boardWidth := func(d delivered) int {
		t.Helper()
		b, err := h.BoardPNG(d.Outgoing)
		if err != nil || b == nil {
			t.Fatalf("no board: %v", err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Width
	}
	posted := func() delivered {
		t.Helper()
		msgs := deliver(t, h)
		if len(msgs) != 1 {
			t.Fatalf("%d messages posted, want 1", len(msgs))
		}
		return msgs[0]
	}

	if r := h.Handle(slash(u3, "board", strOpt("style", "compact"))); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "not playing") {
		t.Fatalf("an onlooker chose the board: %+v", r.Ack.Data)
	}
	if r := h.Handle(slash(u1, "board", intOpt("move", 0), strOpt("style", "compact"))); !strings.Contains(r.Ack.Data.Content, "not both") {
		t.Fatalf("move and style at once: %+v", r.Ack.Data)
	}
	if len(deliver(t, h)) != 0 {
		t.Fatal("a refused choice posted something")
	}

	h.Handle(slash(u2, "board", strOpt("style", "compact")))
	d := posted()
	if !strings.Contains(d.Content, "compact board") || boardWidth(d) >= 1000 {
		t.Fatalf("the restyled board: %q, %d pixels wide", d.Content, boardWidth(d))
	}
	g, err := h.Store.Load(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	seat := g.State.Pending()[0].Seat
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Now: h.Now(),
		Play: referee.Play{Seat: seat, Action: act}, Post: h.turn("played", true)}); err != nil {
		t.Fatal(err)
	}
	if w := boardWidth(posted()); w >= 1000 {
		t.Fatalf("the next turn message's board is %d pixels wide", w)
	}

	h.Handle(slash(u1, "board", strOpt("style", "full")))
	if w := boardWidth(posted()); w != 1800 {
		t.Fatalf("back to the full board: %d pixels wide", w)
	}
}
