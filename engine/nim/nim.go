// Package nim is a tiny game on the engine contract: a few piles of counters,
// players take 1 to 3 from one pile in turn, and whoever takes the last
// counter wins. It exercises every part of the contract (seeded setup,
// multi-step actions, narration, typed refusals, the end of a game) and is the
// fast fixture for the storage, local-table and bot tests.
package nim

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// Game is the nim game. Its zero value is ready to use.
type Game struct{}

const (
	piles    = 3
	maxTake  = 3
	minPile  = 3
	pileSpan = 5 // pile sizes are minPile .. minPile+pileSpan-1
)

func (Game) Name() string  { return "nim" }
func (Game) Title() string { return "Nim" }
func (Game) Modes() []engine.Mode {
	return []engine.Mode{{Name: "standard", Title: "Nim", MinPlayers: 2, MaxPlayers: 4}}
}

// State is a nim position. Fields are exported for JSON only.
type State struct {
	Names  []string    `json:"names"` // by seat
	Piles  []int       `json:"piles"`
	Taken  []int       `json:"taken"` // counters taken, by seat
	Turn   engine.Seat `json:"turn"`
	Winner engine.Seat `json:"winner"` // NoSeat while in play
	RNG    engine.RNG  `json:"rng"`
}

// New deals the piles and draws the first player.
func (g Game) New(setup engine.Setup) (engine.State, []engine.Event, error) {
	if _, err := engine.SetupMode(g, setup); err != nil {
		return nil, nil, err
	}
	s := &State{
		Names:  append([]string(nil), setup.Players...),
		Taken:  make([]int, len(setup.Players)),
		Winner: engine.NoSeat,
		RNG:    engine.NewRNG(setup.Seed),
	}
	for range piles {
		s.Piles = append(s.Piles, minPile+s.RNG.IntN(pileSpan))
	}
	s.Turn = engine.Seat(s.RNG.IntN(len(s.Names)))
	ev := engine.Event{Seat: s.Turn, Reveal: true,
		Text: fmt.Sprintf("The piles hold %v. %s goes first.", s.Piles, s.Names[s.Turn])}
	return s, []engine.Event{ev}, nil
}

// View is the position without the generator, whose state is the future
// of the game's randomness.
func (s *State) View(engine.Seat) any {
	v := *s
	return struct {
		State
		RNG *struct{} `json:"rng,omitempty"`
	}{State: v}
}

func (Game) Decode(data []byte) (engine.State, error) {
	s := new(State)
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("nim: decode state: %w", err)
	}
	return s, nil
}

func (s *State) Over() bool { return s.Winner != engine.NoSeat }

func (s *State) Phase() string {
	if s.Over() {
		return "Game over"
	}
	return fmt.Sprintf("%d counters left", s.left())
}

func (s *State) left() int {
	n := 0
	for _, p := range s.Piles {
		n += p
	}
	return n
}

func (s *State) Pending() []engine.Pending {
	if s.Over() {
		return nil
	}
	return []engine.Pending{{Seat: s.Turn, Prompt: "take counters from a pile"}}
}

// ScoreKey is engine.Scored's: the counters each seat took, which tell
// nothing of who wins (the last counter does) but are what a seat has.
func (s *State) ScoreKey() string { return "taken" }

func (s *State) Players() []engine.PlayerSummary {
	out := make([]engine.PlayerSummary, len(s.Names))
	for i, n := range s.Names {
		won := 0
		if s.Winner == engine.Seat(i) {
			won = 1
		}
		out[i] = engine.PlayerSummary{Seat: engine.Seat(i), Name: n, Stats: []engine.Stat{
			{Key: "taken", Label: "Taken", Value: s.Taken[i]},
			{Key: "won", Label: "Won", Value: won},
		}}
	}
	return out
}

// Choices: step 1 picks a non-empty pile ("pile" "p1".."p3"), step 2 a count.
func (s *State) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	if s.Over() {
		return engine.Step{}, engine.Errorf(engine.CodeGameOver, "The game is over.")
	}
	if seat != s.Turn {
		return engine.Step{}, engine.Errorf(engine.CodeNotYourTurn, "It is %s's turn, not yours.", s.Names[s.Turn])
	}
	switch len(prefix) {
	case 0:
		step := engine.Step{Name: "pile", Prompt: "Which pile do you take from?"}
		for i, n := range s.Piles {
			if n > 0 {
				step.Choices = append(step.Choices, engine.Choice{
					ID: pileID(i), Label: fmt.Sprintf("Pile %d (%d left)", i+1, n)})
			}
		}
		return step, nil
	case 1:
		pile, ok := s.pileIndex(prefix[0])
		if !ok {
			return engine.Step{}, engine.Errorf(engine.CodeUnknownChoice, "There is no pile %q with counters left.", prefix[0])
		}
		step := engine.Step{Name: "count", Prompt: "How many counters do you take?"}
		for n := 1; n <= min(maxTake, s.Piles[pile]); n++ {
			step.Choices = append(step.Choices, engine.Choice{ID: strconv.Itoa(n), Label: fmt.Sprintf("Take %d", n)})
		}
		return step, nil
	default:
		return engine.Step{Complete: true}, nil
	}
}

