package render

import (
	"bufio"
	"cmp"
	"compress/lzw"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"io"
	"maps"
	"slices"

	xdraw "golang.org/x/image/draw"
)

// Animation writes an animated GIF a frame at a time, so that a long
// game's animation holds one frame in memory, never all of them: each
// frame is scaled, mapped to its palette and compressed as it comes, and
// only its compressed bytes stay. Frames are scaled to a width (never
// enlarged) and take the size of the first. Each frame has a palette of
// its own: the 256 colours it uses most (counting every third pixel);
// every pixel takes its nearest colour, without dithering, so that the
// boards' flat areas stay flat and compress well.
type Animation struct {
	w      *bufio.Writer
	width  int
	screen image.Rectangle // the first frame's size, which every frame shares
	err    error
	// Kept from frame to frame, so that a frame allocates no image.
	scaled  *image.RGBA
	pixels  *image.Paletted
	nearest *nearest
	counts  map[color.RGBA]int
}

// NewAnimation starts an animation written to w, frames scaled to width
// pixels wide.
func NewAnimation(w io.Writer, width int) *Animation {
	return &Animation{w: bufio.NewWriter(w), width: width, nearest: new(nearest), counts: map[color.RGBA]int{}}
}

// Add appends img as the next frame, shown for delay hundredths of a
// second. img is given back (Release) once scaled.
func (a *Animation) Add(img image.Image, delay int) error {
	if a.err != nil {
		return a.err
	}
	a.scale(img)
	Release(img)
	if a.screen.Empty() {
		a.screen = a.scaled.Rect
		a.header()
	}
	if !a.scaled.Rect.Eq(a.screen) {
		a.err = errors.New("render: the frames of an animation differ in size")
		return a.err
	}
	pal := paletteOf(a.scaled, a.counts)
	if a.pixels == nil {
		a.pixels = image.NewPaletted(a.screen, nil)
	}
	a.pixels.Palette = pal
	a.nearest.mapTo(a.pixels, a.scaled)
	a.frame(delay)
	return a.err
}

// Close ends the animation. An animation without frames writes nothing.
func (a *Animation) Close() error {
	if a.err == nil && !a.screen.Empty() {
		a.w.WriteByte(0x3b) // trailer
	}
	if err := a.w.Flush(); a.err == nil {
		a.err = err
	}
	return a.err
}

// scale draws img into a.scaled, width pixels wide, keeping its shape.
func (a *Animation) scale(img image.Image) {
	r := img.Bounds()
	width := min(a.width, r.Dx())
	size := image.Rect(0, 0, width, r.Dy()*width/max(r.Dx(), 1))
	if a.scaled == nil || !a.scaled.Rect.Eq(size) {
		a.scaled = image.NewRGBA(size)
	}
	xdraw.ApproxBiLinear.Scale(a.scaled, size, img, r, xdraw.Src, nil)
}

// header writes the GIF header, the screen without a global palette, and
// the loop-forever extension.
func (a *Animation) header() {
	a.w.WriteString("GIF89a")
	a.u16(a.screen.Dx(), a.screen.Dy())
	a.w.Write([]byte{0, 0, 0}) // no global colour table, background 0, square pixels
	a.w.Write([]byte{0x21, 0xff, 11})
	a.w.WriteString("NETSCAPE2.0")
	a.w.Write([]byte{3, 1, 0, 0, 0}) // loop count 0: for ever
}

// frame writes a.pixels as the next frame, with its own colour table.
func (a *Animation) frame(delay int) {
	a.w.Write([]byte{0x21, 0xf9, 4, 0}) // graphic control: no disposal, opaque
	a.u16(delay)
	a.w.Write([]byte{0, 0})
	a.w.WriteByte(0x2c) // image descriptor
	a.u16(0, 0, a.screen.Dx(), a.screen.Dy())
	bits := 1 // the table holds 2^bits colours
	for 1<<bits < len(a.pixels.Palette) {
		bits++
	}
	a.w.WriteByte(0x80 | byte(bits-1))
	for k := range 1 << bits {
		var rgb [3]byte
		if k < len(a.pixels.Palette) {
			r, g, b, _ := a.pixels.Palette[k].RGBA()
			rgb = [3]byte{byte(r >> 8), byte(g >> 8), byte(b >> 8)}
		}
		a.w.Write(rgb[:])
	}
	litWidth := max(2, bits) // GIF's smallest code size is 2
	a.w.WriteByte(byte(litWidth))
	blocks := &subBlocks{w: a.w}
	lz := lzw.NewWriter(blocks, lzw.LSB, litWidth)
	if _, err := lz.Write(a.pixels.Pix); err != nil {
		a.err = err
	}
	if err := lz.Close(); err != nil && a.err == nil {
		a.err = err
	}
	blocks.close()
}

