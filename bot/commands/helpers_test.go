package commands

import (
	"encoding/json"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/referee"
)

// The test users, with Discord IDs and the names they go by.
const (
	u1 = "100000000000000001"
	u2 = "100000000000000002"
	u3 = "100000000000000003"
	u4 = "100000000000000004"
	u5 = "100000000000000005"
	u9 = "100000000000000009"
)

var userNames = map[string]string{u1: "u1", u2: "u2", u3: "u3", u4: "u4", u5: "u5", u9: "u9"}

const table = "1120000000000000009" // a thread (see newHandler's IsThread)

// lastID numbers the test interactions like Discord's snowflakes.
var lastID atomic.Uint64

func nextID() string { return strconv.FormatUint(1_300_000_000_000_000_000+lastID.Add(1), 10) }

func member(userID string) *discordgo.Member {
	return &discordgo.Member{User: &discordgo.User{ID: userID, Username: userNames[userID]}}
}

// slash is userID's /vinhos sub in the test thread; gameSlash is the same
// for another game's command.
func slash(userID, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	return gameSlash("vinhos", userID, sub, opts...)
}

func gameSlash(game, userID, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	return &discordgo.Interaction{ID: nextID(), Type: discordgo.InteractionApplicationCommand, ChannelID: table, GuildID: "1100000000000000000",
		Member: member(userID),
		Data: discordgo.ApplicationCommandInteractionData{Name: game, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}}
}

// doSlash is userID's /vinhos do shortcut in the test thread.
func doSlash(userID, shortcut string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := slash(userID, ShortcutGroup)
	group := i.Data.(discordgo.ApplicationCommandInteractionData).Options[0]
	group.Type = discordgo.ApplicationCommandOptionSubCommandGroup
	group.Options = []*discordgo.ApplicationCommandInteractionDataOption{{Name: shortcut, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}
	return i
}

// nimSlash is userID's /nim sub in the test thread.
func nimSlash(userID, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	return gameSlash("nim", userID, sub, opts...)
}

// typing is an autocomplete request while userID types value in the
// option named focused of the subcommand sub.
func typing(userID, sub, focused, value string) *discordgo.Interaction {
	i := slash(userID, sub, &discordgo.ApplicationCommandInteractionDataOption{
		Name: focused, Type: discordgo.ApplicationCommandOptionString, Value: value, Focused: true})
	i.Type = discordgo.InteractionApplicationCommandAutocomplete
	return i
}

// click presses a button that a message of the test thread carries.
func click(userID, customID string) *discordgo.Interaction {
	return &discordgo.Interaction{ID: nextID(), Type: discordgo.InteractionMessageComponent, ChannelID: table, GuildID: "1100000000000000000",
		Member: member(userID),
		Message: &discordgo.Message{ID: "1400000000000000009", ChannelID: table, Components: []discordgo.MessageComponent{
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.Button{CustomID: customID}}}}},
		Data: discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}}
}

// startGame creates a game of the named game in the test thread for users
// u1 and u2, and returns it.
func startGame(t testing.TB, h *Handler, game string) *adega.Game {
	return startMode(t, h, game, "", 2)
}

// startMode creates a game of the named game and mode in the test thread
// for the first players of u1 and u2, and returns it.
func startMode(t testing.TB, h *Handler, game, mode string, players int) *adega.Game {
	t.Helper()
	seats := []adega.SeatUser{{UserID: u1, Name: "Ana"}, {UserID: u2, Name: "Bruno"}}[:players]
	names := []string{"Ana", "Bruno"}[:players]
	g, err := h.Store.Create(adega.Meta{ChannelID: table, CreatorID: u1, Seats: seats},
		engine.Setup{Game: game, Mode: mode, Seed: 5, Players: names}, h.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playAuto plays the pending decision automatically and returns the user
// who played it.
func playAuto(t *testing.T, h *Handler, g *adega.Game) (*adega.Game, string) {
	t.Helper()
	seat := g.State.Pending()[0].Seat
	act, err := engine.Auto(g.State, seat)
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: h.Now()})
	if err != nil {
		t.Fatal(err)
	}
	return res.Game, g.Meta.Seats[seat].UserID
}

// message is the part of a create-message body the tests read.
type message struct {
	Content         string                            `json:"content"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Components      json.RawMessage                   `json:"components"`
}

// delivered is a queued message as the courier would post it.
type delivered struct {
	adega.Outgoing
	message
	MessageID string
}

// deliver takes the messages out of the outbox, as the courier does, and
// records each as posted with a message ID of its own.
func deliver(t *testing.T, h *Handler) []delivered {
	t.Helper()
	out, err := h.Store.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	var msgs []delivered
	for _, o := range out {
		body, err := h.Compose(o)
		if err != nil {
			t.Fatal(err)
		}
		if body == nil {
			if err := h.Store.Discard(o.Seq); err != nil {
				t.Fatal(err)
			}
			continue
		}
		id := strconv.FormatUint(1_500_000_000_000_000_000+o.Seq, 10)
		if err := h.Store.Delivered(o.Seq, id, h.Now()); err != nil {
			t.Fatal(err)
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, delivered{o, m, id})
	}
	return msgs
}

// decodeMessage reads an outbox entry's message.
func decodeMessage(t *testing.T, o *adega.Outgoing) message {
	t.Helper()
	var m message
	if err := json.Unmarshal(o.Message, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// runBots runs the scheduler until the game no longer waits for the bot
// (its AI searching one short playout a decision), and returns the game.
func runBots(t *testing.T, h *Handler, id string) *adega.Game {
	t.Helper()
	sch := &remind.Scheduler{Store: h.Store, Out: schedulerOut{h}, Now: h.Now, AI: ai.Settings{Iterations: 1, Horizon: 2}}
	for range 1000 {
		if w, err := h.Store.Waiting(id); err != nil || w.BotTurn.IsZero() {
			break
		}
		sch.RunDue(t.Context(), h.Now())
		sch.Wait()
	}
	g, err := h.Store.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// schedulerOut is the scheduler's Announcer, from the handler.
type schedulerOut struct{ *Handler }

func (schedulerOut) Lock(string) func() { return func() {} }
