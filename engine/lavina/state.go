package lavina

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// Card is one grape card (§2.4).
type Card struct {
	ID      string  `json:"id"`
	Variety Variety `json:"variety"`
	Value   int     `json:"value,omitempty"`
	Tool    Tool    `json:"tool,omitempty"`
}

// Placed is a card beside the aisle. Known tells whether its tool has been
// seen: an upper card's always is, a lower card's not until it comes on top
// (text l.151, A-14).
type Placed struct {
	Card
	Known bool `json:"known"`
}

// Space is one aisle space: a stack of up to two cards on each side, the
// lower card first.
type Space struct {
	Sides [Sides][]Placed `json:"sides"`
}

// Where a picker stands: Space 0 is the entrance, 1..S the aisle, S+1 the
// exit. Slot is the entrance queue position counted from the back (0 plays
// first), the box in a space (0 back, 1 front), or the arrival order at the
// exit.
type Picker struct {
	Owner engine.Seat `json:"owner"`
	Space int         `json:"space"`
	Slot  int         `json:"slot"`
}

const (
	BackBox  = 0
	FrontBox = 1
)

var boxNames = [...]string{BackBox: "back", FrontBox: "front"}

// Basket is a basket card and the grape cards in it.
type Basket struct {
	Size  Size   `json:"size"`
	Cards []Card `json:"cards"`
}

// Player is one seat: its picker card and what lies on it.
type Player struct {
	Name      string    `json:"name"`
	Baskets   [2]Basket `json:"baskets"`
	Tools     []Tool    `json:"tools"`
	Wildcards int       `json:"wildcards"`
	Barrels   int       `json:"barrels"`
	Prestige  int       `json:"prestige"`
}

// Winery is a winery card in play, or the cooperative: the barrels on its
// slots in fill order and the seals on it.
type Winery struct {
	Card    WineryCard    `json:"card"`
	Barrels []engine.Seat `json:"barrels"`
	Seals   int           `json:"seals"`
}

// full reports whether every delivery slot holds a barrel.
func (w *Winery) full() bool { return len(w.Barrels) >= len(w.Card.Slots) }

// State is a whole La Viña game. Fields are exported for its JSON
// encoding, the snapshot format; nothing outside the package changes them.
type State struct {
	Rules   int         `json:"rules,omitempty"`
	Options Options     `json:"options"`
	Seats   []Player    `json:"players"` // by seat, in the order players joined
	First   engine.Seat `json:"first"`   // the first player (text l.155)
	Pickers []Picker    `json:"pickers"` // at 2 players, seat s owns pickers s and s+2
	Aisle   []Space     `json:"aisle"`   // spaces 1..S at index 0..S-1
	Deck    []Card      `json:"deck"`    // face down, top first
	Discard []Card      `json:"discard"` // face up
	// Wineries in play, the cooperative last.
	Wineries []Winery `json:"wineries"`
	// ExitWildcard is the wildcard lying at the exit (text l.163, l.307).
	ExitWildcard bool `json:"exit_wildcard"`
	// WildcardSupply holds the counters not in play; spent ones return to
	// it.
	WildcardSupply int           `json:"wildcard_supply"`
	ToolBank       [4]int        `json:"tool_bank"`     // by Tool
	BasketSupply   [NumSizes]int `json:"basket_supply"` // upgrade baskets by size
	Round          int           `json:"round"`
	ExitOrder      []int         `json:"exit_order"` // pickers in the order they exited this round
	Ending         bool          `json:"ending,omitempty"`
	Ended          bool          `json:"over,omitempty"`
	Standings      []engine.Seat `json:"ranking,omitempty"` // winner first, once over
	// Cut marks the end of an AI's playout that stopped looking ahead
	// (playoutRounds) and ranked the seats by the prestige they might end
	// with (projected): an estimate, not an end of the game, which no rule
	// brings about.
	Cut  bool       `json:"cut,omitempty"`
	Turn *Turn      `json:"turn,omitempty"` // a turn paused where it turned up hidden information
	RNG  engine.RNG `json:"rng"`
	data *Data
}

// count is the setup table's column for the game.
func (s *State) count() PlayerCount { return Counts[len(s.Seats)] }

// exitSpace is the exit's Space number.
func (s *State) exitSpace() int { return len(s.Aisle) + 1 }

func (s *walker) say(seat engine.Seat, format string, args ...any) {
	if s.Quiet {
		return
	}
	s.Events = append(s.Events, engine.Say(seat, fmt.Sprintf(format, args...)))
}

func (s *walker) reveal(seat engine.Seat, format string, args ...any) {
	if s.Quiet {
		return
	}
	s.Events = append(s.Events, engine.Event{Seat: seat, Text: fmt.Sprintf(format, args...), Reveal: true})
}

// clone copies the state deeply enough that changing the copy leaves s as
// it was.
func (s *State) clone() *State {
	c := new(State)
	s.copyTo(c)
	return c
}

