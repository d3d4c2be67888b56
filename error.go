package adega

import (
	"errors"
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// Error is a refusal: something a user asked that the bot does not do,
// and why, in words that user reads as they are; nothing was changed. It
// is the one error a user may read besides the rules' own refusals
// (*engine.Error). Any other error is the bot's failure, which the bot
// logs and answers with an apology (see UserMessage).
type Error struct {
	Code    Code
	Message string
}

// Code says what kind of refusal an Error is, for code that acts on one.
type Code string

const (
	CodeNotFound      Code = "not_found"      // the game or the lobby does not exist
	CodeStale         Code = "stale"          // made at an earlier moment of the game than the one it stands at
	CodeAlreadyPlayed Code = "already_played" // a move sent again
	CodeSealed        Code = "sealed"         // a sealed export, opened where or by whom it may not be
	CodeFull          Code = "full"           // as many as allowed already: open lobbies, a game's followers
	CodeRefused       Code = "refused"        // anything else a user may not do
)

func (e *Error) Error() string { return e.Message }

// Errorf builds an *Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the *Error in err's chain, or "" if none.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// ErrStale refuses what was made at an earlier moment of a game than the
// one it stands at, such as a button of an older message.
var ErrStale = &Error{Code: CodeStale, Message: "That comes from an earlier moment of the game, which has moved on since " +
	"(a move, an undo or a change of seat); nothing was changed. Use the newest message."}

// UserMessage returns what the user who asked may read of err: the message
// of the refusal in its chain, an *Error or the rules' *engine.Error, and
// true; or false when err holds no refusal and is the bot's own failure.
// What wraps the refusal is for the log, not for the user.
func UserMessage(err error) (string, bool) {
	var refusal *Error
	if errors.As(err, &refusal) {
		return refusal.Message, true
	}
	var rule *engine.Error
	if errors.As(err, &rule) {
		return rule.Message, true
	}
	return "", false
}
