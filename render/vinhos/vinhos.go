// Package vinhos draws a Vinhos Deluxe game: the shared board with every
// player's board for the channel, and one player's board for /vinhos me.
//
// Each layout's static parts (cards, grids, labels, component values) are
// drawn once into a cached background; a render draws only the pieces of
// the state, area by area: on the board drawn before, only the areas that
// changed (render.Canvas.Area).
package vinhos

import (
	"image"
	"image/color"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// Options changes what Draw shows.
type Options struct {
	// NoBoard marks seats drawn without a player board, such as the Lacerda
	// automa: their pieces stay on the shared board and a strip shows what
	// they hold. Nil means every seat has a board.
	NoBoard func(engine.Seat) bool
	// Compact draws the board in one column as wide as a focused view,
	// each seat with its counters and estates: for a phone (placeColumn).
	Compact bool
}

// Draw renders the shared board of s for the channel. In a solo game,
// Lacerda has no player board.
func Draw(s *vinhos.State) image.Image { return DrawWith(s, defaults(s)) }

// DrawCompact renders the compact board of s.
func DrawCompact(s *vinhos.State) image.Image {
	o := defaults(s)
	o.Compact = true
	return DrawWith(s, o)
}

func defaults(s *vinhos.State) Options {
	var o Options
	if s.IsSolo() {
		o.NoBoard = func(seat engine.Seat) bool { return seat == vinhos.LacerdaSeat }
	}
	return o
}

// DrawWith renders the shared board of s with options.
func DrawWith(s *vinhos.State, o Options) image.Image {
	c, _ := drawBoard(s, o, false)
	return c.RGBA()
}

// Background is the cached background of the shared board of s: its
// static parts alone, which the benchmarks compare a move's cost with.
func Background(s *vinhos.State) image.Image {
	c, bg := drawBoard(s, defaults(s), false)
	render.Release(c.RGBA())
	return bg.Image()
}

// Renderer draws Vinhos for render.Boards.
var Renderer = render.Renderer{Board: Board, Compact: Compact, Player: Player, Focus: FocusOf, Colors: Colors}

// Colors is each seat's color in an engine state of Vinhos, for the charts.
func Colors(s engine.State) []color.Color { return seatColors(s.(*vinhos.State)) }

// Compact draws the compact board of an engine state of Vinhos.
func Compact(s engine.State) image.Image { return DrawCompact(s.(*vinhos.State)) }

// Board draws an engine state of Vinhos, for render.Boards.
func Board(s engine.State) image.Image { return Draw(s.(*vinhos.State)) }

// Player draws one seat's board of an engine state of Vinhos, for
// render.Boards.
func Player(s engine.State, seat engine.Seat) image.Image { return DrawPlayer(s.(*vinhos.State), seat) }

// boardKey tells the cached backgrounds apart: the layout depends on the
// mode, its player boards' Estates, the player count and the seats without
// a board, and the printed values on the component data, which a game may
// override.
type boardKey struct {
	mode    vinhos.Mode
	estates int
	players int
	noBoard uint8 // bit per seat
	compact bool
	data    vinhos.Data
}

var boards render.Cache[boardKey, *render.Layer]

// drawBoard renders the shared board, recording its text boxes if asked,
// and returns the canvas and the background it started from.
func drawBoard(s *vinhos.State, o Options, record bool) (*render.Canvas, *render.Layer) {
	v := newView(s, o)
	key := boardKey{mode: s.Mode, estates: s.Estates(), players: len(s.Seats), noBoard: v.noBoardMask(), compact: o.Compact, data: *s.Data()}
	l := newLayout(v.board, o.Compact, s.Mode, s.Estates())
	bg := boards.Get(key, func() *render.Layer {
		return render.NewLayer(int(l.width), l.height, 1, func(c *render.Canvas) { l.static(c, s.Data()) })
	})
	c := bg.Canvas()
	if record {
		c.Record()
	}
	l.pieces(c, v)
	return c, bg
}
