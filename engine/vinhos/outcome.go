package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// Outcome explains the final scoring: each player's VP by source, in rank
// order, and in a solo game the accolades and the title.
func (s *State) Outcome() []string {
	f := s.Final
	if f == nil {
		return nil
	}
	var lines []string
	for rank, seat := range f.Ranking {
		p := &s.Seats[seat]
		if f.Bank != nil { // R10 scores the bank, not money and wines
			lines = append(lines, fmt.Sprintf("%d. %s: %d VP (final scoring: %d bank account, %d Export majorities, %d Multipliers)",
				rank+1, p.Name, p.VP, f.Bank[seat], f.Export[seat], f.Multipliers[seat]))
			continue
		}
		lines = append(lines, fmt.Sprintf("%d. %s: %d VP (final scoring: %d money, %d wines, %d Export majorities, %d Multipliers)",
			rank+1, p.Name, p.VP, f.Money[seat], f.Wines[seat], f.Export[seat], f.Multipliers[seat]))
	}
	if solo := f.Solo; solo != nil {
		for a, n := range solo.Accolades {
			if n > 0 {
				lines = append(lines, fmt.Sprintf("%s: %d", AccoladeTitle(Accolade(a)), n))
			}
		}
		lines = append(lines, fmt.Sprintf("%d accolades: %s.", solo.Total, solo.Title))
	}
	return lines
}

// SoloResult is a finished solo game's accolades and title.
func (s *State) SoloResult() (accolades int, title string, ok bool) {
	score := s.SoloScore()
	if score == nil {
		return 0, "", false
	}
	return score.Total, score.Title, true
}

// Ranking is the final ranking, winner first after the tie breaks (VP,
// then Export barrels, then money); nil before the end.
func (s *State) Ranking() []engine.Seat {
	if s.Final == nil {
		return nil
	}
	return slices.Clone(s.Final.Ranking)
}

var (
	_ engine.Outcome   = (*State)(nil)
	_ engine.Ranked    = (*State)(nil)
	_ engine.VPSources = (*State)(nil)
)
