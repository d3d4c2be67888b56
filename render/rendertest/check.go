package rendertest

import (
	"fmt"
	"image"

	"github.com/adega-bot/adega/render"
)

// CheckText reports every text box that leaves bounds and every pair of
// boxes that overlap: a layout is clean when it reports nothing.
func CheckText(boxes []render.TextBox, bounds image.Rectangle) []string {
	var problems []string
	for i, a := range boxes {
		if !a.Box.In(bounds) {
			problems = append(problems, fmt.Sprintf("%q at %v leaves the canvas %v", a.Text, a.Box, bounds))
		}
		for _, b := range boxes[i+1:] {
			if a.Box.Overlaps(b.Box) {
				problems = append(problems, fmt.Sprintf("%q at %v overlaps %q at %v", a.Text, a.Box, b.Text, b.Box))
			}
		}
	}
	return problems
}
