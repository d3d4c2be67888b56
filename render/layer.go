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

	// spare is the memory of an image done with (given back by PNG), for
	// the next canvas. One is kept, not a pool: a sync.Pool drops what it
	// holds at every collection, and keeps one per processor.
	spareMu sync.Mutex
	spare   []byte
}

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
// render to draw its pieces on; the copy is made in the memory of an image
// given back by PNG, if there is one. EncodePNG knows the image came from
// the layer, and encodes again only the bands of it that differ from the
// background and from the layer's last images.
func (l *Layer) Canvas() *Canvas {
	l.spareMu.Lock()
	pix := l.spare
	l.spare = nil
	l.spareMu.Unlock()
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
	drawnOn.Store(k, l)
	runtime.AddCleanup(img, func(k weak.Pointer[image.RGBA]) { drawnOn.Delete(k) }, k)
	return NewCanvas(img, l.scale)
}

// giveBack keeps pix for the next canvas, unless one is kept already.
func (l *Layer) giveBack(pix []byte) {
	l.spareMu.Lock()
	defer l.spareMu.Unlock()
	if l.spare == nil {
		l.spare = pix
	}
}

// drawnOn maps each image made by a layer's Canvas, while it lives, to the
// layer: a hint of which cached bands it may share. Encoding compares the
// pixels, so an image drawn over anywhere is still encoded exactly.
var drawnOn sync.Map // weak.Pointer[image.RGBA] -> *Layer

// layerOf returns the layer whose canvas made m, or nil.
func layerOf(m *image.RGBA) *Layer {
	v, ok := drawnOn.Load(weak.Make(m))
	if !ok {
		return nil
	}
	l := v.(*Layer)
	if m.Rect.Size() != l.img.Rect.Size() || len(m.Pix) != len(l.img.Pix) {
		return nil
	}
	return l
}

// bandsOf returns the band cache of the layer m was made by, or nil.
func bandsOf(m *image.RGBA) *bandCache {
	l := layerOf(m)
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
