package lavina

import (
	"image/color"

	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render"
)

// Colors of the pieces. Nothing is told apart by color alone: pickers and
// barrels carry their owner's initials, grape cards their variety's code,
// tools their name.
var (
	seatColors = [lavina.MaxPlayers]color.Color{
		color.RGBA{0xe0, 0x6c, 0x2a, 0xff}, // orange
		color.RGBA{0x33, 0x6c, 0xc8, 0xff}, // blue
		color.RGBA{0x4e, 0x9a, 0x3e, 0xff}, // green
		color.RGBA{0xf2, 0xc9, 0x2e, 0xff}, // yellow
		color.RGBA{0x8a, 0x4f, 0xb8, 0xff}, // purple
	}
	varietyColors = [...]color.Color{
		lavina.EmptyVine:  color.RGBA{0xc9, 0xc2, 0xb4, 0xff},
		lavina.PinotNoir:  color.RGBA{0x6b, 0x2a, 0x5c, 0xff},
		lavina.Garnacha:   color.RGBA{0xb8, 0x2d, 0x3c, 0xff},
		lavina.Chardonnay: color.RGBA{0xe9, 0xdc, 0x7c, 0xff},
		lavina.Cabernet:   color.RGBA{0x2e, 0x2a, 0x66, 0xff},
	}
	toolColors = [...]color.Color{
		lavina.Billhook: color.RGBA{0x9b, 0xb8, 0xd4, 0xff},
		lavina.Boots:    color.RGBA{0xc9, 0xa2, 0x74, 0xff},
		lavina.Shears:   color.RGBA{0xa8, 0xd0, 0xa0, 0xff},
	}
	cardFill  = color.RGBA{0xff, 0xfe, 0xfa, 0xff}
	wildColor = color.RGBA{0xd9, 0x8c, 0xc8, 0xff}
)

// varietyCodes mark a grape card's variety in letters as well as in color.
var varietyCodes = [...]string{
	lavina.EmptyVine: "—", lavina.PinotNoir: "PN", lavina.Garnacha: "GA", lavina.Chardonnay: "CH", lavina.Cabernet: "CS",
}

// Text styles, in user units.
var (
	titleSt = render.Style{Size: 26, Bold: true, Color: render.Ink}
	text    = render.TypeScale(14)

	heading, bold, normal, small, smallB = text.Heading, text.Bold, text.Normal, text.Small, text.SmallBold
)

var pathFill = color.RGBA{0xea, 0xdc, 0xc4, 0xff}

var basketFill = color.RGBA{0xf3, 0xe9, 0xd6, 0xff}
