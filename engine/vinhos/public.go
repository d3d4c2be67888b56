package vinhos

import "github.com/adega-bot/adega/engine"

// View is what anyone at the table sees of the state (every seat sees the
// same: what players hold is open, 004 p. 2): each Vineyard and Wine
// Expert deck's top and how many tiles it holds, how many Vintage and
// Magnate tiles are left face down, how many cards Lacerda's decks hold,
// and nothing of the random generator, which decides every draw to come.
// Exports of games in progress show this.
func (s *State) View(engine.Seat) any {
	v := publicState{State: s, VintageDeck: len(s.VintageDeck), Deck: len(s.Deck)}
	for r, reg := range s.Regions {
		v.Regions[r] = publicRegion{InPlay: reg.InPlay, Tiles: len(reg.Deck), Cubes: reg.Cubes, Porto: reg.Porto}
		if len(reg.Deck) > 0 {
			v.Regions[r].Top = &reg.Deck[0]
		}
	}
	for f, deck := range s.Experts {
		v.Experts[f] = publicDeck{Tiles: len(deck)}
		if len(deck) > 0 {
			v.Experts[f].Top = &deck[0]
		}
	}
	if s.Solo != nil {
		v.Solo = &publicSolo{Solo: s.Solo, Actions: len(s.Solo.Actions), Numbers: len(s.Solo.Numbers)}
	}
	return v
}

// publicState is the state with its hidden parts replaced: its fields
// shadow the embedded State's of the same JSON name.
type publicState struct {
	*State
	Regions     [NumRegions + 1]publicRegion `json:"regions"`
	VintageDeck int                          `json:"vintage_deck"`
	Experts     [NumFeatures]publicDeck      `json:"experts"`
	Deck        int                          `json:"deck"`
	Solo        *publicSolo                  `json:"solo,omitempty"`
	RNG         *struct{}                    `json:"rng,omitempty"`
}

type publicRegion struct {
	InPlay bool          `json:"in_play"`
	Top    *VineyardTile `json:"top,omitempty"`
	Tiles  int           `json:"tiles"`
	Cubes  int           `json:"cubes"`
	Porto  int           `json:"porto,omitempty"`
}

type publicDeck struct {
	Top   *int `json:"top,omitempty"` // expert ID
	Tiles int  `json:"tiles"`
}

type publicSolo struct {
	*Solo
	Actions int `json:"actions"`
	Numbers int `json:"numbers"`
}
