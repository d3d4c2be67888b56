package commands

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
)

// The router: each subcommand is declared once, with its definition (what
// the bot registers with Discord) and its handler (what answers it)
// together, so that no subcommand can be defined without a handler, nor a
// handler be left behind without its subcommand. Components are routed
// the same way, by the kind of their custom ID (ids.go).

// option is a slash command's option as an interaction carries it.
type option = discordgo.ApplicationCommandInteractionDataOption

// commandFunc answers a subcommand sub of game's slash command (game is
// nil for /adega).
type commandFunc func(h *Handler, i *discordgo.Interaction, game engine.Game, sub *option) Reply

// choicesFunc offers the choices of the option being typed in sub, for
// autocomplete.
type choicesFunc func(h *Handler, i *discordgo.Interaction, game engine.Game, sub *option) []*discordgo.ApplicationCommandOptionChoice

// route is one subcommand, or one group of subcommands.
type route struct {
	name string
	// describe is a subcommand's description and options for game g.
	describe func(g engine.Game) (string, []*discordgo.ApplicationCommandOption)
	handle   commandFunc
	// complete, for a subcommand with autocompleted options, offers
	// their choices.
	complete choicesFunc
	// group, set instead of describe and handle, makes the route a
	// subcommand group: its description and subcommands for g, or false
	// where g has none.
	group func(g engine.Game) (string, []route, bool)
}

// fixed is a subcommand whose description and options are the same for
// every game.
func fixed(name, description string, handle commandFunc, opts ...*discordgo.ApplicationCommandOption) route {
	return route{name: name, handle: handle,
		describe: func(engine.Game) (string, []*discordgo.ApplicationCommandOption) { return description, opts }}
}

// completedBy is r whose options complete is autocompleted by.
func (r route) completedBy(complete choicesFunc) route {
	r.complete = complete
	return r
}

// stepsCompleted offers the legal choices of a step option (play.go).
func stepsCompleted(h *Handler, i *discordgo.Interaction, _ engine.Game, sub *option) []*discordgo.ApplicationCommandOptionChoice {
	return h.stepChoices(i, sub)
}

// Adapters from the handlers' own signatures to commandFunc.

// byInteraction is a handler that needs only the interaction.
func byInteraction(f func(*Handler, *discordgo.Interaction) Reply) commandFunc {
	return func(h *Handler, i *discordgo.Interaction, _ engine.Game, _ *option) Reply { return f(h, i) }
}

// bySub is a handler that reads its subcommand's options.
func bySub(f func(*Handler, *discordgo.Interaction, *option) Reply) commandFunc {
	return func(h *Handler, i *discordgo.Interaction, _ engine.Game, sub *option) Reply { return f(h, i, sub) }
}

// defineRoutes are the definitions of routes for game g.
func defineRoutes(routes []route, g engine.Game) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, r := range routes {
		if r.group != nil {
			description, subs, ok := r.group(g)
			if ok {
				out = append(out, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: r.name,
					Description: description, Options: defineRoutes(subs, g)})
			}
			continue
		}
		description, opts := r.describe(g)
		out = append(out, subcommand(r.name, description, opts...))
	}
	return out
}

// resolve finds the handler of the subcommand opts name among routes, and
// the subcommand's own option (inside its group, if it has one: a group
// carries exactly one, as Discord sends it). ok is false on the
// unknown-command path.
func resolve(routes []route, g engine.Game, opts []*option) (route, *option, bool) {
	if len(opts) == 0 || opts[0] == nil {
		return route{}, nil, false
	}
	sub := opts[0]
	for _, r := range routes {
		if r.name != sub.Name {
			continue
		}
		if r.group == nil {
			return r, sub, true
		}
		_, subs, ok := r.group(g)
		if !ok || len(sub.Options) != 1 {
			return route{}, nil, false
		}
		return resolve(subs, g, sub.Options)
	}
	return route{}, nil, false
}

