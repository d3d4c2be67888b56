package render

import (
	"bytes"
	"encoding/binary"
	"image"
)

// bandRows is how many rows a band holds. Each band restarts the
// compressor's window, which costs a little size and time.
const bandRows = 16

// A band is one band of rows compressed: a deflate stream that refers to
// nothing before it, ended by a sync flush, and the Adler-32 of the
// filtered rows it holds.
type band struct {
	z     []byte
	adler uint32
}

// scratch is one worker's buffers for encoding bands.
type scratch struct {
	raw []byte
	out bytes.Buffer
	zw  deflater
}

func (s *scratch) release(e *encoder) {
	if s.zw != nil {
		e.pool.Put(s.zw)
	}
}

// encode filters and compresses band i of m into b, or reports false if a
// pixel of it is not opaque.
func (s *scratch) encode(e *encoder, m *image.RGBA, i int, b *band) bool {
	w, rw := m.Rect.Dx(), 1+3*m.Rect.Dx()
	y0, y1 := i*bandRows, min(m.Rect.Dy(), (i+1)*bandRows)
	size := rw * (y1 - y0)
	if cap(s.raw) < size+filterSlack {
		s.raw = make([]byte, size+filterSlack)
	}
	raw := s.raw[:size+filterSlack]
	for y := y0; y < y1; y++ {
		o := m.PixOffset(m.Rect.Min.X, m.Rect.Min.Y+y)
		var above []byte
		if y > 0 {
			above = m.Pix[o-m.Stride : o-m.Stride+4*w]
		} else {
			above = make([]byte, 4*w) // nothing above the first row
		}
		row := raw[(y-y0)*rw:]
		row[0] = 2 // Up
		if !filterUp(row[1:], m.Pix[o:o+4*w], above) {
			return false
		}
	}
	raw = raw[:size]
	if s.zw == nil {
		s.zw = e.pool.Get().(deflater)
	}
	s.out.Reset()
	s.zw.Reset(&s.out)
	s.zw.Write(raw)
	s.zw.Flush()
	b.z = bytes.Clone(s.out.Bytes())
	b.adler = adler32(raw)
	return true
}

// filterSlack is how far past a row's end filterUp may write.
const filterSlack = 8

// filterUp writes the row cur, RGBA, as RGB minus the row above (zeros
// above the first row), byte by byte modulo 256, and
// reports whether every pixel of cur is opaque. It works on two pixels at
// a time and may write filterSlack bytes past the end of its output.
func filterUp(dst, cur, above []byte) bool {
	const high = 0x8080808080808080
	opaque := ^uint64(0)
	for len(cur) >= 8 && len(above) >= 8 && len(dst) >= 8 {
		c := binary.LittleEndian.Uint64(cur)
		a := binary.LittleEndian.Uint64(above)
		opaque &= c
		// Subtract byte from byte with no borrow between them.
		d := ((c | high) - (a &^ high)) ^ ((c ^ ^a) & high)
		binary.LittleEndian.PutUint64(dst, d&0xffffff|d>>8&0xffffff000000)
		cur, above, dst = cur[8:], above[8:], dst[6:]
	}
	if len(cur) == 4 { // an odd pixel
		dst[0], dst[1], dst[2] = cur[0]-above[0], cur[1]-above[1], cur[2]-above[2]
		opaque &= uint64(cur[3])<<24 | uint64(cur[3])<<56
	}
	return opaque&0xff000000ff000000 == 0xff000000ff000000
}

// adler32 is the Adler-32 checksum of p. A filtered board is mostly zeros,
// which it takes eight at a time.
func adler32(p []byte) uint32 {
	const mod = 65521
	const nmax = 5552 // the most bytes before s2 could overflow
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		q := p[:min(len(p), nmax)]
		p = p[len(q):]
		for ; len(q) >= 8; q = q[8:] {
			v := binary.LittleEndian.Uint64(q)
			if v == 0 {
				s2 += 8 * s1
				continue
			}
			for range 8 {
				s1 += uint32(v & 0xff)
				s2 += s1
				v >>= 8
			}
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}
