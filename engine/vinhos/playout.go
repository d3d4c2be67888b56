package vinhos

import (
	"slices"

	"github.com/adega-bot/adega/engine"
)

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout, steps.Machine.Playout), but for a Press Release, which
// makes the Fair Points it can (preferred); SteeredPlayout lets p pick
// the space each turn's action takes (engine.Steered).
func (s *State) RandomPlayout(rng *engine.RNG, record func(engine.Seat, engine.Action)) engine.State {
	return s.SteeredPlayout(rng, nil, record)
}

func (s *State) SteeredPlayout(rng *engine.RNG, p engine.Policy, record func(engine.Seat, engine.Action)) engine.State {
	c := s.walker()
	machine.Playout(c, rng, p, record)
	return c.publish()
}

// preferred is the answer to a Press Release's step that scores most
// Fair Points, or -1 for another step: press rather than pass, the wine
// of highest value, every Renown cube that raises it, the Fair Points
// booth, an Expert rather than none. A Fair rewards only the player
// ahead: a random Press Release, some 4 Fair Points where Lacerda makes
// 15, never wins one, and a search whose playouts never win a Fair cannot
// see what a better wine would win there.
func (s *walker) preferred(seat engine.Seat, st step) int {
	if st.Name != "release" && s.work.run.kind != runPress {
		return -1
	}
	// A step lists its own answers first; the Wine Experts usable at that
	// point of an action may follow them.
	with := func(id string) int { return slices.IndexFunc(st.Opts, func(o option) bool { return o.ID == id }) }
	switch st.Name {
	case "release":
		return with("press")
	case "wine":
		return with(s.bestWineKey(seat))
	case "cubes":
		for n := len(cubeKeys) - 1; n >= 0; n-- {
			if i := with(cubeKeys[n]); i >= 0 {
				return i
			}
		}
	case "booth":
		return with(boothKeys[boothWith(BoothFairPoints)])
	}
	if f := slices.Index(featureKeys[:], st.Name); f >= 0 && len(st.Opts) > 1 && st.Opts[0].ID == "none" {
		for _, x := range s.Seats[seat].Experts {
			if xf, _ := s.expertTile(x.ID); x.FaceUp && xf == Feature(f) && s.expertKey(x.ID) == st.Opts[1].ID {
				return 1 // an Expert sent for the Vintage's feature
			}
		}
	}
	return -1
}

// bestWineKey is the choice ID of seat's wine of highest value.
func (s *State) bestWineKey(seat engine.Seat) string {
	best, bestValue := "", 0
	for _, w := range s.wines(seat) {
		if v := s.baseValue(seat, w); best == "" || v > bestValue {
			best, bestValue = wineKey(w), v
		}
	}
	return best
}
