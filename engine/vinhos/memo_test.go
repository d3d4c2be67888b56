package vinhos

import (
	"bytes"
	"reflect"
	"sync"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// Many callers may list choices on one state at once, each building its
// own decision, as the bot's handlers do: each gets the steps it would
// get alone, and the state Apply returns is the same. Run with -race, it
// also checks that the copy Choices keeps (memo.go), and the array for
// options a published state keeps for its first walker, are handed to
// one caller at a time.
func TestConcurrentChoicesOnOneState(t *testing.T) {
	var states []*State
	playRandom(t, 7, 4, func(s *State, move int) {
		if move%20 == 0 {
			states = append(states, s)
		}
	})
	for _, s := range states {
		seat := s.Pending()[0].Seat
		const callers = 6
		want := make([][]byte, callers)
		for i := range callers {
			want[i] = playDecision(t, s.clone(), seat, uint64(i)) // a copy remembers nothing
		}
		got := make([][]byte, callers)
		var wg sync.WaitGroup
		for i := range callers {
			wg.Go(func() { got[i] = playDecision(t, s, seat, uint64(i)) })
		}
		wg.Wait()
		for i := range callers {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("at %s, caller %d played another decision than alone", s.Phase(), i)
			}
		}
	}
}

// playDecision builds a seeded random decision through Choices and
// returns the encoded state Apply makes of it. It may run on any
// goroutine.
func playDecision(t *testing.T, s *State, seat engine.Seat, seed uint64) []byte {
	r := engine.NewRNG(seed)
	var act engine.Action
	for {
		step, err := s.Choices(seat, act)
		if err != nil {
			t.Error(err)
			return nil
		}
		if step.Complete {
			break
		}
		act = append(act, step.Choices[r.IntN(len(step.Choices))].ID)
	}
	next, _, err := s.Apply(seat, act)
	if err != nil {
		t.Error(err)
		return nil
	}
	b, err := engine.Encode(next)
	if err != nil {
		t.Error(err)
	}
	return b
}

// Choices asked again for the prefix it answered last answers from its
// memo, which lists the choices it offered again (memo.go): the step a
// state without a memo lists, whatever the caller did to the first answer.
func TestChoicesAskedAgainAnswerAlike(t *testing.T) {
	playRandom(t, 11, 4, func(s *State, move int) {
		if move%10 != 0 || len(s.Pending()) == 0 {
			return
		}
		seat := s.Pending()[0].Seat
		want, err := s.clone().Choices(seat, nil) // a copy remembers nothing
		if err != nil {
			t.Fatal(err)
		}
		first, err := s.Choices(seat, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range first.Choices {
			first.Choices[i] = engine.Choice{ID: "changed", Label: "changed"}
		}
		for i := range first.Taken {
			first.Taken[i].Choice.Label = "changed"
		}
		again, err := s.Choices(seat, nil)
		if err != nil || !reflect.DeepEqual(again, want) {
			t.Fatalf("at %s, asked again: %+v, %v; want %+v", s.Phase(), again, err, want)
		}
	})
}
