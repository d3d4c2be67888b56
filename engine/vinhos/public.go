package vinhos

import "github.com/adega-bot/adega/engine"

// View is what seat sees of the state (every seat sees the same, what
// players hold is open, 004 p. 2, but for the Wine Experts each chose in
// secret for an R10 Fair, which only its player sees until all have
// chosen): each Vineyard and Wine Expert deck's top and how many tiles it
// holds, how many Vintage and Magnate tiles are left face down, how many
// cards Lacerda's decks hold, and nothing of the random generator, which
// decides every draw to come. Exports of games in progress show this.
func (s *State) View(seat engine.Seat) any {
	j := s.mirror()
	for i := range j.Players {
		if engine.Seat(i) != seat {
			j.Players[i].FairPicks = nil
		}
	}
	v := publicState{stateJSON: j, VintageDeck: len(s.VintageDeck), Deck: len(s.Deck),
		Regions: map[RegionID]publicRegion{}, Experts: map[Feature]publicDeck{}}
	for r, reg := range j.Regions {
		v.Regions[r] = publicRegion{regionJSON: reg, Top: top(reg.Deck), Tiles: len(reg.Deck)}
	}
	for f, deck := range j.Experts {
		v.Experts[f] = publicDeck{Top: top(deck), Tiles: len(deck)}
	}
	if j.Solo != nil {
		v.Solo = &publicSolo{soloJSON: *j.Solo, Actions: len(s.Solo.Actions), Numbers: len(s.Solo.Numbers)}
	}
	return v
}

// publicState is the state with its hidden parts replaced: its fields
// shadow the embedded mirror's of the same JSON name.
type publicState struct {
	*stateJSON
	Regions     map[RegionID]publicRegion `json:"regions"`
	VintageDeck int                       `json:"vintage_deck"`
	Experts     map[Feature]publicDeck    `json:"experts"`
	Deck        int                       `json:"deck"`
	Solo        *publicSolo               `json:"solo,omitempty"`
	RNG         *struct{}                 `json:"rng,omitempty"`
}

type publicRegion struct {
	regionJSON
	Deck  *struct{}     `json:"deck,omitempty"`
	Top   *vineyardJSON `json:"top,omitempty"`
	Tiles int           `json:"tiles"`
}

type publicDeck struct {
	Top   *string `json:"top,omitempty"` // Wine Expert
	Tiles int     `json:"tiles"`
}

type publicSolo struct {
	soloJSON
	Actions int `json:"actions"`
	Numbers int `json:"numbers"`
}

// top is a deck's face-up tile, nil when the deck is empty.
func top[T any](deck []T) *T {
	if len(deck) == 0 {
		return nil
	}
	return &deck[0]
}