// copyTo makes c a copy of s (see clone).
func (s *State) copyTo(c *State) {
	*c = *s
	c.Seats = slices.Clone(s.Seats)
	for i := range c.Seats {
		p := &c.Seats[i]
		p.Tools = slices.Clone(p.Tools)
		for b := range p.Baskets {
			p.Baskets[b].Cards = slices.Clone(p.Baskets[b].Cards)
		}
	}
	c.Pickers = slices.Clone(s.Pickers)
	c.Aisle = slices.Clone(s.Aisle)
	for i := range c.Aisle {
		for side := range c.Aisle[i].Sides {
			c.Aisle[i].Sides[side] = slices.Clone(c.Aisle[i].Sides[side])
		}
	}
	c.Deck = slices.Clone(s.Deck)
	c.Discard = slices.Clone(s.Discard)
	c.Wineries = slices.Clone(s.Wineries)
	for i := range c.Wineries {
		c.Wineries[i].Barrels = slices.Clone(c.Wineries[i].Barrels)
	}
	c.ExitOrder = slices.Clone(s.ExitOrder)
	c.Standings = slices.Clone(s.Standings)
	if s.Turn != nil {
		t := *s.Turn
		t.Using = slices.Clone(t.Using)
		if t.Held != nil {
			held := *t.Held
			t.Held = &held
		}
		c.Turn = &t
	}
}

// inPlay lists the pickers that have not exited this round.
func (s *State) inPlay() []int {
	var out []int
	for i, p := range s.Pickers {
		if p.Space < s.exitSpace() {
			out = append(out, i)
		}
	}
	return out
}

// rearmost is the picker that plays next: the entrance queue's back first,
// then space 1's back box, its front box, space 2 and so on (text l.185,
// A-1); -1 when every picker has exited.
func (s *State) rearmost() int {
	best := -1
	for _, i := range s.inPlay() {
		if best < 0 || s.behind(i, best) {
			best = i
		}
	}
	return best
}

// Pending says who plays now: the owner of the rearmost picker, or the
// player whose turn paused at hidden information.
func (s *State) Pending() []engine.Pending {
	if s.Ended {
		return nil
	}
	if s.Turn != nil {
		seat := s.Pickers[s.Turn.Picker].Owner
		return []engine.Pending{{Seat: seat, Prompt: "go on with the turn", Continues: true}}
	}
	p := s.rearmost()
	if p < 0 {
		return nil
	}
	return []engine.Pending{{Seat: s.Pickers[p].Owner, Prompt: "move a grape picker"}}
}

// Phase names the round.
func (s *State) Phase() string {
	switch {
	case s.Ended:
		return "Game over"
	case s.Ending, s.fixed().noRoundLimit && s.lastRound():
		return fmt.Sprintf("Round %d, the last", s.Round)
	}
	return fmt.Sprintf("Round %d", s.Round)
}

// behind reports whether picker a stands behind picker b.
func (s *State) behind(a, b int) bool {
	pa, pb := s.Pickers[a], s.Pickers[b]
	return pa.Space < pb.Space || (pa.Space == pb.Space && pa.Slot < pb.Slot)
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.Ended }

// ScoreKey is engine.Scored's: the seats race for prestige, which the
// hints a seat asks for show from its own samples of what it cannot see.
func (s *State) ScoreKey() string { return "prestige" }

// Players summarizes each seat. Prestige is private while the game goes on
// (text l.251, A-36) unless the game was created with public scores.
func (s *State) Players() []engine.PlayerSummary {
	out := make([]engine.PlayerSummary, len(s.Seats))
	for i, p := range s.Seats {
		stats := []engine.Stat{
			{Key: "barrels", Label: "Barrels", Value: p.Barrels},
			{Key: "wildcards", Label: "Wildcards", Value: p.Wildcards},
			{Key: "tools", Label: "Tools", Value: len(p.Tools)},
		}
		if s.scoresShown() {
			stats = append(stats, engine.Stat{Key: "prestige", Label: "Prestige", Value: p.Prestige})
		}
		out[i] = engine.PlayerSummary{Seat: engine.Seat(i), Name: p.Name, Stats: stats,
			Public: publicSeat{Baskets: p.Baskets, Tools: p.Tools}}
	}
	return out
}

// publicSeat is what lies open on a player's picker card.
type publicSeat struct {
	Baskets [2]Basket `json:"baskets"`
	Tools   []Tool    `json:"tools"`
}

// scoresShown reports whether everyone may see every player's prestige.
func (s *State) scoresShown() bool { return s.Ended || s.Options.PublicScores }

// position is a seat's place in turn order, from 0 (text l.161).
func (s *State) position(seat engine.Seat) int {
	n := len(s.Seats)
	return (int(seat) - int(s.First) + n) % n
}

// Data is the component data the game was set up with, for a board to
// print basket sizes and prices; nothing outside the package changes it.
func (s *State) Data() *Data { return s.data }
