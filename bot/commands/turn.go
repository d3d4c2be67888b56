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
		return nil, engine.Errorf(engine.CodeNotYourTurn, "You are not playing in this game.")
	}
	return h.Store.Move(g.ID, version, seat, action, h.Now())
}

// moved is the reply to a move: the one public message of the move, and a
// private "Played." for the mover in place of their step view or command.
func (h *Handler) moved(i *discordgo.Interaction, res *storage.MoveResult) Reply {
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
		Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Game %s · move %d", g.ID, g.Version)},
	}
	msg := &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{embed}, AllowedMentions: noMentions()}
	content := []string{header}
	if state.Over() {
		content = append(content, "**The game is over.**")
		embed.Fields = scoreFields(state)
	} else {
		var users []string
		for _, p := range state.Pending() {
			who := state.Players()[p.Seat].Name
			if id := g.Meta.Seats[p.Seat].UserID; id != "" {
				who = mention(id)
				if !slices.Contains(users, id) {
					users = append(users, id)
				}
			}
			content = append(content, fmt.Sprintf("%s: %s.", who, p.Prompt))
		}
		if ping {
			msg.AllowedMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
		}
		msg.Components = h.turnComponents(g)
	}
	msg.Content = truncate(strings.Join(content, "\n"), 2000)
	return Post{ChannelID: g.Meta.ChannelID, Message: msg,
		Board: pngOf(func() image.Image { return h.Drawer.Board(g.Meta.Game, state) })}
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
