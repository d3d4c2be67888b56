// Package rendertest compares drawings with golden images kept beside the
// tests that draw them.
package rendertest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adega-bot/adega/render"
)

// Two renders match when no channel of any pixel differs by more than
// tolerance, except at most spread of the pixels (antialiasing may differ
// slightly between machines).
const (
	tolerance = 24
	spread    = 0.001
)

// Case is a golden image a test keeps: its name, and how to draw it.
type Case struct {
	Name string
	Draw func(t testing.TB) image.Image
}

// Goldens checks each case, in a subtest of its name, against
// testdata/NAME.png, or with update writes them there.
func Goldens(t *testing.T, cases []Case, update bool) {
	for _, g := range cases {
		t.Run(g.Name, func(t *testing.T) { Golden(t, TestdataPNG(g.Name), g.Draw(t), update) })
	}
}

// TestdataPNG is where the golden image NAME of a package's tests lies.
func TestdataPNG(name string) string { return filepath.Join("testdata", name+".png") }

// Golden checks got against the golden image at path (a PNG), or with
// update writes it there. A mismatch leaves the new image and a diff
// beside the golden one: NAME.actual.png and NAME.diff.png.
func Golden(t testing.TB, path string, got image.Image, update bool) {
	t.Helper()
	if update {
		WritePNG(t, path, got)
		return
	}
	want := ReadPNG(t, path)
	diff, bad := compare(want, got)
	if bad == 0 {
		return
	}
	base := strings.TrimSuffix(path, ".png")
	WritePNG(t, base+".actual.png", got)
	if diff != nil {
		WritePNG(t, base+".diff.png", diff)
	}
	name := filepath.Base(base)
	t.Errorf("%s: %d pixels differ; see %s.actual.png and .diff.png (-update accepts the new image)", name, bad, base)
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

// ReadPNG decodes the PNG at path.
func ReadPNG(t testing.TB, path string) image.Image {
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

// WritePNG encodes img at path, as the bot encodes what it posts.
func WritePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	b, err := render.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
