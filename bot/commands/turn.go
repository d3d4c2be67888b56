package commands

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/referee"
)

// move plays a decision for the seat of the user who sent i, at the moment
// of the game the user acted on. interaction is i's ID for the move it
// sent (empty for a later part of a typed turn), and typed fingerprints a
// typed command.
func (h *Handler) move(i *discordgo.Interaction, g *adega.Game, stamp uint64, action engine.Action, interaction, typed string) (*referee.MoveResult, error) {
	seat, ok := seatOf(g, user(i).ID)
	if !ok {
		return nil, errNotPlaying
	}
	res, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: stamp, Now: h.Now(),
		Play: referee.Play{Seat: seat, Action: action, Interaction: interaction, Typed: typed},
		Post: h.turn(fmt.Sprintf("**%s** played.", displayName(i)), true), Acked: h.acked})
	if err == nil {
		h.Metrics.Moved(ops.ByPlayer, 1)
	}
	return res, err
}

// turn builds the messages that announce a change of a game: the turn
// message (what happened, the board, and a ping, unless ping is false,
// for exactly the players who must act now, with the button that opens
// their choices), the game's ending after it when the change ended the
// game, and the followers' news when the change ended a Fair or the game.
// They are queued in the change's own transaction.
func (h *Handler) turn(header string, ping bool) adega.PostFunc {
	return func(c adega.Change) ([]*adega.Outgoing, error) {
		o, err := h.turnOut(c.Game, header, ping, narration(c.Game, c.Added), len(c.Added), c.Users)
		if err != nil {
			return nil, err
		}
		out := []*adega.Outgoing{o}
		if c.Game.State.Over() && (c.Before == nil || !c.Before.Over()) {
			ending, err := endingOut(c.Game)
			if err != nil {
				return nil, err
			}
			out = append(out, ending)
		}
		news, err := h.followerNews(c)
		return append(out, news...), err
	}
}

// opening announces a new game, narrating its setup.
func (h *Handler) opening(header string) adega.PostFunc {
	return func(c adega.Change) ([]*adega.Outgoing, error) {
		o, err := h.turnOut(c.Game, header, true, append(c.Game.SetupEvents, narration(c.Game, c.Added)...), len(c.Added), c.Users)
		return []*adega.Outgoing{o}, err
	}
}

// narration is what the added log entries say, naming the decisions the
// bot made for its seats.
func narration(g *adega.Game, added []adega.LogEntry) []engine.Event {
	var events []engine.Event
	for _, e := range added {
		if e.Bot {
			events = append(events, engine.Say(e.Seat, fmt.Sprintf("The bot plays for %s.", g.Meta.Seats[e.Seat].Name)))
		}
		events = append(events, e.Events...)
	}
	return events
}

func (h *Handler) turnOut(g *adega.Game, header string, ping bool, events []engine.Event, shown int, users adega.UserLookup) (*adega.Outgoing, error) {
	state := g.State
	var lines []string
	for _, e := range events {
		lines = append(lines, "• "+e.Text)
	}
	embed := &discordgo.MessageEmbed{
		Title:       engine.Shorten(fmt.Sprintf("%s · %s", g.Meta.Title, state.Phase()), titleLimit),
		Description: engine.Shorten(strings.Join(lines, "\n"), 4096),
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + BoardFile},
		Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Game %s · move %d · %s", g.ID, g.Version, h.paceShort(g.Meta))},
	}
	msg := &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{embed}, AllowedMentions: NoMentions()}
	content := []string{header}
	var held []string
	if state.Over() {
		content = append(content, "**The game is over.**")
		if line := followingLine(g.Meta); line != "" {
			content = append(content, line)
		}
		embed.Fields = endFields(state)
	} else {
		var pinged []string
		for _, p := range state.Pending() {
			if g.Meta.Seats[p.Seat].Bot {
				content = append(content, fmt.Sprintf("🤖 %s: %s (the bot is thinking, %s).", g.Meta.Seats[p.Seat].Name, p.Prompt, levelText(g.Meta.BotLevel(p.Seat))))
				continue
			}
			// A player finishing the turn they began is at the table.
			if id := g.Meta.Seats[p.Seat].UserID; id != "" && !p.Continues && !slices.Contains(pinged, id) {
				pinged = append(pinged, id)
			}
			content = append(content, fmt.Sprintf("%s: %s.", seatMention(g, p.Seat), p.Prompt))
		}
		if ping {
			// Users in their quiet hours are named, not pinged (waiting.go).
			pinged, held = h.holdPings(pinged, users)
			msg.AllowedMentions = mentions(pinged...)
		}
		embed.Fields = recapFields(g, shown)
		msg.Components = h.turnComponents(g)
	}
	fitEmbed(embed)
	msg.Content = fit(strings.Join(content, "\n"))
	data, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	return &adega.Outgoing{Game: g.ID, ChannelID: g.Meta.ChannelID, Message: data, Board: adega.BoardOf(g),
		Turn: ping, Held: held, Stamp: g.Stamp}, nil
}

// endingOut is the message that follows the turn message ending g: the
// game as an animation and its charts (Endings). Drawing them takes a
// second or more, so they come after the last move's turn message, which
// costs no more than any other.
func endingOut(g *adega.Game) (*adega.Outgoing, error) {
	data, err := json.Marshal(&discordgo.MessageSend{AllowedMentions: NoMentions(),
		Content: fmt.Sprintf("🎬 **%s**, game %s, move by move, and the players' VP through it.", g.Meta.Title, g.ID)})
	if err != nil {
		return nil, err
	}
	return &adega.Outgoing{Game: g.ID, ChannelID: g.Meta.ChannelID, Kind: kindEnding, Message: data, Board: adega.BoardOf(g),
		Ending: true, Stamp: g.Stamp}, nil
}

