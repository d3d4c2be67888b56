package vinhos

import (
	"github.com/adega-bot/adega/engine"
)

// playThrough plays a whole turn written as one action, as a player who
// typed it all would: each part that ends where a hidden tile comes up is
// its own decision, and the next part goes on from there. It returns the
// state after the last part and the events of all of them.
func playThrough(s *State, seat engine.Seat, action engine.Action) (*State, []engine.Event, error) {
	var events []engine.Event
	for len(action) > 0 {
		n := len(action)
		for k := 1; k < len(action); k++ {
			if st, err := s.Choices(seat, action[:k]); err == nil && st.Complete {
				n = k
				break
			}
		}
		next, ev, err := s.Apply(seat, action[:n])
		if err != nil {
			return nil, nil, err
		}
		s, events, action = next.(*State), append(events, ev...), action[n:]
	}
	return s, events, nil
}

// commitThrough plays the parts of prefix that end where a hidden tile
// comes up, on a copy, and returns the copy and the rest of prefix: the
// steps a player lists next once those parts are played.
func commitThrough(s *State, seat engine.Seat, prefix engine.Action) (*State, engine.Action, error) {
	for k := 1; k <= len(prefix); k++ {
		st, err := s.Choices(seat, prefix[:k])
		if err != nil {
			return nil, nil, err
		}
		if st.Complete && k < len(prefix) {
			next, _, err := s.Apply(seat, prefix[:k])
			if err != nil {
				return nil, nil, err
			}
			s, prefix, k = next.(*State), prefix[k:], 0
		}
	}
	return s, prefix, nil
}
