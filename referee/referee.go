// Package referee is the bot's game service: it changes a stored game by
// its rules and has package storage write the change. It plays a move and
// the bot's moves from the game's state, refuses a move sent twice
// ("already played"), takes moves back, gives a seat to someone else,
// keeps a game's followers, grants vacations, and seals, opens and
// restores exports.
//
// Each change is computed here, outside the database's single writer, and
// written by storage.Store.Commit in one transaction that checks the
// game still stands at the moment the change was made from and queues the
// messages that announce it.
package referee

import "github.com/adega-bot/adega/storage"

// Referee changes the games of one store.
type Referee struct {
	store *storage.Store
}

// New returns the referee of the games in store.
func New(store *storage.Store) *Referee { return &Referee{store: store} }