// u16 writes little-endian 16-bit numbers.
func (a *Animation) u16(values ...int) {
	for _, v := range values {
		a.w.Write(binary.LittleEndian.AppendUint16(nil, uint16(v)))
	}
}

// subBlocks cuts a frame's compressed data into GIF's blocks of at most
// 255 bytes, each after its length, ended by an empty block.
type subBlocks struct {
	w   *bufio.Writer
	buf [255]byte
	n   int
}

func (s *subBlocks) Write(p []byte) (int, error) {
	for k := range p {
		s.buf[s.n] = p[k]
		s.n++
		if s.n == len(s.buf) {
			s.flush()
		}
	}
	return len(p), nil
}

func (s *subBlocks) flush() {
	if s.n > 0 {
		s.w.WriteByte(byte(s.n))
		s.w.Write(s.buf[:s.n])
		s.n = 0
	}
}

func (s *subBlocks) close() {
	s.flush()
	s.w.WriteByte(0)
}

// paletteOf is the 256 colours most used in m, counting every third
// pixel in counts, which it clears first.
func paletteOf(m *image.RGBA, counts map[color.RGBA]int) color.Palette {
	clear(counts)
	// A run of one colour is counted at its end: flat areas cost no
	// lookup a pixel.
	var run color.RGBA
	n := 0
	for i := 0; i+3 < len(m.Pix); i += 12 {
		c := color.RGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], 0xff}
		if c != run && n > 0 {
			counts[run] += n
			n = 0
		}
		run = c
		n++
	}
	if n > 0 {
		counts[run] += n
	}
	colors := slices.SortedFunc(maps.Keys(counts), func(a, b color.RGBA) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return cmp.Compare(uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B), uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B))
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range colors[:min(256, len(colors))] {
		pal = append(pal, c)
	}
	return pal
}

// nearest remembers the nearest palette colour of recently seen colours:
// a table indexed by a hash of the colour, where a colour evicts another
// of the same hash. Boards have tens of thousands of colours (edges,
// text), and a map of them was most of a frame's allocations.
type nearest struct {
	seen [1 << 16]uint32 // the colour as 0x01RRGGBB, 0 for none
	at   [1 << 16]uint8
}

// mapTo maps every pixel of m to its nearest colour of out's palette.
func (n *nearest) mapTo(out *image.Paletted, m *image.RGBA) {
	clear(n.seen[:]) // another palette
	for i, j := 0, 0; i+3 < len(m.Pix); i, j = i+4, j+1 {
		c := 1<<24 | uint32(m.Pix[i])<<16 | uint32(m.Pix[i+1])<<8 | uint32(m.Pix[i+2])
		h := c * 2654435761 >> 16
		if n.seen[h] != c {
			n.seen[h] = c
			n.at[h] = closest(out.Palette, m.Pix[i], m.Pix[i+1], m.Pix[i+2])
		}
		out.Pix[j] = n.at[h]
	}
}

// closest is color.Palette.Index for an opaque colour of a palette of
// opaque colours, without making an interface value of each colour.
func closest(pal color.Palette, r, g, b uint8) uint8 {
	best, at := uint32(1<<32-1), 0
	for k, c := range pal {
		pr, pg, pb, _ := c.RGBA()
		d := sqDiff(uint32(r)*0x101, pr) + sqDiff(uint32(g)*0x101, pg) + sqDiff(uint32(b)*0x101, pb)
		if d < best {
			best, at = d, k
			if d == 0 {
				break
			}
		}
	}
	return uint8(at)
}

// sqDiff is image/color's: the squared difference of two 16-bit values,
// scaled down so that three of them (and alpha's) fit in 32 bits.
func sqDiff(x, y uint32) uint32 {
	d := x - y
	return (d * d) >> 2
}
