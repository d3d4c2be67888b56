package commands

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adega-bot/adega/storage"
)

// A repaired game's channel is told what was repaired, with the board as
// the log has it and a button to go on, and nobody is pinged.
func TestRepairedTellsTheChannelWithoutPinging(t *testing.T) {
	h := newHandler(t)
	g := startGame(t, h, "vinhos")
	g, _ = playAuto(t, h, g)
	out, err := h.Repaired()(storage.Change{Game: g})
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
