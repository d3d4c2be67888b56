// Package adega is the bot's domain: what it keeps of a game beside the
// engine's state (its metadata, seats, log, waiting record), of a user and
// of a lobby, the messages it owes Discord, the statistics it keeps, and
// the codes of the refusals a user may read (each an *engine.Error). It
// does no I/O.
//
// Package storage keeps these values in bbolt; package referee changes a
// game by its rules (moves, the bot's moves, undo, exports) and has storage
// write the change; package bot answers Discord with both.
package adega
