package lavina

import (
	"image"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
)

// TestConcurrentRenders draws several boards and views at once and checks
// each against the same image drawn alone.
func TestConcurrentRenders(t *testing.T) {
	rendertest.Concurrent(t, []func() image.Image{
		func() image.Image { return Draw(state(t, "mid-2p")) },
		func() image.Image { return Draw(state(t, "mid-5p")) },
		func() image.Image { return DrawPlayer(state(t, "mid-5p"), 3) },
		func() image.Image { return Focus(state(t, "public-3p"), 1, lavina.FocusAisle) },
	})
}

// TestBoards: the bot registers the renderer as render.Boards{"lavina":
// Renderer}; each way it asks for an image draws the right one, and the
// compact board too.
func TestBoards(t *testing.T) {
	boards := render.Boards{"lavina": Renderer}
	s := state(t, "mid-5p")
	want := map[string]image.Image{
		"board":   Draw(s),
		"compact": DrawCompact(s),
		"player":  DrawPlayer(s, 2),
		"focus":   Focus(s, 2, lavina.FocusWineries),
	}
	got := map[string]image.Image{
		"board":   boards.Board("lavina", s),
		"compact": boards.Compact("lavina", s),
		"player":  boards.Player("lavina", s, engine.Seat(2)),
		"focus":   boards.Focus("lavina", s, 2, lavina.FocusWineries),
	}
	for name, img := range want {
		if string(pixels(img)) != string(pixels(got[name])) {
			t.Errorf("render.Boards draws another %s", name)
		}
	}
}
