package commands

import (
	"bytes"
	"fmt"
	"image"
	"maps"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
)

// boardCommand is /vinhos board: the board after a move, privately, or the
// current board again in the channel, in a new style if one is given.
func (h *Handler) boardCommand(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	var move *discordgo.ApplicationCommandInteractionDataOption
	style := ""
	for _, o := range sub.Options {
		switch o.Name {
		case "move":
			move = o
		case "style":
			style = o.StringValue()
		}
	}
	switch {
	case move != nil && style != "":
		return private("Give `move:` to look back, or `style:` to change the board of the turn messages, not both.")
	case move != nil:
		return h.replayCommand(i, move.IntValue())
	case style != "":
		s, _ := ParseBoardStyle(style) // Discord offers only the choices
		return h.restyle(i, s)
	}
	return h.board(i, "")
}

// restyle changes the board a game's turn messages carry, at a player's
// word, and posts the board so drawn.
func (h *Handler) restyle(i *discordgo.Interaction, style adega.BoardStyle) Reply {
	g, _, err := h.playerGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	meta, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error {
		m.Board = style
		return nil
	})
	if err != nil {
		return h.fail(i, err)
	}
	g.Meta = meta
	name := map[adega.BoardStyle]string{adega.BoardFull: "full", adega.BoardCompact: "compact"}[style]
	return h.board(i, fmt.Sprintf("From now on the turn messages carry the %s board, as %s chose.", name, displayName(i)))
}

