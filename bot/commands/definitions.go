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

// gameDefinition is a game's slash command.
func gameDefinition(g engine.Game) *discordgo.ApplicationCommand {
	firstPage, firstMove := float64(1), float64(0)
	sub := subcommand
	subs := []*discordgo.ApplicationCommandOption{
		sub("new", "Open a lobby for a new game of "+g.Title(), newOptions(g)...),
		sub("play", "Make any decision, step by step (autocomplete shows what is legal)", stepOptionList(true)...),
		sub("board", "Post the current board again, or look back at an earlier move (only you see it)",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "move",
				Description: "Show the board after this move (0: the setup), with buttons to step through the game", MinValue: &firstMove},
			boardStyleOption("style", "From now on the turn messages carry this board (players of the game)")),
		sub("me", "See your own board (only you see it)"),
		sub("replay", "The game so far as an animation, a frame per part of the game (only you see it)"),
		sub("status", "Whose move it is, since when, and the scores",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "chart",
				Description: "Also draw each player's VP through the game so far"}),
		sub("hint", "Ask the AI privately what it would play for your decision (solo games, or games with hints on)"),
		sub("follow", "Get this game's board by DM as it goes and when it ends"),
		sub("unfollow", "Stop the direct messages about this game you follow"),
		sub("rules", "Short rules help, and the rulings adega plays by",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "topic", MaxLength: 100,
				Description: "A topic, rulings, or a ruling's title", Required: true, Autocomplete: true}),
		sub("abandon", "End this game for good (its creator or a server manager)"),
		sub("undo", "Take back your last action (others must agree if they played since or it revealed something)"),
		sub("log", "Page through what happened, 20 moves a page",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "page",
				Description: "Which page (default: the latest)", MinValue: &firstPage}),
		sub("download", "Download this game as a JSON file"),
		sub("import", "Restore an export: a finished game (Manage Server), or a game in progress in its own channel",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file",
				Description: "The exported JSON file", Required: true}),
		sub("replace", "Give a seat to another player or to the bot (creator or Manage Server)",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "seat", MaxLength: 40,
				Description: "The seat number or the player's name", Required: true},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user",
				Description: "Who takes the seat"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "bot",
				Description: "Let the bot's AI play the seat"},
			levelOption("How well the bot plays the seat (default: the game's level)")),
		sub("pace", "See or change the pace, deadline and absent-player rule (creator or Manage Server)", waitOptions("value")...),
	}
	if solo, ok := soloMode(g); ok {
		subs = append(subs, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "solo",
			Description: engine.Shorten("Play alone in our direct messages: "+solo.Title, 100),
			Options: []*discordgo.ApplicationCommandOption{
				sub("start", "Start a solo game in our direct messages",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "another",
						Description: "Start one even though another is in progress"}, practiceOption()),
				sub("stats", "Your solo record"),
			}})
	}
	if shortcuts := shortcutsOf(g); len(shortcuts) > 0 {
		// In a group of their own: Discord allows a command 25 subcommands.
		do := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: ShortcutGroup,
			Description: "Take an action at once, such as /" + g.Name() + " " + ShortcutGroup + " " + shortcuts[0].Name}
		for _, sc := range shortcuts {
			do.Options = append(do.Options, sub(sc.Name, engine.Shorten(sc.Description, 100), stepOptionList(false)...))
		}
		subs = append(subs, do)
	}
	return &discordgo.ApplicationCommand{Name: g.Name(), Description: engine.Shorten("Play "+g.Title(), 100), Options: subs}
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
			opt := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: o.Name, MaxLength: 100,
				Description: engine.Shorten(o.Description, 100)}
			for _, c := range o.Choices {
				opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: engine.Shorten(c.Label, 100), Value: c.Value})
			}
			opts = append(opts, opt)
		}
	}
	mode := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "mode", Description: "The rules to play"}
	for _, m := range modes {
		mode.Choices = append(mode.Choices, &discordgo.ApplicationCommandOptionChoice{Name: engine.Shorten(m.Title, 100), Value: m.Name})
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
			{Name: "compact: two narrow columns, for phones", Value: string(adega.BoardCompact)},
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
