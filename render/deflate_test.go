//go:build unix

package render

import (
	stdflate "compress/flate"
	"image"
	"image/png"
	"os"
	"testing"

	"github.com/adega-bot/adega/internal/rusage"
)

// BenchmarkDeflate encodes a whole 4-player board (a golden image of
// render/vinhos) with each deflate implementation at its fastest level:
// klauspost/compress, which EncodePNG uses, and the standard library's.
func BenchmarkDeflate(b *testing.B) {
	f, err := os.Open("vinhos/testdata/end-4p.png")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		b.Fatal(err)
	}
	m := img.(*image.RGBA)
	for _, c := range []struct {
		name string
		e    *encoder
	}{
		{"klauspost", deflateRGB},
		{"stdlib", newEncoder(func() deflater {
			zw, _ := stdflate.NewWriter(nil, stdflate.BestSpeed)
			return zw
		})},
	} {
		b.Run(c.name, func(b *testing.B) {
			var size int
			rusage.Measure(b, func() {
				out, _, ok := c.e.encode(m, nil, nil)
				if !ok {
					b.Fatal("not opaque")
				}
				size = len(out)
			})
			b.ReportMetric(float64(size), "bytes/image")
		})
	}
}
