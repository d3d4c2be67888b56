package commands

import (
	"bytes"
	"flag"
	"image/png"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
)

// playRandomly plays g to its end through the store, each decision made
// of choices drawn from a generator seeded with seed: the same game every
// run.
func playRandomly(t *testing.T, h *Handler, g *adega.Game, seed uint64) *adega.Game {
	t.Helper()
	r := engine.NewRNG(seed)
	for !g.State.Over() {
		seat := g.State.Pending()[0].Seat
		var act engine.Action
		for {
			step, err := g.State.Choices(seat, act)
			if err != nil {
				t.Fatal(err)
			}
			if step.Complete {
				break
			}
			act = append(act, step.Choices[r.IntN(len(step.Choices))].ID)
		}
		res, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: h.Now()})
		if err != nil {
			t.Fatal(err)
		}
		g = res.Game
	}
	return g
}

// finishedGame is a whole game of Vinhos between players, in mode (""
// for the default), played at random from seed.
func finishedGame(t *testing.T, h *Handler, mode string, seed uint64, players ...string) *adega.Game {
	t.Helper()
	return playRandomly(t, h, newVinhos(t, h, mode, seed, players...), seed)
}

// newVinhos starts a game of Vinhos between players, in mode ("" for the
// default), from seed.
func newVinhos(t *testing.T, h *Handler, mode string, seed uint64, players ...string) *adega.Game {
	t.Helper()
	var seats []adega.SeatUser
	for _, name := range players {
		seats = append(seats, adega.SeatUser{UserID: nextID(), Name: name})
	}
	g, err := h.Store.Create(adega.Meta{ChannelID: table, CreatorID: seats[0].UserID, Seats: seats},
		engine.Setup{Game: "vinhos", Mode: mode, Seed: seed, Players: players}, h.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var updateGoldens = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// TestGoldenViews keeps images players see as the bot posts them: the VP
// charts that end a 4-player game and a solo game against Lacerda, and
// the 4-player game's board at the start of its first year, of its first
// Fair and at its end, as /vinhos board move: shows them. Each is under
// Discord's limit for an attachment. -update draws them again.
func TestGoldenViews(t *testing.T) {
	h := newHandler(t)
	h.Drawer = render.Boards{"vinhos": vinhosboard.Renderer}
	four := finishedGame(t, h, "", 57, "Ana", "Bruno", "Carla", "Duarte")
	solo := finishedGame(t, h, vinhos.ModeSolo, 56, "Ana")
	for _, v := range []struct {
		name string
		draw func() ([]byte, error)
	}{
		{"vp-race-4p", func() ([]byte, error) { return VPRaceChart(h.Games, h.Drawer, four) }},
		{"vp-sources-4p", func() ([]byte, error) { return VPSourcesChart(h.Drawer, four) }},
		{"vp-race-solo", func() ([]byte, error) { return VPRaceChart(h.Games, h.Drawer, solo) }},
		{"vp-sources-solo", func() ([]byte, error) { return VPSourcesChart(h.Drawer, solo) }},
		{"board-year-1", lookingBack(t, h, four, "Year 1")},
		{"board-first-fair", lookingBack(t, h, four, "Year 3, the Fair")},
		{"board-end", lookingBack(t, h, four, "Game over")},
	} {
		t.Run(v.name, func(t *testing.T) {
			data, err := v.draw()
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > attachmentMax {
				t.Errorf("%d bytes, more than the %d an attachment may take", len(data), attachmentMax)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			rendertest.Golden(t, filepath.Join("testdata", "golden", v.name+".png"), img, *updateGoldens)
		})
	}
}

// lookingBack draws g's board at the start of the chapter titled title,
// as the replay view posts it.
func lookingBack(t *testing.T, h *Handler, g *adega.Game, title string) func() ([]byte, error) {
	return func() ([]byte, error) {
		r, err := replayAt(h.Games, g, 0)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(r.chapters, func(c chapter) bool { return c.title == title })
		if i < 0 {
			t.Fatalf("the game has no chapter %q: %v", title, r.chapters)
		}
		e, err := h.replayEdit(g, r.chapters[i].move)()
		if err != nil {
			return nil, err
		}
		return io.ReadAll(e.Files[0].Reader)
	}
}