// turnComponents: the button that opens the guided choices of whoever
// clicks it, and, when one player must act, their first choices at once;
// none while only the bot's seats must act.
func (h *Handler) turnComponents(g *adega.Game) []discordgo.MessageComponent {
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Make your move", Style: discordgo.PrimaryButton,
			CustomID: customID{kind: kindGo, target: g.ID, stamp: g.Stamp}.String()},
	}}}
	pending := adega.PeoplePending(g.Meta, g.State)
	if len(pending) == 0 {
		return nil // the bot's alone: nothing to click
	}
	if len(pending) != 1 {
		return rows
	}
	step, err := g.State.Choices(pending[0].Seat, nil)
	if err != nil || step.Complete || len(step.Choices) > selectLimit {
		return rows
	}
	return append(rows, stepSelect(g, nil, step, 0))
}

// endFields are the final scores, and how the game scored them when it
// says.
func endFields(state engine.State) []*discordgo.MessageEmbedField {
	fields := scoreFields(state, "Final scores")
	if o, ok := state.(engine.Outcome); ok && len(o.Outcome()) > 0 {
		fields = append(fields, &discordgo.MessageEmbedField{Name: "Scoring", Value: engine.Shorten(strings.Join(o.Outcome(), "\n"), fieldValueLimit)})
	}
	return fields
}

// scoreFields is a table of the scores under the title name: every player
// by rank (the game's final ranking once it is over), with their counters.
func scoreFields(state engine.State, name string) []*discordgo.MessageEmbedField {
	players := state.Players()
	var rows []string
	for rank, seat := range engine.FinalRanking(state) {
		rows = append(rows, fmt.Sprintf("%d. **%s**: %s", rank+1, players[seat].Name, players[seat].StatsText()))
	}
	return []*discordgo.MessageEmbedField{{Name: engine.Shorten(name, fieldNameLimit), Value: engine.Shorten(strings.Join(rows, "\n"), fieldValueLimit)}}
}

// recapLines is how much of what happened since a player's last move the
// turn message repeats for them.
const recapLines = 8

// recapFields remind each player who must act of what happened since their
// last move: the others' moves, what they bought and scored, what left the
// display. The newest shown moves are left out: this message narrates them.
func recapFields(g *adega.Game, shown int) []*discordgo.MessageEmbedField {
	end := max(0, len(g.Log)-shown)
	var fields []*discordgo.MessageEmbedField
	for _, p := range g.State.Pending() {
		last := end - 1
		for last >= 0 && g.Log[last].Seat != p.Seat {
			last--
		}
		if last < 0 {
			continue // nothing of theirs to recap from yet
		}
		// Only the newest moves keep their events with the game; older
		// ones, which a recap would cut anyway, are only mentioned.
		from := max(last+1, g.NarratedFrom)
		var lines []string
		for _, e := range g.Log[min(from, end):end] {
			for _, ev := range e.Events {
				lines = append(lines, "• "+ev.Text)
			}
		}
		if len(lines) == 0 {
			continue
		}
		switch {
		case from > last+1:
			lines = append([]string{"• … and earlier moves"}, lines[max(0, len(lines)-recapLines+1):]...)
		case len(lines) > recapLines:
			lines = append([]string{fmt.Sprintf("• … and %d earlier events", len(lines)-recapLines+1)}, lines[len(lines)-recapLines+1:]...)
		}
		fields = append(fields, &discordgo.MessageEmbedField{
			Name:  engine.Shorten(fmt.Sprintf("Since %s's last move", g.Meta.Seats[p.Seat].Name), fieldNameLimit),
			Value: engine.Shorten(strings.Join(lines, "\n"), fieldValueLimit),
		})
	}
	return fields
}

// fitEmbed shortens an embed to Discord's total: the narration gives way
// first, then the recaps.
func fitEmbed(e *discordgo.MessageEmbed) {
	size := func() int {
		n := len([]rune(e.Title)) + len([]rune(e.Description))
		if e.Footer != nil {
			n += len([]rune(e.Footer.Text))
		}
		for _, f := range e.Fields {
			n += len([]rune(f.Name)) + len([]rune(f.Value))
		}
		return n
	}
	if over := size() - embedLimit; over > 0 {
		e.Description = engine.Shorten(e.Description, max(200, len([]rune(e.Description))-over))
	}
	for k := len(e.Fields) - 1; k >= 0 && size() > embedLimit; k-- {
		over := size() - embedLimit
		e.Fields[k].Value = engine.Shorten(e.Fields[k].Value, max(100, len([]rune(e.Fields[k].Value))-over))
	}
}

// seatMention names a seat's player as a mention, or by name for a seat no
// person plays.
func seatMention(g *adega.Game, seat engine.Seat) string {
	switch su := g.Meta.Seats[seat]; {
	case su.Bot:
		return "🤖 " + su.Name
	case su.UserID != "":
		return mention(su.UserID)
	}
	return g.State.Players()[seat].Name
}

// holdPings splits the users a turn message would ping into those it may
// ping now and those in their quiet hours, whom it only names; the
// scheduler pings them when their window ends.
func (h *Handler) holdPings(users []string, lookup adega.UserLookup) (ping, held []string) {
	now := h.Now()
	for _, id := range users {
		u, err := lookup(id)
		if err == nil && remind.QuietNow(u.Prefs, now) {
			held = append(held, id)
			continue
		}
		ping = append(ping, id)
	}
	return ping, held
}

// levelText says how well the bot plays at a game's level.
func levelText(level string) string {
	if level == "" {
		level = ai.Normal.String()
	}
	return "at the " + level + " level"
}
