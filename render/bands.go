package render

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"image"
	"slices"
	"sync"
)

// bandRows is how many rows a band holds. A move changes few bands when
// they are narrow; each band restarts the compressor's window, which costs
// a little size and time (docs/BENCHMARKS.md).
const bandRows = 12

// keepVersions is how many versions of each band a layer keeps besides its
// background's: the bands of its last images, each known by a digest of
// its pixels and kept as its compressed bytes (a few KB).
const keepVersions = 2

// A band is one band of rows compressed: a deflate stream that refers to
// nothing before it, ended by a sync flush, and the Adler-32 of the
// filtered rows it holds.
type band struct {
	z     []byte
	adler uint32
}

// A version is a band as some image had it, with the row above the band
// (the Up filter reads it; the first band has none), known by a digest of
// those pixels: copies of them would take 11 MB a version of every band
// of a board, more than all else the bot keeps. The background's version
// has no bytes until an image first needs them. A version never changes.
type version struct {
	sum uint64 // bandSum of its rows
	band
}

// bandSums digests a band's rows with a seed of this process. Two bands
// with the same digest are taken to be the same: with 64 bits, a bot that
// encodes a million boards risks a wrong band once in about 10^11 of its
// lifetimes.
var bandSums = maphash.MakeSeed()

// tileCols is how many pixels wide a tile of a band is, at least: a board
// changes a few places of most bands, and a layer's canvas paints the
// background again only on the tiles the image before it drew over.
const tileCols = 64

// maxTiles is how many tiles a band has at most: which of them hold the
// background is a bit mask.
const maxTiles = 64

// tileWidth is the width of the tiles of an image w pixels wide.
func tileWidth(w int) int { return max(tileCols, (w+maxTiles-1)/maxTiles) }

// tileSums are the digests of the tiles of a band, as many as it has.
type tileSums [maxTiles]uint64

// bandSum digests band i of m and the row above it: the digest of each
// tile, and of the band from them. The tiles that h tells are as the
// image before had them keep that image's digests.
func bandSum(m *image.RGBA, i int, h hint) (uint64, tileSums) {
	var d maphash.Hash
	d.SetSeed(bandSums)
	w := m.Rect.Dx()
	tw := tileWidth(w)
	y0, y1 := versionRows(i, m.Rect.Dy())
	var tiles tileSums
	var sums [8 * maxTiles]byte
	n := 0
	for x := 0; x < w; x, n = x+tw, n+1 {
		if h.prev != nil && h.dirty&(1<<n) == 0 {
			tiles[n] = h.prev.tiles[n]
		} else {
			d.Reset()
			for y := y0; y < y1; y++ {
				o := m.PixOffset(m.Rect.Min.X+x, m.Rect.Min.Y+y)
				d.Write(m.Pix[o : o+4*min(tw, w-x)])
			}
			tiles[n] = d.Sum64()
		}
		binary.LittleEndian.PutUint64(sums[8*n:], tiles[n])
	}
	return maphash.Bytes(bandSums, sums[:8*n]), tiles
}

// same is the mask of the tiles that a and b share.
func (a *tileSums) same(b *tileSums) uint64 {
	var mask uint64
	for t := range a {
		if a[t] == b[t] {
			mask |= 1 << t
		}
	}
	return mask
}

// versionRows are the rows of an image of height h that a version of band
// i holds: the row above the band, if any, and the band's.
func versionRows(i, h int) (y0, y1 int) {
	return max(i*bandRows-1, 0), min(h, (i+1)*bandRows)
}

// bandCache holds the versions of each band of a layer's images: the
// background's, and the latest others. Encoding an image compares each of
// its bands with these and compresses only those that match none.
type bandCache struct {
	mu    sync.Mutex
	bands []versions
}

// versions are one band's: the recent, most recently used first, then the
// background's. A change replaces the slice, never its elements, so a
// copy taken under the lock stays valid.
type versions struct {
	recent  []*version
	bg      *version
	bgTiles *tileSums // the digests of the background's tiles; never change
}

func newBandCache(bg *image.RGBA) *bandCache {
	n := (bg.Rect.Dy() + bandRows - 1) / bandRows
	c := &bandCache{bands: make([]versions, n)}
	for i := range c.bands {
		sum, tiles := bandSum(bg, i, hint{})
		c.bands[i].bg, c.bands[i].bgTiles = &version{sum: sum}, &tiles
	}
	return c
}

// snapshot returns the versions of every band as they are now.
func (c *bandCache) snapshot() []versions {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.bands)
}

// find returns the version that band i of m matches, or nil, the band's
// digest and its tiles', and the mask of its tiles that match the
// background's; h is what is known of the band (bandSum).
func (vs versions) find(m *image.RGBA, i int, h hint) (*version, uint64, tileSums, uint64) {
	sum, tiles := bandSum(m, i, h)
	if sum == vs.bg.sum {
		return vs.bg, sum, tiles, ^uint64(0)
	}
	clean := tiles.same(vs.bgTiles)
	for _, v := range vs.recent {
		if v.sum == sum {
			return v, sum, tiles, clean
		}
	}
	return nil, sum, tiles, clean
}

// keep records how each band of m was encoded: a band that matched a
// recent version makes it the most recent, a band of the background
// encoded for the first time gives the background's version its bytes,
// and a band that matched nothing becomes a new version, pushing out the
// least recently used one beyond keepVersions. Each result then names
// the version that holds its band.
func (c *bandCache) keep(got []result) {
	fresh := make([]*version, len(got))
	for i, r := range got {
		if r.from == nil {
			fresh[i] = &version{sum: r.sum, band: r.band}
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := range got {
		r := &got[i]
		vs := &c.bands[i]
		switch {
		case r.from == nil:
			vs.recent = append([]*version{fresh[i]}, vs.recent[:min(len(vs.recent), keepVersions-1)]...)
			r.from = fresh[i]
		case r.from == vs.bg && r.fresh:
			vs.bg = &version{sum: vs.bg.sum, band: r.band}
			r.from = vs.bg
		case len(vs.recent) > 1 && r.from != vs.recent[0]:
			if k := slices.Index(vs.recent, r.from); k > 0 {
				recent := slices.Delete(slices.Clone(vs.recent), k, k+1)
				vs.recent = append([]*version{r.from}, recent...)
			}
		}
	}
}

// scratch is one worker's buffers for encoding bands.
type scratch struct {
	raw []byte
	out bytes.Buffer
	zw  deflater
}

func (s *scratch) release(e *encoder) {
	if s.zw != nil {
		e.keep(s.zw)
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
		s.zw = e.deflater()
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
