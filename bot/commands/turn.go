package commands

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"image"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
)

// move plays a decision for the seat of the user who sent i, at the version
// the user saw.
func (h *Handler) move(i *discordgo.Interaction, g *storage.Game, version uint64, action engine.Action) (*storage.MoveResult, error) {
	seat, ok := seatOf(g, user(i).ID)
	if !ok {
		return nil, errNotPlaying
	}
	return h.Store.Move(g.ID, version, seat, action, h.Now())
}

// moved is the reply to a move: the one public message of the move, and a
// private "Played." for the mover in place of their step view or command.
func (h *Handler) moved(i *discordgo.Interaction, res *storage.MoveResult) Reply {
	g, more, err := h.playBots(res.Game)
	if err != nil {
		h.Log.Error("a bot seat could not play", "game", res.Game.ID, "err", err)
		g = res.Game
	}
	res = &storage.MoveResult{Game: g, Events: append(res.Events, more...)}
	ack := deferPrivate()
	if i.Type == discordgo.InteractionMessageComponent && i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		ack = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	return Reply{
		Ack:   ack,
		Posts: []Post{h.turnPost(res.Game, res.Events, fmt.Sprintf("**%s** played.", displayName(i)), true)},
		Edit:  edit("Played. The board is in the channel."),
	}
}

// turnPost is the message after every move: what happened, the board, and
// a ping (unless ping is false) for exactly the players who must act now,
// with the button that opens their choices.
func (h *Handler) turnPost(g *storage.Game, events []engine.Event, header string, ping bool) Post {
	state := g.State
	var lines []string
	for _, e := range events {
		lines = append(lines, "• "+e.Text)
	}
	embed := &discordgo.MessageEmbed{
		Title:       truncate(fmt.Sprintf("%s · %s", g.Meta.Title, state.Phase()), 256),
		Description: truncate(strings.Join(lines, "\n"), 4096),
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + BoardFile},
		Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Game %s · move %d · %s", g.ID, g.Version, h.paceShort(g.Meta))},
	}
	msg := &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{embed}, AllowedMentions: noMentions()}
	content := []string{header}
	var held []string
	if state.Over() {
		content = append(content, "**The game is over.**")
		embed.Fields = scoreFields(state)
		if o, ok := state.(engine.Outcome); ok && len(o.Outcome()) > 0 {
			embed.Fields = append(embed.Fields, &discordgo.MessageEmbedField{Name: "Scoring", Value: truncate(strings.Join(o.Outcome(), "\n"), 1024)})
		}
	} else {
		var users []string
		for _, p := range state.Pending() {
			if id := g.Meta.Seats[p.Seat].UserID; id != "" && !slices.Contains(users, id) {
				users = append(users, id)
			}
			content = append(content, fmt.Sprintf("%s: %s.", seatMention(g, p.Seat), p.Prompt))
		}
		if ping {
			// Users in their quiet hours are named, not pinged (waiting.go).
			users, held = h.holdPings(users)
			msg.AllowedMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
		}
		embed.Fields = recapFields(g, len(events) > 0)
		msg.Components = h.turnComponents(g)
	}
	fitEmbed(embed)
	msg.Content = truncate(strings.Join(content, "\n"), 2000)
	return Post{ChannelID: g.Meta.ChannelID, Message: msg,
		Board: pngOf(func() image.Image { return h.Drawer.Board(g.Meta.Game, state) }), Sent: h.turnSent(g, held)}
}

// turnComponents: the button that opens the guided choices of whoever
// clicks it, and, when one player must act, their first choices at once.
func (h *Handler) turnComponents(g *storage.Game) []discordgo.MessageComponent {
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Make your move", Style: discordgo.PrimaryButton,
			CustomID: customID{kind: kindGo, target: g.ID, version: g.Version}.String()},
	}}}
	pending := g.State.Pending()
	if len(pending) != 1 {
		return rows
	}
	step, err := g.State.Choices(pending[0].Seat, nil)
	if err != nil || step.Complete || len(step.Choices) > selectLimit {
		return rows
	}
	return append(rows, stepSelect(g, nil, step, 0))
}

// scoreFields is the final table: every player by rank, with their
// counters.
func scoreFields(state engine.State) []*discordgo.MessageEmbedField {
	players := state.Players()
	sort.SliceStable(players, func(a, b int) bool {
		va, _ := players[a].Stat("vp")
		vb, _ := players[b].Stat("vp")
		return va > vb
	})
	var rows []string
	for rank, p := range players {
		rows = append(rows, fmt.Sprintf("%d. **%s**: %s", rank+1, p.Name, p.StatsText()))
	}
	return []*discordgo.MessageEmbedField{{Name: "Final scores", Value: truncate(strings.Join(rows, "\n"), 1024)}}
}

// recapLines is how much of what happened since a player's last move the
// turn message repeats for them.
const recapLines = 8

// recapFields remind each player who must act of what happened since their
// last move: the others' moves, what they bought and scored, what left the
// display. The newest move is left out when this message narrates it.
func recapFields(g *storage.Game, newestShown bool) []*discordgo.MessageEmbedField {
	end := len(g.Log)
	if newestShown {
		end--
	}
	var fields []*discordgo.MessageEmbedField
	for _, p := range g.State.Pending() {
		last := end - 1
		for last >= 0 && g.Log[last].Seat != p.Seat {
			last--
		}
		if last < 0 {
			continue // nothing of theirs to recap from yet
		}
		var lines []string
		for _, e := range g.Log[last+1 : end] {
			for _, ev := range e.Events {
				lines = append(lines, "• "+ev.Text)
			}
		}
		if len(lines) == 0 {
			continue
		}
		if len(lines) > recapLines {
			lines = append([]string{fmt.Sprintf("• … and %d earlier events", len(lines)-recapLines+1)}, lines[len(lines)-recapLines+1:]...)
		}
		fields = append(fields, &discordgo.MessageEmbedField{
			Name:  truncate(fmt.Sprintf("Since %s's last move", g.Meta.Seats[p.Seat].Name), 256),
			Value: truncate(strings.Join(lines, "\n"), 1024),
		})
	}
	return fields
}

// embedLimit is Discord's bound on all the text of one embed.
const embedLimit = 6000

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
		e.Description = truncate(e.Description, max(200, len([]rune(e.Description))-over))
	}
	for k := len(e.Fields) - 1; k >= 0 && size() > embedLimit; k-- {
		over := size() - embedLimit
		e.Fields[k].Value = truncate(e.Fields[k].Value, max(100, len([]rune(e.Fields[k].Value))-over))
	}
}

// seatMention names a seat's player as a mention, or by name for a seat no
// person plays.
func seatMention(g *storage.Game, seat engine.Seat) string {
	if id := g.Meta.Seats[seat].UserID; id != "" {
		return mention(id)
	}
	return g.State.Players()[seat].Name
}
