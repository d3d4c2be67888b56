package commands

import (
	"image/color"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
)

// The VP charts draw each player in their colour on the board: Ana's
// pieces are orange, so is her line in the VP race and the mark by her
// bar in the VP by source; the blue line is the blue player.
func TestChartsDrawEachPlayerInTheirBoardColour(t *testing.T) {
	h := newHandler(t)
	h.Drawer = render.Boards{"vinhos": vinhosboard.Renderer}
	players := []string{"Ana", "Bruno", "Carla"}
	g := newVinhos(t, h, "", 5, players...)
	for len(g.Log) < 20 {
		g, _ = playAuto(t, h, g)
	}
	// Each player's token heads their focused view, left of the initials.
	pieces := map[string]color.Color{}
	for seat, name := range players {
		img := h.Drawer.Focus("vinhos", g.State, engine.Seat(seat), "")
		pieces[name] = color.RGBAModel.Convert(img.At(2*(render.Margin+14-9), 2*20))
	}
	if pieces["Ana"] == pieces["Carla"] {
		t.Fatalf("Ana's and Carla's tokens look alike: %v", pieces)
	}
	_, race, err := vpRace(h.Games, h.Drawer, g)
	if err != nil {
		t.Fatal(err)
	}
	_, bars := vpSources(h.Drawer, g)
	for _, s := range append(race, bars...) {
		if got := color.RGBAModel.Convert(s.Color); got != pieces[s.Name] {
			t.Errorf("%s is drawn %v in a chart, and their pieces %v on the board", s.Name, got, pieces[s.Name])
		}
	}
}
