package ai

import (
	"fmt"
	"time"

	"github.com/adega-bot/adega/engine"
)

// Match is a game played to its end by players, one per seat.
type Match struct {
	Final engine.State
	// Ranking is the final ranking, winner first (engine.Ranked).
	Ranking []engine.Seat
	// Decisions are the times each seat's decisions took, by seat.
	Decisions [][]time.Duration
}

// maxMoves stops a game that does not end: a bug, not a result.
const maxMoves = 10000

// Play sets a game up and plays it to the end, player i in seat i, the
// first pending seat deciding first. clock times the decisions (nil: the
// wall clock).
func Play(g engine.Game, setup engine.Setup, players []Player, clock func() time.Duration) (Match, error) {
	if clock == nil {
		start := time.Now()
		clock = func() time.Duration { return time.Since(start) }
	}
	s, _, err := g.New(setup)
	if err != nil {
		return Match{}, err
	}
	m := Match{Decisions: make([][]time.Duration, len(s.Players()))}
	for move := 0; !s.Over(); move++ {
		if move == maxMoves {
			return m, fmt.Errorf("ai: no end after %d moves, at %s", move, s.Phase())
		}
		seat := next(s)
		if int(seat) < 0 || int(seat) >= len(players) {
			return m, fmt.Errorf("ai: seat %d has no player", seat)
		}
		began := clock()
		act, err := players[seat].Decide(s, seat)
		if err != nil {
			return m, fmt.Errorf("ai: seat %d at %s: %w", seat, s.Phase(), err)
		}
		m.Decisions[seat] = append(m.Decisions[seat], clock()-began)
		after, _, err := s.Apply(seat, act)
		if err != nil {
			return m, fmt.Errorf("ai: seat %d's %v at %s refused: %w", seat, act, s.Phase(), err)
		}
		s = after
	}
	m.Final = s
	if r, ok := s.(engine.Ranked); ok {
		m.Ranking = r.Ranking()
	}
	return m, nil
}
