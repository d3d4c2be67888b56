package lavina

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// score ends the game: the highest prestige wins; a tie goes to the tied
// player whose picker came out of the vineyard first in the last round
// (text l.315, A-34, A-35).
func (s *walker) score() {
	prestige := make([]int, len(s.Seats))
	for seat, p := range s.Seats {
		prestige[seat] = p.Prestige
	}
	s.rank(prestige)
	for _, line := range s.Outcome() {
		s.say(engine.NoSeat, "%s", line)
	}
}

// rank ends the game with the seats ranked by the prestige given, a tie
// going to the seat whose picker came out first in the last round.
func (s *walker) rank(prestige []int) {
	s.Ended = true
	s.Turn = nil
	s.Standings = make([]engine.Seat, len(s.Seats))
	for i := range s.Standings {
		s.Standings[i] = engine.Seat(i)
	}
	slices.SortStableFunc(s.Standings, func(a, b engine.Seat) int {
		if d := prestige[b] - prestige[a]; d != 0 {
			return d
		}
		return s.firstOut(a) - s.firstOut(b)
	})
}

// firstOut is when seat's first picker came out in the last round: its
// place in the exit order (A-35: at 2 players the earlier of the two).
func (s *State) firstOut(seat engine.Seat) int {
	for k, p := range s.ExitOrder {
		if s.Pickers[p].Owner == seat {
			return k
		}
	}
	return len(s.ExitOrder)
}

// Ranking lists the seats winner first once the game is over.
func (s *State) Ranking() []engine.Seat {
	if !s.Ended {
		return nil
	}
	return slices.Clone(s.Standings)
}

// Outcome says who won and everyone's prestige.
func (s *State) Outcome() []string {
	if !s.Ended {
		return nil
	}
	lines := make([]string, 0, len(s.Standings)+1)
	winner := s.Standings[0]
	line := fmt.Sprintf("%s wins with %d prestige.", s.Seats[winner].Name, s.Seats[winner].Prestige)
	if len(s.Standings) > 1 && s.Seats[s.Standings[1]].Prestige == s.Seats[winner].Prestige {
		line = fmt.Sprintf("%s wins the tie at %d prestige, having come out of the vineyard first in the last round.", s.Seats[winner].Name, s.Seats[winner].Prestige)
	}
	lines = append(lines, line)
	for k, seat := range s.Standings {
		lines = append(lines, fmt.Sprintf("%d. %s: %d prestige", k+1, s.Seats[seat].Name, s.Seats[seat].Prestige))
	}
	return lines
}
