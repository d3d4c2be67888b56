package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/flate"
)

// EncodePNG encodes img as PNG. An opaque *image.RGBA, which is what the
// renderers make, is encoded as 8-bit RGB by bands of rows compressed in
// parallel (on all cores but one: encoders); an image drawn on a Layer's canvas reuses the compressed bands
// it shares with the layer's background or with the layer's last images,
// so a board costs what changed. Anything else goes through image/png.
func EncodePNG(img image.Image) ([]byte, error) {
	b, _, err := encodePNG(img)
	return b, err
}

// encodePNG is EncodePNG, with how each band was got when it was encoded
// by bands.
func encodePNG(img image.Image) ([]byte, []result, error) {
	if m, ok := img.(*image.RGBA); ok {
		var cache *bandCache
		var hints []hint
		if d := drawingOf(m); d.layer != nil {
			d.work.finish(m.Pix)
			cache, hints = d.layer.bands, d.work.hints(m.Rect.Dx(), m.Rect.Dy())
		}
		if b, bands, ok := deflateRGB.encode(m, cache, hints); ok {
			return b, bands, nil
		}
	}
	var buf bytes.Buffer
	if err := fallback.Encode(&buf, img); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), nil, nil
}

// PNG draws an image with draw and encodes it with EncodePNG. The image
// must be the caller's alone, and is no longer once encoded: the next
// canvas of the layer that made it paints the background again only on the
// bands where this image differs from it, which costs less than a fresh
// copy (no allocation, less garbage to collect, a few bands to paint).
func PNG(draw func() image.Image) ([]byte, error) {
	img := draw()
	b, bands, err := encodePNG(img)
	if m, ok := img.(*image.RGBA); ok {
		if d := drawingOf(m); d.layer != nil {
			d.layer.repay(d.borrowed, bands, d.work.memo(bands))
		}
	}
	return b, err
}

// Release tells that the caller is done with img: if a layer's canvas made
// it in the layer's working memory, the next canvas may draw there (on it,
// if it was drawn by areas).
func Release(img image.Image) {
	if m, ok := img.(*image.RGBA); ok {
		if d := drawingOf(m); d.layer != nil {
			d.layer.repay(d.borrowed, nil, d.work.memo(nil))
		}
	}
}

var fallback = png.Encoder{CompressionLevel: png.BestSpeed}

// deflater compresses one band; a sync flush ends it on a byte boundary.
type deflater interface {
	io.Writer
	Flush() error
	Reset(io.Writer)
}

// encoder writes opaque images as PNG with a deflate implementation.
type encoder struct {
	// free keeps a deflater for each core that encodes bands: each holds
	// most of a megabyte of tables, and a sync.Pool would drop them at
	// every collection, which the bot runs often under its memory limit.
	free chan deflater
	make func() deflater
}

func newEncoder(newDeflater func() deflater) *encoder {
	return &encoder{free: make(chan deflater, runtime.GOMAXPROCS(0)), make: newDeflater}
}

// deflater lends a kept deflater, or a new one if none is free.
func (e *encoder) deflater() deflater {
	select {
	case d := <-e.free:
		return d
	default:
		return e.make()
	}
}

// keep takes back a deflater; past the free list's size it is dropped.
func (e *encoder) keep(d deflater) {
	select {
	case e.free <- d:
	default:
	}
}

// deflateRGB compresses with klauspost/compress at its fastest level, which
// costs about 40% less CPU than compress/flate's on the boards for a few
// percent more bytes (docs/BENCHMARKS.md).
var deflateRGB = newEncoder(func() deflater {
	zw, _ := flate.NewWriter(nil, flate.BestSpeed)
	return zw
})

