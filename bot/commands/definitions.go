package commands

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
)

// Definitions are the slash commands the bot registers on start: one for
// each game of games, each with the same subcommands and the game's own
// (its setup options, its shortcuts under /GAME do, solo play if it has a
// solo mode), and
// /adega.
func Definitions(games *engine.Registry) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		out = append(out, gameDefinition(g))
	}
	return append(out, adegaDefinition())
}

func subcommand(name, description string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: description, Options: opts}
}

// gameDefinition is a game's slash command: its routes' definitions
// (router.go).
func gameDefinition(g engine.Game) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Name: g.Name(), Description: engine.Shorten("Play "+g.Title(), descriptionLimit), Options: defineRoutes(gameRoutes(), g)}
}

// newOptions are the options of /GAME new: the seats, the game's setup
// options, the mode where there is a choice, the board style and the
// waiting rules.
func newOptions(g engine.Game) []*discordgo.ApplicationCommandOption {
	modes := tableModes(g)
	least, most := modes[0].MinPlayers, modes[0].MaxPlayers
	for _, m := range modes {
		least, most = min(least, m.MinPlayers), max(most, m.MaxPlayers)
	}
	minPlayers := float64(least)
	opts := []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionInteger, Name: "players",
		Description: fmt.Sprintf("How many seats (%d-%d, default %d)", least, most, modes[0].MaxPlayers), MinValue: &minPlayers, MaxValue: float64(most)}}
	if so, ok := g.(engine.SetupOptions); ok {
		for _, o := range so.SetupOptions() {
			opt := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: o.Name, MaxLength: choiceValueLimit,
				Description: engine.Shorten(o.Description, descriptionLimit)}
			for _, c := range o.Choices {
				opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: engine.Shorten(c.Label, choiceNameLimit), Value: c.Value})
			}
			opts = append(opts, opt)
		}
	}
	mode := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "mode", Description: "The rules to play"}
	for _, m := range modes {
		mode.Choices = append(mode.Choices, &discordgo.ApplicationCommandOptionChoice{Name: engine.Shorten(m.Title, choiceNameLimit), Value: m.Name})
	}
	noBots, mostBots := float64(0), float64(most-1)
	opts = append(opts, mode, boardStyleOption("board", "The board the turn messages carry (default: full)"),
		&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "bots",
			Description: "Seats the bot's AI plays, taken at once (default 0)", MinValue: &noBots, MaxValue: mostBots},
		levelOption("How well the bot plays its seats, and for absent players under absent: auto (default normal)"),
		&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "hints",
			Description: "Let players ask the AI for a hint with /" + g.Name() + " hint (default: off)"}, practiceOption())
	return append(opts, waitOptions("pace")...)
}

// practiceOption starts a practice game (adega.Meta.Practice).
func practiceOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "practice",
		Description: "Practice: undo may take back revealed cards at once; counts in no statistics (default: off)"}
}

// tableModes are the modes of g played at a table of several players.
func tableModes(g engine.Game) []engine.Mode {
	var out []engine.Mode
	for _, m := range g.Modes() {
		if m.MaxPlayers > 1 {
			out = append(out, m)
		}
	}
	return out
}

// soloMode is g's mode for one player, if it has one.
func soloMode(g engine.Game) (engine.Mode, bool) {
	for _, m := range g.Modes() {
		if m.MaxPlayers == 1 {
			return m, true
		}
	}
	return engine.Mode{}, false
}

// ShortcutGroup is the subcommand group of a game's shortcuts: /vinhos do
// sell.
const ShortcutGroup = "do"

// shortcutsOf are g's shortcut subcommands, if any.
func shortcutsOf(g engine.Game) []engine.Shortcut {
	if sc, ok := g.(engine.Shortcuts); ok {
		return sc.Shortcuts()
	}
	return nil
}

// stepOptionList is step1..step8, each autocompleted from the legal choices
// given the steps before it.
func stepOptionList(firstRequired bool) []*discordgo.ApplicationCommandOption {
	opts := make([]*discordgo.ApplicationCommandOption, stepOptions)
	for k := range opts {
		opts[k] = &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, MaxLength: choiceValueLimit,
			Name: stepName(k), Description: "The next choice (the list shows what is legal)",
			Required: k == 0 && firstRequired, Autocomplete: true}
	}
	return opts
}

// boardStyleOption chooses between the full board and the compact one.
func boardStyleOption(name, description string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: description,
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "full: every area and every player's board", Value: "full"},
			{Name: "compact: one narrow column, for phones", Value: string(adega.BoardCompact)},
		}}
}

// ParseBoardStyle reads a boardStyleOption's value: full or compact.
func ParseBoardStyle(value string) (adega.BoardStyle, bool) {
	switch value {
	case "full":
		return adega.BoardFull, true
	case string(adega.BoardCompact):
		return adega.BoardCompact, true
	}
	return "", false
}

// levelOption chooses the AI's level.
func levelOption(description string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "level", Description: description,
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "easy: decides at once, plays loosely", Value: ai.Easy.String()},
			{Name: "normal: thinks a moment, a fair opponent", Value: ai.Normal.String()},
			{Name: "hard: thinks longest, plays its best", Value: ai.Hard.String()},
		}}
}
