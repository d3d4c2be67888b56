package storage

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Limits on what a game may hold. They keep every message that shows a
// game within Discord's limits, and they bound what an imported file can
// make the bot do.
const (
	MaxNameLength   = 40   // a player's name; Discord's display names have 32
	MaxTitleLength  = 100  // a game's title
	maxOptionLength = 100  // a setup option's name or value
	maxLogMoves     = 5000 // a whole game of Vinhos has a few hundred
	maxActionSteps  = 64
	maxChoiceLength = 100
)

// validateGame checks what a new or imported game is made of.
func validateGame(meta adega.Meta, setup engine.Setup, log []engine.Move) error {
	if err := checkText("The title", meta.Title, MaxTitleLength); err != nil {
		return err
	}
	for _, name := range setup.Players {
		if err := CheckName(name); err != nil {
			return err
		}
	}
	for k, name := range setup.Players {
		if slices.Contains(setup.Players[:k], name) {
			return engine.Errorf(engine.CodeBadSetup, "Two players are called %q; every player needs a name of their own.", name)
		}
	}
	for k, v := range setup.Options {
		if err := checkText("A setup option", k, maxOptionLength); err != nil {
			return err
		}
		if err := checkText("The setup option "+k, v, maxOptionLength); err != nil {
			return err
		}
	}
	if len(log) > maxLogMoves {
		return engine.Errorf(engine.CodeBadSetup, "The log holds %d moves; a game holds at most %d.", len(log), maxLogMoves)
	}
	for i, m := range log {
		if len(m.Action) > maxActionSteps || slices.ContainsFunc(m.Action, func(id string) bool { return len(id) > maxChoiceLength }) {
			return engine.Errorf(engine.CodeBadSetup, "Move %d of the log is longer than any move of the game.", i+1)
		}
	}
	return nil
}

// CheckName checks a player's name: not empty, not too long, and no
// control characters.
func CheckName(name string) error {
	if strings.TrimSpace(name) == "" {
		return engine.Errorf(engine.CodeBadSetup, "A player's name may not be empty.")
	}
	return checkText("The name "+engine.Quote(name), name, MaxNameLength)
}

func checkText(what, s string, limit int) error {
	switch {
	case !utf8.ValidString(s):
		return engine.Errorf(engine.CodeBadSetup, "%s is not valid text.", what)
	case utf8.RuneCountInString(s) > limit:
		return engine.Errorf(engine.CodeBadSetup, "%s is longer than %d characters.", what, limit)
	case strings.ContainsFunc(s, unicode.IsControl):
		return engine.Errorf(engine.CodeBadSetup, "%s holds control characters.", what)
	}
	return nil
}
