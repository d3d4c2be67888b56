//go:build unix

package vinhos

import (
	"image"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
)

// The benchmarks report, besides wall time, the process's CPU time per
// operation (cpu-ms/op, from getrusage; package cputime), which stays
// meaningful when other work shares the machine.

// BenchmarkBoard renders a late 4-player game and encodes it whole as PNG,
// every band compressed (whole gives EncodePNG an image no layer made):
// a board that shares nothing with the boards before it. It reports the
// image's size.
func BenchmarkBoard(b *testing.B) {
	s := state(b, "late-4p")
	rendertest.BenchBoard(b, func() image.Image { return Draw(s) })
}

// BenchmarkBoardDraw renders the same state without encoding it.
func BenchmarkBoardDraw(b *testing.B) {
	s := state(b, "late-4p")
	rendertest.BenchDraw(b, func() image.Image { return Draw(s) })
}

// BenchmarkBackground encodes the cached background alone, whole (no
// layer made the background's own image): the floor that the boards are
// compared with.
func BenchmarkBackground(b *testing.B) {
	bg := Background(state(b, "late-4p"))
	rendertest.BenchEncode(b, func() image.Image { return bg })
}

// BenchmarkGame is what a painter does after every move of a whole
// recorded 4-player game (render.PNG): draw the board of each state in
// turn, on the pixels of the board before, and encode it, reusing the
// bands it shares with the background and the boards before it, after
// one pass untimed, as a painter that has posted boards
// before. Each iteration then encodes the background whole as many
// times, so the ratio of the two CPU times (move/background) is measured
// in one run. It reports the CPU time of a move (cpu-ms/move, with its
// drawing alone in draw-cpu-ms/move), of a background encode
// (background-cpu-ms), and the images' mean size.
func BenchmarkGame(b *testing.B) {
	states := game(b, 47, 4)
	_, bg := drawBoard(states[0], Options{}, false)
	bgImage := bg.Image()
	for _, s := range states {
		if _, err := render.PNG(func() image.Image { return Draw(s) }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var moves, draw, background time.Duration
	var n, size int
	for b.Loop() {
		for _, s := range states {
			start := rusage.CPU()
			png, err := render.PNG(func() image.Image {
				img := Draw(s)
				draw += rusage.CPU() - start
				return img
			})
			if err != nil {
				b.Fatal(err)
			}
			moves += rusage.CPU() - start
			size += len(png)
		}
		start := rusage.CPU()
		for range states {
			if _, err := render.EncodePNG(bgImage); err != nil {
				b.Fatal(err)
			}
		}
		background += rusage.CPU() - start
		n += len(states)
	}
	perMove := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(n) }
	b.ReportMetric(perMove(moves), "cpu-ms/move")
	b.ReportMetric(perMove(draw), "draw-cpu-ms/move")
	b.ReportMetric(perMove(background), "background-cpu-ms")
	b.ReportMetric(float64(moves)/float64(background), "move/background")
	b.ReportMetric(float64(size)/float64(n), "bytes/image")
}

// BenchmarkFocus draws and encodes the focused view of the Fair, the
// tallest, for the seat deciding in the golden case: what each step of the
// guided menu that changes the part of the board costs.
func BenchmarkFocus(b *testing.B) {
	c := focusCases(b)[vinhos.FocusFair]
	s := decodeState(b, c.State)
	rendertest.BenchEncode(b, func() image.Image { return Focus(s, c.Seat, vinhos.FocusFair) })
}

// BenchmarkCompact renders the compact board of a late 4-player game and
// encodes it whole, as BenchmarkBoard does the full board.
func BenchmarkCompact(b *testing.B) {
	s := state(b, "late-4p")
	rendertest.BenchBoard(b, func() image.Image { return DrawCompact(s) })
}

// BenchmarkPlayer renders a player's own board (/vinhos me) in a late
// 4-player game and encodes it whole, as BenchmarkBoard does the board.
func BenchmarkPlayer(b *testing.B) {
	s := state(b, "late-4p")
	rendertest.BenchBoard(b, func() image.Image { return DrawPlayer(s, 1) })
}
