//go:build unix

package lavina

import (
	"image"
	"testing"

	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/render/rendertest"
)

// BenchmarkBoard renders the mid-game 5-player board and encodes it whole
// as PNG, every band compressed: a board that shares nothing with the
// boards before it. It reports the image's size.
func BenchmarkBoard(b *testing.B) {
	s := state(b, "mid-5p")
	rendertest.BenchBoard(b, func() image.Image { return Draw(s) })
}

// BenchmarkBoardDraw renders the same board without encoding it.
func BenchmarkBoardDraw(b *testing.B) {
	s := state(b, "mid-5p")
	rendertest.BenchDraw(b, func() image.Image { return Draw(s) })
}

// BenchmarkFocus draws and encodes the tallest focused view, the exit's.
func BenchmarkFocus(b *testing.B) {
	c := focusCases(b)[lavina.FocusExit]
	s := decode(b, c.State)
	rendertest.BenchEncode(b, func() image.Image { return Focus(s, c.Seat, lavina.FocusExit) })
}
