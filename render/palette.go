package render

import "image/color"

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

// TextStyles are a renderer's styles of text, from the size of its body
// text: headings at 16 units, small text two units under the body, in the
// muted color unless bold.
type TextStyles struct {
	Heading, Bold, Normal, Small, SmallBold Style
}

// TypeScale is the text styles of a renderer whose body text is body
// units high.
func TypeScale(body float64) TextStyles {
	return TextStyles{
		Heading:   Style{Size: 16, Bold: true, Color: Ink},
		Bold:      Style{Size: body, Bold: true, Color: Ink},
		Normal:    Style{Size: body, Color: Ink},
		Small:     Style{Size: body - 2, Color: Muted},
		SmallBold: Style{Size: body - 2, Bold: true, Color: Ink},
	}
}
