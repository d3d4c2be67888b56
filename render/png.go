package render

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

// encoder reuses its compression buffers across renders; BestSpeed keeps
// flat-colored boards small while encoding several times faster than the
// default level.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}

type bufferPool struct{ pool sync.Pool }

func (p *bufferPool) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *bufferPool) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// EncodePNG encodes img as PNG.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := encoder.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
