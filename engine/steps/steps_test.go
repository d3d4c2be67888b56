package steps_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/steps"
)

// pile is all a third game writes on the machine: its state, a walker
// beside it, the steps of its decisions and its Machine. Two players take
// 1 or 2 counters from one of two piles, as often as they like in a turn;
// taking the last of a pile turns up the counter a pile hides under it,
// which ends the decision there; a turn closes with a tally nobody is
// asked for. The game ends when both piles are empty.
type pile struct {
	Piles  [2]int
	Turn   engine.Seat
	Paused bool // a turn stopped where it turned up a hidden counter
}

type walker struct {
	pile
	steps.Walk[*walker]
	deciding bool
	stage    string // "pile", "take", "more", "tally"
	from     int
}

var machine = &steps.Machine[*walker]{New: func() *walker { return new(walker) }}

func (s *pile) walker() *walker { return &walker{pile: *s} }

func (s *walker) Steps() *steps.Walk[*walker] { return &s.Walk }
func (s *walker) CopyTo(c *walker) {
	c.pile, c.deciding, c.stage, c.from = s.pile, s.deciding, s.stage, s.from
}
func (s *walker) Deciding() bool       { return s.deciding }
func (s *walker) Complete(engine.Seat) { s.deciding, s.Turn = false, 1-s.Turn }
func (s *walker) Pause()               { s.deciding, s.Paused = false, true }
func (s *walker) Advance()             {}
func (s *walker) Owing(out []engine.Pending) []engine.Pending {
	return append(out, s.Pending()...)
}

func (s *walker) Begin(engine.Seat) {
	s.deciding = true
	if s.Paused {
		s.Paused, s.stage = false, "more"
		return
	}
	s.stage = "pile"
}

func (s *walker) List() (steps.Step[*walker], bool) {
	st := steps.Step[*walker]{Name: s.stage, Opts: s.EmptyOptions()}
	switch s.stage {
	case "pile":
		st.Prompt = "Take from which pile?"
		for i, n := range s.Piles {
			// A pile may be empty: what follows has no answer then.
			st.Opts = append(st.Opts, steps.Option[*walker]{Choice: engine.Choice{ID: string(rune('a' + i)), Label: fmt.Sprintf("Pile %c (%d)", 'a'+i, n)}, Risky: true,
				Do: func(s *walker) { s.from, s.stage = i, "take" }})
		}
	case "take":
		st.Prompt = "How many?"
		for n := 1; n <= min(2, s.Piles[s.from]); n++ {
			st.Opts = append(st.Opts, steps.Option[*walker]{Choice: engine.Choice{ID: fmt.Sprint(n), Label: fmt.Sprint(n)}, Do: func(s *walker) {
				s.Piles[s.from] -= n
				s.Events = append(s.Events, engine.Say(s.Turn, fmt.Sprintf("Seat %d takes %d.", s.Turn, n)))
				s.stage = "more"
				if s.Piles[s.from] == 0 {
					s.Drew = true // the counter under it comes up
				}
			}})
		}
	case "more":
		st.Prompt = "Take more?"
		st.Opts = append(st.Opts,
			steps.Option[*walker]{Choice: engine.Choice{ID: "more", Label: "Take more"}, Risky: true, Do: func(s *walker) { s.stage = "pile" }},
			steps.Option[*walker]{Choice: engine.Choice{ID: "done", Label: "Done"}, Do: func(s *walker) { s.stage = "tally" }})
	case "tally":
		st.Prompt = "Tally the turn"
		st.Opts = append(st.Opts, steps.Option[*walker]{Choice: engine.Choice{ID: "ok", Label: "OK"}, Auto: true, Do: func(s *walker) { s.stage = "" }})
	default:
		return st, true
	}
	return st, false
}

func (s *pile) Pending() []engine.Pending {
	if s.Over() {
		return nil
	}
	return []engine.Pending{{Seat: s.Turn, Prompt: "take from a pile", Continues: s.Paused}}
}
func (s *pile) Players() []engine.PlayerSummary {
	return []engine.PlayerSummary{{Seat: 0, Name: "Ana"}, {Seat: 1, Name: "Bruno"}}
}
func (s *pile) Over() bool    { return s.Piles == [2]int{} }
func (s *pile) Phase() string { return "Play" }
func (s *pile) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	return machine.Choices(nil, s.walker, seat, prefix)
}
func (s *pile) Apply(seat engine.Seat, a engine.Action) (engine.State, []engine.Event, error) {
	c, events, err := machine.Apply(nil, s.walker, seat, a)
	if err != nil {
		return nil, nil, err
	}
	return &c.pile, events, nil
}
func (s *pile) Refusal(seat engine.Seat, prefix engine.Action, value string) string {
	return machine.Refusal(s.walker, seat, prefix, value)
}

