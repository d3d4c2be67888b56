package vinhos

import (
	"flag"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render/rendertest"
)

// The test states are snapshots in testdata, so that the goldens change
// only when drawing changes. -update-states replays the seeded random games
// they come from, through the engine's public API.
var updateStates = flag.Bool("update-states", false, "replay the random games behind testdata/*.state.json")

// recipe is a seeded random game and the moment to stop it.
type recipe struct {
	seed    uint64
	players int
	stop    func(s *vinhos.State) bool
}

var recipes = map[string]recipe{
	"early-2p": {11, 2, func(s *vinhos.State) bool { return s.At == vinhos.PhaseActions && s.Round == 2 }},
	"mid-3p":   {23, 3, func(s *vinhos.State) bool { return s.Year == 4 && s.At == vinhos.PhaseActions && s.Round == 2 }},
	"late-4p":  {47, 4, func(s *vinhos.State) bool { return s.Year == 6 && s.At == vinhos.PhaseActions && s.Round == 2 }},
	"end-4p":   {47, 4, func(s *vinhos.State) bool { return s.Over() }},
	"solo":     {5, 1, func(s *vinhos.State) bool { return s.Year == 4 && s.At == vinhos.PhaseActions }},
}

// state loads a test state, replaying its game first if asked to.
func state(t testing.TB, name string) *vinhos.State {
	t.Helper()
	return decodeState(t, rendertest.Snapshot(t, name, *updateStates, func() engine.State { return play(t, recipes[name]) }))
}

func decodeState(t testing.TB, b []byte) *vinhos.State {
	return rendertest.Decode[*vinhos.State](t, vinhos.Game{}, b)
}

// play plays a seeded game by random legal choices until the recipe stops.
func play(t testing.TB, r recipe) *vinhos.State {
	return rendertest.Play(t, newGame(t, r.seed, r.players), r.seed, func(s engine.State) bool { return r.stop(s.(*vinhos.State)) }).(*vinhos.State)
}

func newGame(t testing.TB, seed uint64, players int) engine.State {
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}[:players]
	mode := vinhos.ModeSpecial2016
	if players == 1 {
		mode = vinhos.ModeSolo
	}
	st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Rules: vinhos.LatestRules, Mode: mode, Seed: seed, Players: names})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// game plays the seeded random game of a recipe to its end and returns
// every state it went through, from the first: each board the bot posts.
func game(t testing.TB, seed uint64, players int) []*vinhos.State {
	var states []*vinhos.State
	play(t, recipe{seed, players, func(s *vinhos.State) bool {
		states = append(states, s)
		return s.Over()
	}})
	return states
}

// fullest crowds the end of a 4-player game as far as the components allow,
// and further: long names, 5 full estates each with four wines of the
// highest values, every market slot and booth taken, every marker on one
// cell, more tiles than a board shows, and everyone to act.
func fullest(t testing.TB) *vinhos.State {
	s := state(t, "end-4p")
	s.Final = nil
	s.At, s.Year, s.Done = vinhos.PhaseProduction, 6, make([]bool, 4)
	names := []string{"Maximiliana Wolfeschlegel", "Bartholomew Worthington", "Wwwwwwwwwwwwwwww", "Maximiliano W"}
	regions := []vinhos.RegionID{vinhos.TrasOsMontes, vinhos.Alentejo, vinhos.Douro, vinhos.Algarve, vinhos.Setubal}
	for i := range s.Seats {
		p := &s.Seats[i]
		p.Name = names[i]
		p.Money, p.VP, p.FairPoints, p.Barrels, p.Porto = 188, 288, 88, 8, 6
		p.Magnates = [vinhos.NumMagnates]int8{2, 2, 2}
		p.Pressed = true
		p.Cell = vinhos.CellTM
		for e := range p.Estates {
			p.Estates[e] = vinhos.Estate{
				Region: regions[e], Color: vinhos.Color(1 + e%2), Vineyards: 2, Wineries: 1,
				Farmers: 2, Enologists: 1, Cellar: true, Waiting: 2, Porto: true,
				Wines: [4]vinhos.Wine{{Color: vinhos.Red, Quality: 12}, {Color: vinhos.Red, Quality: 12},
					{Color: vinhos.White, Quality: 12}, {Color: vinhos.White, Quality: 12}},
			}
		}
		p.Experts = nil
		for id := range 6 {
			p.Experts = append(p.Experts, vinhos.HeldExpert{ID: i*6 + id, FaceUp: id%2 == 0})
		}
		p.Tiles = nil
		for id := range 5 {
			p.Tiles = append(p.Tiles, vinhos.HeldTile{ID: i*4 + id, FaceUp: id%2 == 1})
			p.Tiles = append(p.Tiles, vinhos.HeldTile{ID: vinhos.NumMagnateActionTiles + i*5 + id, FaceUp: true, Barrel: true})
		}
	}
	for r := range s.Regions {
		if s.Regions[r].InPlay {
			s.Regions[r].Cubes = s.Data().Insets[r].CubeSpaces.V
		}
	}
	s.Regions[vinhos.Douro].Porto = 6
	for i := range s.Sales {
		s.Sales[i] = engine.Seat(i % 4)
	}
	for i := range s.Export {
		for j := range s.Export[i] {
			s.Export[i][j] = engine.Seat((i + j) % 4)
		}
	}
	for b := range s.Booths {
		s.Booths[b] = engine.Seat(b)
	}
	for i := range s.Display {
		s.Display[i] = vinhos.NumMagnateActionTiles + i
	}
	s.Bottom = []engine.Seat{3, 2, 1, 0}
	return s
}
