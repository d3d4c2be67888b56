package lavina

import "github.com/adega-bot/adega/engine"

// fixes are the corrections made to the engine's rules since games were
// first played by it, each where the engine was found to stray from the
// rulebook (docs/RULINGS-LAVINA.md). A game keeps the revision it was set
// up under (engine.Setup.Rules, State.Rules), so that its log replays
// exactly as it was played; new games take the latest. This table is the
// one place the revisions differ.
type fixes struct {
	// noRoundLimit: the game ends only by a last barrel (text l.313); the
	// round limit is an option outside the rules, off unless chosen, and
	// announced as the round it ends the game after begins.
	noRoundLimit bool
	// toolBackAfterTake: a used tool goes back to the bank once the take
	// is over, the shears' whole first sequence included (text l.269,
	// l.272), not when the take begins.
	toolBackAfterTake bool
	// pickerIDsInPlayOrder: under two_player_move=either, "rear" names the
	// picker farther back, whose turn it is, the entrance queue included.
	pickerIDsInPlayOrder bool
}

// revisions are the rules revisions, by number.
var revisions = [...]fixes{
	{}, // the first rules, until November 2026
	{noRoundLimit: true, toolBackAfterTake: true, pickerIDsInPlayOrder: true},
}

// LatestRules is the revision new games are set up under.
const LatestRules = len(revisions) - 1

// LatestRules tells storage the revision new games take (engine.Revised).
func (Game) LatestRules() int { return LatestRules }

// fixed is the set of fixes the game plays by.
func (s *State) fixed() fixes { return revisions[s.Rules] }

var _ engine.Revised = Game{}
