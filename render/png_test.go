package render

import (
	"bytes"
	stdadler "hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"
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

// layerTest is a background of a few bands whose rows all differ, and a
// way to make images on it with some rows painted over.
type layerTest struct {
	*Layer
	w, h int
}

func newLayerTest() layerTest { return newWideLayerTest(37) }

// newWideLayerTest is a layerTest w pixels wide.
func newWideLayerTest(w int) layerTest {
	h := 5*bandRows + 7
	l := NewLayer(w, h, 1, func(c *Canvas) {
		for y := range h {
			for x := range w {
				c.img.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 3), uint8(x ^ y), 0xff})
			}
		}
	})
	return layerTest{l, w, h}
}

// image returns a canvas's image with the given rows painted in col.
func (lt layerTest) image(col color.RGBA, rows ...int) *image.RGBA {
	m := lt.Canvas().RGBA()
	for _, y := range rows {
		m.SetRGBA(lt.w/2, y, col)
	}
	return m
}

// decodesTo fails t unless encoded decodes to exactly the pixels of m.
func decodesTo(t *testing.T, encoded []byte, m *image.RGBA) {
	t.Helper()
	got, err := png.Decode(bytes.NewReader(encoded))
	if err != nil {
		t.Fatal(err)
	}
	b := m.Bounds()
	if got.Bounds() != b {
		t.Fatalf("bounds %v, want %v", got.Bounds(), b)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if g, w := color.RGBAModel.Convert(got.At(x, y)), m.At(x, y); g != w {
				t.Fatalf("pixel %d,%d is %v, want %v", x, y, g, w)
			}
		}
	}
}

// TestEncodeLayer encodes images drawn on a layer and checks that each
// decodes to its pixels, and that only the bands that changed were
// compressed: a band whose row above changed is one of them, since the Up
// filter reads it.
func TestEncodeLayer(t *testing.T) {
	lt := newLayerTest()
	n := (lt.h + bandRows - 1) / bandRows
	red, blue, green := color.RGBA{0xff, 0, 0, 0xff}, color.RGBA{0, 0, 0xff, 0xff}, color.RGBA{0, 0xff, 0, 0xff}
	check := func(name string, m *image.RGBA, want int) {
		t.Helper()
		b, bands, ok := deflateRGB.encode(m, bandsOf(m), nil)
		if !ok {
			t.Fatalf("%s: not encoded", name)
		}
		fresh := 0
		for _, r := range bands {
			if r.fresh {
				fresh++
			}
		}
		if fresh != want {
			t.Errorf("%s: %d bands compressed, want %d", name, fresh, want)
		}
		decodesTo(t, b, m)
	}
	check("the background, first encoded", lt.image(red), n)
	check("the background again", lt.image(red), 0)
	check("a row inside band 2", lt.image(red, 2*bandRows+3), 1)
	check("the same again", lt.image(red, 2*bandRows+3), 0)
	check("the last row of band 1, above band 2", lt.image(red, 2*bandRows-1), 2)
	check("the first row of band 3", lt.image(red, 3*bandRows), 1)
	check("the first and last rows", lt.image(blue, 0, lt.h-1), 2)
	check("band 2 as three images ago", lt.image(red, 2*bandRows+3), 0)
	for i := range keepVersions {
		check("band 2 anew", lt.image(blue, 2*bandRows+i), 1)
	}
	check("band 2 as pushed out, band 1 as kept", lt.image(red, 2*bandRows-1), 1)
	check("every band", lt.image(green, 0, bandRows, 2*bandRows, 3*bandRows, 4*bandRows, 5*bandRows), n)

	// A translucent pixel drawn over the layer's image goes to image/png.
	m := lt.image(color.RGBA{0x80, 0, 0, 0x80}, bandRows+1)
	if _, _, ok := deflateRGB.encode(m, bandsOf(m), nil); ok {
		t.Error("a translucent image was encoded as RGB")
	}
	b, err := EncodePNG(m)
	if err != nil {
		t.Fatal(err)
	}
	decodesTo(t, b, m)
}

// TestEncodeLayerConcurrently encodes images of one layer at once, as the
// painters do for different games (run it with -race).
func TestEncodeLayerConcurrently(t *testing.T) {
	lt := newLayerTest()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 5 {
				m := lt.image(color.RGBA{uint8(i), uint8(j), 0, 0xff}, (i*bandRows+j)%lt.h, j*bandRows)
				b, err := EncodePNG(m)
				if err != nil {
					t.Error(err)
					return
				}
				decodesTo(t, b, m)
			}
		})
	}
	wg.Wait()
}

