package render

import (
	"image"
	"image/color"
	"testing"
)

// inked counts the pixels of img that are not white.
func inked(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) != (color.RGBA{255, 255, 255, 255}) {
				n++
			}
		}
	}
	return n
}

// A name is drawn as written: an emoji in it is drawn, in the text's
// colour, where the Go fonts have no glyph, and it takes its room.
func TestNameWithEmojiIsDrawnAsWritten(t *testing.T) {
	draw := func(s string) (*image.RGBA, float64) {
		img := image.NewRGBA(image.Rect(0, 0, 300, 60))
		c := NewCanvas(img, 1)
		c.SetRGB(1, 1, 1)
		c.Clear()
		w := c.Text(s, 10, 30, 0, 0.5, Style{Size: 24, Color: color.Black})
		return img, w
	}
	plain, wPlain := draw("Ana ")
	withEmoji, wEmoji := draw("Ana 🍷")
	if wEmoji < wPlain+15 {
		t.Errorf("the emoji takes %.1f units, want about a letter's width or more", wEmoji-wPlain)
	}
	right := image.Rect(10+int(wPlain), 0, 300, 60)
	if inked(plain, right) != 0 || inked(withEmoji, right) < 40 {
		t.Errorf("the emoji's place has %d inked pixels, want a drawn glyph", inked(withEmoji, right))
	}
}

// What no font of the board can draw is left out without doubling the
// space around it; emoji and accented letters stay.
func TestPrintableKeepsWhatTheBoardCanDraw(t *testing.T) {
	for in, want := range map[string]string{
		"Ana 🍷 Silva":          "Ana 🍷 Silva",
		"Conceição":            "Conceição",
		"Ana \U000e0001 Silva": "Ana Silva",
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkCanvasText is a small view's text on a fresh canvas: its
// allocations (B/op) are mostly the faces a canvas borrows.
func BenchmarkCanvasText(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 200, 100))
	b.ReportAllocs()
	for b.Loop() {
		c := NewCanvas(img, 2)
		for _, st := range []Style{{Size: 9, Color: color.Black}, {Size: 12, Bold: true, Color: color.Black}, {Size: 16, Color: color.Black}} {
			c.Text("Ana 12 VP", 10, 20, 0, 0, st)
		}
	}
}
