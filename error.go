package adega

import (
	"errors"

	"github.com/adega-bot/adega/engine"
)

// A refusal is something a user asked that the bot does not do, and why,
// in words that user reads as they are; nothing was changed. Every
// refusal is an *engine.Error: the rules' own, and those of the bot's
// domain, whose codes follow. Any other error is the bot's failure, which
// the bot logs and answers with an apology (see UserMessage).

// The codes of the domain's refusals, for code that acts on one.
const (
	CodeNotFound      engine.Code = "not_found"      // the game or the lobby does not exist
	CodeStale         engine.Code = "stale"          // made at an earlier moment of the game than the one it stands at
	CodeAlreadyPlayed engine.Code = "already_played" // a move sent again
	CodeSealed        engine.Code = "sealed"         // a sealed export, opened where or by whom it may not be
	CodeFull          engine.Code = "full"           // as many as allowed already: open lobbies, a game's followers
	CodeRefused       engine.Code = "refused"        // anything else a user may not do
	CodeUnavailable   engine.Code = "unavailable"    // the records the bot's processes share cannot be reached just now
)

// ErrUnavailable refuses a change to what the bot's processes share (a
// player's settings) while their shared records cannot be reached: saved
// in one process alone, it would be lost or differ between servers.
var ErrUnavailable = &engine.Error{Code: CodeUnavailable, Message: "I cannot reach the records my servers share just now, so nothing was changed. " +
	"Please try again in a minute."}

// ErrStale refuses what was made at an earlier moment of a game than the
// one it stands at, such as a button of an older message.
var ErrStale = &engine.Error{Code: CodeStale, Message: "That comes from an earlier moment of the game, which has moved on since " +
	"(a move, an undo or a change of seat); nothing was changed. Use the newest message."}

// UserMessage returns what the user who asked may read of err: the message
// of the refusal in its chain, and true; or false when err holds no
// refusal and is the bot's own failure. What wraps the refusal is for the
// log, not for the user.
func UserMessage(err error) (string, bool) {
	var refusal *engine.Error
	if errors.As(err, &refusal) {
		return refusal.Message, true
	}
	return "", false
}
