package commands

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
)

// A game starts as a lobby message with Join, Leave and Start buttons.
// Players join in any order; the engine draws the first player and seats
// the colors. The creator presses Start. In a text channel the game then
// runs in a new thread from the lobby message, keeping the channel
// readable; in a thread it runs in place. One game per thread.

func (h *Handler) newLobby(i *discordgo.Interaction, game engine.Game, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	if i.GuildID == "" {
		return private(fmt.Sprintf("Games of several players are played in a server channel; invite me to a server and use `/%s new` there.", game.Name()))
	}
	l := adega.Lobby{ID: i.ID, ChannelID: i.ChannelID, GuildID: i.GuildID, CreatorID: user(i).ID,
		Game: game.Name(), CreatedAt: h.Now(), Options: map[string]string{}}
	mode := tableModes(game)[0]
	l.MaxPlayers = mode.MaxPlayers
	bots := 0
	for _, o := range sub.Options {
		switch o.Name {
		case "mode":
			l.Mode = o.StringValue()
		case "players":
			l.MaxPlayers = int(o.IntValue())
		case "board":
			l.Board, _ = ParseBoardStyle(o.StringValue()) // Discord offers only the choices
		case "bots":
			bots = int(o.IntValue())
		case "level":
			l.Level = o.StringValue() // checkCommand made sure it is a level
		case "hints":
			l.Hints = o.BoolValue()
		case "practice":
			l.Practice = o.BoolValue()
		default:
			if isSetupOption(game, o.Name) {
				l.Options[o.Name] = o.StringValue()
			}
		}
	}
	var err error
	if l.Wait, _, err = readWaitRules(h.reminders().NewGame(), sub.Options); err != nil {
		return private("The lobby was not opened: " + err.Error() + ".")
	}
	if mode, err = engine.ModeOf(game, l.Mode); err != nil {
		return h.fail(i, err)
	}
	l.Mode = mode.Name
	if l.MaxPlayers < mode.MinPlayers || l.MaxPlayers > mode.MaxPlayers {
		return private(fmt.Sprintf("%s is for %d to %d players.", mode.Title, mode.MinPlayers, mode.MaxPlayers))
	}
	// A wrong regions option is caught now, not when the game starts.
	probe := make([]string, l.MaxPlayers)
	for k := range probe {
		probe[k] = fmt.Sprint("p", k)
	}
	if _, _, err := game.New(engine.Setup{Game: game.Name(), Mode: l.Mode, Players: probe, Options: l.Options}); err != nil {
		return h.fail(i, err)
	}
	if h.IsThread(i.ChannelID) {
		if ids, err := h.Store.ActiveGames(i.ChannelID); err != nil || len(ids) > 0 {
			return private("This thread already has a game. Start a new one from the channel, and it gets a thread of its own.")
		}
	}
	if bots < 0 || bots >= l.MaxPlayers {
		return private(fmt.Sprintf("The bot can take 0 to %d of the %d seats; one is yours.", l.MaxPlayers-1, l.MaxPlayers))
	}
	l.Seats = []adega.SeatUser{{UserID: user(i).ID, Name: displayName(i)}}
	for k := range bots {
		l.Seats = append(l.Seats, adega.SeatUser{Name: botNames[k%len(botNames)], Bot: true})
	}
	return h.openLobby(i, l, game, mode)
}

// openLobby stores a new lobby and shows it, unless its creator has the
// most open lobbies one member may have.
func (h *Handler) openLobby(i *discordgo.Interaction, l adega.Lobby, game engine.Game, mode engine.Mode) Reply {
	if err := h.Store.CreateLobby(l, maxOpenLobbies); engine.CodeOf(err) == adega.CodeFull {
		open, err := h.Store.OpenLobbies(l.CreatorID)
		if err != nil {
			return h.fail(i, err)
		}
		return private(tooManyLobbiesText(open))
	} else if err != nil {
		return h.fail(i, err)
	}
	r := say(lobbyText(l, game, mode))
	r.Ack.Data.Components = lobbyButtons(l)
	return r
}

