package commands

import (
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/internal/dbtest"
)

// A repaired game's channel is told what was repaired, with the board as
// the log has it and a button to go on, and nobody is pinged.
func TestRepairedTellsTheChannelWithoutPinging(t *testing.T) {
	h := newHandler(t)
	g := startGame(t, h, "vinhos")
	g, _ = playAuto(t, h, g)
	out, err := h.Repaired()(adega.Change{Game: g})
	if err != nil || len(out) != 1 {
		t.Fatalf("Repaired: %v, %v; want one message", out, err)
	}
	o := out[0]
	m := decodeMessage(t, o)
	if o.ChannelID != table || o.Game != g.ID || o.Turn || o.Ending || o.Board == nil || o.Board.Version != 1 {
		t.Fatalf("queued %+v; want the game's channel, its board at move 1, not a turn message", o)
	}
	if !strings.Contains(m.Content, "was found damaged, and was rebuilt from its log (1 move)") || utf8.RuneCountInString(m.Content) > contentLimit {
		t.Errorf("content %q", m.Content)
	}
	if m.AllowedMentions == nil || len(m.AllowedMentions.Parse) != 0 || len(m.AllowedMentions.Users) != 0 {
		t.Errorf("allowed mentions %+v; want nobody pinged", m.AllowedMentions)
	}
	if !strings.Contains(string(m.Components), "Make your move") {
		t.Errorf("no button to go on: %s", m.Components)
	}
}

// A game on a damaged page of the database is explained to the player who
// asks for it, and the operator is told in the log.
func TestADamagedGameIsExplained(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	h := newHandlerAt(t, path)
	g := startGame(t, h, "vinhos")
	h.Store.Close()
	dbtest.OverwritePage(t, path, "games", g.ID)
	var logged strings.Builder
	h = newHandlerAt(t, path)
	h.Log = slog.New(slog.NewTextHandler(&logged, nil))
	r := h.Handle(slash(u1, "status"))
	if !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "This game's saved record is damaged and cannot be read; nothing was changed.") {
		t.Fatalf("reply: %+v", r.Ack.Data)
	}
	if !strings.Contains(logged.String(), "run `adega check "+path+"`") {
		t.Errorf("the log does not tell the operator what to do: %s", logged.String())
	}
}
