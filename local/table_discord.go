package local

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// The table plays undo through the Discord handler itself, so that its
// rule (at once if nobody played since and it revealed nothing, otherwise
// when every other player agrees), its stored request and its words are
// Discord's. The table makes up the interactions a player's command or
// click would send, shows what the handler answers and posts, and delivers
// what it queued in the outbox, as the bot's courier does.

// discordEpoch is the first millisecond of Discord's IDs.
const discordEpoch = 1420070400000

// snowflake is a Discord-shaped ID for the moment now.
func snowflake(now time.Time) uint64 { return uint64(now.UnixMilli()-discordEpoch) << 22 }

// localIDs make up a channel ID for a new local game and a user ID for
// each of its n players (at most 7), all of them valid Discord IDs.
func localIDs(now time.Time, n int) (channel string, users []string) {
	base := snowflake(now) + rand.Uint64N(1<<19)*8
	for k := range n {
		users = append(users, strconv.FormatUint(base+1+uint64(k), 10))
	}
	return strconv.FormatUint(base, 10), users
}

// newID makes up the next Discord ID the table needs: an interaction's,
// or that of a message it delivered.
func (t *table) newID() string {
	t.lastID = max(t.lastID+1, snowflake(t.now()))
	return strconv.FormatUint(t.lastID, 10)
}

// user is the Discord user a seat's player is to the handler.
func (t *table) user(seat engine.Seat) *discordgo.User {
	su := t.game.Meta.Seats[seat]
	return &discordgo.User{ID: su.UserID, Username: su.Name}
}

// undo takes back a player's last action by Discord's rule: the player
// named by as:, or else the one who made the last move.
func (t *table) undo(cmd command, r *reply) error {
	if err := cmd.only("as"); err != nil {
		return err
	}
	if t.game.State.Over() {
		return engine.Errorf(engine.CodeGameOver, "The game is over; its moves can no longer be taken back.")
	}
	seat, err := t.undoer(cmd)
	if err != nil {
		return err
	}
	return t.discord(&discordgo.Interaction{ID: t.newID(), Type: discordgo.InteractionApplicationCommand,
		ChannelID: t.game.Meta.ChannelID, User: t.user(seat),
		Data: discordgo.ApplicationCommandInteractionData{Name: t.game.Meta.Game,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "undo", Type: discordgo.ApplicationCommandOptionSubCommand}}}}, r)
}

// undoer is who asks for an undo: the player named by as:, or else the
// player of the last move, whose last action it takes back.
func (t *table) undoer(cmd command) (engine.Seat, error) {
	log := t.game.Log
	if _, named := cmd.named["as"]; named || len(log) == 0 {
		return t.seatFor(cmd)
	}
	return log[len(log)-1].Seat, nil
}

// answerUndo presses Agree (or Refuse) on the newest undo request shown,
// for the player named by as:, or else the only one yet to answer.
func (t *table) answerUndo(cmd command, agree bool, r *reply) error {
	if err := cmd.only("as"); err != nil {
		return err
	}
	label := "Refuse"
	if agree {
		label = "Agree"
	}
	req := t.game.Meta.Undo
	button, shown := buttonID(t.request, label)
	if req == nil || !shown {
		return engine.Errorf(engine.CodeIllegal, "No undo request is open at this table; /%s undo asks for one.", t.game.Meta.Game)
	}
	seat, err := t.answerer(cmd, *req)
	if err != nil {
		return err
	}
	return t.discord(&discordgo.Interaction{ID: t.newID(), Type: discordgo.InteractionMessageComponent,
		ChannelID: t.game.Meta.ChannelID, User: t.user(seat), Message: t.request,
		Data: discordgo.MessageComponentInteractionData{CustomID: button, ComponentType: discordgo.ButtonComponent}}, r)
}

// answerer is the player who answers an undo request: the one named by
// as:, or else the only other player who has not agreed yet.
func (t *table) answerer(cmd command, req adega.UndoRequest) (engine.Seat, error) {
	if _, named := cmd.named["as"]; named {
		return t.seatFor(cmd)
	}
	var seats []engine.Seat
	var names []string
	for s, su := range t.game.Meta.Seats {
		seat := engine.Seat(s)
		if seat != req.Seat && su.UserID != "" && !su.Bot && !slices.Contains(req.Agreed, seat) {
			seats, names = append(seats, seat), append(names, su.Name)
		}
	}
	switch len(seats) {
	case 0:
		return t.seatFor(cmd) // nobody is left to answer: the handler says so
	case 1:
		return seats[0], nil
	}
	return 0, engine.Errorf(engine.CodeNotYourTurn, "%s must answer; add as:NAME.", strings.Join(names, ", "))
}

// buttonID finds the custom ID of the button labelled label on m.
func buttonID(m *discordgo.Message, label string) (string, bool) {
	if m == nil {
		return "", false
	}
	for _, row := range m.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if b, ok := c.(*discordgo.Button); ok && b.Label == label {
				return b.CustomID, true
			}
		}
	}
	return "", false
}

