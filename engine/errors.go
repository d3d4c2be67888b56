package engine

import (
	"errors"
	"fmt"
)

// Code classifies an engine error so that adapters can react to it, for
// example by answering privately instead of in the channel.
type Code string

const (
	// CodeIllegal: the rules forbid the action.
	CodeIllegal Code = "illegal"
	// CodeNotYourTurn: the seat has nothing to decide now.
	CodeNotYourTurn Code = "not_your_turn"
	// CodeUnknownChoice: a step's answer is not among its legal choices.
	CodeUnknownChoice Code = "unknown_choice"
	// CodeIncomplete: the action stops before its last step.
	CodeIncomplete Code = "incomplete"
	// CodeGameOver: the game has ended.
	CodeGameOver Code = "game_over"
	// CodeBadSetup: the setup is not valid for the game.
	CodeBadSetup Code = "bad_setup"
)

// Error is a refusal whose message a player can read as it is.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return e.Message }

// Errorf builds an *Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// CodeOf returns the code of an *Error in err's chain, or "" if none.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