// A step met again in a decision is numbered, so that a command can name
// each: the second "How many?" is take2.
func TestRepeatedStepsAreNumbered(t *testing.T) {
	s := &pile{Piles: [2]int{5, 5}}
	st, err := s.Choices(0, engine.Action{"a", "1", "more", "b"})
	if err != nil || st.Name != "take2" {
		t.Fatalf("got %q, %v; want take2", st.Name, err)
	}
}

// A step with one automatic answer is answered on its own and told.
func TestForcedStepsAreTakenAndTold(t *testing.T) {
	s := &pile{Piles: [2]int{5, 5}}
	st, err := s.Choices(0, engine.Action{"a", "1", "done"})
	if err != nil || !st.Complete || len(st.Taken) != 1 || st.Taken[0].Name != "tally" || st.Taken[0].Choice.ID != "ok" {
		t.Fatalf("got %+v, %v; want complete with the tally taken", st, err)
	}
}

// An answer from which the decision cannot finish is not offered, and a
// refusal of it says where it would stop.
func TestDeadEndsAreNotOffered(t *testing.T) {
	s := &pile{Piles: [2]int{0, 5}}
	st, err := s.Choices(0, nil)
	if err != nil || len(st.Choices) != 1 || st.Choices[0].ID != "b" {
		t.Fatalf("got %+v, %v; want pile b alone", st.Choices, err)
	}
	if why := s.Refusal(0, nil, "a"); !strings.Contains(why, `nothing would answer "How many?"`) {
		t.Errorf("refusal %q", why)
	}
	if _, _, err := s.Apply(0, engine.Action{"a", "1", "done"}); engine.CodeOf(err) != engine.CodeUnknownChoice {
		t.Errorf("an empty pile's take was applied: %v", err)
	}
}

// A step that turns up hidden information ends the decision: the rest is
// a decision of the same seat, which goes on naming its steps afresh.
func TestHiddenInformationEndsTheDecision(t *testing.T) {
	s := &pile{Piles: [2]int{1, 5}}
	st, err := s.Choices(0, engine.Action{"a", "1"})
	if err != nil || !st.Complete || !st.Continues {
		t.Fatalf("got %+v, %v; want a decision that continues", st, err)
	}
	next, events, err := s.Apply(0, engine.Action{"a", "1"})
	if err != nil || len(events) != 1 || !engine.Continues(next, 0) {
		t.Fatalf("got %v, %v; want seat 0 to go on", events, err)
	}
	if st, err := next.Choices(0, nil); err != nil || st.Name != "more" {
		t.Fatalf("the rest asks %q, %v", st.Name, err)
	}
}

// A seat that owes nothing is told whose turn it is; Apply refuses it and
// a decision left unfinished.
func TestRefusals(t *testing.T) {
	s := &pile{Piles: [2]int{5, 5}}
	if _, _, err := s.Apply(1, engine.Action{"a"}); engine.CodeOf(err) != engine.CodeNotYourTurn || err.Error() != "It is Ana's turn: take from a pile." {
		t.Errorf("another seat: %v", err)
	}
	if _, _, err := s.Apply(0, engine.Action{"a"}); engine.CodeOf(err) != engine.CodeIncomplete || !strings.Contains(err.Error(), "How many?") {
		t.Errorf("an unfinished decision: %v", err)
	}
	if _, _, err := s.Apply(0, engine.Action{"a", "1", "done", "ok", "x"}); engine.CodeOf(err) != engine.CodeUnknownChoice {
		t.Errorf("a step too many: %v", err)
	}
}

// A playout plays the game out by the answers Choices offers.
func TestPlayoutEnds(t *testing.T) {
	s := &pile{Piles: [2]int{7, 4}}
	rng := engine.NewRNG(1)
	var moves []engine.Action
	w := s.walker()
	machine.Playout(w, &rng, nil, func(_ engine.Seat, a engine.Action) { moves = append(moves, slices.Clone(a)) })
	if !w.Over() || len(moves) < 3 {
		t.Fatalf("%d moves, piles %v", len(moves), w.Piles)
	}
}
