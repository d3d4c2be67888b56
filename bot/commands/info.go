package commands

import (
	"bytes"
	"fmt"
	"image"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/storage"
)

// board posts the current board again, for anyone in the channel, without
// pinging anyone.
func (h *Handler) board(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	post, err := h.turnOut(g, fmt.Sprintf("The board, as %s asked.", displayName(i)), false, nil, 0, h.Store.GetUser)
	if err == nil {
		err = h.Store.Enqueue(post)
	}
	if err != nil {
		return h.fail(i, err)
	}
	return private("The board follows in the channel.")
}

// me shows the player their own board, privately.
func (h *Handler) me(i *discordgo.Interaction) Reply {
	g, seat, err := h.playerGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	content := fmt.Sprintf("Your board, **%s** (%s).", g.State.Players()[seat].Name, g.State.Phase())
	return Reply{
		Ack: deferPrivate(),
		Edit: func() (*discordgo.WebhookEdit, error) {
			png, err := h.png(func() image.Image { return h.Drawer.Player(g.Meta.Game, g.State, seat) })
			if err != nil {
				return nil, err
			}
			return &discordgo.WebhookEdit{Content: &content, Files: []*discordgo.File{PNGFile(png)}, AllowedMentions: noMentions()}, nil
		},
	}
}

// status says whose move it is and since when, where the game stands, and
// the scores.
func (h *Handler) status(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	text := StatusText(g) + h.statusPace(g)
	if !boolOption(sub, "chart") {
		return private(text)
	}
	return Reply{Ack: deferPrivate(), Edit: func() (*discordgo.WebhookEdit, error) {
		png, err := VPRaceChart(h.Games, g)
		if err != nil {
			return nil, err
		}
		content := fit(text)
		return &discordgo.WebhookEdit{Content: &content, Files: []*discordgo.File{{Name: ChartFile, ContentType: "image/png", Reader: bytes.NewReader(png)}},
			AllowedMentions: noMentions()}, nil
	}}
}

// ChartFile is the name of a chart's attachment.
const ChartFile = "vp-race.png"

// VPRaceChart draws each player's VP through the game so far, for
// /vinhos status chart: and the local table.
func VPRaceChart(games *engine.Registry, g *storage.Game) ([]byte, error) {
	labels, series, err := vpRace(games, g)
	if err != nil {
		return nil, err
	}
	return render.EncodePNG(render.LineChart(g.Meta.Title+": VP through the game", labels, series))
}

// boolOption reads a subcommand's boolean option; false when absent.
func boolOption(sub *discordgo.ApplicationCommandInteractionDataOption, name string) bool {
	for _, o := range sub.Options {
		if o.Name == name {
			return o.BoolValue()
		}
	}
	return false
}

// StatusText says where a game stands: its phase, who must decide what and
// since when, and every player's counters. The local table shows it too.
func StatusText(g *storage.Game) string {
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
	if line := followingLine(g.Meta); line != "" {
		b.WriteString(line + "\n")
	}
	return fit(b.String())
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
			CustomID: customID{kind: kindAbandon, target: g.ID, stamp: g.Stamp}.String()},
	}})
}

func (h *Handler) confirmAbandon(i *discordgo.Interaction, id customID) Reply {
	g, err := h.gameHere(i, id)
	if err != nil {
		return h.fail(i, err)
	}
	if user(i).ID != g.Meta.CreatorID && !isAdmin(i) {
		return private("Only the game's creator or a member with Manage Server can abandon it.")
	}
	if g.Meta.Status != storage.StatusActive {
		return h.view(i, "This game is already over.", nil)
	}
	text := fmt.Sprintf("%s abandoned this game of %s.", displayName(i), g.Meta.Title)
	err = h.Store.SetStatus(g.ID, storage.StatusAbandoned, h.Now(), func(m storage.Meta) (*storage.Outgoing, error) {
		return Outgoing(notice(m.ChannelID, text))
	})
	if err != nil {
		return h.fail(i, err)
	}
	return h.view(i, "Abandoned.", nil)
}
