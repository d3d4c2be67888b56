package commands

import (
	"errors"
	"image"
	"image/color"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// Drawer draws a game's shared board, one seat's own board for /me, and
// the focused view beside each step of a decision.
type Drawer interface {
	Board(game string, s engine.State) image.Image
	// Compact draws the shared board made for phones.
	Compact(game string, s engine.State) image.Image
	Player(game string, s engine.State, seat engine.Seat) image.Image
	// Focus draws the part of the board a step of seat's decision is
	// about (engine.Step.Focus), legible on a phone.
	Focus(game string, s engine.State, seat engine.Seat, focus string) image.Image
	// SeatColors is each seat's colour, as its pieces show it: the
	// charts draw each player in it.
	SeatColors(game string, s engine.State) []color.Color
}

// Config is what a Handler is made with (New): its store and games, and
// its seams to the world.
type Config struct {
	Store  *storage.Store
	Games  *engine.Registry
	Drawer Drawer
	Log    *slog.Logger
	// Now is the one clock of the handler and of what it runs (the
	// reminder scheduler takes it too); required. Only what is truly the
	// wall clock reads time.Now: Discord's timestamps, and durations
	// measured.
	Now func() time.Time
	// IsThread reports whether a channel is a thread, where a game plays
	// in place instead of opening a thread of its own.
	IsThread func(channelID string) bool
	// Fetch downloads an attachment a user sent (an export to import).
	Fetch func(url string) ([]byte, error)
	// Reminders is the reminder policy and the waiting rules new games
	// get (pace.go); its zero value is the defaults.
	Reminders remind.Config
	// AI is how the bot's seats, absent players under absent: auto, and
	// hints search their decisions; its zero value is each level's time.
	AI ai.Settings
	// Seed draws the random seed of a new game; nil draws one at random.
	// A test sets it to play a game it knows.
	Seed func() uint64
	// Metrics, if set, counts what the handler and the bot do (the
	// operations endpoint, package ops).
	Metrics *ops.Metrics
	// Shared is what a player has across servers when several processes
	// run the bot (package cluster): their games, statistics, settings
	// and digest; nil is Store alone.
	Shared remind.Shared
}

// shared is what a player has across servers: Shared, or the store alone.
func (h *Handler) shared() remind.Shared {
	if h.Shared != nil {
		return h.Shared
	}
	return remind.Local{Store: h.Store, Now: h.Now}
}

// Handler answers interactions. It is safe for concurrent use; the bot
// serializes the interactions of one channel.
type Handler struct {
	Config

	painters  fair.Pool // draw the boards, views and charts (draw.go)
	answering fair.Gate // held while an interaction is answered: painters wait (draw.go)
	thinkers  fair.Pool // run the AI's searches: hints, and the bot's moves (Thinkers)
	drawn     drawnOnce // replays drawn once for every asker (drawn.go)
	// turnBoards keeps a moment's turn board, drawn once for its message
	// and the followers' news that shows it (draw.go).
	turnBoards drawnOnce
	// soloStarts makes one solo game at a time, so that starts sent at
	// once cannot pass the limit together (solo.go).
	soloStarts sync.Mutex
	hinting    thinking    // the users with a hint being thought about (hint.go)
	defs       definitions // the slash commands, by name (options.go)
	answered   Recent      // when interactions were answered
}

// New makes a handler of cfg.
func New(cfg Config) *Handler {
	if cfg.Now == nil {
		panic("commands: Config.Now is required")
	}
	h := &Handler{Config: cfg, turnBoards: drawnOnce{budget: turnBoardsBudget}}
	if cfg.Metrics != nil {
		h.thinkers.Waited = cfg.Metrics.AIWaited
		cfg.Metrics.WatchQueues(h.painters.Waiting, h.thinkers.Waiting)
	}
	return h
}

// referee changes the games of h.Store by their rules.
func (h *Handler) referee() *referee.Referee { return referee.New(h.Store) }

// Thinkers is the pool the AI searches in: the hints, and the reminder
// scheduler's moves for bot seats and absent players. It has its own slots
// beside the painters', so that drawing and searching never wait for each
// other; both leave a core for the interactions.
func (h *Handler) Thinkers() *fair.Pool { return &h.thinkers }

// Acknowledged records that the bot answered the interaction id at at.
func (h *Handler) Acknowledged(id string, at time.Time) { h.answered.Mark(id, at) }

// acked tells when the bot answered the interaction id.
func (h *Handler) acked(id string) (time.Time, bool) { return h.answered.At(id) }

// Handle answers one interaction. Whatever a forged or malformed payload
// holds, it answers with a refusal rather than acting or failing.
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

func (h *Handler) command(i *discordgo.Interaction) Reply {
	data := i.ApplicationCommandData()
	if err := h.checkCommand(data); err != nil {
		return private("Nothing was changed: " + err.Error() + ".")
	}
	if r, game, sub, ok := h.routeOf(data); ok {
		return r.handle(h, i, game, sub)
	}
	return h.unrouted(data)
}

func (h *Handler) component(i *discordgo.Interaction) Reply {
	data := i.MessageComponentData()
	id, err := parseCustomID(data.CustomID)
	if err != nil || !onMessage(i.Message, data) {
		return private(errBadCustomID.Error())
	}
	if handle, ok := componentRoutes[id.kind]; ok {
		return handle(h, i, id)
	}
	return private(errBadCustomID.Error())
}

// onMessage checks that a clicked component is one the message carries,
// and a select's values among its options: a forged payload acts on
// nothing.
func onMessage(m *discordgo.Message, data discordgo.MessageComponentInteractionData) bool {
	if m == nil {
		return false
	}
	for _, row := range m.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			switch c := c.(type) {
			case *discordgo.Button:
				if c.CustomID == data.CustomID {
					return len(data.Values) == 0
				}
			case *discordgo.SelectMenu:
				if c.CustomID == data.CustomID {
					return len(data.Values) > 0 && !slices.ContainsFunc(data.Values, func(v string) bool {
						return !slices.ContainsFunc(c.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v })
					})
				}
			}
		}
	}
	return false
}

