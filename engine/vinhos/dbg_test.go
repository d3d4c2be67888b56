package vinhos

import (
	"fmt"
	"testing"

	"github.com/adega-bot/adega/engine"
)

func TestDbgPlayoutDeadEnd(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		players := 2 + int(seed%3)
		playOut(t, newRandomReserve(t, seed, players, ""), seed, quickDecision, func(s *State, move int) {
			if move%3 != 0 || s.Over() {
				return
			}
			for k := range 3 {
				r := engine.NewRNG(seed*1000 + uint64(move)*10 + uint64(k))
				func() {
					defer func() {
						if p := recover(); p != nil {
							fmt.Println("seed", seed, "players", players, "move", move, s.Phase(), p)
							t.FailNow()
						}
					}()
					s.Sample(0, &r).(*State).RandomPlayout(&r, nil)
				}()
			}
		})
	}
}
