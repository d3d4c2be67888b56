package vinhos

import (
	"cmp"
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/render/rendertest"
)

// TestLayout checks that no text overlaps other text or leaves the canvas,
// in the crowded states and every golden state.
func TestLayout(t *testing.T) {
	cases := map[string]*vinhos.State{
		"fullest": fullest(t), "end-4p": state(t, "end-4p"), "mid-3p": state(t, "mid-3p"), "early-2p": state(t, "early-2p"),
	}
	acting := fullest(t)
	acting.At, acting.Round, acting.Turn = vinhos.PhaseActions, 1, 0
	acting.Seats[acting.Order[0]].Cell = vinhos.CellBR
	acting.Seats[acting.Order[0]].Money = 0
	cases["fullest-acting"] = acting
	cases["reserve-early"], cases["reserve-mid"], cases["reserve-final"], cases["reserve-2p"] = reserveEarly(t), reserveMid(t), reserveFinal(t), reserve2p(t)
	cases["reserve-five-estates"], cases["reserve-fullest"] = reserveFiveEstates(t), reserveFullest(t)
	for name, s := range cases {
		for _, o := range []Options{{}, soloOptions, {Compact: true}, {NoBoard: soloOptions.NoBoard, Compact: true}} {
			c, bg := drawBoard(s, o, true)
			rendertest.CheckText(t, fmt.Sprintf("%s board (solo %v, compact %v)", name, o.NoBoard != nil, o.Compact), c, bg.Boxes())
		}
		for seat := range s.Seats {
			c := drawPlayer(s, engine.Seat(seat), true)
			rendertest.CheckText(t, fmt.Sprintf("%s player %d", name, seat), c, nil)
		}
	}
}

// TestLayoutKeepsWhatItWasMadeFor: every layout, full or compact, of every
// mode keeps the mode, Estates and seats it was made for, which its
// background draws from. The 2016 layouts kept no mode (the 2016 board
// came out right only because 2016 is the zero Mode) and the compact one
// no Estates.
func TestLayoutKeepsWhatItWasMadeFor(t *testing.T) {
	board := []bool{true, false, true}
	for _, mode := range []vinhos.Mode{vinhos.SpecialVintage2016, vinhos.Reserve2010, vinhos.Classic2010} {
		for _, compact := range []bool{false, true} {
			l := newLayout(board, compact, mode, 4)
			if l.mode != mode || l.estates != 4 || l.compact != compact || l.players != len(board) {
				t.Errorf("%v (compact %v): a layout of mode %v, %d Estates, compact %v, %d players",
					mode, compact, l.mode, l.estates, l.compact, l.players)
			}
		}
	}
}

// Trás-os-Montes's +2 Fair Points come when its wine is presented at a
// Fair, not with the first vineyard: the region card says when (issue 31,
// point 11), and so does the vineyards help.
func TestTrasOsMontesFairPointsComeAtTheFair(t *testing.T) {
	if perks := regionPerks(vinhos.TrasOsMontes); perks != "+2 Fair pts at Fairs" {
		t.Errorf("Trás-os-Montes's card reads %q", perks)
	}
	if help := (vinhos.Game{}).RulesTopics(vinhos.ModeSpecial2016)["vineyards"]; !strings.Contains(help, "Trás-os-Montes has no such bonus: its wine earns +2 Fair Points when presented at a Fair") {
		t.Errorf("the vineyards help does not say when Trás-os-Montes pays: %q", help)
	}
}

// compactBoard draws the compact board of s, recording its text, and
// returns the boxes of its text (background and pieces), its layout and
// the pixels a layout unit takes.
func compactBoard(s *vinhos.State) ([]render.TextBox, *layout, float64) {
	o := defaults(s)
	o.Compact = true
	c, bg := drawBoard(s, o, true)
	l := newLayout(newView(s, o).board, true, s.Mode, s.Estates())
	return append(slices.Clone(bg.Boxes()), c.Boxes()...), l, float64(c.RGBA().Bounds().Dx()) / l.width
}

// textIn is the text of the boxes that lie in r, a rect in layout units
// scale pixels each.
func textIn(boxes []render.TextBox, r rect, scale float64) []render.TextBox {
	px := image.Rect(int(r.X*scale), int(r.Y*scale), int(math.Ceil(r.Right()*scale)), int(math.Ceil(r.Bottom()*scale)))
	var in []render.TextBox
	for _, b := range boxes {
		if b.Box.In(px) {
			in = append(in, b)
		}
	}
	return in
}

