package commands

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/referee"
)

// The messages of the reminder scheduler (bot/remind). The bot's Sender
// asks the handler for them and sends them; like every handler, these
// send nothing themselves.

// JumpLink links to a message of a game's channel, or to the channel when
// there is no message to link to.
func JumpLink(m adega.Meta, messageID string) string {
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

// owed says what a user must decide in a game: "take action 2 of year 1",
// or one line per seat when they play several.
func owed(m adega.Meta, seats []adega.SeatWait) string {
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

func earliest(seats []adega.SeatWait) int64 {
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
	if !r.Deadline.IsZero() && r.Rules.Absent != adega.AbsentWait {
		fmt.Fprintf(&b, "The deadline is <t:%d:R>; then %s.\n", r.Deadline.Unix(), remind.AbsentText(r.Rules.Absent))
	}
	fmt.Fprintf(&b, "Jump to the turn: %s", link)
	return fit(b.String())
}

// Remind is the messages that carry a reminder: in the game's channel,
// pinging its user, and by direct message when asked for (not for a game
// played in the user's direct messages already). They are queued in the
// scheduler's transaction and built at delivery, after the turn message
// queued before them, so that they link to it.
func (h *Handler) Remind(r remind.Reminder) []*adega.Outgoing {
	payload, err := json.Marshal(r)
	if err != nil {
		h.Log.Error("could not queue a reminder", "game", r.Game.ID, "err", err)
		return nil
	}
	out := []*adega.Outgoing{{Queue: r.Game.ChannelID, Game: r.Game.ID, ChannelID: r.Game.ChannelID, Kind: kindReminder, Payload: payload}}
	if r.DM && r.Game.GuildID != "" {
		out = append(out, &adega.Outgoing{Queue: r.Game.ChannelID, Game: r.Game.ID, UserID: r.UserID, Kind: kindReminderDM, Payload: payload})
	}
	return out
}

// reminderMessage builds a queued reminder, linking to the game's newest
// turn message; nil when the user no longer owes what it reminds of.
func (h *Handler) reminderMessage(r remind.Reminder, dm bool) (*discordgo.MessageSend, error) {
	w, err := h.Store.Waiting(r.Game.ID)
	if err != nil {
		return nil, err
	}
	for _, sw := range r.Seats {
		if !slices.ContainsFunc(w.SeatsOf(r.UserID), func(s adega.SeatWait) bool { return s.Seat == sw.Seat && s.Since.Equal(sw.Since) }) {
			return nil, nil // the user moved since
		}
	}
	r.TurnMessageID = w.TurnMessageID
	if dm {
		return &discordgo.MessageSend{Content: reminderText(r, "you"), AllowedMentions: NoMentions()}, nil
	}
	return &discordgo.MessageSend{Content: reminderText(r, mention(r.UserID)), AllowedMentions: mentions(r.UserID)}, nil
}

// Digest is a user's daily digest, by direct message.
func (h *Handler) Digest(d remind.Digest) []*adega.Outgoing {
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
	data, err := json.Marshal(&discordgo.MessageSend{Content: fit(b.String()), AllowedMentions: NoMentions()})
	if err != nil {
		h.Log.Error("could not queue a digest", "user", d.UserID, "err", err)
		return nil
	}
	return []*adega.Outgoing{{UserID: d.UserID, Message: data}}
}

// Absent is the turn message after the bot played for an absent player:
// the announcement as its header, then what happened, the board and the
// pings, as after any move.
func (h *Handler) Absent(a remind.Absence, p remind.Played) adega.PostFunc {
	what := "played for them"
	if p.Rule == adega.AbsentSkip {
		what = "passed for them"
	}
	name := a.Game.Seats[a.Seat].Name
	return h.turn(fmt.Sprintf("**%s** did not play within %s; the bot %s: %s.", name, remind.Human(a.Rules.Deadline), what, strings.Join(p.Labels, " → ")), true)
}

// Bots announces the decisions the bot made for the seats it plays. The
// turn message pings the people who must act after them.
func (h *Handler) Bots(m adega.Meta, plays []referee.Play) adega.PostFunc {
	var names []string
	for _, p := range plays {
		if name := m.Seats[p.Seat].Name; !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return h.turn(fmt.Sprintf("🤖 The bot played for **%s**.", joinNames(names)), true)
}

// waitingFor says whether a game waits for userID, and for whom else.
func waitingFor(gw adega.GameWait, userID string) (mine bool, others []string) {
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
func seatName(m adega.Meta, userID string) string {
	for _, s := range m.Seats {
		if s.UserID == userID {
			return s.Name
		}
	}
	return "A player"
}