// gameRoutes are the subcommands of every game's slash command, in the
// order Discord lists them; a game's solo mode and shortcuts add groups.
func gameRoutes() []route {
	firstPage, firstMove := float64(1), float64(0)
	return []route{
		{name: "new", handle: (*Handler).newLobby,
			describe: func(g engine.Game) (string, []*discordgo.ApplicationCommandOption) {
				return "Open a lobby for a new game of " + g.Title(), newOptions(g)
			}},
		fixed("play", "Make any decision, step by step (autocomplete shows what is legal)", bySub((*Handler).play),
			stepOptionList(true)...).completedBy(stepsCompleted),
		fixed("board", "Post the current board again, or look back at an earlier move (only you see it)", bySub((*Handler).boardCommand),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "move",
				Description: "Show the board after this move (0: the setup), with buttons to step through the game", MinValue: &firstMove},
			boardStyleOption("style", "From now on the turn messages carry this board (players of the game)")),
		fixed("me", "See your own board (only you see it)", byInteraction((*Handler).me)),
		fixed("replay", "The game so far as an animation, a frame per part of the game (only you see it)", byInteraction((*Handler).animation)),
		fixed("status", "Whose move it is, since when, and the scores", bySub((*Handler).status),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "chart",
				Description: "Also draw each player's VP through the game so far"}),
		fixed("hint", "Ask the AI privately what it would play for your decision (solo games, or games with hints on)", byInteraction((*Handler).hint)),
		fixed("follow", "Get this game's board by DM as it goes and when it ends", byInteraction((*Handler).follow)),
		fixed("unfollow", "Stop the direct messages about this game you follow", byInteraction((*Handler).unfollow)),
		fixed("rules", "Short rules help, and the rulings adega plays by", (*Handler).rules,
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "topic", MaxLength: choiceValueLimit,
				Description: "A topic, rulings, or a ruling's title (none: the list of topics)", Autocomplete: true}).
			completedBy(func(h *Handler, i *discordgo.Interaction, g engine.Game, sub *option) []*discordgo.ApplicationCommandOptionChoice {
				return topicChoices(g, h.gameInView(i, g), sub)
			}),
		fixed("abandon", "End this game for good (its creator or a server manager)", byInteraction((*Handler).abandon)),
		fixed("undo", "Take back your last action (others must agree if they played since or it revealed something)", byInteraction((*Handler).undo)),
		fixed("log", "Page through what happened, 20 moves a page", bySub((*Handler).log),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "page",
				Description: "Which page (default: the latest)", MinValue: &firstPage}),
		fixed("download", "Download this game as a JSON file", byInteraction((*Handler).export)),
		fixed("import", "Restore an export: a finished game (Manage Server), or a game in progress in its own channel", bySub((*Handler).importGame),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file",
				Description: "The exported JSON file", Required: true}),
		fixed("replace", "Give a seat to another player or to the bot (creator or Manage Server)", bySub((*Handler).replace),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "seat", MaxLength: 40,
				Description: "The seat number or the player's name", Required: true},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user",
				Description: "Who takes the seat"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "bot",
				Description: "Let the bot's AI play the seat"},
			levelOption("How well the bot plays the seat (default: the game's level)")),
		fixed("pace", "See or change the pace, deadline and absent-player rule (creator or Manage Server)", bySub((*Handler).pace), waitOptions("value")...),
		{name: soloGroup, group: soloRoutes},
		{name: ShortcutGroup, group: shortcutRoutes},
	}
}

// soloGroup is the subcommand group of a game's solo mode: /vinhos solo
// start.
const soloGroup = "solo"

// soloRoutes are /GAME solo's subcommands, for a game with a solo mode.
func soloRoutes(g engine.Game) (string, []route, bool) {
	solo, ok := soloMode(g)
	if !ok {
		return "", nil, false
	}
	start := func(h *Handler, i *discordgo.Interaction, g engine.Game, sub *option) Reply {
		return h.soloStart(i, g, solo, sub)
	}
	stats := func(h *Handler, i *discordgo.Interaction, g engine.Game, _ *option) Reply {
		return h.soloStats(i, g, solo)
	}
	return engine.Shorten("Play alone in our direct messages: "+solo.Title, descriptionLimit), []route{
		fixed("start", "Start a solo game in our direct messages", start,
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "another",
				Description: "Start one even though another is in progress"}, practiceOption()),
		fixed("stats", "Your solo record", stats),
	}, true
}

