package vinhos

// fixes are the corrections made to the engine's rules since games were
// first played by it, each where the engine was found to stray from the
// rulebooks (docs/RULINGS.md). A game keeps the revision it was set up
// under (engine.Setup.Rules), so that its log replays exactly as it was
// played; new games take the latest. This table is the one place the
// revisions differ.
type fixes struct {
	// expertsWhereAllowed: Wine Experts are used inside actions, at the
	// Fair's Press Release and in the draft, as their text allows.
	expertsWhereAllowed bool
	// stayCountsBonuses: staying on Pass counts what a Magnate tile or a
	// Wine Expert used first makes possible.
	stayCountsBonuses bool
	// bribeApart: Lacerda's bribe is owed apart from the move's fee, so
	// the free-move Expert does not waive it.
	bribeApart bool
	// secondSaleAfterFailure: Lacerda tries his second sale after a first
	// that found no slot.
	secondSaleAfterFailure bool
	// numbersPerAction: Number cards go back at the end of his action (of
	// the draft, for his picks), not after each draw.
	numbersPerAction bool
	// tiedTrophies: everyone placed first who presented a wine takes a
	// trophy, ties included.
	tiedTrophies bool
	// discardAfterBuying: a first edition player at the Expert limit buys
	// first and discards the excess after (ruleset.discardAfterBuying).
	discardAfterBuying bool
	// editionVintage: a game plays with its mode's own Vintage tiles
	// (ruleset.vintage), where first-edition games had the Deluxe box's,
	// which name Ribatejo.
	editionVintage bool
	// expertsBeforeActions: the Reserve and the first edition flip the
	// cube and barrel Experts only before an action, a Bonus Action or
	// the Fair (ruleset.expertsBeforeActions).
	expertsBeforeActions bool
	// fairOpening: pairs and those Experts come before anyone's
	// last-minute Press Release (ruleset.fairOpening).
	fairOpening bool
	// firstEditionReadings: the first edition takes its free Experts
	// (ruleset.freeExpertsTaken) and takes back pairs before an action or
	// the Fair only (ruleset.pairsOnlyBeforeActions).
	firstEditionReadings bool
}

// revisions are the rules revisions, by number.
var revisions = [...]fixes{
	{}, // the first rules, until November 2026
	{expertsWhereAllowed: true, stayCountsBonuses: true, bribeApart: true, secondSaleAfterFailure: true, numbersPerAction: true, tiedTrophies: true},
	// the first edition's own readings, November 2026
	{expertsWhereAllowed: true, stayCountsBonuses: true, bribeApart: true, secondSaleAfterFailure: true, numbersPerAction: true, tiedTrophies: true,
		discardAfterBuying: true},
	firstEditionVintageRules: {expertsWhereAllowed: true, stayCountsBonuses: true, bribeApart: true, secondSaleAfterFailure: true, numbersPerAction: true, tiedTrophies: true,
		discardAfterBuying: true, editionVintage: true},
	// the Experts' and pairs' moments as 000 writes them, November 2026
	expertTimingRules: {expertsWhereAllowed: true, stayCountsBonuses: true, bribeApart: true, secondSaleAfterFailure: true, numbersPerAction: true, tiedTrophies: true,
		discardAfterBuying: true, editionVintage: true, expertsBeforeActions: true, fairOpening: true, firstEditionReadings: true},
}

// firstEditionVintageRules is the revision that gave the first edition
// its own Vintage tiles, November 2026.
const firstEditionVintageRules = 3

// expertTimingRules is the revision that gave the Reserve and the first
// edition their Experts' and pairs' moments, November 2026.
const expertTimingRules = 4

// LatestRules is the revision new games are set up under.
const LatestRules = len(revisions) - 1

// LatestRules tells storage the revision new games take.
func (Game) LatestRules() int { return LatestRules }

// fixed is the set of fixes the game plays by.
func (s *State) fixed() fixes { return revisions[s.Rules] }
