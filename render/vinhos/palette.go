package vinhos

import (
	"image/color"

	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// Colors of the pieces. Players are never told apart by color alone: every
// piece carries its owner's initials. Wines are never told apart by color
// alone either: red wines carry R, white wines W.
var (
	playerColors = [...]color.Color{
		vinhos.Orange: color.RGBA{0xf0, 0x8a, 0x2c, 0xff},
		vinhos.Yellow: color.RGBA{0xf4, 0xcf, 0x2d, 0xff},
		vinhos.Blue:   color.RGBA{0x35, 0x6f, 0xd0, 0xff},
		vinhos.Purple: color.RGBA{0x84, 0x4f, 0xbb, 0xff},
	}
	wineColors = [...]color.Color{
		vinhos.NoColor: render.Rule,
		vinhos.Red:     color.RGBA{0x8e, 0x1b, 0x36, 0xff},
		vinhos.White:   color.RGBA{0xf3, 0xe6, 0xa4, 0xff},
	}
	featureColors = [vinhos.NumFeatures]color.Color{
		vinhos.Taste:      color.RGBA{0xc8, 0x3a, 0x3a, 0xff},
		vinhos.Aroma:      color.RGBA{0x3c, 0x94, 0x4a, 0xff},
		vinhos.Appearance: color.RGBA{0x3a, 0x7a, 0xb8, 0xff},
		vinhos.Alcohol:    color.RGBA{0xa8, 0x74, 0x2a, 0xff},
	}
	cubeColor      = color.RGBA{0x2a, 0x9d, 0x8f, 0xff}
	farmerColor    = color.RGBA{0x5a, 0x9a, 0x3c, 0xff}
	enologistColor = color.RGBA{0x33, 0x46, 0x7a, 0xff}
	wineryColor    = color.RGBA{0xb0, 0x72, 0x44, 0xff}
	cellarColor    = color.RGBA{0x6b, 0x55, 0x45, 0xff}
	portoColor     = color.RGBA{0x5c, 0x1a, 0x4e, 0xff}
	faceDown       = color.RGBA{0xdd, 0xd8, 0xd0, 0xff}
	dim            = color.RGBA{0xe2, 0xdc, 0xd0, 0xff}
	wash           = color.NRGBA{0xe4, 0xdf, 0xd6, 0xc0} // over what is out of play
)

// Text styles, in user units. The smallest is still 7 pixels high when a
// phone shows the board at half size.
var (
	title  = render.Style{Size: 28, Bold: true, Color: render.Ink}
	banner = render.Style{Size: 24, Bold: true, Color: render.Ink}
	text   = render.TypeScale(15)

	heading, bold, normal, small, smallB = text.Heading, text.Bold, text.Normal, text.Small, text.SmallBold
)

// seatColors is each seat's color in s: its pieces' on the boards, and its
// line's and bar's in the charts (Renderer.Colors).
func seatColors(s *vinhos.State) []color.Color {
	colors := make([]color.Color, len(s.Seats))
	for i, p := range s.Seats {
		colors[i] = playerColors[p.Color]
	}
	return colors
}

// wineLetter marks a wine's color in words as well as in color.
var wineLetter = [...]string{vinhos.NoColor: "", vinhos.Red: "R", vinhos.White: "W"}
