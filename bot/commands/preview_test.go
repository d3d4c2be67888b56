package commands

import (
	"image"
	"slices"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// focusRecorder is a Drawer that keeps the state each focused view was
// drawn from.
type focusRecorder struct {
	render.Boards
	drawn []engine.State
}

func (d *focusRecorder) Focus(game string, s engine.State, seat engine.Seat, focus string) image.Image {
	d.drawn = append(d.drawn, s)
	return d.Boards.Focus(game, s, seat, focus)
}

// pickStep is userID's choice number n in the private step view of the
// guided flow whose menu is id.
func pickStep(userID string, id customID, n int) *discordgo.Interaction {
	menu, value := id.String(), "c"+strconv.Itoa(n)
	return &discordgo.Interaction{ID: nextID(), Type: discordgo.InteractionMessageComponent, ChannelID: table, GuildID: "1100000000000000000",
		Member: member(userID),
		Message: &discordgo.Message{ID: "1400000000000000010", ChannelID: table, Flags: discordgo.MessageFlagsEphemeral, Components: []discordgo.MessageComponent{
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.SelectMenu{CustomID: menu, Options: []discordgo.SelectMenuOption{{Value: value}}}}}}},
		Data: discordgo.MessageComponentInteractionData{CustomID: menu, ComponentType: discordgo.SelectMenuComponent, Values: []string{value}}}
}

// In the middle of a decision the focused view shows the game as the
// answers so far leave it: after a move that costs Bagos, the player's
// money in the next step's view is what the move left, which is what the
// next step's prices are weighed against.
func TestStepViewShowsTheGameAsTheAnswersLeaveIt(t *testing.T) {
	h := newHandler(t)
	rec := &focusRecorder{Boards: render.Boards{}}
	h.Drawer = rec
	g := startGame(t, h, "vinhos")
	for g.State.(*vinhos.State).At != vinhos.PhaseActions {
		g, _ = playAuto(t, h, g)
	}
	seat := g.State.Pending()[0].Seat
	step, err := g.State.Choices(seat, nil)
	if err != nil {
		t.Fatal(err)
	}
	paid := slices.IndexFunc(step.Choices, func(c engine.Choice) bool { return c.Cost == "1 Bago" })
	if paid < 0 {
		t.Fatalf("no move costs a Bago: %+v", step.Choices)
	}
	if next, err := g.State.Choices(seat, engine.Action{step.Choices[paid].ID}); err != nil || next.Name == "payment" {
		t.Fatalf("the move is not paid at once: %+v, %v", next, err)
	}
	before := g.State.(*vinhos.State).Seats[seat].Money
	r := h.Handle(pickStep(g.Meta.Seats[seat].UserID, customID{kind: kindStep, target: g.ID, stamp: g.Stamp}, paid))
	if r.Edit == nil {
		t.Fatalf("the next step draws no view: %+v", r.Ack.Data)
	}
	if _, err := r.Edit(); err != nil {
		t.Fatal(err)
	}
	if len(rec.drawn) != 1 {
		t.Fatalf("%d views drawn", len(rec.drawn))
	}
	if money := rec.drawn[0].(*vinhos.State).Seats[seat].Money; money != before-1 {
		t.Errorf("after %q the view shows %d Bagos; %d before the move", step.Choices[paid].Label, money, before)
	}
}
