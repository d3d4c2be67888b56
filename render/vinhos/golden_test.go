package vinhos

import (
	"flag"
	"image"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// goldens are the images the tests keep, each drawn from a test state.
var goldens = []rendertest.Case{
	{Name: "early-2p", Draw: func(t testing.TB) image.Image { return Draw(state(t, "early-2p")) }},
	{Name: "mid-3p", Draw: func(t testing.TB) image.Image { return Draw(state(t, "mid-3p")) }},
	{Name: "end-4p", Draw: func(t testing.TB) image.Image { return Draw(state(t, "end-4p")) }},
	{Name: "fullest-4p", Draw: func(t testing.TB) image.Image { return Draw(fullest(t)) }},
	{Name: "solo", Draw: func(t testing.TB) image.Image { return Draw(state(t, "solo")) }},
	{Name: "me-3p", Draw: func(t testing.TB) image.Image { return DrawPlayer(state(t, "mid-3p"), 1) }},
	{Name: "compact-3p", Draw: func(t testing.TB) image.Image { return DrawCompact(state(t, "mid-3p")) }},
	{Name: "compact-solo", Draw: func(t testing.TB) image.Image { return DrawCompact(state(t, "solo")) }},
	{Name: "reserve-early-4p", Draw: func(t testing.TB) image.Image { return Draw(reserveEarly(t)) }},
	{Name: "reserve-mid-4p", Draw: func(t testing.TB) image.Image { return Draw(reserveMid(t)) }},
	{Name: "reserve-final-4p", Draw: func(t testing.TB) image.Image { return Draw(reserveFinal(t)) }},
	{Name: "reserve-2p", Draw: func(t testing.TB) image.Image { return Draw(reserve2p(t)) }},
	{Name: "reserve-compact-4p", Draw: func(t testing.TB) image.Image { return DrawCompact(reserveMid(t)) }},
	{Name: "reserve-me-4p", Draw: func(t testing.TB) image.Image { return DrawPlayer(reserveMid(t), 2) }},
	{Name: "first-edition-3p", Draw: func(t testing.TB) image.Image { return Draw(firstEditionMid(t)) }},
}

// soloOptions draws seat 1 as an automa: a solo game's layout.
var soloOptions = Options{NoBoard: func(seat engine.Seat) bool { return seat == 1 }}

func TestGolden(t *testing.T) { rendertest.Goldens(t, goldens, *update) }

func TestPNGSize(t *testing.T) {
	for _, g := range goldens {
		rendertest.CheckSize(t, g.Name, g.Draw(t))
	}
}
