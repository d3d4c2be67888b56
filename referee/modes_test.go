package referee

import (
	"math/rand/v2"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
)

// Every Vinhos mode keeps its game through the store the same way: a move
// taken back leaves the state a replay of the shorter log gives, and a game
// exported in progress imports to the same state, in its own mode.
func TestEveryVinhosModeUndoesExportsAndImports(t *testing.T) {
	for _, setup := range []engine.Setup{
		{Mode: vinhos.ModeSpecial2016, Players: []string{"Ana", "Bia", "Caio"}},
		{Mode: vinhos.ModeSolo, Players: []string{"Ana"}},
		{Mode: vinhos.ModeReserve2010, Players: []string{"Ana", "Bia", "Caio"}, Options: map[string]string{vinhos.OptionVariants: "maintenance"}},
		{Mode: vinhos.ModeClassic2010, Players: []string{"Ana", "Bia"}},
	} {
		t.Run(setup.Mode, func(t *testing.T) {
			s := vinhosStore(t)
			setup.Game, setup.Seed, setup.Rules = "vinhos", 9, vinhos.LatestRules
			var seats []adega.SeatUser
			for i, name := range setup.Players {
				seats = append(seats, adega.SeatUser{UserID: string(rune('1'+i)) + "001", Name: name})
			}
			g, err := s.Create(adega.Meta{ChannelID: "c1", Seats: seats}, setup, t0, nil)
			if err != nil {
				t.Fatal(err)
			}
			g = gametest.PlayRandomly(t, s.mover(), g, rand.New(rand.NewPCG(setup.Seed, 1)), 30)
			before := gametest.Encoded(t, g.State)
			g = gametest.PlayRandomly(t, s.mover(), g, rand.New(rand.NewPCG(setup.Seed, 2)), 31)
			if len(g.Log) != 31 {
				t.Fatalf("the game ended after %d moves", len(g.Log))
			}
			res, err := s.Undo(g.ID, g.Stamp, 1, t0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if after := gametest.Encoded(t, res.Game.State); after != before {
				t.Fatalf("after an undo the state is not the one before the move")
			}
			data, err := s.Export(res.Game)
			if err != nil {
				t.Fatal(err)
			}
			f, err := ParseExport(data)
			if err != nil {
				t.Fatal(err)
			}
			imported, moves, err := s.Unseal(f)
			if err != nil {
				t.Fatal(err)
			}
			back, err := s.Import(adega.Meta{ChannelID: "c2", Seats: seats}, imported, moves, t0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if back.Setup.Mode != setup.Mode || gametest.Encoded(t, back.State) != before {
				t.Errorf("the import is a %s game in another state", back.Setup.Mode)
			}
		})
	}
}