// maxOpenLobbies is how many lobbies one member may have open at once:
// enough to gather several tables, too few for one member to fill a
// server's channels and the database with lobbies nobody will start.
const maxOpenLobbies = 5

// tooManyLobbiesText refuses another lobby, and says where the open ones
// are and how to free a place.
func tooManyLobbiesText(open []adega.Lobby) string {
	var where []string
	for _, l := range open {
		where = append(where, "<#"+l.ChannelID+">")
	}
	return fmt.Sprintf("You have %d lobbies open already (in %s), the most one member may have; nothing was opened. Start one with its **Start** button, or call one off with its **Leave** button, then open another.",
		len(open), joinNames(where))
}

// botNames name the seats the bot takes in a lobby: Portuguese grapes.
var botNames = []string{"Bot Touriga", "Bot Baga", "Bot Arinto", "Bot Encruzado"}

// isSetupOption reports whether name is one of game's setup options.
func isSetupOption(game engine.Game, name string) bool {
	so, ok := game.(engine.SetupOptions)
	return ok && slices.ContainsFunc(so.SetupOptions(), func(o engine.SetupOption) bool { return o.Name == name })
}

func lobbyText(l adega.Lobby, game engine.Game, mode engine.Mode) string {
	var names []string
	for _, s := range l.Seats {
		if s.Bot {
			names = append(names, "🤖 "+s.Name)
			continue
		}
		names = append(names, s.Name)
	}
	var options []string
	for _, k := range slices.Sorted(maps.Keys(l.Options)) {
		options = append(options, k+": "+l.Options[k])
	}
	table := fmt.Sprintf("a table for up to %d players", l.MaxPlayers)
	if len(options) > 0 {
		table += " (" + strings.Join(options, ", ") + ")"
	}
	text := fmt.Sprintf("**%s**: %s.\nSeated (%d): %s\nPress **Join** to take a seat. %s presses **Start** when everyone is in; the first player is drawn at random.",
		mode.FullTitle(game), table, len(l.Seats), joinNames(names), mention(l.CreatorID))
	if l.Wait.Interval > 0 {
		text += "\nPace: " + remind.PaceText(l.Wait) + "."
	}
	if l.Board == adega.BoardCompact {
		text += "\nTurn messages carry the compact board, made for phones."
	}
	if slices.ContainsFunc(l.Seats, func(s adega.SeatUser) bool { return s.Bot }) || l.Level != "" {
		text += "\nThe bot plays " + levelText(l.Level) + "."
	}
	if l.Hints {
		text += fmt.Sprintf("\nHints are on: `/%s hint` asks the AI.", game.Name())
	}
	if l.Practice {
		text += "\n" + practiceText
	}
	return text
}

func lobbyButtons(l adega.Lobby) []discordgo.MessageComponent {
	id := func(kind string) string { return customID{kind: kind, target: l.ID}.String() }
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id(kindJoin)},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id(kindLeave)},
		discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: id(kindStart)},
	}}}
}

