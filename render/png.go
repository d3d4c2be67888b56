package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/png"
	"runtime"
	"sync"
)

// EncodePNG encodes img as PNG. An opaque *image.RGBA, which is what the
// renderers make, is encoded as 8-bit RGB by bands of rows compressed in
// parallel; anything else goes through image/png.
func EncodePNG(img image.Image) ([]byte, error) {
	if m, ok := img.(*image.RGBA); ok {
		if b, ok := encodeRGB(m); ok {
			return b, nil
		}
	}
	var buf bytes.Buffer
	if err := fallback.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var fallback = png.Encoder{CompressionLevel: png.BestSpeed}

// bandRows is the fewest rows a band holds; smaller bands compress worse.
const bandRows = 64

// compressors are reused: each holds a megabyte of tables.
var compressors = sync.Pool{New: func() any {
	zw, _ := flate.NewWriter(nil, flate.BestSpeed)
	return zw
}}

// encodeRGB writes the PNG of an opaque image, or reports false if a pixel
// is not opaque. Each band of rows is filtered and deflated on its own, the
// compressor flushed to a byte boundary, so the bands' outputs concatenate
// into one zlib stream whose checksum combines theirs. Each row uses the Up
// filter: cheap, and it turns the boards' flat areas into runs of zeros.
func encodeRGB(m *image.RGBA) ([]byte, bool) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	n := max(1, min(runtime.GOMAXPROCS(0), h/bandRows))
	type band struct {
		out         bytes.Buffer
		adler       uint32
		length      int
		translucent bool
	}
	bands := make([]band, n)
	var wg sync.WaitGroup
	for i := range bands {
		wg.Go(func() {
			b := &bands[i]
			y0, y1 := h*i/n, h*(i+1)/n
			zw := compressors.Get().(*flate.Writer)
			defer compressors.Put(zw)
			zw.Reset(&b.out)
			sum := adler32.New()
			row := make([]byte, 1+3*w)
			row[0] = 2 // Up
			for y := y0; y < y1; y++ {
				if !upFilter(row[1:], m, y) {
					b.translucent = true
					return
				}
				zw.Write(row)
				sum.Write(row)
			}
			if i == n-1 {
				zw.Close()
			} else {
				zw.Flush()
			}
			b.adler, b.length = sum.Sum32(), len(row)*(y1-y0)
		})
	}
	wg.Wait()

	size := 0
	for i := range bands {
		if bands[i].translucent {
			return nil, false
		}
		size += bands[i].out.Len()
	}
	z := make([]byte, 0, 2+size+4)
	z = append(z, 0x78, 0x01) // zlib header: deflate, 32K window, fastest
	sum := uint32(1)
	for i := range bands {
		z = append(z, bands[i].out.Bytes()...)
		sum = adler32Combine(sum, bands[i].adler, bands[i].length)
	}
	z = binary.BigEndian.AppendUint32(z, sum)

	out := make([]byte, 0, len(z)+64)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolor
	out = chunk(out, "IHDR", ihdr)
	out = chunk(out, "IDAT", z)
	return chunk(out, "IEND", nil), true
}

// upFilter writes row y of m as RGB minus the row above it, byte by byte
// (the first row as is), and reports whether the row is opaque.
func upFilter(dst []byte, m *image.RGBA, y int) bool {
	cur := m.Pix[y*m.Stride:]
	var prev []byte
	if y > 0 {
		prev = m.Pix[(y-1)*m.Stride:]
	} else {
		prev = make([]byte, len(dst)/3*4) // nothing above the first row
	}
	alpha := byte(0xff)
	for x, j := 0, 0; j < len(dst); x, j = x+4, j+3 {
		dst[j], dst[j+1], dst[j+2] = cur[x]-prev[x], cur[x+1]-prev[x+1], cur[x+2]-prev[x+2]
		alpha &= cur[x+3]
	}
	return alpha == 0xff
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
