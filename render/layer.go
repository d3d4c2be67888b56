package render

import (
	"bytes"
	"image"
	"runtime"
	"sync"
	"weak"

	"github.com/klauspost/compress/s2"
)

// Layer is a background drawn once and shared by many renders: its pixels
// and the boxes of the text on it. Nothing may change it once built.
type Layer struct {
	rect  image.Rectangle
	scale float64
	boxes []TextBox

	// bg is the background's pixels by bands of bandRows rows, each
	// compressed with S2: a board's flat areas make some 11 MB of RGBA
	// about a megabyte, and S2 decodes at memory speed. Only the working
	// memory holds the pixels whole.
	bg    [][]byte
	bands *bandCache // the compressed bands of its images, for EncodePNG

	// work is the memory canvases draw in, made once and kept outside the
	// collected heap (lifelong), and lent to one canvas at a time: lent is
	// that loan, nil while work is free. A canvas made while it is lent
	// draws in a copy on the heap.
	workMu sync.Mutex
	work   []byte
	lent   *loan
	// painted lists the bands of work known to hold the background: those
	// of the last image PNG encoded there that matched the background's.
	// The next canvas paints the others only.
	painted []bool
}

// A loan is one canvas's use of a layer's working memory. It ends when PNG
// has encoded the canvas's image, or when the image is collected,
// whichever comes first; ending it twice does nothing.
type loan struct{}

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
	var z []byte
	for y := 0; y < h; y += bandRows {
		rows := img.Pix[img.PixOffset(0, y):img.PixOffset(0, min(h, y+bandRows))]
		if n := s2.MaxEncodedLen(len(rows)); cap(z) < n {
			z = make([]byte, n)
		}
		l.bg = append(l.bg, bytes.Clone(s2.Encode(z, rows)))
	}
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

// paint writes the background's pixels into pix, but for the bands that
// painted says hold them already (nil: none does).
func (l *Layer) paint(pix []byte, painted []bool) {
	band := 4 * l.rect.Dx() * bandRows
	for i, z := range l.bg {
		if painted != nil && painted[i] {
			continue
		}
		// By bands: the garbage collector waits for a copy to end before
		// it can stop the goroutine, spinning on the other cores meanwhile.
		if _, err := s2.Decode(pix[i*band:min(len(pix), (i+1)*band)], z); err != nil {
			panic(err) // it encoded them
		}
	}
}

// Boxes are the boxes of the background's text.
func (l *Layer) Boxes() []TextBox { return l.boxes }

// Canvas returns a fresh canvas holding a copy of the background, for one
// render to draw its pieces on: in the layer's working memory if no other
// canvas has it, else in fresh memory. EncodePNG knows the image came from
// the layer, and encodes again only the bands of it that differ from the
// background and from the layer's last images.
func (l *Layer) Canvas() *Canvas {
	l.workMu.Lock()
	var pix []byte
	var borrowed *loan
	var painted []bool
	if l.lent == nil {
		pix, borrowed, painted = l.work, new(loan), l.painted
		l.lent, l.painted = borrowed, nil
	}
	l.workMu.Unlock()
	if pix == nil {
		pix = make([]byte, len(l.work))
	}
	l.paint(pix, painted)
	img := l.image(pix)
	k := weak.Make(img)
	drawnOn.Store(k, drawing{l, borrowed})
	runtime.AddCleanup(img, func(d drawnKey) {
		drawnOn.Delete(d.k)
		d.layer.repay(d.borrowed, nil)
	}, drawnKey{k, drawing{l, borrowed}})
	return NewCanvas(img, l.scale)
}

// repay ends a loan of the working memory, if it is still running; bands
// are how PNG encoded the image drawn there, or nil.
func (l *Layer) repay(borrowed *loan, bands []result) {
	l.workMu.Lock()
	defer l.workMu.Unlock()
	if borrowed == nil || l.lent != borrowed {
		return
	}
	l.lent = nil
	if bands != nil {
		l.painted = make([]bool, len(bands))
		for i, r := range bands {
			l.painted[i] = r.background
		}
	}
}

// drawing is what drawnOn knows of an image: the layer whose canvas made
// it, and the loan of the layer's working memory it holds, if any.
type drawing struct {
	layer    *Layer
	borrowed *loan
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

// bandsOf returns the band cache of the layer m was made by, or nil.
func bandsOf(m *image.RGBA) *bandCache {
	l := drawingOf(m).layer
	if l == nil {
		return nil
	}
	return l.bands
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
