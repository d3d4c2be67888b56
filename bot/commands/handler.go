package commands

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/storage"
)

// Drawer draws a game's shared board, and one seat's own board for /me.
type Drawer interface {
	Board(game string, s engine.State) image.Image
	Player(game string, s engine.State, seat engine.Seat) image.Image
}

// Handler answers interactions. It is safe for concurrent use; the bot
// serializes the interactions of one channel.
type Handler struct {
	Store  *storage.Store
	Games  *engine.Registry
	Drawer Drawer
	Log    *slog.Logger
	Now    func() time.Time
	// IsThread reports whether a channel is a thread, where a game plays
	// in place instead of opening a thread of its own.
	IsThread func(channelID string) bool
	// Fetch downloads an attachment a user sent (an export to import).
	Fetch func(url string) ([]byte, error)
	// Reminders is the reminder policy and the waiting rules new games
	// get (pace.go); its zero value is the defaults.
	Reminders remind.Config
}

// Handle answers one interaction.
func (h *Handler) Handle(i *discordgo.Interaction) Reply {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return h.command(i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		return h.autocomplete(i)
	case discordgo.InteractionMessageComponent:
		return h.component(i)
	}
	return private("I do not know that kind of interaction.")
}

// Command is the slash command's name.
const Command = "vinhos"

func (h *Handler) command(i *discordgo.Interaction) Reply {
	data := i.ApplicationCommandData()
	if data.Name == AdegaCommand {
		return h.adega(i)
	}
	if data.Name != Command || len(data.Options) == 0 {
		return private("I do not know that command.")
	}
	sub := data.Options[0]
	switch sub.Name {
	case "new":
		return h.newLobby(i, sub)
	case "board":
		return h.board(i)
	case "me":
		return h.me(i)
	case "status":
		return h.status(i)
	case "rules":
		return h.rules(sub)
	case "abandon":
		return h.abandon(i)
	case "solo":
		return h.solo(i, sub)
	case "undo":
		return h.undo(i)
	case "log":
		return h.log(i, sub)
	case "export":
		return h.export(i)
	case "import":
		return h.importGame(i, sub)
	case "pace":
		return h.pace(i, sub)
	case "replace":
		return h.replace(i, sub)
	}
	if _, ok := actionCommands[sub.Name]; ok || sub.Name == "play" {
		return h.play(i, sub)
	}
	return private(fmt.Sprintf("There is no /%s %s.", Command, sub.Name))
}

func (h *Handler) component(i *discordgo.Interaction) Reply {
	id, err := parseCustomID(i.MessageComponentData().CustomID)
	if err != nil {
		return private(err.Error())
	}
	switch id.kind {
	case kindJoin, kindLeave, kindStart:
		return h.lobbyButton(i, id)
	case kindGo, kindStep, kindBack:
		return h.guided(i, id)
	case kindAbandon:
		return h.confirmAbandon(i, id)
	case kindAgree, kindRefuse:
		return h.undoAnswer(i, id)
	case kindConfirm:
		return h.guided(i, id)
	case kindLog:
		return h.logPage(i, id)
	}
	return private(errBadCustomID.Error())
}

// user is who sent the interaction, in a server or a DM.
func user(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// displayName is the name a player goes by at the table.
func displayName(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.Nick != "" {
		return i.Member.Nick
	}
	u := user(i)
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// isAdmin: a member with Manage Server may manage any game in the server.
func isAdmin(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&discordgo.PermissionManageGuild != 0
}

// channelGame loads the active game of the interaction's channel.
func (h *Handler) channelGame(i *discordgo.Interaction) (*storage.Game, error) {
	ids, err := h.Store.ActiveGames(i.ChannelID)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, errNoGame
	}
	return h.Store.Load(ids[len(ids)-1])
}

var errNoGame = errors.New("There is no game in this channel. Start one with `/vinhos new`.")

// errNotPlaying refuses a command that needs a seat in the game.
var errNotPlaying = engine.Errorf(engine.CodeNotYourTurn, "You are not playing in this game.")

// playerGame loads the channel's game and the seat of the user who sent i.
func (h *Handler) playerGame(i *discordgo.Interaction) (*storage.Game, engine.Seat, error) {
	g, err := h.channelGame(i)
	if err != nil {
		return nil, 0, err
	}
	seat, ok := seatOf(g, user(i).ID)
	if !ok {
		return nil, 0, errNotPlaying
	}
	return g, seat, nil
}

// seatOf returns the seat user plays in g.
func seatOf(g *storage.Game, userID string) (engine.Seat, bool) {
	for s, u := range g.Meta.Seats {
		if u.UserID == userID {
			return engine.Seat(s), true
		}
	}
	return 0, false
}

// fail turns an error into a private answer players can read. Engine and
// storage refusals are written for players; anything else is logged and
// answered with an apology.
func (h *Handler) fail(i *discordgo.Interaction, err error) Reply {
	var stale *storage.StaleError
	switch {
	case engine.CodeOf(err) != "", errors.Is(err, errNoGame), errors.Is(err, storage.ErrNotFound),
		errors.Is(err, storage.ErrNoLobby), errors.As(err, &stale), errors.Is(err, errBadCustomID):
		return private(err.Error())
	}
	h.Log.Error("interaction failed", "interaction", i.ID, "err", err)
	return private("Sorry, something went wrong on my side; nothing was changed. Please try again.")
}

// truncate keeps s within n characters for Discord's limits.
func truncate(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

func mention(userID string) string { return "<@" + userID + ">" }

// joinNames lists names as "Ana, Bruno and Carla".
func joinNames(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// PNGFile attaches a board PNG to a message.
func PNGFile(png []byte) *discordgo.File {
	return &discordgo.File{Name: BoardFile, ContentType: "image/png", Reader: bytes.NewReader(png)}
}

// pngOf renders img, for a post's board.
func pngOf(img func() image.Image) func() ([]byte, error) {
	return func() ([]byte, error) { return render.EncodePNG(img()) }
}
