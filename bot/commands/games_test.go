package commands

import (
	"strings"
	"testing"
)

// Every registered game is played with its own command, made from what it
// declares: /nim opens a Nim lobby, with Nim's rules help and no Vinhos
// shortcut or rulings; a game's command acts only on a game of its kind,
// and says which command the channel's game takes.
func TestEachGameHasItsCommand(t *testing.T) {
	h := undoHandler(t)
	in := nimSlash(u1, "new", intOpt("players", 3))
	in.ChannelID = "1000" // a channel: the game would get a thread
	if r := h.Handle(in); !strings.Contains(r.Ack.Data.Content, "**Nim, Nim**: a table for up to 3 players.") {
		t.Fatalf("/nim new: %q", r.Ack.Data.Content)
	}
	startGame(t, h, "nim")
	in = nimSlash(u1, "status", boolOpt("chart", true))
	if r := h.Handle(in); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "Nim keeps no score that everyone may see as it goes") {
		t.Fatalf("/nim status chart:True: %q", r.Ack.Data.Content)
	}
	startGame(t, h, "vinhos")
	for _, tc := range []struct {
		name string
		r    Reply
		says string
	}{
		{"/nim status in a Vinhos thread", h.Handle(nimSlash(u1, "status")), "This channel's game is Vinhos Deluxe: use `/vinhos` for it."},
		{"/nim rules", h.Handle(nimSlash(u1, "rules", strOpt("topic", "overview"))), "whoever takes the last counter wins"},
		{"/nim rules rulings", h.Handle(nimSlash(u1, "rules", strOpt("topic", "rulings"))), "Pick a topic from the list: overview."},
		{"/nim sell", h.Handle(nimSlash(u1, "sell")), "Nothing was changed: there is no option"},
		{"/vinhos status", h.Handle(slash(u1, "status")), "Vinhos Deluxe"},
	} {
		if r := tc.r; !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, tc.says) {
			t.Errorf("%s: %q, want %q", tc.name, r.Ack.Data.Content, tc.says)
		}
	}
}