// A phone shows the compact board 400 pixels wide: there, the words of
// the Managers' rows, the bank and the Fair read at 9 pixels or more, as
// a focused view's do (the initials on the players' pieces aside, which
// their colour tells apart). Two columns 926 pixels wide showed them at 5.
func TestCompactBoardReadsOnAPhone(t *testing.T) {
	for name, s := range map[string]*vinhos.State{"reserve-mid": reserveMid(t), "reserve-final": reserveFinal(t), "reserve-fullest": reserveFullest(t), "first-edition": firstEditionMid(t)} {
		boxes, l, scale := compactBoard(s)
		tags := newView(s, Options{}).tags
		for panel, r := range map[string]rect{"Managers' rows": l.managers, "bank": l.bank, "Fair": l.fair} {
			words := slices.DeleteFunc(textIn(boxes, r, scale), func(b render.TextBox) bool { return slices.Contains(tags, b.Text) })
			if len(words) == 0 {
				t.Fatalf("%s: no text in the %s", name, panel)
			}
			smallest := slices.MinFunc(words, func(a, b render.TextBox) int { return cmp.Compare(a.Size, b.Size) })
			if px := smallest.Size * 400 / (l.width * scale); px < 9 {
				t.Errorf("%s: 400 pixels wide, the smallest text in the %s (%q) is %.1f pixels high", name, panel, smallest.Text, px)
			}
		}
	}
}

// The compact board shows each player's estates: every region they hold,
// with its wines, in that player's own place on the board, as a phone
// must read them to weigh what each could sell or export.
func TestCompactBoardShowsEveryPlayersEstates(t *testing.T) {
	for name, s := range map[string]*vinhos.State{"mid-3p": state(t, "mid-3p"), "solo": state(t, "solo"), "reserve-mid": reserveMid(t), "first-edition": firstEditionMid(t)} {
		boxes, l, scale := compactBoard(s)
		for seat, p := range s.Seats {
			if !l.board[seat] {
				continue
			}
			shown := map[string]int{}
			for _, b := range textIn(boxes, l.seats[seat], scale) {
				shown[b.Text]++
			}
			want := map[string]int{}
			for _, est := range p.Estates {
				if est.Region != 0 {
					want[vinhos.Regions[est.Region].Name]++
				}
				for _, w := range est.Wines {
					if w.Quality > 0 {
						want[fmt.Sprintf("%s%d", wineLetter[w.Color], w.Quality)]++
					}
				}
			}
			for text, n := range want {
				if shown[text] < n {
					t.Errorf("%s: %s holds %d × %s; their place on the compact board shows %d", name, p.Name, n, text, shown[text])
				}
			}
		}
	}
}

// A tie on VP goes to more Export barrels, then more money [T] (SV
// p. 16): at the end of the game the header, full or compact, says what
// broke the tie, as the narration does (issue 32).
func TestHeaderSaysHowTheWinnersTieWasBroken(t *testing.T) {
	s := reserveFinal(t)
	winner, second := s.Final.Ranking[0], s.Final.Ranking[1]
	s.Seats[second].VP = s.Seats[winner].VP
	if s.WinTieBreak() != vinhos.ByMoney {
		t.Fatalf("the tie is broken on %v, not on money", s.WinTieBreak())
	}
	name, vp := s.Seats[winner].Name, s.Seats[winner].VP
	for _, x := range []struct {
		o    Options
		want []string
	}{
		{defaults(s), []string{fmt.Sprintf("Game over: %s wins with %d VP (tie broken on money)", name, vp)}},
		// The compact board's banner is short: the phase's line says it.
		{Options{Compact: true}, []string{"Game over: tie broken on money", fmt.Sprintf("%s wins with %d VP", name, vp)}},
	} {
		c, _ := drawBoard(s, x.o, true)
		var texts []string
		for _, b := range c.Boxes() {
			texts = append(texts, b.Text)
		}
		for _, want := range x.want {
			if !slices.Contains(texts, want) {
				t.Errorf("compact %v: the header does not read %q: %q", x.o.Compact, want, texts[:5])
			}
		}
	}
}
