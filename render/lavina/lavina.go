// Package lavina draws a La Viña game: the shared board for the channel,
// one player's board for /lavina me, and the focused views of a player's
// decision.
//
// Every drawing starts from the engine's view for the seat looking
// (lavina.State.View), never from the state itself: the shared board is
// drawn from a spectator's view, so a lower card's tool, the deck's order
// and every prestige the game keeps private stay off it.
package lavina

import (
	"image"
	"image/color"
	"slices"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

// Renderer draws La Viña for render.Boards.
var Renderer = render.Renderer{Board: Board, Compact: Compact, Player: Player, Focus: FocusOf, Colors: Colors}

// Colors is each seat's color in an engine state of La Viña, for the
// charts: its pickers' and barrels' on the boards (view.color).
func Colors(s engine.State) []color.Color {
	return slices.Clone(seatColors[:len(s.Players())]) // callers may not paint the board's own palette
}

// Board draws an engine state of La Viña, for render.Boards.
func Board(s engine.State) image.Image { return Draw(s.(*lavina.State)) }

// Compact draws the compact board of an engine state of La Viña.
func Compact(s engine.State) image.Image { return DrawCompact(s.(*lavina.State)) }

// Player draws one seat's board of an engine state of La Viña.
func Player(s engine.State, seat engine.Seat) image.Image {
	return DrawPlayer(s.(*lavina.State), seat)
}

// FocusOf draws a focused view of an engine state of La Viña.
func FocusOf(s engine.State, seat engine.Seat, focus string) image.Image {
	return Focus(s.(*lavina.State), seat, focus)
}

// Draw renders the shared board of s, as anyone may see it.
func Draw(s *lavina.State) image.Image {
	c, _ := drawBoard(s, false, false)
	return c.RGBA()
}

// DrawCompact renders the shared board of s two column views wide, for a
// phone.
func DrawCompact(s *lavina.State) image.Image {
	c, _ := drawBoard(s, true, false)
	return c.RGBA()
}

// boards caches a background per shape of game.
var boards render.Cache[shape, *render.Layer]

// drawBoard renders the shared board, recording its text boxes if asked,
// and returns the canvas and the background it started from.
func drawBoard(s *lavina.State, compact, record bool) (*render.Canvas, *render.Layer) {
	v := newView(s, engine.NoSeat)
	sh := shape{players: len(v.v.Seats), spaces: len(v.v.Aisle), wineries: len(v.v.Wineries), compact: compact}
	l := newLayout(sh)
	bg := boards.Get(sh, func() *render.Layer {
		return render.NewLayer(l.width, l.height, 1, l.static)
	})
	c := bg.Canvas()
	if record {
		c.Record()
	}
	l.pieces(c, v)
	return c, bg
}
