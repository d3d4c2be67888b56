package commands

import "github.com/adega-bot/adega/engine"

// The local table (cmd/bot) plays the same commands in a terminal. It
// reads the action shortcuts with these, takes the texts of status, log
// and rules from StatusText, LogText and RulesText, and plays undo through
// Handle.

// IsActionCommand reports whether name is an action shortcut (/vinhos sell).
func IsActionCommand(name string) bool {
	_, ok := actionCommands[name]
	return ok
}

// ActionPrefix is the move an action shortcut implies: to the cheapest
// legal space of its action.
func ActionPrefix(s engine.State, seat engine.Seat, name string) ([]string, error) {
	return commandPrefix(s, seat, name)
}
