// Package engine is the game-agnostic core of adega: the contract every game
// implements (Game, State), the values that cross it (Setup, Action, Step,
// Choice, Event, Pending), typed player-readable errors, a serializable
// seeded RNG, replay of an action log and the registry of games.
//
// A game is a deterministic state machine. Replaying its Setup and its action
// log always rebuilds the same State, so a stored snapshot is only a cache.
// The engine does no I/O.
package engine
