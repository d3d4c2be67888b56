package vinhos

import (
	"fmt"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
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

// The compact board shows every player's wines, by estate, under their
// counters: what each could sell or export, which the turn message that
// carries it should tell at a glance.
func TestCompactBoardShowsEveryPlayersWines(t *testing.T) {
	for name, s := range map[string]*vinhos.State{"mid-3p": state(t, "mid-3p"), "reserve-mid": reserveMid(t)} {
		want := map[string]int{}
		for _, p := range s.Seats {
			for _, est := range p.Estates {
				for _, w := range est.Wines {
					if w.Quality > 0 {
						want[fmt.Sprintf("%s%d", wineLetter[w.Color], w.Quality)]++
					}
				}
			}
		}
		c, _ := drawBoard(s, Options{Compact: true}, true)
		shown := map[string]int{}
		for _, b := range c.Boxes() {
			shown[b.Text]++
		}
		for wine, n := range want {
			if shown[wine] < n {
				t.Errorf("%s: the players hold %d %s wines; the compact board shows %d", name, n, wine, shown[wine])
			}
		}
	}
}
