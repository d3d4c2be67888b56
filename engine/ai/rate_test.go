package ai

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// finished is a finished 2-player game with these VP, the most ahead.
type finished struct {
	engine.State
	vp [2]int
}

func (f finished) Over() bool { return true }

func (f finished) Players() []engine.PlayerSummary {
	out := make([]engine.PlayerSummary, 2)
	for seat, vp := range f.vp {
		out[seat] = engine.PlayerSummary{Seat: engine.Seat(seat), Stats: []engine.Stat{{Key: "vp", Value: vp}}}
	}
	return out
}

func (f finished) Ranking() []engine.Seat {
	if f.vp[1] > f.vp[0] {
		return []engine.Seat{1, 0}
	}
	return []engine.Seat{0, 1}
}

// Hard rates a playout's end mostly by the margin: a close win and a close
// loss are nearer each other than at the other levels, and a wide win is
// well above a close one, where the other levels rate the two alike.
func TestHardRatesAResultMostlyByItsMargin(t *testing.T) {
	rated := func(l Level, vp [2]int) float64 { return rate(finished{vp: vp}, 2, l.ShareStretch()).reward[0] }
	for _, l := range []Level{Normal, Hard} {
		closeLoss, closeWin, wideWin := rated(l, [2]int{95, 100}), rated(l, [2]int{110, 100}), rated(l, [2]int{150, 100})
		t.Logf("%s: close loss %.3f, close win %.3f, wide win %.3f", l, closeLoss, closeWin, wideWin)
		if !(0 <= closeLoss && closeLoss < closeWin && closeWin < wideWin && wideWin <= 1) {
			t.Errorf("%s: close loss %.3f, close win %.3f, wide win %.3f: want them in order, within 0 to 1", l, closeLoss, closeWin, wideWin)
		}
		coin, margin := closeWin-closeLoss, wideWin-closeWin
		switch {
		case l == Hard && !(margin > coin/4 && coin < 0.5):
			t.Errorf("hard: a close win %.3f above a close loss, a wide win %.3f above a close one: want the margin to count", coin, margin)
		case l != Hard && !(margin < coin/10):
			t.Errorf("%s: a close win %.3f above a close loss, a wide win %.3f above a close one: want the win to count most", l, coin, margin)
		}
	}
}

// soloFinished is a finished solo game: seat 0 against an automa in seat 1.
type soloFinished struct{ finished }

func (soloFinished) SoloResult() (int, string, bool) { return 3, "Wine Snob", true }

// Against an automa, where a playout ends far behind it, hard keeps the
// win and the plain share: a rout 60 VP behind still rates above one 100
// behind, where the stretched share would rate both 0.
func TestHardRatesASoloGameByTheWinAndTheShare(t *testing.T) {
	rated := func(vp [2]int) float64 { return rate(soloFinished{finished{vp: vp}}, 2, Hard.ShareStretch()).reward[0] }
	far, farther := rated([2]int{90, 150}), rated([2]int{50, 150})
	if !(far > farther) {
		t.Errorf("solo, hard: 60 VP behind rates %.3f, 100 behind %.3f: want the nearer above", far, farther)
	}
	if want := rate(soloFinished{finished{vp: [2]int{90, 150}}}, 2, Normal.ShareStretch()).reward[0]; far != want {
		t.Errorf("solo, hard rates 60 VP behind %.3f, normal %.3f: want the same rating", far, want)
	}
}