// board posts the current board again, for anyone in the channel, without
// pinging anyone.
func (h *Handler) board(i *discordgo.Interaction, header string) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	if header == "" {
		header = fmt.Sprintf("The board, as %s asked.", displayName(i))
	}
	post, err := h.turnOut(g, header, false, nil, 0, h.Store.GetUser)
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
	asker := user(i).ID
	return Reply{
		Ack: deferPrivate(),
		Edit: func() (*discordgo.WebhookEdit, error) {
			var files []*discordgo.File
			if step, err := g.State.Choices(seat, nil); err == nil && !step.Complete {
				// First what the decision at hand is about, legible on a phone.
				png, err := h.png(fair.People, asker, func() image.Image { return h.Drawer.Focus(g.Meta.Game, g.State, seat, step.Focus) })
				if err != nil {
					return nil, err
				}
				files = append(files, focusFile(png))
			}
			png, err := h.png(fair.People, asker, func() image.Image { return h.Drawer.Player(g.Meta.Game, g.State, seat) })
			if err != nil {
				return nil, err
			}
			files = append(files, PNGFile(png))
			return &discordgo.WebhookEdit{Content: &content, Files: files, AllowedMentions: NoMentions()}, nil
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
	game, err := h.Games.Lookup(g.Meta.Game)
	if err != nil {
		return h.fail(i, err)
	}
	text := StatusText(g, game) + h.statusPace(g)
	if !boolOption(sub, "chart") {
		return private(text)
	}
	if !publicVP(g.State) {
		return private(text + "\n" + NoChartText(g))
	}
	return Reply{Ack: deferPrivate(), Edit: func() (*discordgo.WebhookEdit, error) {
		var png []byte
		var err error
		h.paint(fair.People, user(i).ID, func() { png, err = VPRaceChart(h.Games, h.Drawer, g) })
		if err != nil {
			return nil, err
		}
		content := fit(text)
		return &discordgo.WebhookEdit{Content: &content, Files: []*discordgo.File{{Name: ChartFile, ContentType: "image/png", Reader: bytes.NewReader(png)}},
			AllowedMentions: NoMentions()}, nil
	}}
}

// ChartFile is the name of a chart's attachment.
const ChartFile = "vp-race.png"

// publicVP reports whether a game keeps VP that anyone may see (the stat
// "vp"), which the VP race charts. A game whose score is private while it
// goes on, such as La Viña's prestige, has no race to show.
func publicVP(s engine.State) bool {
	players := s.Players()
	if len(players) == 0 {
		return false
	}
	_, ok := players[0].Stat("vp")
	return ok
}

// NoChartText says why a game has no VP race; the local table says it too.
func NoChartText(g *adega.Game) string {
	return g.Meta.Title + " keeps no score that everyone may see as it goes, so there is no race to chart."
}

// VPRaceChart draws each player's VP through the game so far, each in
// their colour on the board, for /vinhos status chart: and the local
// table, or returns nil for a game without public VP (publicVP).
func VPRaceChart(games *engine.Registry, drawer Drawer, g *adega.Game) ([]byte, error) {
	if !publicVP(g.State) {
		return nil, nil
	}
	labels, series, err := vpRace(games, drawer, g)
	if err != nil {
		return nil, err
	}
	return render.EncodePNG(render.LineChart(g.Meta.Title+": VP through the game", labels, series))
}

// SourcesFile is the name of the VP-by-source chart's attachment.
const SourcesFile = "vp-sources.png"

// VPSourcesChart draws where each player's VP came from, players ranked
// as the game ranks them, each marked with their colour on the board, or
// returns nil for a game that does not tell (engine.VPSources).
func VPSourcesChart(drawer Drawer, g *adega.Game) ([]byte, error) {
	sources, bars := vpSources(drawer, g)
	if bars == nil {
		return nil, nil
	}
	return render.EncodePNG(render.StackedBars(g.Meta.Title+": VP by source", sources, bars))
}

// vpSources are the sources of VP and each player's bar, best first, or
// no bars for a game that does not tell.
func vpSources(drawer Drawer, g *adega.Game) ([]string, []render.Series) {
	vs, ok := g.State.(engine.VPSources)
	if !ok {
		return nil, nil
	}
	sources, vp := vs.VPSources()
	players, colors := g.State.Players(), drawer.SeatColors(g.Meta.Game, g.State)
	var bars []render.Series
	for _, seat := range engine.FinalRanking(g.State) {
		bars = append(bars, render.Series{Name: players[seat].Name, Values: vp[seat], Color: colors[seat]})
	}
	return sources, bars
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

// practiceText marks a practice game in its lobby and its status.
const practiceText = "🎓 A practice game: an undo takes back even what a move revealed, and the game counts in no statistics."

// StatusText says where a game stands: its phase, who must decide what and
// since when, and every player's counters. The local table shows it too.
func StatusText(g *adega.Game, game engine.Game) string {
	state := g.State
	since := g.Meta.CreatedAt
	if n := len(g.Log); n > 0 {
		since = g.Log[n-1].At
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**, game %s: %s, move %d.\n", g.Meta.Title, g.ID, state.Phase(), g.Version)
	b.WriteString(RulesLine(g.Setup, game) + "\n")
	for _, p := range state.Pending() {
		fmt.Fprintf(&b, "Waiting for %s to %s, since <t:%d:R>.\n", seatMention(g, p.Seat), p.Prompt, since.Unix())
	}
	for _, p := range state.Players() {
		if int(p.Seat) < len(g.Meta.Seats) && g.Meta.Seats[p.Seat].Bot {
			fmt.Fprintf(&b, "• 🤖 **%s** (the bot, %s): %s\n", p.Name, levelText(g.Meta.BotLevel(p.Seat)), p.StatsText())
			continue
		}
		fmt.Fprintf(&b, "• **%s**: %s\n", p.Name, p.StatsText())
	}
	if g.Meta.Hints {
		fmt.Fprintf(&b, "Hints are on: `/%s hint` asks the AI.\n", g.Meta.Game)
	}
	if g.Meta.Practice {
		b.WriteString(practiceText + "\n")
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
	if g.Meta.Status != adega.StatusActive {
		return h.view(i, "This game is already over.")
	}
	text := fmt.Sprintf("%s abandoned this game of %s.", displayName(i), g.Meta.Title)
	err = h.Store.SetStatus(g.ID, adega.StatusAbandoned, h.Now(), func(m adega.Meta) (*adega.Outgoing, error) {
		return Outgoing(notice(m.ChannelID, text))
	})
	if err != nil {
		return h.fail(i, err)
	}
	return h.view(i, "Abandoned.")
}

// RulesLine says which rules a game is played by: its mode and the setup
// options chosen, as the lobby showed them.
func RulesLine(setup engine.Setup, game engine.Game) string {
	return "Rules: " + SetupTitle(setup, game) + "."
}

// SetupTitle names a game as it was set up: its full title, with its mode,
// and the setup options chosen ("Vinhos Deluxe, 2010 Reserve · variant:
// maintenance").
func SetupTitle(setup engine.Setup, game engine.Game) string {
	title := game.Title()
	if mode, err := engine.ModeOf(game, setup.Mode); err == nil {
		title = mode.FullTitle(game)
	}
	for _, k := range slices.Sorted(maps.Keys(setup.Options)) {
		if v := setup.Options[k]; v != "" {
			title += fmt.Sprintf(" · %s: %s", k, v)
		}
	}
	return title
}
