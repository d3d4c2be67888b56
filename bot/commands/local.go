package commands

import "github.com/adega-bot/adega/engine"

// The local table (package local) plays the same commands in a terminal. It
// reads a game's subcommands and shortcuts with these, takes the texts of
// status, log and rules from StatusText, LogText and RulesText, and plays
// undo through Handle.

// Subcommands are the names of the subcommands of g's slash command.
func Subcommands(g engine.Game) []string {
	var names []string
	for _, o := range gameDefinition(g).Options {
		names = append(names, o.Name)
	}
	return names
}

// Shortcut is g's shortcut subcommand of that name (/vinhos do sell), if
// it has one.
func Shortcut(g engine.Game, name string) (engine.Shortcut, bool) {
	for _, sc := range shortcutsOf(g) {
		if sc.Name == name {
			return sc, true
		}
	}
	return engine.Shortcut{}, false
}

// ShortcutNames are the names of g's shortcut subcommands, in its order.
func ShortcutNames(g engine.Game) []string {
	var names []string
	for _, sc := range shortcutsOf(g) {
		names = append(names, sc.Name)
	}
	return names
}