// user is who sent the interaction, in a server or a DM.
func user(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}

// displayName is the name a player goes by at the table, within the
// length a seat's name may have.
func displayName(i *discordgo.Interaction) string {
	name := user(i).Username
	switch {
	case i.Member != nil && i.Member.Nick != "":
		name = i.Member.Nick
	case user(i).GlobalName != "":
		name = user(i).GlobalName
	}
	return engine.Shorten(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, name), 32)
}

// isAdmin: a member with Manage Server may manage any game in the server.
func isAdmin(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&discordgo.PermissionManageGuild != 0
}

// channelGame loads the active game of the interaction's channel. A
// game's slash command acts only on a game of its kind.
func (h *Handler) channelGame(i *discordgo.Interaction) (*adega.Game, error) {
	command := commandOf(i)
	ids, err := h.Store.ActiveGames(i.ChannelID)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		if command == "" || command == AdegaCommand {
			return nil, engine.Errorf(engine.CodeIllegal, "There is no game in this channel.")
		}
		return nil, engine.Errorf(engine.CodeIllegal, "There is no game in this channel. Start one with `/%s new`.", command)
	}
	g, err := h.Store.Load(ids[len(ids)-1])
	if err == nil && command != "" && command != AdegaCommand && g.Meta.Game != command {
		return nil, engine.Errorf(engine.CodeIllegal, "This channel's game is %s: use `/%s` for it.", h.title(g.Meta.Game), g.Meta.Game)
	}
	return g, err
}

// commandOf is the slash command an interaction runs, "" for a click.
func commandOf(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		return i.ApplicationCommandData().Name
	}
	return ""
}

// title is how players know the named game.
func (h *Handler) title(game string) string {
	if g, err := h.Games.Lookup(game); err == nil {
		return g.Title()
	}
	return game
}

// gameHere loads the game a component names, which must live in the
// channel where it was clicked: a custom ID acts only where its game is.
func (h *Handler) gameHere(i *discordgo.Interaction, id customID) (*adega.Game, error) {
	g, err := h.Store.Load(id.target)
	if engine.CodeOf(err) == adega.CodeNotFound {
		return nil, errBadCustomID
	}
	if err != nil {
		return nil, err
	}
	if g.Meta.ChannelID != i.ChannelID {
		return nil, errBadCustomID
	}
	return g, nil
}

// errNotPlaying refuses a command that needs a seat in the game.
var errNotPlaying = engine.Errorf(engine.CodeNotYourTurn, "You are not playing in this game.")

// playerGame loads the channel's game and the seat of the user who sent i.
func (h *Handler) playerGame(i *discordgo.Interaction) (*adega.Game, engine.Seat, error) {
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
func seatOf(g *adega.Game, userID string) (engine.Seat, bool) {
	for s, u := range g.Meta.Seats {
		if u.UserID != "" && u.UserID == userID {
			return engine.Seat(s), true
		}
	}
	return 0, false
}

// fail turns an error into a private answer players can read. Engine and
// storage refusals are written for players; anything else is logged and
// answered with an apology.
func (h *Handler) fail(i *discordgo.Interaction, err error) Reply {
	if text, ok := adega.UserMessage(err); ok {
		return private(text)
	}
	var damaged *storage.DamagedError
	if errors.As(err, &damaged) {
		h.Log.Error("interaction failed: the database is damaged", "interaction", i.ID, "err", err)
		return private("This game's saved record is damaged and cannot be read; nothing was changed. The bot's log tells its operator what to do.")
	}
	h.Log.Error("interaction failed", "interaction", i.ID, "err", err)
	return private("Sorry, something went wrong on my side; nothing was changed. Please try again.")
}

func mention(userID string) string { return "<@" + userID + ">" }

// joinNames lists names as "Ana, Bruno and Carla".
func joinNames(names []string) string { return joinList(names, "and") }

// joinList lists items as "a, b and c", with the last joined by word.
func joinList(items []string, word string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}