// encode writes the PNG of an opaque image and how it got each band, or
// reports false if a pixel is not opaque. Each band of rows
// is filtered and deflated on its own and ended by a sync flush, so the
// bands' outputs concatenate into one zlib stream, closed by an empty final
// block, whose checksum combines theirs. A band that the cache holds, with
// the row above it, is not compressed again. The hints, if any, tell the
// bands known to be as the image before had them, which are not even
// read, and the tiles of the others that are, which are not digested
// again. Each row uses the Up filter: cheap, and it turns the boards'
// flat areas into runs of zeros.
func (e *encoder) encode(m *image.RGBA, cache *bandCache, hints []hint) (png []byte, bands []result, ok bool) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if w == 0 || h == 0 {
		return nil, nil, false
	}
	n := (h + bandRows - 1) / bandRows
	var known []versions
	if cache != nil {
		known = cache.snapshot()
	}
	out := make([]result, n)
	var next atomic.Int64
	var translucent atomic.Bool
	var wg sync.WaitGroup
	for range min(encoders(), n) {
		wg.Go(func() {
			var s scratch
			defer s.release(e)
			for {
				i := int(next.Add(1) - 1)
				if i >= n || translucent.Load() {
					return
				}
				r := &out[i]
				var h hint
				if i < len(hints) {
					h = hints[i]
				}
				if h.prev != nil && h.dirty == 0 {
					*r = *h.prev
					continue
				}
				if known != nil {
					r.from, r.sum, r.tiles, r.clean = known[i].find(m, i, h)
				}
				if r.from != nil && r.from.z != nil {
					r.band = r.from.band
					continue
				}
				if !s.encode(e, m, i, &r.band) {
					translucent.Store(true)
					return
				}
				r.fresh = true
			}
		})
	}
	wg.Wait()
	if translucent.Load() {
		return nil, nil, false
	}
	if cache != nil {
		cache.keep(out)
	}
	return assemble(w, h, out), out, true
}

// encoders is how many goroutines compress the bands of one image: every
// core but one, which is left for the caller's other work (the bot's
// acknowledgements), and at least one.
func encoders() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// result is how one band of an image was got: encoded fresh, or taken
// from a version of the cache (from), or both when that version had not
// been encoded yet.
type result struct {
	band
	from  *version
	sum   uint64   // the band's digest, if a cache was given
	tiles tileSums // and its tiles'
	fresh bool
	clean uint64 // the band's tiles that hold the background, by bit
}

// assemble writes the PNG file: the header, one IDAT chunk holding the zlib
// stream of the bands, and the end, in one allocation of its size.
func assemble(w, h int, bands []result) []byte {
	size := 0
	for i := range bands {
		size += len(bands[i].z)
	}
	zlen := 2 + size + 2 + 4
	out := make([]byte, 0, 8+(12+13)+(12+zlen)+12)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolor
	out = chunk(out, "IHDR", ihdr)

	out = binary.BigEndian.AppendUint32(out, uint32(zlen))
	start := len(out)
	out = append(out, "IDAT"...)
	out = append(out, 0x78, 0x01) // zlib header: deflate, 32K window, fastest
	sum := uint32(1)
	rowLen := 1 + 3*w
	for i := range bands {
		out = append(out, bands[i].z...)
		sum = adler32Combine(sum, bands[i].adler, rowLen*(min(h, (i+1)*bandRows)-i*bandRows))
	}
	out = append(out, 0x03, 0x00) // an empty final block with fixed codes
	out = binary.BigEndian.AppendUint32(out, sum)
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
	return chunk(out, "IEND", nil)
}

func chunk(out []byte, kind string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, kind...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// adler32Combine returns the Adler-32 of a sequence a then b, from their
// checksums and the length of b (zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int) uint32 {
	const mod = 65521
	rem := uint32(lenB % mod)
	a1, a2 := a&0xffff, a>>16
	b1, b2 := b&0xffff, b>>16
	s1 := (a1 + b1 + mod - 1) % mod
	s2 := (rem*a1%mod + a2 + b2 + mod - rem) % mod
	return s2<<16 | s1
}
