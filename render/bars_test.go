package render

import (
	"image"
	"image/color"
	"testing"
)

// A bar chart is as wide as the other charts and as tall as its bars
// need; a player who has scored nothing yet has no bar, and nothing
// divides by zero when nobody has.
func TestStackedBarsFitTheirBars(t *testing.T) {
	parts := []string{"Exports", "Fairs", "Wines", "Money"}
	nobody := []Series{{Name: "Ana", Values: []int{0, 0, 0, 0}, Color: Accent}, {Name: "Bruno", Values: []int{0, 0, 0, 0}, Color: Gold}}
	two := StackedBars("VP by source", parts, nobody)
	four := StackedBars("VP by source", parts, append(nobody, Series{Name: "Carla", Values: []int{3, 0, 5, 1}, Color: Ink}, Series{Name: "Duarte", Values: []int{9, 9, 9, 9}, Color: Muted}))
	if two.Bounds().Dx() != chartWidth || four.Bounds().Dx() != chartWidth {
		t.Fatalf("widths %d and %d, want %d", two.Bounds().Dx(), four.Bounds().Dx(), chartWidth)
	}
	if grown := four.Bounds().Dy() - two.Bounds().Dy(); grown != 2*barPitch {
		t.Fatalf("two more bars make the chart %d pixels taller, want %d", grown, 2*barPitch)
	}
	// Where Ana's bar would start, the page shows through.
	at := image.Pt(24+barNames+20, barsTop(len(parts))+barPitch/2)
	if got := color.RGBAModel.Convert(two.At(at.X, at.Y)); got != Paper {
		t.Fatalf("Ana, who has no VP, has a bar: %v at %v", got, at)
	}
}
