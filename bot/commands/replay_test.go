package commands

import (
	"fmt"
	"image/gif"
	"image/png"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// /vinhos board move:N shows the board after move N to the one who asked,
// and its buttons and menu step through the game: back, next, to the
// setup, to now, and to the start of each year.
func TestLookingBackStepsThroughTheGame(t *testing.T) {
	h := newHandler(t)
	g := startGame(t, h, "vinhos")
	for len(g.Log) < 40 {
		g, _ = playAuto(t, h, g)
	}
	show := func(r Reply) (string, []discordgo.MessageComponent) {
		t.Helper()
		if r.Edit == nil {
			t.Fatalf("no board follows: %+v", r.Ack)
		}
		e, err := r.Edit()
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Files) != 1 || e.Attachments == nil || len(*e.Attachments) != 0 {
			t.Fatalf("the view does not replace its board with one image: %d files", len(e.Files))
		}
		checkFits(t, Reply{Ack: &discordgo.InteractionResponse{Data: &discordgo.InteractionResponseData{Content: *e.Content, Components: *e.Components}}})
		return *e.Content, *e.Components
	}
	r := h.Handle(slash(u2, "board", intOpt("move", 3)))
	if !ephemeral(r) || r.Ack.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("looking back is not private: %+v", r.Ack)
	}
	text, comps := show(r)
	if !strings.Contains(text, "move 3 of 40") || !strings.Contains(text, "Move 3, ") {
		t.Fatalf("move 3: %q", text)
	}
	next := replayControl(t, comps, "Next ▶")
	r = h.Handle(click(u2, next))
	if r.Ack.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("a step does not update the view: %+v", r.Ack)
	}
	if text, comps = show(r); !strings.Contains(text, "move 4 of 40") {
		t.Fatalf("after Next: %q", text)
	}
	if text, _ = show(h.Handle(click(u2, replayControl(t, comps, "⏮ Setup")))); !strings.Contains(text, "move 0 of 40") || !strings.Contains(text, "The setup:") {
		t.Fatalf("back to the setup: %q", text)
	}
	text, comps = show(h.Handle(click(u2, replayControl(t, comps, "Now ⏭"))))
	if !strings.Contains(text, "move 40 of 40") || !replayDisabled(comps, "Next ▶") {
		t.Fatalf("now: %q, and Next must be off", text)
	}
	// The menu jumps to the start of a year.
	menu := comps[1].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	var year1 string
	for _, o := range menu.Options {
		if o.Label == "Year 1" {
			year1 = o.Value
		}
	}
	if year1 == "" || menu.Options[0].Label != "Setup" {
		t.Fatalf("the menu offers %+v, want Setup first and Year 1", menu.Options)
	}
	jump := click(u2, menu.CustomID)
	jump.Message.Components = []discordgo.MessageComponent{&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&menu}}}
	jump.Data = discordgo.MessageComponentInteractionData{CustomID: menu.CustomID, ComponentType: discordgo.SelectMenuComponent, Values: []string{year1}}
	if text, _ = show(h.Handle(jump)); !strings.Contains(text, "· Year 1,") {
		t.Fatalf("the jump to Year 1 shows %q", text)
	}
	// A move that does not exist is refused, and says which do.
	if r := h.Handle(slash(u2, "board", intOpt("move", 41))); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "moves 0 (the setup) to 40") {
		t.Fatalf("move 41: %+v", r.Ack.Data)
	}
	if after, err := h.Store.Load(g.ID); err != nil || after.Stamp != g.Stamp {
		t.Fatal("looking back changed the game")
	}
}

func replayControl(t *testing.T, comps []discordgo.MessageComponent, label string) string {
	t.Helper()
	for _, c := range comps[0].(discordgo.ActionsRow).Components {
		if b := c.(discordgo.Button); b.Label == label {
			return b.CustomID
		}
	}
	t.Fatalf("no %q button", label)
	return ""
}

func replayDisabled(comps []discordgo.MessageComponent, label string) bool {
	for _, c := range comps[0].(discordgo.ActionsRow).Components {
		if b := c.(discordgo.Button); b.Label == label {
			return b.Disabled
		}
	}
	return false
}

// /vinhos replay answers privately with the game so far as an animated
// GIF: a frame at the end of each part of the game, the last one now.
func TestReplayAnimatesTheGameSoFar(t *testing.T) {
	h := newHandler(t)
	g := startGame(t, h, "vinhos")
	for len(g.Log) < 30 {
		g, _ = playAuto(t, h, g)
	}
	r := h.Handle(slash(u2, "replay"))
	if !ephemeral(r) || r.Edit == nil {
		t.Fatalf("the animation is not private, or does not follow: %+v", r.Ack)
	}
	e, err := r.Edit()
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Files) != 1 || e.Files[0].Name != AnimationFile {
		t.Fatalf("files %+v", e.Files)
	}
	anim, err := gif.DecodeAll(e.Files[0].Reader)
	if err != nil {
		t.Fatal(err)
	}
	ends, err := partEnds(h.Games, g)
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != len(ends) || len(ends) < 3 || ends[len(ends)-1].Phase() != g.State.Phase() {
		t.Fatalf("%d frames for %d parts of the game; want one each, the last now", len(anim.Image), len(ends))
	}
	if !strings.Contains(*e.Content, fmt.Sprintf("%d frames", len(ends))) {
		t.Fatalf("the message says %q", *e.Content)
	}
}

// /vinhos status chart:True draws each player's VP through the game so
// far: a point at the end of the setup, of each year and Fair, and now,
// the last one each player's VP now.
func TestStatusChartsTheVPRace(t *testing.T) {
	h := newHandler(t)
	g := startGame(t, h, "vinhos")
	for len(g.Log) < 45 {
		g, _ = playAuto(t, h, g)
	}
	r := h.Handle(slash(u2, "status", boolOpt("chart", true)))
	if !ephemeral(r) || r.Edit == nil {
		t.Fatalf("the chart is not private, or does not follow: %+v", r.Ack.Data.Content)
	}
	e, err := r.Edit()
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Files) != 1 || e.Files[0].Name != ChartFile || !strings.Contains(*e.Content, "move 45") {
		t.Fatalf("files %+v, text %q", e.Files, *e.Content)
	}
	img, err := png.Decode(e.Files[0].Reader)
	if err != nil || img.Bounds().Dx() != 720 {
		t.Fatalf("the chart does not decode to a 720-pixel image: %v", err)
	}
	labels, series, err := vpRace(h.Games, h.Drawer, g)
	if err != nil {
		t.Fatal(err)
	}
	if labels[0] != "Setup" || labels[1] != "Y1" || labels[len(labels)-1] != "now" || len(series) != 2 {
		t.Fatalf("labels %v, %d series", labels, len(series))
	}
	for k, p := range g.State.Players() {
		vp, _ := p.Stat("vp")
		if s := series[k]; s.Name != p.Name || len(s.Values) != len(labels) || s.Values[len(s.Values)-1] != vp {
			t.Fatalf("%s's line %v ends away from their %d VP", p.Name, s.Values, vp)
		}
	}
	if r := h.Handle(slash(u2, "status")); r.Edit != nil || !strings.Contains(r.Ack.Data.Content, "move 45") {
		t.Fatal("status without chart: must answer at once, in text")
	}
}
