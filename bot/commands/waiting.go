package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/storage"
)

// The messages of the reminder scheduler (bot/remind). The bot's Sender
// asks the handler for them and sends them; like every handler, these
// send nothing themselves.

// JumpLink links to a message of a game's channel, or to the channel when
// there is no message to link to.
func JumpLink(m storage.Meta, messageID string) string {
	guild := m.GuildID
	if guild == "" {
		guild = "@me"
	}
	link := "https://discord.com/channels/" + guild + "/" + m.ChannelID
	if messageID != "" {
		link += "/" + messageID
	}
	return link
}

// holdPings splits the users a turn message would ping into those it may
// ping now and those in their quiet hours, whom it only names; the
// scheduler pings them when their window ends.
func (h *Handler) holdPings(users []string) (ping, held []string) {
	now := h.Now()
	for _, id := range users {
		u, err := h.Store.GetUser(id)
		if err == nil && remind.QuietNow(u.Prefs, now) {
			held = append(held, id)
			continue
		}
		ping = append(ping, id)
	}
	return ping, held
}

// turnSent records a posted turn message as the target of the game's jump
// links, with the pings it held back.
func (h *Handler) turnSent(g *storage.Game, held []string) func(messageID string) {
	return func(messageID string) {
		if err := h.Store.SetTurnMessage(g.ID, g.Version, messageID, held, h.Now()); err != nil {
			h.Log.Warn("could not record the turn message", "game", g.ID, "err", err)
		}
	}
}

// owed says what a user must decide in a game: "take action 2 of year 1",
// or one line per seat when they play several.
func owed(m storage.Meta, seats []storage.SeatWait) string {
	if len(seats) == 1 {
		return seats[0].Prompt
	}
	var parts []string
	for _, s := range seats {
		name := ""
		if int(s.Seat) < len(m.Seats) {
			name = m.Seats[s.Seat].Name
		}
		parts = append(parts, fmt.Sprintf("for %s, %s", name, s.Prompt))
	}
	return strings.Join(parts, "; ")
}

func earliest(seats []storage.SeatWait) int64 {
	var t int64
	for k, s := range seats {
		if k == 0 || s.Since.Unix() < t {
			t = s.Since.Unix()
		}
	}
	return t
}

// reminderText is a reminder, or a ping held back by quiet hours.
func reminderText(r remind.Reminder, to string) string {
	var b strings.Builder
	link := JumpLink(r.Game, r.TurnMessageID)
	if r.Count == 0 {
		fmt.Fprintf(&b, "%s, your move in **%s** (game %s): %s.\nJump to the turn: %s", to, r.Game.Title, r.Game.ID, owed(r.Game, r.Seats), link)
		return b.String()
	}
	fmt.Fprintf(&b, "⏰ Reminder %d for %s: **%s** (game %s) has waited for you since <t:%d:R>.\nYou must %s.\n",
		r.Count, to, r.Game.Title, r.Game.ID, earliest(r.Seats), owed(r.Game, r.Seats))
	if !r.Deadline.IsZero() && r.Rules.Absent != storage.AbsentWait {
		fmt.Fprintf(&b, "The deadline is <t:%d:R>; then %s.\n", r.Deadline.Unix(), remind.AbsentText(r.Rules.Absent))
	}
	fmt.Fprintf(&b, "Jump to the turn: %s", link)
	return truncate(b.String(), 2000)
}

// ReminderPost is a reminder in the game's channel, pinging its user.
func (h *Handler) ReminderPost(r remind.Reminder) Post {
	return Post{ChannelID: r.Game.ChannelID, Message: &discordgo.MessageSend{
		Content:         reminderText(r, mention(r.UserID)),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: []string{r.UserID}},
	}}
}

// ReminderDM is a reminder by direct message; nil when the game is played
// in the user's direct messages already.
func (h *Handler) ReminderDM(r remind.Reminder) *discordgo.MessageSend {
	if r.Game.GuildID == "" {
		return nil
	}
	return &discordgo.MessageSend{Content: reminderText(r, "you"), AllowedMentions: noMentions()}
}

// DigestMessage is a user's daily digest.
func (h *Handler) DigestMessage(d remind.Digest) *discordgo.MessageSend {
	var b strings.Builder
	waits := "waits"
	if len(d.Games) > 1 {
		waits = "wait"
	}
	fmt.Fprintf(&b, "**Your daily digest**: %s %s for your move.\n", plural(len(d.Games), "game"), waits)
	for _, g := range d.Games {
		seats := g.Wait.SeatsOf(d.UserID)
		fmt.Fprintf(&b, "• **%s** (game %s): %s, since <t:%d:R>. %s\n", g.Meta.Title, g.Meta.ID, owed(g.Meta, seats), earliest(seats),
			JumpLink(g.Meta, g.Wait.TurnMessageID))
	}
	b.WriteString("Change this with `/adega settings digest:`.")
	return &discordgo.MessageSend{Content: truncate(b.String(), 2000), AllowedMentions: noMentions()}
}

// AbsentPosts is the message after the bot played for an absent player:
// the announcement, then the usual turn message (with any bot seats'
// moves that follow).
func (h *Handler) AbsentPosts(a remind.Absence, p *remind.Played) []Post {
	g := p.Result.Game
	name := a.Game.Seats[a.Seat].Name
	what := "played for them"
	if p.Rule == storage.AbsentSkip {
		what = "passed for them"
	}
	header := fmt.Sprintf("**%s** did not play within %s; the bot %s: %s.", name, remind.Human(a.Rules.Deadline), what, strings.Join(p.Labels, " → "))
	events := slices.Clone(p.Result.Events)
	g2, more, err := h.playBots(g)
	if err != nil {
		h.Log.Error("a bot seat could not play", "game", g.ID, "err", err)
	} else {
		g, events = g2, append(events, more...)
	}
	return []Post{h.turnPost(g, events, header, true)}
}

// waitingFor says whether a game waits for userID, and for whom else.
func waitingFor(gw storage.GameWait, userID string) (mine bool, others []string) {
	for _, s := range gw.Wait.Seats {
		switch {
		case s.UserID == userID:
			mine = true
		case int(s.Seat) < len(gw.Meta.Seats) && !slices.Contains(others, gw.Meta.Seats[s.Seat].Name):
			others = append(others, gw.Meta.Seats[s.Seat].Name)
		}
	}
	return mine, others
}

// seatName is the name userID plays under in a game.
func seatName(m storage.Meta, userID string) string {
	for _, s := range m.Seats {
		if s.UserID == userID {
			return s.Name
		}
	}
	return "A player"
}
