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
	img   *image.RGBA
	scale float64
	boxes []TextBox

	bandsOnce sync.Once
	bands     *bandCache // the compressed bands of its images, for EncodePNG

	// work is the memory canvases draw in, made once and kept outside the
	// collected heap like the background (lifelong), and lent to one
	// canvas at a time: lent is that loan, nil while work is free. A
	// canvas made while it is lent draws in a copy on the heap.
	workMu sync.Mutex
	work   []byte
	lent   *loan
}

// A loan is one canvas's use of a layer's working memory. It ends when PNG
// has encoded the canvas's image, or when the image is collected,
// whichever comes first; ending it twice does nothing.
type loan struct{}

// NewLayer draws a w x h pixel background with draw, on a canvas whose user
// units are scale pixels, recording its text boxes. A layer lives as long
// as the process (see Cache).
func NewLayer(w, h int, scale float64, draw func(*Canvas)) *Layer {
	bg := &image.RGBA{Pix: lifelong(4 * w * h), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	c := NewCanvas(bg, scale)
	c.Record()
	draw(c)
	return &Layer{img: c.img, scale: scale, boxes: c.Boxes()}
}

// Image is the background alone.
func (l *Layer) Image() image.Image { return l.img }

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
	if l.lent == nil {
		if l.work == nil {
			l.work = lifelong(len(l.img.Pix))
		}
		pix, borrowed = l.work, new(loan)
		l.lent = borrowed
	}
	l.workMu.Unlock()
	if pix != nil {
		// By parts: the garbage collector waits for a copy to end before it
		// can stop the goroutine, spinning on the other cores meanwhile.
		const part = 256 << 10
		for off := 0; off < len(pix); off += part {
			copy(pix[off:min(off+part, len(pix))], l.img.Pix[off:])
		}
	} else {
		// Cloning skips zeroing memory that the copy overwrites anyway.
		pix = bytes.Clone(l.img.Pix)
	}
	img := &image.RGBA{Pix: pix, Stride: l.img.Stride, Rect: l.img.Rect}
	k := weak.Make(img)
	drawnOn.Store(k, drawing{l, borrowed})
	runtime.AddCleanup(img, func(d drawnKey) {
		drawnOn.Delete(d.k)
		d.layer.repay(d.borrowed)
	}, drawnKey{k, drawing{l, borrowed}})
	return NewCanvas(img, l.scale)
}

// repay ends a loan of the working memory, if it is still running.
func (l *Layer) repay(borrowed *loan) {
	l.workMu.Lock()
	defer l.workMu.Unlock()
	if borrowed != nil && l.lent == borrowed {
		l.lent = nil
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
	if m.Rect.Size() != d.layer.img.Rect.Size() || len(m.Pix) != len(d.layer.img.Pix) {
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
	l.bandsOnce.Do(func() { l.bands = newBandCache(l.img) })
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
