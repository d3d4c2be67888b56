package render

import (
	"image"
	"image/color"

	"github.com/fogleman/gg"

	"github.com/adega-bot/adega/engine"
)

// Palette colors shared by renderers.
var (
	Paper  = color.RGBA{0xf7, 0xf3, 0xea, 0xff}
	Ink    = color.RGBA{0x2b, 0x24, 0x1f, 0xff}
	Muted  = color.RGBA{0x7a, 0x70, 0x66, 0xff}
	Accent = color.RGBA{0x8c, 0x1c, 0x3a, 0xff}
	Rule   = color.RGBA{0xd8, 0xcf, 0xc0, 0xff}
	Gold   = color.RGBA{0xe8, 0xb9, 0x3a, 0xff}
	// PanelFill is the card a board area sits on, a shade lighter than Paper.
	PanelFill = color.RGBA{0xfd, 0xfb, 0xf6, 0xff}
	// SlotFill is an empty slot a piece may fill.
	SlotFill = color.RGBA{0xf1, 0xec, 0xe2, 0xff}
)

const (
	summaryWidth = 640
	summaryPad   = 24
	summaryRow   = 34
)

// Summary draws a plain card for any game: its title, phase, one row per
// player with their counters, and an arrow at each player who must act.
func Summary(title string, s engine.State) image.Image {
	players := s.Players()
	height := summaryPad*2 + 70 + summaryRow*(len(players)+1)
	dc := gg.NewContext(summaryWidth, height)
	dc.SetColor(Paper)
	dc.Clear()
	faces := NewFaces()

	dc.SetColor(Accent)
	dc.SetFontFace(faces.Bold(22))
	dc.DrawStringAnchored(title, summaryPad, summaryPad, 0, 1)
	dc.SetColor(Muted)
	dc.SetFontFace(faces.Regular(15))
	dc.DrawStringAnchored(s.Phase(), summaryPad, summaryPad+34, 0, 1)

	top := float64(summaryPad + 70)
	dc.SetColor(Rule)
	dc.DrawLine(summaryPad, top-6, summaryWidth-summaryPad, top-6)
	dc.Stroke()
	for i, p := range players {
		y := top + float64(i)*summaryRow + summaryRow/2
		if engine.MustDecide(s, p.Seat) {
			dc.SetColor(Accent)
			TurnMarker(dc, summaryPad+7, y, 7)
		}
		dc.SetColor(Ink)
		dc.SetFontFace(faces.Bold(16))
		dc.DrawStringAnchored(p.Name, summaryPad+24, y, 0, 0.35)
		dc.SetFontFace(faces.Regular(15))
		dc.DrawStringAnchored(p.StatsText(), summaryWidth-summaryPad, y, 1, 0.35)
	}
	return dc.Image()
}

// TurnMarker draws a filled arrow pointing right, centered at x, y: the mark
// of a player who must act. The Go fonts have no arrow glyph. It draws on
// a gg context or a Canvas, whose areas then know it.
func TurnMarker(dc Path, x, y, r float64) {
	dc.MoveTo(x-r*0.8, y-r)
	dc.LineTo(x+r, y)
	dc.LineTo(x-r*0.8, y+r)
	dc.ClosePath()
	dc.Fill()
}

// Path is what draws a filled path: a gg context, or a Canvas.
type Path interface {
	MoveTo(x, y float64)
	LineTo(x, y float64)
	ClosePath()
	Fill()
}

// Renderer draws one game: the shared board, in full and compact, one
// seat's own board, and the part of the board one step of a seat's
// decision is about (engine.Step.Focus), sized for a phone.
type Renderer struct {
	Board func(engine.State) image.Image
	// Compact is the shared board made for a phone, which a game may
	// choose for its turn messages.
	Compact func(engine.State) image.Image
	Player  func(engine.State, engine.Seat) image.Image
	Focus   func(s engine.State, seat engine.Seat, focus string) image.Image
	// Colors is each seat's colour as its pieces show it, which the
	// charts draw the seat in too.
	Colors func(engine.State) []color.Color
}

// Boards draws each game with its own renderer, or with a Summary card for
// a game that has none.
type Boards map[string]Renderer

// Board renders the shared board of s, a state of the named game.
func (b Boards) Board(game string, s engine.State) image.Image {
	if r, ok := b[game]; ok && r.Board != nil {
		return r.Board(s)
	}
	return Summary(game, s)
}

// Compact renders the compact board of s, or the shared board if the
// game draws none.
func (b Boards) Compact(game string, s engine.State) image.Image {
	if r, ok := b[game]; ok && r.Compact != nil {
		return r.Compact(s)
	}
	return b.Board(game, s)
}

// Player renders seat's own board, or the shared one if the game has none.
func (b Boards) Player(game string, s engine.State, seat engine.Seat) image.Image {
	if r, ok := b[game]; ok && r.Player != nil {
		return r.Player(s, seat)
	}
	return b.Board(game, s)
}

// defaultSeatColors tell the seats of a game without colours of its own
// apart in the charts.
var defaultSeatColors = []color.Color{
	color.RGBA{0xc0, 0x39, 0x2b, 0xff}, // red
	color.RGBA{0x27, 0x6f, 0xbf, 0xff}, // blue
	color.RGBA{0x2e, 0x8b, 0x57, 0xff}, // green
	color.RGBA{0xd4, 0x8a, 0x1a, 0xff}, // amber
	color.RGBA{0x7d, 0x3c, 0x98, 0xff}, // purple
}

// SeatColors is each seat's colour in s, a state of the named game: the
// one its board draws the seat's pieces in, so that a chart's line is the
// player whose pieces have its colour.
func (b Boards) SeatColors(game string, s engine.State) []color.Color {
	if r, ok := b[game]; ok && r.Colors != nil {
		return r.Colors(s)
	}
	colors := make([]color.Color, len(s.Players()))
	for i := range colors {
		colors[i] = defaultSeatColors[i%len(defaultSeatColors)]
	}
	return colors
}

// Focus renders the part of the board a step of seat's decision is about,
// or seat's own board if the game draws no focused views.
func (b Boards) Focus(game string, s engine.State, seat engine.Seat, focus string) image.Image {
	if r, ok := b[game]; ok && r.Focus != nil {
		return r.Focus(s, seat, focus)
	}
	return b.Player(game, s, seat)
}
