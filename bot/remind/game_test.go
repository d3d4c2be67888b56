package remind

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// duo is a test game. Mode "turns": seats act in turn from seat 0. Mode
// "together": every seat decides at once, and a new round starts when all
// have. A decision is "play" then "a", "b" or "done", or else "pass" (not
// offered in mode "nopass", which plays in turns). The game ends after
// Options["moves"] moves (default 100).
type duo struct{}

func (duo) Name() string  { return "duo" }
func (duo) Title() string { return "Duo" }
func (duo) Modes() []engine.Mode {
	return []engine.Mode{{Name: "turns", Title: "Turns", MinPlayers: 1, MaxPlayers: 4},
		{Name: "together", Title: "Together", MinPlayers: 1, MaxPlayers: 4},
		{Name: "nopass", Title: "No pass", MinPlayers: 1, MaxPlayers: 4}}
}

type duoState struct {
	Mode    string        `json:"mode"`
	Names   []string      `json:"names"`
	Waiting []engine.Seat `json:"waiting"`
	Moves   int           `json:"moves"`
	Limit   int           `json:"limit"`
}

func (g duo) New(setup engine.Setup) (engine.State, []engine.Event, error) {
	mode, err := engine.ModeOf(g, setup.Mode)
	if err != nil {
		return nil, nil, err
	}
	s := &duoState{Mode: mode.Name, Names: slices.Clone(setup.Players), Limit: 100}
	if n, err := strconv.Atoi(setup.Options["moves"]); err == nil {
		s.Limit = n
	}
	s.round(0)
	return s, []engine.Event{engine.Say(engine.NoSeat, "Duo begins.")}, nil
}

func (duo) Decode(data []byte) (engine.State, error) {
	s := new(duoState)
	return s, json.Unmarshal(data, s)
}

func (s *duoState) round(next engine.Seat) {
	if s.Mode == "together" {
		s.Waiting = nil
		for k := range s.Names {
			s.Waiting = append(s.Waiting, engine.Seat(k))
		}
		return
	}
	s.Waiting = []engine.Seat{next % engine.Seat(len(s.Names))}
}

func (s *duoState) Over() bool    { return s.Moves >= s.Limit }
func (s *duoState) Phase() string { return fmt.Sprintf("move %d", s.Moves) }
func (s *duoState) Pending() []engine.Pending {
	if s.Over() {
		return nil
	}
	var out []engine.Pending
	for _, seat := range s.Waiting {
		out = append(out, engine.Pending{Seat: seat, Prompt: "play or pass"})
	}
	return out
}

func (s *duoState) Players() []engine.PlayerSummary {
	var out []engine.PlayerSummary
	for k, n := range s.Names {
		out = append(out, engine.PlayerSummary{Seat: engine.Seat(k), Name: n})
	}
	return out
}

func (s *duoState) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	if !slices.Contains(s.Waiting, seat) || s.Over() {
		return engine.Step{}, engine.Errorf(engine.CodeNotYourTurn, "Not your turn.")
	}
	switch {
	case len(prefix) == 0:
		st := engine.Step{Name: "what", Prompt: "Play or pass?", Choices: []engine.Choice{{ID: "play", Label: "Play"}}}
		if s.Mode != "nopass" {
			st.Choices = append(st.Choices, engine.Choice{ID: "pass", Label: "Pass"})
		}
		return st, nil
	case len(prefix) == 1 && prefix[0] == "play":
		return engine.Step{Name: "how", Prompt: "How?", Choices: []engine.Choice{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}, {ID: "done", Label: "Nothing more"}}}, nil
	}
	return engine.Step{Complete: true}, nil
}

func (s *duoState) Apply(seat engine.Seat, action engine.Action) (engine.State, []engine.Event, error) {
	if err := engine.Validate(s, seat, action); err != nil {
		return nil, nil, err
	}
	next := *s
	next.Waiting = slices.DeleteFunc(slices.Clone(s.Waiting), func(x engine.Seat) bool { return x == seat })
	next.Moves++
	if len(next.Waiting) == 0 {
		next.round(seat + 1)
	}
	return &next, []engine.Event{engine.Say(seat, fmt.Sprintf("%s: %v", s.Names[seat], action))}, nil
}