func pileID(i int) string { return "p" + strconv.Itoa(i+1) }

func (s *State) pileIndex(id string) (int, bool) {
	for i := range s.Piles {
		if pileID(i) == id && s.Piles[i] > 0 {
			return i, true
		}
	}
	return 0, false
}

// Apply validates the action against Choices, then plays it on a copy.
func (s *State) Apply(seat engine.Seat, action engine.Action) (engine.State, []engine.Event, error) {
	if err := engine.Validate(s, seat, action); err != nil {
		return nil, nil, err
	}
	next := s.clone()
	pile, _ := next.pileIndex(action[0])
	n, _ := strconv.Atoi(action[1])
	next.take(pile, n)
	events := []engine.Event{engine.Say(seat, fmt.Sprintf("%s took %d from pile %d (%d left there).",
		next.Names[seat], n, pile+1, next.Piles[pile]))}
	if next.Over() {
		events = append(events, engine.Say(seat, next.Names[seat]+" took the last counter and wins."))
	}
	return next, events, nil
}

// take plays the seat to move taking n counters from a pile: whoever takes
// the last wins, else the turn passes.
func (s *State) take(pile, n int) {
	s.Piles[pile] -= n
	s.Taken[s.Turn] += n
	if s.left() == 0 {
		s.Winner = s.Turn
		return
	}
	s.Turn = (s.Turn + 1) % engine.Seat(len(s.Names))
}

// RandomPlayout is engine.Playout's: each turn a pile at random among
// those with counters left, then a count at random, as Choices offers
// them, without the labels that cost most of a search's time.
func (s *State) RandomPlayout(rng *engine.RNG, record func(engine.Seat, engine.Action)) engine.State {
	c := s.clone()
	open := make([]int, 0, len(c.Piles))
	for !c.Over() {
		open = open[:0]
		for i, p := range c.Piles {
			if p > 0 {
				open = append(open, i)
			}
		}
		pile := open[rng.IntN(len(open))]
		n := 1 + rng.IntN(min(maxTake, c.Piles[pile]))
		if record != nil {
			record(c.Turn, engine.Action{pileID(pile), strconv.Itoa(n)})
		}
		c.take(pile, n)
	}
	return c
}

func (s *State) clone() *State {
	c := *s
	c.Names = append([]string(nil), s.Names...)
	c.Piles = append([]int(nil), s.Piles...)
	c.Taken = append([]int(nil), s.Taken...)
	return &c
}

// RulesTopics is Nim's rules help (engine.RulesHelp).
func (Game) RulesTopics(string) map[string]string {
	return map[string]string{
		"overview": fmt.Sprintf("%d piles of %d to %d counters. In turn, take 1 to %d counters from one pile; whoever takes the last counter wins.",
			piles, minPile, minPile+pileSpan-1, maxTake),
	}
}

// Position is engine.Positioned's: the piles and whose turn it is, all
// that decides the rest of a game of nim.
func (s *State) Position(engine.Seat) string {
	b := make([]byte, 0, 2*len(s.Piles)+2)
	for _, p := range s.Piles {
		b = strconv.AppendInt(b, int64(p), 10)
		b = append(b, ',')
	}
	return string(strconv.AppendInt(b, int64(s.Turn), 10))
}

// Sample is the position with a new generator: the generator is all nim
// hides, and it decides nothing once the piles are dealt.
func (s *State) Sample(_ engine.Seat, rng *engine.RNG) engine.State {
	c := s.clone()
	c.RNG = engine.NewRNG(rng.Uint64())
	return c
}

// Ranking puts the winner first, then the others by seat.
func (s *State) Ranking() []engine.Seat {
	if !s.Over() {
		return nil
	}
	out := []engine.Seat{s.Winner}
	for i := range s.Names {
		if engine.Seat(i) != s.Winner {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

var (
	_ engine.Sampler = (*State)(nil)
	_ engine.Ranked  = (*State)(nil)
)