// TestPNGReusesPixels posts images of a layer with PNG, which gives their
// pixels back to the layer: each next canvas must hold the background
// exactly, whatever the image before it had.
func TestPNGReusesPixels(t *testing.T) {
	lt := newLayerTest()
	bg := lt.Image().(*image.RGBA).Pix
	for i := range 6 {
		m := lt.image(color.RGBA{uint8(40 * i), 0, 0xff, 0xff}, 0, i*bandRows+i, lt.h-1)
		b, err := PNG(func() image.Image { return m })
		if err != nil {
			t.Fatal(err)
		}
		if got := lt.Canvas().RGBA().Pix; !bytes.Equal(got, bg) {
			t.Fatalf("image %d: the next canvas does not hold the background", i)
		}
		m = lt.image(color.RGBA{uint8(40 * i), 0, 0xff, 0xff}, 0, i*bandRows+i, lt.h-1)
		decodesTo(t, b, m)
	}
}

// A canvas repaints only the tiles of its band that the image before it
// drew over: whichever tile, and whichever row of the band (the last row
// of a band is the row above the next band's), each next canvas holds
// the background exactly.
func TestPNGRepaintsTheTilesDrawnOver(t *testing.T) {
	lt := newWideLayerTest(3*tileCols + 5) // the last tile 5 pixels wide
	bg := lt.Image().(*image.RGBA).Pix
	m := lt.Canvas().RGBA()
	for i, x := range []int{0, tileCols - 1, tileCols, 2*tileCols + 30, lt.w - 1} {
		y := (i*bandRows + bandRows - 1) % lt.h
		m.SetRGBA(x, y, color.RGBA{0xff, 0xff, uint8(i), 0xff})
		if _, err := PNG(func() image.Image { return m }); err != nil {
			t.Fatal(err)
		}
		m = lt.Canvas().RGBA() // in the working memory, where m was
		if !bytes.Equal(m.Pix, bg) {
			t.Fatalf("after a pixel drawn at %d,%d, the next canvas does not hold the background", x, y)
		}
	}
	Release(m)
}

// A layer lends its working memory to one canvas at a time: a canvas made
// meanwhile draws in memory of its own, and the loan ends when PNG has
// encoded the image, or when the image is collected unencoded.
func TestCanvasLendsItsWorkingMemoryToOneAtATime(t *testing.T) {
	lt := newLayerTest()
	first := lt.Canvas().RGBA()
	second := lt.Canvas().RGBA()
	if &first.Pix[0] == &second.Pix[0] {
		t.Fatal("two canvases draw in the same memory")
	}
	if _, err := PNG(func() image.Image { return first }); err != nil {
		t.Fatal(err)
	}
	third := lt.Canvas().RGBA()
	if &third.Pix[0] != &first.Pix[0] {
		t.Fatal("the working memory was not lent again after PNG")
	}
	work := &third.Pix[0]
	third = nil // dropped without PNG: the collector ends the loan
	for range 100 {
		runtime.GC()
		time.Sleep(time.Millisecond)
		if next := lt.Canvas().RGBA(); &next.Pix[0] == work {
			return
		}
	}
	t.Fatal("an image collected unencoded kept the working memory")
}

// A layer keeps its background whole only in its working memory: the
// copy it paints each canvas from is compressed, a small part of a
// board's flat pixels.
func TestLayerKeepsItsBackgroundCompressed(t *testing.T) {
	w, h := 900, 700
	l := NewLayer(w, h, 1, func(c *Canvas) {
		for y := range h {
			for x := range w {
				c.img.SetRGBA(x, y, color.RGBA{uint8(40 * (x / 100)), uint8(30 * (y / 70)), 0x80, 0xff})
			}
		}
	})
	kept := cap(l.rows) + 4*cap(l.bg)
	if pixels := 4 * w * h; kept > pixels/20 {
		t.Errorf("the background takes %d bytes beside its %d of working memory", kept, pixels)
	}
	bg := l.Image().(*image.RGBA)
	if bg.At(450, 350) != (color.RGBA{160, 150, 0x80, 0xff}) {
		t.Errorf("the background reads %v at 450,350", bg.At(450, 350))
	}
	if got := l.Canvas().RGBA().Pix; !bytes.Equal(got, bg.Pix) {
		t.Error("a canvas does not hold the background")
	}
}

// bandsOf returns the band cache of the layer m was made by, or nil.
func bandsOf(m *image.RGBA) *bandCache {
	l := drawingOf(m).layer
	if l == nil {
		return nil
	}
	return l.bands
}
