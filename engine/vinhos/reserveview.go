package vinhos

// Read-only views of a 2010 Reserve game for the renderer.

// Estates is how many Estates each player board has: the mode's board,
// changed by the five-estates variant.
func (s *State) Estates() int { return s.board().Estates }
