package vinhos

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// Two renders match when no channel of any pixel differs by more than
// tolerance, except at most spread of the pixels (antialiasing may differ
// slightly between machines).
const (
	tolerance = 24
	spread    = 0.001
)

// goldens are the images the tests keep, each drawn from a test state.
var goldens = []struct {
	name string
	draw func(t testing.TB) image.Image
}{
	{"early-2p", func(t testing.TB) image.Image { return Draw(state(t, "early-2p")) }},
	{"mid-3p", func(t testing.TB) image.Image { return Draw(state(t, "mid-3p")) }},
	{"end-4p", func(t testing.TB) image.Image { return Draw(state(t, "end-4p")) }},
	{"fullest-4p", func(t testing.TB) image.Image { return Draw(fullest(t)) }},
	{"solo", func(t testing.TB) image.Image { return Draw(state(t, "solo")) }},
	{"me-3p", func(t testing.TB) image.Image { return DrawPlayer(state(t, "mid-3p"), 1) }},
	{"compact-3p", func(t testing.TB) image.Image { return DrawCompact(state(t, "mid-3p")) }},
	{"compact-solo", func(t testing.TB) image.Image { return DrawCompact(state(t, "solo")) }},
}

// soloOptions draws seat 1 as an automa: a solo game's layout.
var soloOptions = Options{NoBoard: func(seat engine.Seat) bool { return seat == 1 }}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) { golden(t, g.name, g.draw(t)) })
	}
}

// golden compares an image with testdata/name.png, or rewrites that file
// with -update.
func golden(t *testing.T, name string, got image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		writePNG(t, path, got)
		return
	}
	want := readPNG(t, path)
	diff, bad := compare(want, got)
	if bad == 0 {
		return
	}
	writePNG(t, filepath.Join("testdata", name+".actual.png"), got)
	if diff != nil {
		writePNG(t, filepath.Join("testdata", name+".diff.png"), diff)
	}
	t.Errorf("%s: %d pixels differ; see testdata/%s.actual.png and .diff.png (-update accepts the new image)", name, bad, name)
}

// compare returns a diff image (red where pixels differ) and how many
// pixels differ beyond the tolerance, or a count over the spread allowed.
func compare(want, got image.Image) (*image.RGBA, int) {
	if want.Bounds() != got.Bounds() {
		return nil, got.Bounds().Dx() * got.Bounds().Dy()
	}
	b := want.Bounds()
	diff := image.NewRGBA(b)
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			w, g := color.RGBAModel.Convert(want.At(x, y)).(color.RGBA), color.RGBAModel.Convert(got.At(x, y)).(color.RGBA)
			if far(w.R, g.R) || far(w.G, g.G) || far(w.B, g.B) || far(w.A, g.A) {
				bad++
				diff.Set(x, y, color.RGBA{0xff, 0, 0, 0xff})
			} else {
				diff.Set(x, y, color.RGBA{w.R / 4, w.G / 4, w.B / 4, 0xff})
			}
		}
	}
	if float64(bad) <= spread*float64(b.Dx()*b.Dy()) {
		bad = 0
	}
	return diff, bad
}

func far(a, b uint8) bool { return int(a)-int(b) > tolerance || int(b)-int(a) > tolerance }

func readPNG(t testing.TB, path string) image.Image {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func writePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	b, err := render.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
