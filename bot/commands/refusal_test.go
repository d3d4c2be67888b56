package commands

import (
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
)

// Every refusal reaches its user as it reads, never as the apology for a
// failure of the bot's: those the store and the referee make, from real
// calls, and the handler's own.
func TestRefusalsReadAsThemselves(t *testing.T) {
	h := newHandler(t)
	g := startGame(t, h, "vinhos")
	seat := g.State.Pending()[0].Seat
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		t.Fatal(err)
	}
	move := func(interaction string) error {
		_, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Now: h.Now(),
			Play: referee.Play{Seat: seat, Action: act, Interaction: interaction}})
		return err
	}
	follow := func() error { _, err := h.referee().Follow(g.ID, u3); return err }
	if err := move("1300000000000000001"); err != nil {
		t.Fatal(err)
	}
	if err := follow(); err != nil {
		t.Fatal(err)
	}
	unsealed := func() error {
		played, err := h.Store.Load(g.ID)
		if err != nil {
			return err
		}
		data, err := h.referee().Export(played)
		if err != nil {
			return err
		}
		f, err := referee.ParseExport(data)
		if err != nil {
			return err
		}
		f.Log[0].Events[0].Text = "Ana took everything." // not the log it was sealed with
		_, _, err = h.referee().Unseal(f)
		return err
	}
	_, noGame := h.Store.Load("g404")
	_, noLobby := h.Store.UpdateLobby("nope", func(*adega.Lobby) error { return nil })
	for what, refusal := range map[string]error{
		"a game that does not exist":   noGame,
		"a lobby that does not exist":  noLobby,
		"a lobby too many":             h.Store.CreateLobby(adega.Lobby{ID: "l1", CreatorID: u1}, 0),
		"a move sent twice":            move("1300000000000000001"),
		"a move of an earlier moment":  move("1300000000000000002"),
		"following twice":              follow(),
		"an export opened with a lie":  unsealed(),
		"an undo request closed since": errNoUndo,
		"a button not ours":            errBadCustomID,
		"a player not playing":         errNotPlaying,
	} {
		if got := answer(t, h.fail(slash(u1, "status"), refusal)); refusal == nil || got != refusal.Error() {
			t.Errorf("%s (%v) is answered %q", what, refusal, got)
		}
	}
}
