package vinhos

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"runtime"
	"sync"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
)

// TestGamePNG posts the board after every move of a whole 4-player game,
// in order, as a painter does (render.PNG): each PNG reuses the bands it
// shares with the background and the boards before it, and each board is
// drawn on the pixels of the one before, only its areas that changed
// drawn again. Each board drawn must be the board drawn on the background
// alone, and each PNG must decode to its pixels, and to those of the
// board encoded whole (the same bytes, so far). With -short, every eighth
// board is posted.
func TestGamePNG(t *testing.T) {
	states := game(t, 47, 4)
	step := 1
	if testing.Short() {
		step = 8
	}
	type posted struct {
		move int
		pix  []byte // a copy of the board drawn
		png  []byte
	}
	check := make(chan posted, 2)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for p := range check {
				drawn := &image.RGBA{Pix: p.pix, Stride: 4 * width, Rect: image.Rect(0, 0, width, len(p.pix)/(4*width))}
				full, err := render.EncodePNG(drawn) // no layer made it: encoded whole
				if err != nil {
					t.Error(err)
					continue
				}
				got := decode(t, p.move, p.png)
				if !bytes.Equal(p.png, full) { // else they decode alike
					want := decode(t, p.move, full)
					if got != nil && want != nil && !bytes.Equal(got.Pix, want.Pix) {
						t.Errorf("move %d: the PNG differs from the board encoded whole", p.move)
					}
				}
				if got != nil && !bytes.Equal(got.Pix, p.pix) {
					t.Errorf("move %d: the PNG differs from the board drawn", p.move)
				}
			}
		})
	}
	for move := 0; move < len(states); move += step {
		var pix []byte
		b, err := render.PNG(func() image.Image {
			img := Draw(states[move])
			pix = bytes.Clone(img.(*image.RGBA).Pix)
			// The working memory is img's: this one is drawn anew.
			if fresh := Draw(states[move]).(*image.RGBA); !bytes.Equal(pix, fresh.Pix) {
				t.Errorf("move %d: the board drawn on the one before differs from the board drawn anew", move)
			}
			return img
		})
		if err != nil {
			t.Fatal(err)
		}
		check <- posted{move, pix, b}
	}
	close(check)
	wg.Wait()
}

// decode decodes a board's PNG with image/png.
func decode(t *testing.T, move int, b []byte) *image.RGBA {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Errorf("move %d: %v", move, err)
		return nil
	}
	return img.(*image.RGBA)
}

// TestBoardsDrawnByAreas plays seeded games of each layout, the full
// board and the compact one, and draws every fifth board of each (with
// -short, every twentieth), and its end, posting one of two as a painter
// does (render.PNG) and releasing the other unencoded (render.Release,
// as an animation's frame is): each drawn on the board before, only its
// areas that changed drawn again, must be the board drawn anew.
// (TestGamePNG checks the encoding of such boards.)
func TestBoardsDrawnByAreas(t *testing.T) {
	four := []string{"Ana", "Bruno", "Carla", "Duarte"}
	for _, setup := range []engine.Setup{
		{Game: "vinhos", Mode: vinhos.ModeSpecial2016, Seed: 47, Players: four},
		{Game: "vinhos", Mode: vinhos.ModeReserve2010, Seed: 29, Players: four},
		{Game: "vinhos", Mode: vinhos.ModeClassic2010, Seed: 29, Players: four[:3]},
		{Game: "vinhos", Mode: vinhos.ModeSolo, Seed: 5, Players: four[:1]},
	} {
		for _, compact := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s %dp compact %v", setup.Mode, len(setup.Players), compact), func(t *testing.T) {
				setup.Rules = vinhos.LatestRules
				st, _, err := vinhos.Game{}.New(setup)
				if err != nil {
					t.Fatal(err)
				}
				draw := func(s *vinhos.State) *image.RGBA {
					if compact {
						return DrawCompact(s).(*image.RGBA)
					}
					return Draw(s).(*image.RGBA)
				}
				step := 5
				if testing.Short() {
					step = 20
				}
				move := 0
				rendertest.Play(t, st, setup.Seed, func(es engine.State) bool {
					s := es.(*vinhos.State)
					if move%step == 0 || s.Over() {
						img := draw(s)
						// The working memory is img's: this one is drawn anew.
						if fresh := draw(s); !bytes.Equal(img.Pix, fresh.Pix) {
							t.Errorf("move %d: the board drawn on the one before differs from the board drawn anew", move)
						}
						if move/step%2 == 0 {
							if _, err := render.PNG(func() image.Image { return img }); err != nil {
								t.Fatal(err)
							}
						} else {
							render.Release(img)
						}
					}
					move++
					return s.Over()
				})
			})
		}
	}
}

// TestBoardsPostedAtOnce posts boards of one layout from three painters
// at once: one draws on the layer's working memory, by areas, while the
// others draw anew, and each board must be the board drawn anew. Each
// board drawn to compare with may get the working memory and is then
// dropped: when it is collected, its loan of the memory ends, and no
// other's may.
func TestBoardsPostedAtOnce(t *testing.T) {
	states := game(t, 47, 4)
	var wg sync.WaitGroup
	for p := range 3 {
		wg.Go(func() {
			for move := p; move < len(states); move += 12 {
				_, err := render.PNG(func() image.Image {
					img := Draw(states[move]).(*image.RGBA)
					if fresh := Draw(states[move]).(*image.RGBA); !bytes.Equal(img.Pix, fresh.Pix) {
						t.Errorf("move %d: the board drawn beside other painters differs from the board drawn anew", move)
					}
					return img
				})
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
}
