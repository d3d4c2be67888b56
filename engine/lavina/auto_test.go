package lavina

import (
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
)

// engine.Auto plays a seat nobody is playing: it always finds a legal
// decision, so a game of bot seats reaches its end.
func TestAutoPlaysWholeGames(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		enginetest.Play(t, newGame(t, uint64(players), players, nil), 2000, enginetest.Auto(t), nil)
	}
}

// Commands build decisions from step names and values, declining what can
// be declined: "move exit" ends the turn at the exit.
func TestCommandsBuildDecisions(t *testing.T) {
	s := newGame(t, 4, 3, nil)
	seat := s.Pending()[0].Seat
	act, err := enginetest.Build(s, seat, []string{"move", "exit"}, nil)
	if err != nil || len(act) != 3 || act[2] != "done" {
		t.Fatalf("%v, %v", act, err)
	}
	act, err = enginetest.Build(s, seat, nil, map[string]string{"action": "move", "to": "s2-front"})
	if err != nil || act[1] != "s2-front" {
		t.Fatalf("%v, %v", act, err)
	}
	if _, err := enginetest.Build(s, seat, []string{"done"}, nil); err == nil || !strings.Contains(err.Error(), "must move your picker forward") {
		t.Fatalf("ending a turn unmoved: %v", err)
	}
}

// A typed turn that turns up a hidden tool is played in two parts: up to
// the take, then the rest, which the same player owes at once.
func TestATypedTurnStopsAtHiddenInformation(t *testing.T) {
	x := newTable(t, 3, nil)
	x.turn(0, 1, FrontBox)
	x.lay(1, 0, x.card(Garnacha, 1, NoTool), x.card(Garnacha, 4, NoTool))
	part, err := engine.BuildPart(x.s, 0, []string{"take", "left", "basket-1", "move", "exit"}, nil)
	if err != nil || !slices.Equal(part.Action, engine.Action{"take", "left"}) || !slices.Equal(part.Rest, []string{"basket-1", "move", "exit"}) {
		t.Fatalf("%+v, %v", part, err)
	}
	x.play(part.Action...)
	// Read as "Bruno must go on with the turn" (issue 32).
	if p := x.s.Pending(); len(p) != 1 || p[0].Seat != 0 || !p[0].Continues || p[0].Prompt != "go on with the turn" {
		t.Fatalf("pending %+v", p)
	}
	act, err := enginetest.Build(x.s, 0, part.Rest, nil)
	if err != nil || !slices.Equal(act, engine.Action{"basket-1", "move", "exit", "done"}) {
		t.Fatalf("%v, %v", act, err)
	}
}
