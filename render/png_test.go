package render

import (
	"bytes"
	stdadler "hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodePNG checks that EncodePNG decodes to what image/png's own
// encoder gives: the banded encoder for opaque images, with bands of
// several sizes, and the fallback for translucent ones.
func TestEncodePNG(t *testing.T) {
	for _, h := range []int{1, 63, 200, 517} {
		for _, alpha := range []uint8{0xff, 0x80} {
			img := image.NewRGBA(image.Rect(0, 0, 37, h))
			for y := range h {
				for x := range 37 {
					img.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 3), uint8(x ^ y), alpha})
				}
			}
			b, err := EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("height %d, alpha %d: %v", h, alpha, err)
			}
			var ref bytes.Buffer
			if err := png.Encode(&ref, img); err != nil {
				t.Fatal(err)
			}
			want, _ := png.Decode(&ref)
			for y := range h {
				for x := range 37 {
					if g, w := got.At(x, y), want.At(x, y); g != w {
						t.Fatalf("height %d, alpha %d: pixel %d,%d is %v, want %v", h, alpha, x, y, g, w)
					}
				}
			}
		}
	}
}

// TestFilterUp checks the two-pixels-at-a-time Up filter against the byte
// by byte definition, and its test of opacity, for even and odd widths.
func TestFilterUp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for w := range 9 {
		for trial := range 20 {
			cur, above := make([]byte, 4*w), make([]byte, 4*w)
			for i := range cur {
				cur[i], above[i] = byte(r.IntN(256)), byte(r.IntN(256))
				if i%4 == 3 {
					cur[i] = 0xff
				}
			}
			translucent := w > 0 && trial%2 == 1
			if translucent {
				cur[4*r.IntN(w)+3] = byte(r.IntN(255))
			}
			dst := make([]byte, 3*w+filterSlack)
			if opaque := filterUp(dst, cur, above); opaque == translucent {
				t.Errorf("width %d: opaque %v, want %v", w, opaque, !translucent)
			}
			for x := range w {
				for k := range 3 {
					if got, want := dst[3*x+k], cur[4*x+k]-above[4*x+k]; got != want {
						t.Fatalf("width %d, pixel %d, channel %d: %d, want %d", w, x, k, got, want)
					}
				}
			}
		}
	}
}

// TestAdler32 checks the checksum against hash/adler32 on sparse and dense
// data around the lengths where it reduces its sums.
func TestAdler32(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 5551, 5552, 5553, 11104, 100003} {
		for _, fill := range []func(i int) byte{
			func(int) byte { return 0xff },
			func(int) byte { return byte(r.IntN(256)) },
			func(i int) byte { return byte(i % 37 / 36 * r.IntN(256)) },
		} {
			p := make([]byte, n)
			for i := range p {
				p[i] = fill(i)
			}
			if got, want := adler32(p), stdadler.Checksum(p); got != want {
				t.Errorf("%d bytes: %08x, want %08x", n, got, want)
			}
		}
	}
}
