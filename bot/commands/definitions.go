package commands

import (
	"sort"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/storage"
)

// Definitions are the slash commands the bot registers on start.
func Definitions() []*discordgo.ApplicationCommand {
	minPlayers, maxPlayers, firstPage, firstMove := float64(2), float64(4), float64(1), float64(0)
	sub := func(name, description string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: description, Options: opts}
	}
	subs := []*discordgo.ApplicationCommandOption{
		sub("new", "Open a lobby for a new game of Vinhos Deluxe",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "players",
				Description: "How many seats (2-4, default 4)", MinValue: &minPlayers, MaxValue: maxPlayers},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "regions", MaxLength: 100,
				Description: "random, first-play, or a list of region numbers such as 1,2,3,4,5,6,8"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "mode",
				Description: "The rules to play", Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "Special Vintage 2016", Value: "special2016"}}},
			boardStyleOption("board", "The board the turn messages carry (default: full)")),
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
		sub("follow", "Get this game's board by DM at the end of each Fair and of the game"),
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
		sub("import", "Restore a game from an export (Manage Server)",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file",
				Description: "The exported JSON file", Required: true}),
		sub("replace", "Give a seat to another player or to the bot (creator or Manage Server)",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "seat", MaxLength: 40,
				Description: "The seat number or the player's name", Required: true},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user",
				Description: "Who takes the seat"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "bot",
				Description: "Let the bot play the seat"}),
		{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "solo", Description: "Play alone against the Lacerda automa, in DMs",
			Options: []*discordgo.ApplicationCommandOption{
				sub("start", "Start a solo game in our direct messages",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "another",
						Description: "Start one even though another is in progress"}),
				sub("stats", "Your record against Lacerda"),
			}},
	}
	subs = append(withWaitOptions(subs), sub("pace", "See or change the pace, deadline and absent-player rule (creator or Manage Server)",
		waitOptions("value")...))
	names := make([]string, 0, len(actionCommands))
	for name := range actionCommands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		subs = append(subs, sub(name, "Move to the "+name+" space and take that action", stepOptionList(false)...))
	}
	return []*discordgo.ApplicationCommand{{
		Name:        Command,
		Description: "Play Vinhos Deluxe",
		Options:     subs,
	}, adegaDefinition()}
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
			{Name: "compact: two narrow columns, for phones", Value: string(storage.BoardCompact)},
		}}
}

// ParseBoardStyle reads a boardStyleOption's value: full or compact.
func ParseBoardStyle(value string) (storage.BoardStyle, bool) {
	switch value {
	case "full":
		return storage.BoardFull, true
	case string(storage.BoardCompact):
		return storage.BoardCompact, true
	}
	return "", false
}
