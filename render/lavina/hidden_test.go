package lavina

import (
	"bytes"
	"image"
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
)

// pixels draws an image and keeps a copy of its pixels.
func pixels(img image.Image) []byte { return bytes.Clone(img.(*image.RGBA).Pix) }

// sameFor checks that a and b draw alike wherever seat may not see what
// tells them apart: the shared board, and seat's own board and focused
// views.
func sameFor(t *testing.T, what string, a, b *lavina.State, seats ...engine.Seat) {
	t.Helper()
	if !bytes.Equal(pixels(Draw(a)), pixels(Draw(b))) {
		t.Errorf("%s: the shared board shows it", what)
	}
	for _, seat := range seats {
		if !bytes.Equal(pixels(DrawPlayer(a, seat)), pixels(DrawPlayer(b, seat))) {
			t.Errorf("%s: seat %d's own board shows it", what, seat)
		}
		for focus := range focusBlocks {
			if !bytes.Equal(pixels(Focus(a, seat, focus)), pixels(Focus(b, seat, focus))) {
				t.Errorf("%s: seat %d's %s view shows it", what, seat, focus)
			}
		}
	}
}

func allSeats(s *lavina.State) []engine.Seat {
	var out []engine.Seat
	for i := range s.Seats {
		out = append(out, engine.Seat(i))
	}
	return out
}

// A lower card's tool is hidden from everyone (text l.151, A-14): two
// states that differ only in it draw alike for every seat.
func TestLowerToolsAreHidden(t *testing.T) {
	a, b := state(t, "mid-5p"), state(t, "mid-5p")
	changed := 0
	for i, space := range b.Aisle {
		for side, stack := range space.Sides {
			if len(stack) == 2 {
				// As dealt under a new card (A-14's alternative reading).
				a.Aisle[i].Sides[side][0].Known = false
				lower := &b.Aisle[i].Sides[side][0]
				lower.Known = false
				lower.Tool = (lower.Tool + 1) % 4
				lower.ID = "X" + lower.ID
				changed++
			}
		}
	}
	if changed == 0 {
		t.Fatal("the test state has no stack of two cards")
	}
	sameFor(t, "a lower card's tool", a, b, allSeats(a)...)
}

// The deck's order is hidden: a shuffled deck draws alike.
func TestDeckOrderIsHidden(t *testing.T) {
	a, b := state(t, "mid-5p"), state(t, "mid-5p")
	slices.Reverse(b.Deck)
	if slices.Equal(a.Deck, b.Deck) {
		t.Fatal("the deck did not change")
	}
	sameFor(t, "the deck's order", a, b, allSeats(a)...)
}

// A player's prestige is his own (text l.251, A-36): the shared board and
// the other seats' views do not show it; his own board does.
func TestPrestigeIsPrivate(t *testing.T) {
	a, b := state(t, "mid-5p"), state(t, "mid-5p")
	b.Seats[1].Prestige += 17
	sameFor(t, "seat 1's prestige", a, b, 0, 2, 3, 4)
	if bytes.Equal(pixels(DrawPlayer(a, 1)), pixels(DrawPlayer(b, 1))) {
		t.Error("seat 1's own board does not show his prestige")
	}
}

// With public scores (the A-36 option), and once the game is over, the
// shared board shows everyone's prestige.
func TestPrestigeIsPublicWhenTheGameSaysSo(t *testing.T) {
	for _, name := range []string{"public-3p", "end-5p"} {
		a, b := state(t, name), state(t, name)
		b.Seats[1].Prestige += 17
		if bytes.Equal(pixels(Draw(a)), pixels(Draw(b))) {
			t.Errorf("%s: the shared board hides seat 1's prestige", name)
		}
	}
}
