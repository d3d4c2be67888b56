package render

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