func (h *Handler) lobbyButton(i *discordgo.Interaction, id customID) Reply {
	me := adega.SeatUser{UserID: user(i).ID, Name: displayName(i)}
	var game engine.Game
	var mode engine.Mode
	l, err := h.Store.UpdateLobby(id.target, func(l *adega.Lobby) error {
		var err error
		if game, err = h.Games.Lookup(l.Game); err != nil {
			return err
		}
		mode, _ = engine.ModeOf(game, l.Mode)
		seated := slices.IndexFunc(l.Seats, func(s adega.SeatUser) bool { return s.UserID == me.UserID })
		switch {
		case l.ChannelID != i.ChannelID:
			return errBadCustomID
		case l.Closed:
			return engine.Errorf(adega.CodeRefused, "This lobby is closed.")
		case id.kind == kindJoin && seated >= 0:
			return engine.Errorf(adega.CodeRefused, "You already have a seat.")
		case id.kind == kindJoin && len(l.Seats) >= l.MaxPlayers:
			return engine.Errorf(adega.CodeRefused, "The table is full.")
		case id.kind == kindJoin:
			l.Seats = append(l.Seats, me)
		case id.kind == kindLeave && seated < 0:
			return engine.Errorf(adega.CodeRefused, "You do not have a seat.")
		case id.kind == kindLeave && me.UserID == l.CreatorID:
			l.Closed = true // the creator leaving calls the game off
		case id.kind == kindLeave:
			l.Seats = slices.Delete(l.Seats, seated, seated+1)
		case me.UserID != l.CreatorID:
			return engine.Errorf(adega.CodeRefused, "Only the player who opened the lobby can start it.")
		case len(l.Seats) < mode.MinPlayers:
			return engine.Errorf(adega.CodeRefused, "%s needs at least %d players.", mode.Title, mode.MinPlayers)
		default:
			l.Closed = true
		}
		return nil
	})
	if err != nil {
		return h.fail(i, err)
	}
	switch {
	case id.kind != kindStart && l.Closed:
		return update("The game was called off.")
	case id.kind != kindStart:
		return update(lobbyText(l, game, mode), lobbyButtons(l)...)
	}
	start := func(channelID string) Reply { return h.startGame(i, l, channelID) }
	r := update(fmt.Sprintf("**%s** is starting for %s.", game.Title(), joinNames(seatNames(l.Seats))))
	if h.IsThread(i.ChannelID) {
		next := start(i.ChannelID)
		r.Posts = next.Posts
		return r
	}
	r.Thread = &Thread{ChannelID: i.ChannelID, MessageID: i.Message.ID,
		Name: engine.Shorten(game.Title()+": "+strings.Join(seatNames(l.Seats), ", "), threadNameLimit), Then: start}
	return r
}

func seatNames(seats []adega.SeatUser) []string {
	var names []string
	for _, s := range seats {
		names = append(names, s.Name)
	}
	return names
}

// startGame sets the lobby's game up in channelID and posts its first turn.
// Players' names must differ, since seats are matched by name.
func (h *Handler) startGame(i *discordgo.Interaction, l adega.Lobby, channelID string) Reply {
	seats := slices.Clone(l.Seats)
	names := make([]string, len(seats))
	for k := range seats {
		if seats[k].Bot {
			seats[k].Level = l.Level // the seat keeps it through an export
		}
		name, n := seats[k].Name, 2
		for slices.Contains(names[:k], name) {
			name, n = fmt.Sprintf("%s (%d)", seats[k].Name, n), n+1
		}
		seats[k].Name, names[k] = name, name
	}
	setup := engine.Setup{Game: l.Game, Mode: l.Mode, Seed: h.seed(), Players: names, Options: l.Options}
	meta := adega.Meta{ChannelID: channelID, GuildID: l.GuildID, CreatorID: l.CreatorID, Seats: seats, Wait: h.lobbyWait(l), Board: l.Board,
		Level: l.Level, Hints: l.Hints, Practice: l.Practice}
	g, err := h.Store.Create(meta, setup, h.Now(), h.opening("The game begins!"))
	if err != nil {
		h.Log.Error("starting a game failed", "lobby", l.ID, "err", err)
		return Reply{Posts: []Post{notice(channelID, "Sorry, the game could not start: "+err.Error())}}
	}
	if _, err := h.Store.UpdateLobby(l.ID, func(l *adega.Lobby) error { l.GameID = g.ID; return nil }); err != nil {
		h.Log.Warn("could not link the lobby to its game", "lobby", l.ID, "game", g.ID, "err", err)
	}
	return Reply{}
}

// seed is a new game's random seed.
func (h *Handler) seed() uint64 {
	if h.Seed != nil {
		return h.Seed()
	}
	return rand.Uint64()
}
