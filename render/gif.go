package render

import (
	"bytes"
	"cmp"
	"image"
	"image/color"
	"image/gif"
	"maps"
	"slices"

	xdraw "golang.org/x/image/draw"
)

// Animation makes an animated GIF of n frames drawn by frame, each scaled
// to width pixels wide (never enlarged) and shown for delay hundredths of
// a second, the last one three times as long. Each frame is given back
// (Release) once scaled, so a long game holds one full-size image at a
// time. The frames share one palette: the 256 colours most used across
// them (counting every third pixel); every pixel takes its nearest colour,
// without dithering, so that the boards' flat areas stay flat and
// compress well.
func Animation(n int, frame func(k int) image.Image, width, delay int) ([]byte, error) {
	if n == 0 {
		return nil, nil
	}
	scaled := make([]*image.RGBA, n)
	for k := range n {
		img := frame(k)
		scaled[k] = scaleTo(img, width)
		Release(img)
	}
	pal := paletteOf(scaled)
	anim := &gif.GIF{Config: image.Config{ColorModel: pal, Width: scaled[0].Rect.Dx(), Height: scaled[0].Rect.Dy()}}
	nearest := map[color.RGBA]uint8{}
	for k, m := range scaled {
		anim.Image = append(anim.Image, paletted(m, pal, nearest))
		d := delay
		if k == len(scaled)-1 {
			d *= 3
		}
		anim.Delay = append(anim.Delay, d)
	}
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, anim); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// scaleTo returns img scaled to width pixels wide, keeping its shape.
func scaleTo(img image.Image, width int) *image.RGBA {
	r := img.Bounds()
	if r.Dx() <= width {
		width = r.Dx()
	}
	out := image.NewRGBA(image.Rect(0, 0, width, r.Dy()*width/r.Dx()))
	xdraw.ApproxBiLinear.Scale(out, out.Rect, img, r, xdraw.Src, nil)
	return out
}

// paletteOf is the 256 colours most used in frames, counting every third
// pixel.
func paletteOf(frames []*image.RGBA) color.Palette {
	counts := map[color.RGBA]int{}
	for _, m := range frames {
		for i := 0; i+3 < len(m.Pix); i += 12 {
			counts[color.RGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], 0xff}]++
		}
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

// paletted maps every pixel of m to its nearest colour of pal, remembering
// each colour's answer in nearest.
func paletted(m *image.RGBA, pal color.Palette, nearest map[color.RGBA]uint8) *image.Paletted {
	out := image.NewPaletted(m.Rect, pal)
	for i, j := 0, 0; i+3 < len(m.Pix); i, j = i+4, j+1 {
		c := color.RGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], 0xff}
		k, ok := nearest[c]
		if !ok {
			k = uint8(pal.Index(c))
			nearest[c] = k
		}
		out.Pix[j] = k
	}
	return out
}
