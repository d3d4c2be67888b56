package render

import (
	"bytes"
	"image"
	"runtime"
	"sync"
	"weak"
)

// Layer is a background drawn once and shared by many renders: its pixels
// and the boxes of the text on it. Nothing may change it once built.
type Layer struct {
	rect  image.Rectangle
	scale float64
	boxes []TextBox

	// The background's pixels, by tiles (bands of bandRows rows cut
	// across, tileWidth pixels wide): rows holds each distinct row of a
	// tile once, and bg where in rows each row of each tile is, row by row.
	// A board's flat areas repeat rows, so some 11 MB of RGBA take about
	// a megabyte, and painting a tile copies its rows at memory speed
	// (S2's decoder, before, took over ten times as long). Only the
	// working memory holds the pixels whole.
	rows  []byte
	bg    []uint32
	tiles int        // how many a band has
	bands *bandCache // the compressed bands of its images, for EncodePNG

	// work is the memory canvases draw in, made once and kept outside the
	// collected heap (lifelong), and lent to one canvas at a time: lent is
	// that loan, nil while work is free. A canvas made while it is lent
	// draws in a copy on the heap.
	workMu sync.Mutex
	work   []byte
	lent   *loan
	// clean marks the tiles of work known to hold the background, a mask
	// a band: those of the last image PNG encoded there that matched the
	// background's. The next canvas paints the others only.
	clean []uint64
	// memo is what work holds when the last image drawn there was drawn
	// by areas only (area.go), or nil: then the next canvas paints no
	// background back but in the areas it draws again.
	memo *areaMemo
}

// A loan is one canvas's use of a layer's working memory. It ends when PNG
// has encoded the canvas's image, or when the image is collected,
// whichever comes first; ending it twice does nothing. A loan is known by
// its address, so it must not be of size zero: Go may give every new
// value of such a type the same address, and a collected image would then
// end the loan of the canvas drawing there now.
type loan struct{ _ byte }

// NewLayer draws a w x h pixel background with draw, on a canvas whose user
// units are scale pixels, recording its text boxes. A layer lives as long
// as the process (see Cache). The background is drawn in what becomes the
// working memory.
func NewLayer(w, h int, scale float64, draw func(*Canvas)) *Layer {
	l := &Layer{rect: image.Rect(0, 0, w, h), scale: scale, work: lifelong(4 * w * h)}
	img := l.image(l.work)
	c := NewCanvas(img, scale)
	c.Record()
	draw(c)
	l.boxes = c.Boxes()
	l.bands = newBandCache(img)
	tw := tileWidth(w)
	l.tiles = (w + tw - 1) / tw
	seen := make(map[string]uint32)
	for y := range h {
		for x := 0; x < w; x += tw {
			o := img.PixOffset(x, y)
			row := img.Pix[o : o+4*min(tw, w-x)]
			at, ok := seen[string(row)]
			if !ok {
				at = uint32(len(l.rows))
				l.rows = append(l.rows, row...)
				seen[string(row)] = at
			}
			l.bg = append(l.bg, at)
		}
	}
	l.rows = bytes.Clone(l.rows)
	return l
}

// image is an image of the layer's size over pix.
func (l *Layer) image(pix []byte) *image.RGBA {
	return &image.RGBA{Pix: pix, Stride: 4 * l.rect.Dx(), Rect: l.rect}
}

// Image is the background alone, in memory of its own.
func (l *Layer) Image() image.Image {
	img := l.image(make([]byte, 4*l.rect.Dx()*l.rect.Dy()))
	l.paint(img.Pix, nil)
	return img
}

// paint writes the background's pixels into pix, but for the tiles that
// clean says hold them already (nil: none does).
func (l *Layer) paint(pix []byte, clean []uint64) {
	w, h := l.rect.Dx(), l.rect.Dy()
	tw := tileWidth(w)
	for y := range h {
		for t := range l.tiles {
			if clean != nil && clean[y/bandRows]&(1<<t) != 0 {
				continue
			}
			x := t * tw
			n := 4 * min(tw, w-x)
			at := l.bg[y*l.tiles+t]
			copy(pix[4*(y*w+x):][:n], l.rows[at:at+uint32(n)])
		}
	}
}

// Boxes are the boxes of the background's text.
func (l *Layer) Boxes() []TextBox { return l.boxes }