// discord plays an interaction through the handler and shows what the
// players would see: the messages posted in the game's channel, or else
// the answer to the one who acted. A line that changed nothing in the game
// was refused, in the handler's words.
func (t *table) discord(i *discordgo.Interaction, r *reply) error {
	before := t.game
	answer := t.handler.Handle(i)
	g, err := t.store.Load(before.ID)
	if err != nil {
		return err
	}
	t.game = g
	var said string
	if answer.Ack != nil && answer.Ack.Data != nil {
		said = t.plain(answer.Ack.Data.Content, g)
	}
	if g.Stamp == before.Stamp && reflect.DeepEqual(g.Meta.Undo, before.Meta.Undo) {
		return engine.Errorf(engine.CodeIllegal, "%s", said)
	}
	r.changed = g.Stamp != before.Stamp
	posted := 0
	for _, p := range answer.Posts {
		m, err := asMessage(p.Message)
		if err != nil {
			return err
		}
		t.show(r, m, false)
		posted++
	}
	delivered, err := t.deliver(r)
	if err != nil {
		return err
	}
	if posted+delivered == 0 && answer.Ack != nil {
		m, err := asMessage(answer.Ack.Data)
		if err != nil {
			return err
		}
		t.show(r, m, false)
	}
	return nil
}

// deliver takes the messages queued for the game's channel out of the
// outbox, as the bot's courier does: each is shown, with the board it
// shows, and recorded as delivered.
func (t *table) deliver(r *reply) (int, error) {
	queued, err := t.store.Outbox()
	if err != nil {
		return 0, err
	}
	delivered := 0
	for _, o := range queued {
		if o.ChannelID != t.game.Meta.ChannelID {
			continue
		}
		body, err := t.handler.Compose(o)
		if err != nil {
			return delivered, err
		}
		if body != nil {
			var m discordgo.Message
			if err := json.Unmarshal(body, &m); err != nil {
				return delivered, err
			}
			t.show(r, &m, o.Board != nil)
		}
		if err := t.deliverBoard(o, r); err != nil {
			return delivered, err
		}
		if err := t.store.Delivered(o.Seq, t.newID(), t.now()); err != nil {
			return delivered, err
		}
		delivered++
	}
	return delivered, nil
}

// deliverBoard writes the board a queued message shows, if it shows one.
func (t *table) deliverBoard(o adega.Outgoing, r *reply) error {
	png, err := t.handler.BoardPNG(o)
	if err != nil || png == nil {
		return err
	}
	path, err := t.saveFile(png, fmt.Sprintf("%s-%04d.png", o.Game, o.Board.Version))
	if err != nil {
		return err
	}
	r.Board = path
	return nil
}

// show adds a message to the reply. A message that shows a moment of the
// game (turn) says what happened in its first line and its embed; the rest
// of its text names who must act, which the table says itself. A message
// with Agree and Refuse buttons is an undo request, which /agree and
// /refuse answer.
func (t *table) show(r *reply, m *discordgo.Message, turn bool) {
	lines := splitLines(t.plain(m.Content, t.game))
	if turn {
		lines = lines[:min(1, len(lines))]
	}
	r.say(lines...)
	for _, e := range m.Embeds {
		for _, line := range splitLines(t.plain(e.Description, t.game)) {
			r.Events = append(r.Events, event{Text: strings.TrimPrefix(line, "• ")})
		}
	}
	if _, ok := buttonID(m, "Agree"); ok {
		t.request = m
		r.say("Answer with /agree or /refuse (add as:NAME when several must answer).")
	}
}

// asMessage reads a message the handler made (a response, a post) as
// Discord sends it back: components become the pointers a click carries.
func asMessage(v any) (*discordgo.Message, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	return &m, json.Unmarshal(data, &m)
}

var (
	mentionPattern   = regexp.MustCompile(`<@!?(\d+)>`)
	timestampPattern = regexp.MustCompile(`<t:(-?\d+)(?::([tTdDfFR]))?>`)
)

// plain turns Discord's markdown into terminal text: bold marks go, a
// mention becomes the player's name and a timestamp a time in words.
func (t *table) plain(text string, g *adega.Game) string {
	text = stripMarkdown(text)
	text = mentionPattern.ReplaceAllStringFunc(text, func(m string) string {
		id := mentionPattern.FindStringSubmatch(m)[1]
		if k := slices.IndexFunc(g.Meta.Seats, func(s adega.SeatUser) bool { return s.UserID == id }); k >= 0 {
			return g.Meta.Seats[k].Name
		}
		return m
	})
	return timestampPattern.ReplaceAllStringFunc(text, func(m string) string {
		sub := timestampPattern.FindStringSubmatch(m)
		secs, _ := strconv.ParseInt(sub[1], 10, 64)
		at := time.Unix(secs, 0)
		if sub[2] == "R" {
			return relativeTime(at, t.now())
		}
		return at.Local().Format("Mon 2 Jan 2006 15:04")
	})
}

// relativeTime says when at is from now, as Discord's relative
// timestamps do: "in 12 hours", "3 minutes ago".
func relativeTime(at, now time.Time) string {
	d := at.Sub(now).Abs()
	var span string
	switch {
	case d < 45*time.Second:
		span = "a few seconds"
	case d < 90*time.Second:
		span = "a minute"
	case d < 45*time.Minute:
		span = fmt.Sprintf("%d minutes", d.Round(time.Minute)/time.Minute)
	case d < 90*time.Minute:
		span = "an hour"
	case d < 22*time.Hour:
		span = fmt.Sprintf("%d hours", d.Round(time.Hour)/time.Hour)
	case d < 36*time.Hour:
		span = "a day"
	default:
		span = fmt.Sprintf("%d days", d.Round(24*time.Hour)/(24*time.Hour))
	}
	if at.Before(now) {
		return span + " ago"
	}
	return "in " + span
}
