package lavina

import "github.com/adega-bot/adega/engine"

// View is what one seat may see of the state (NoSeat: a spectator): the
// deck's size but not its order, a lower card's variety and value but not
// its tool until it has been seen (text l.151, A-14), and other players'
// prestige only when the game was created with public scores or is over
// (text l.251, A-36), and so the trades of baskets a seat can afford only
// to that seat. The random generator, which decides every shuffle to
// come, is left out.
func (s *State) View(seat engine.Seat) any {
	v := publicState{State: s, Deck: len(s.Deck), Players: make([]publicPlayer, len(s.Seats)), Aisle: make([]publicSpace, len(s.Aisle))}
	for i, p := range s.Seats {
		v.Players[i] = publicPlayer{Player: p}
		if s.scoresShown() || engine.Seat(i) == seat {
			v.Players[i].Prestige = &s.Seats[i].Prestige
		}
		if engine.Seat(i) == seat { // what they cost tells the prestige
			v.Trades = s.Trades(seat)
		}
	}
	for i, space := range s.Aisle {
		for side, stack := range space.Sides {
			out := make([]publicCard, len(stack))
			for k, c := range stack {
				out[k] = publicCard{Placed: c}
				if c.Known {
					out[k].ID = &stack[k].ID
					if c.Tool != NoTool {
						out[k].Tool = &stack[k].Tool
					}
				}
			}
			v.Aisle[i].Sides[side] = out
		}
	}
	return v
}

// publicState is the state with its hidden parts replaced: its fields
// shadow the embedded state's of the same JSON name.
type publicState struct {
	*State
	Deck    int            `json:"deck"`
	Players []publicPlayer `json:"players"`
	Aisle   []publicSpace  `json:"aisle"`
	Trades  []Trade        `json:"trades,omitempty"` // the seat's own (State.Trades)
	RNG     *struct{}      `json:"rng,omitempty"`
}

type publicPlayer struct {
	Player
	Prestige *int `json:"prestige,omitempty"`
}

type publicSpace struct {
	Sides [Sides][]publicCard `json:"sides"`
}

// publicCard is a card beside the aisle; ID and Tool are nil while its
// tool is hidden, since a card's ID tells its tool.
type publicCard struct {
	Placed
	ID   *string `json:"id,omitempty"`
	Tool *Tool   `json:"tool,omitempty"`
}