// Canvas returns a fresh canvas holding a copy of the background, for one
// render to draw its pieces on: in the layer's working memory if no other
// canvas has it, else in fresh memory. If the working memory holds an
// image drawn by areas only, the canvas holds that image instead, and its
// areas are drawn again only where they changed (Canvas.Area); its image
// is whole once RGBA returns it. EncodePNG knows the image came from the
// layer, and encodes again only the bands of it that differ from the
// background and from the layer's last images.
func (l *Layer) Canvas() *Canvas {
	l.workMu.Lock()
	var pix []byte
	var borrowed *loan
	var clean []uint64
	var w *work
	if l.lent == nil {
		pix, borrowed, clean = l.work, new(loan), l.clean
		w = &work{layer: l, prev: l.memo}
		l.lent, l.clean, l.memo = borrowed, nil, nil
	}
	l.workMu.Unlock()
	if pix == nil {
		pix = make([]byte, len(l.work))
	}
	if w == nil || w.prev == nil {
		l.paint(pix, clean)
	}
	img := l.image(pix)
	k := weak.Make(img)
	d := drawing{l, borrowed, w}
	drawnOn.Store(k, d)
	runtime.AddCleanup(img, func(d drawnKey) {
		drawnOn.Delete(d.k)
		d.layer.repay(d.borrowed, nil, nil)
	}, drawnKey{k, d})
	c := NewCanvas(img, l.scale)
	c.work = w
	return c
}

// paintRect writes the background's pixels into r of pix, but for the
// rectangles of except.
func (l *Layer) paintRect(pix []byte, r image.Rectangle, except []image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; {
			past, end := x, r.Max.X // past the hole x is in; the next hole
			for _, e := range except {
				switch {
				case y < e.Min.Y || y >= e.Max.Y || e.Max.X <= x:
				case e.Min.X <= x:
					past = max(past, e.Max.X)
				default:
					end = min(end, e.Min.X)
				}
			}
			if past > x {
				x = past
				continue
			}
			l.paintRow(pix, y, x, end)
			x = end
		}
	}
}

// paintRow writes the background's pixels x0 to x1 of row y into pix.
func (l *Layer) paintRow(pix []byte, y, x0, x1 int) {
	w := l.rect.Dx()
	tw := tileWidth(w)
	for t := x0 / tw; t*tw < x1; t++ {
		a, b := max(t*tw, x0), min((t+1)*tw, x1)
		at := int(l.bg[y*l.tiles+t]) + 4*(a-t*tw)
		copy(pix[4*(y*w+a):4*(y*w+b)], l.rows[at:])
	}
}

// repay ends a loan of the working memory, if it is still running; bands
// are how PNG encoded the image drawn there, or nil, and memo what the
// memory holds, if it is known.
func (l *Layer) repay(borrowed *loan, bands []result, memo *areaMemo) {
	l.workMu.Lock()
	defer l.workMu.Unlock()
	if borrowed == nil || l.lent != borrowed {
		return
	}
	l.lent, l.memo = nil, memo
	if bands != nil {
		l.clean = make([]uint64, len(bands))
		for i, r := range bands {
			l.clean[i] = r.clean
		}
	}
}

// drawing is what drawnOn knows of an image: the layer whose canvas made
// it, and the loan of the layer's working memory it holds, if any.
type drawing struct {
	layer    *Layer
	borrowed *loan
	work     *work // nil unless it holds the loan
}

type drawnKey struct {
	k weak.Pointer[image.RGBA]
	drawing
}

// drawnOn maps each image made by a layer's Canvas, while it lives, to the
// layer: a hint of which cached bands it may share. Encoding compares the
// pixels, so an image drawn over anywhere is still encoded exactly.
var drawnOn sync.Map // weak.Pointer[image.RGBA] -> drawing

// drawingOf returns what is known of the canvas that made m; its layer is
// nil if none did.
func drawingOf(m *image.RGBA) drawing {
	v, ok := drawnOn.Load(weak.Make(m))
	if !ok {
		return drawing{}
	}
	d := v.(drawing)
	if m.Rect.Size() != d.layer.rect.Size() || len(m.Pix) != len(d.layer.work) {
		return drawing{}
	}
	return d
}

// Cache builds one value per key the first time it is asked for, once
// even when renders ask concurrently, and keeps it.
type Cache[K comparable, V any] struct{ m sync.Map }

type cacheEntry[V any] struct {
	once sync.Once
	v    V
}

// Get returns the value for k, building it with build if it is new.
func (c *Cache[K, V]) Get(k K, build func() V) V {
	e, ok := c.m.Load(k)
	if !ok {
		e, _ = c.m.LoadOrStore(k, new(cacheEntry[V]))
	}
	entry := e.(*cacheEntry[V])
	entry.once.Do(func() { entry.v = build() })
	return entry.v
}