// shortcutRoutes are /GAME do's subcommands, the game's shortcuts: in a
// group of their own, as Discord allows a command optionsLimit
// subcommands. Each
// plays its decision as /GAME play does.
func shortcutRoutes(g engine.Game) (string, []route, bool) {
	shortcuts := shortcutsOf(g)
	if len(shortcuts) == 0 {
		return "", nil, false
	}
	var routes []route
	for _, sc := range shortcuts {
		routes = append(routes, fixed(sc.Name, engine.Shorten(sc.Description, descriptionLimit), bySub((*Handler).play),
			stepOptionList(false)...).completedBy(stepsCompleted))
	}
	return "Take an action at once, such as /" + g.Name() + " " + ShortcutGroup + " " + shortcuts[0].Name, routes, true
}

// adegaRoutes are /adega's subcommands.
func adegaRoutes() []route {
	return []route{
		fixed("settings", "See or change how and when the bot reminds you", bySub((*Handler).settings), settingsOptions()...),
		fixed("games", "Every game you are in, where you owe a move, and the games you follow", byInteraction((*Handler).myGames)),
		fixed("vacation", "Pause your deadlines in all your games (0 ends a vacation)", bySub((*Handler).vacation), vacationOptions()...),
		fixed("stats", "Games played and won, scores, time to move, the record against Lacerda", bySub((*Handler).stats),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user",
				Description: "Another player (their games in this server)"}),
		fixed("leaderboard", "Who won most of this server's finished games", byInteraction((*Handler).leaderboard)),
	}
}

// routeOf finds the route of a slash command's subcommand, the option of
// the subcommand and the game whose command it is (nil for /adega). ok
// is false on the unknown-command path.
func (h *Handler) routeOf(data discordgo.ApplicationCommandInteractionData) (route, engine.Game, *option, bool) {
	if data.Name == AdegaCommand {
		r, sub, ok := resolve(adegaRoutes(), nil, data.Options)
		return r, nil, sub, ok
	}
	game, err := h.Games.Lookup(data.Name)
	if err != nil {
		return route{}, nil, nil, false
	}
	r, sub, ok := resolve(gameRoutes(), game, data.Options)
	return r, game, sub, ok
}

// unrouted answers a command no route takes.
func (h *Handler) unrouted(data discordgo.ApplicationCommandInteractionData) Reply {
	if data.Name == AdegaCommand {
		if len(data.Options) == 0 {
			return private("Use `/adega settings`, `/adega games`, `/adega vacation`, `/adega stats` or `/adega leaderboard`.")
		}
		return private(fmt.Sprintf("There is no /%s %s.", AdegaCommand, data.Options[0].Name))
	}
	game, err := h.Games.Lookup(data.Name)
	if err != nil || len(data.Options) == 0 {
		return private("I do not know that command.")
	}
	sub := data.Options[0]
	if sub.Name == soloGroup {
		if _, ok := soloMode(game); !ok || len(sub.Options) == 0 {
			return private(fmt.Sprintf("%s has no solo mode.", game.Title()))
		}
		if len(sub.Options) == 1 {
			return private(fmt.Sprintf("There is no /%s solo %s.", game.Name(), sub.Options[0].Name))
		}
	}
	return private(fmt.Sprintf("There is no /%s %s.", game.Name(), engine.Shorten(sub.Name, 32)))
}

// componentFunc answers a click on a component whose custom ID is id.
type componentFunc func(h *Handler, i *discordgo.Interaction, id customID) Reply

// componentRoutes are the handlers of the components, by the kind of
// their custom ID.
var componentRoutes = map[string]componentFunc{
	kindJoin:       (*Handler).lobbyButton,
	kindLeave:      (*Handler).lobbyButton,
	kindStart:      (*Handler).lobbyButton,
	kindGo:         (*Handler).guided,
	kindStep:       (*Handler).guided,
	kindBack:       (*Handler).guided,
	kindConfirm:    (*Handler).guided,
	kindAbandon:    (*Handler).confirmAbandon,
	kindAgree:      (*Handler).undoAnswer,
	kindRefuse:     (*Handler).undoAnswer,
	kindLog:        (*Handler).logPage,
	kindReplay:     (*Handler).replayStep,
	kindReplayJump: (*Handler).replayStep,
}
