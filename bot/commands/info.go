package commands

import (
	"fmt"
	"image"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/storage"
)

// board posts the current board again, for anyone in the channel, without
// pinging anyone.
func (h *Handler) board(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	return Reply{
		Ack:   deferPrivate(),
		Posts: []Post{h.turnPost(g, nil, fmt.Sprintf("The board, as %s asked.", displayName(i)), false)},
		Edit:  edit("Posted."),
	}
}

// me shows the player their own board, privately.
func (h *Handler) me(i *discordgo.Interaction) Reply {
	g, seat, err := h.playerGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	content := fmt.Sprintf("Your board, **%s** (%s).", g.State.Players()[seat].Name, g.State.Phase())
	board := pngOf(func() image.Image { return h.Drawer.Player(g.Meta.Game, g.State, seat) })
	return Reply{
		Ack: deferPrivate(),
		Edit: func() (*discordgo.WebhookEdit, error) {
			png, err := board()
			if err != nil {
				return nil, err
			}
			return &discordgo.WebhookEdit{Content: &content, Files: []*discordgo.File{PNGFile(png)}}, nil
		},
	}
}

// status says whose move it is and since when, where the game stands, and
// the scores.
func (h *Handler) status(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	return private(truncate(statusText(g)+h.statusPace(g), 2000))
}

func statusText(g *storage.Game) string {
	state := g.State
	since := g.Meta.CreatedAt
	if n := len(g.Log); n > 0 {
		since = g.Log[n-1].At
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**, game %s: %s, move %d.\n", g.Meta.Title, g.ID, state.Phase(), g.Version)
	for _, p := range state.Pending() {
		fmt.Fprintf(&b, "Waiting for %s to %s, since <t:%d:R>.\n", seatMention(g, p.Seat), p.Prompt, since.Unix())
	}
	for _, p := range state.Players() {
		fmt.Fprintf(&b, "• **%s**: %s\n", p.Name, p.StatsText())
	}
	return truncate(b.String(), 2000)
}

// abandon asks the game's creator, or a member with Manage Server, to
// confirm ending the game for good.
func (h *Handler) abandon(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	if user(i).ID != g.Meta.CreatorID && !isAdmin(i) {
		return private("Only the game's creator or a member with Manage Server can abandon it.")
	}
	return private("Abandon this game for good? It cannot be resumed.", discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Abandon the game", Style: discordgo.DangerButton,
			CustomID: customID{kind: kindAbandon, target: g.ID, version: g.Version}.String()},
	}})
}

func (h *Handler) confirmAbandon(i *discordgo.Interaction, id customID) Reply {
	g, err := h.Store.Load(id.target)
	if err != nil {
		return h.fail(i, err)
	}
	if user(i).ID != g.Meta.CreatorID && !isAdmin(i) {
		return private("Only the game's creator or a member with Manage Server can abandon it.")
	}
	if g.Meta.Status != storage.StatusActive {
		return update("This game is already over.")
	}
	if err := h.Store.SetStatus(g.ID, storage.StatusAbandoned, h.Now()); err != nil {
		return h.fail(i, err)
	}
	r := update("Abandoned.")
	r.Posts = []Post{{ChannelID: g.Meta.ChannelID, Message: &discordgo.MessageSend{
		Content: fmt.Sprintf("%s abandoned this game of %s.", displayName(i), g.Meta.Title), AllowedMentions: noMentions()}}}
	return r
}
