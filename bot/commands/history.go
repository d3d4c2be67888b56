package commands

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// logPageSize is how many moves a page of /vinhos log shows.
const logPageSize = 20

// log shows the narrated log, newest page first unless a page is asked for.
func (h *Handler) log(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	g, err := h.narratedGame(h.channelGame(i))
	if err != nil {
		return h.fail(i, err)
	}
	asked := int64(0)
	for _, o := range sub.Options {
		if o.Name == "page" {
			asked = o.IntValue()
		}
	}
	page, err := LogPage(g, asked)
	if err != nil {
		return private(err.Error())
	}
	return private(LogText(g, page), logButtons(g, page)...)
}

// LogPage reads the page of g's log asked for, counted from 1 (0: the
// latest), and returns it counted from 0.
func LogPage(g *adega.Game, asked int64) (int, error) {
	if asked == 0 {
		return lastPage(g), nil
	}
	page := int(min(asked, 1<<20)) - 1
	if page < 0 || page > lastPage(g) {
		return 0, engine.Errorf(engine.CodeUnknownChoice, "The log has pages 1 to %d.", lastPage(g)+1)
	}
	return page, nil
}

func (h *Handler) logPage(i *discordgo.Interaction, id customID) Reply {
	g, err := h.narratedGame(h.gameHere(i, id))
	if err != nil {
		return h.fail(i, err)
	}
	page := min(id.offset, lastPage(g))
	return h.view(i, LogText(g, page), logButtons(g, page)...)
}

// narratedGame gives a game read for its history its log's events, which
// are derived by replaying the log.
func (h *Handler) narratedGame(g *adega.Game, err error) (*adega.Game, error) {
	if err != nil {
		return nil, err
	}
	return h.Store.Narrate(g)
}

func lastPage(g *adega.Game) int { return max(0, len(g.Log)-1) / logPageSize }

// LogText is a page of g's log, counted from 0, narrated if g is
// (storage.Store.Narrate), each move cut to fit a Discord message.
func LogText(g *adega.Game, page int) string { return fit(logText(g, page, logLineWidth)) }

// WholeLogText is LogText with every move told in full, for the local
// table, which has no message to fit.
func WholeLogText(g *adega.Game, page int) string { return logText(g, page, 0) }

// logLineWidth is how much of a move a Discord page of the log shows:
// 20 moves of it fit a message.
const logLineWidth = 95

// logText is a page of g's log, each move cut to width (0: whole).
func logText(g *adega.Game, page, width int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s, game %s: the log, page %d of %d**\n", g.Meta.Title, g.ID, page+1, lastPage(g)+1)
	if page == 0 {
		b.WriteString(eventLines("Setup", g.SetupEvents, width))
	}
	hints := func(move int) {
		for _, asked := range g.Meta.HintsAsked {
			if asked.Move == move {
				fmt.Fprintf(&b, "💡 %s asked the AI for a hint.\n", g.Meta.Seats[asked.Seat].Name)
			}
		}
	}
	for k := page * logPageSize; k < min(len(g.Log), (page+1)*logPageSize); k++ {
		hints(k)
		e := g.Log[k]
		b.WriteString(eventLines(fmt.Sprintf("Move %d, %s", k+1, g.Meta.Seats[e.Seat].Name), e.Events, width))
	}
	if page == lastPage(g) {
		hints(len(g.Log)) // asked for the decision still pending
	}
	return b.String()
}

// eventLines tells a move in one line, shortened to width so a page
// fits (0: whole).
func eventLines(title string, events []engine.Event, width int) string {
	var texts []string
	for _, e := range events {
		texts = append(texts, e.Text)
	}
	line := fmt.Sprintf("**%s**: %s", title, strings.Join(texts, " "))
	if width > 0 {
		line = engine.Shorten(line, width)
	}
	return line + "\n"
}

func logButtons(g *adega.Game, page int) []discordgo.MessageComponent {
	id := func(p int) string {
		return customID{kind: kindLog, target: g.ID, stamp: g.Stamp, offset: p}.String()
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "◀ Earlier", Style: discordgo.SecondaryButton, CustomID: id(max(0, page-1)), Disabled: page == 0},
		discordgo.Button{Label: "Later ▶", Style: discordgo.SecondaryButton, CustomID: id(page + 1), Disabled: page >= lastPage(g)},
	}}}
}

// export attaches the game as JSON (docs/export.md), privately. While the
// game goes on, its seed is sealed and its state shows only what everyone
// may see (referee.Referee.Export).
func (h *Handler) export(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	return Reply{Ack: deferPrivate(), Edit: func() (*discordgo.WebhookEdit, error) {
		data, err := h.referee().Export(g)
		if err != nil {
			return nil, err
		}
		content := fmt.Sprintf("Game %s as of move %d. `/%s import` restores it.", g.ID, g.Version, g.Meta.Game)
		if !g.State.Over() {
			content += " While the game goes on, its hidden cards and draws are sealed in the file: it restores only this game, here, " +
				"for its creator or a member with Manage Server, once the game is abandoned."
		}
		return &discordgo.WebhookEdit{Content: &content, AllowedMentions: NoMentions(), Files: []*discordgo.File{{
			Name: fmt.Sprintf("adega-%s.json", g.ID), ContentType: "application/json", Reader: bytes.NewReader(data)}}}, nil
	}}
}

// importGame restores an exported game. A finished game's export holds
// nothing secret: a member with Manage Server imports it anywhere, in a
// new thread from a text channel or in place in a thread without a game.
// A sealed one (a game in progress) restores only its own game, where and
// for whom referee.Referee.Restore allows. The export's seats keep their
// Discord users; everything in it is checked before anything is stored
// (storage.Store.Import).
func (h *Handler) importGame(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	exp, refused := h.fetchExport(i, sub)
	if refused != nil {
		return *refused
	}
	if err := referee.CheckSeats(exp.Seats); err != nil {
		return h.fail(i, err)
	}
	header := fmt.Sprintf("Game restored from an export by %s, at move %d.", displayName(i), len(exp.Log))
	if exp.Sealed != nil {
		restored, err := h.referee().Restore(exp, referee.Restorer{UserID: user(i).ID, GuildID: i.GuildID, ChannelID: i.ChannelID, Admin: isAdmin(i)})
		if err != nil {
			return h.fail(i, err)
		}
		return h.importInto(i, restored.Meta, restored.Setup, restored.Moves, header, true)
	}
	if !isAdmin(i) {
		return private("Only a member with Manage Server can import a finished game.")
	}
	meta := adega.Meta{GuildID: i.GuildID, CreatorID: user(i).ID, Seats: exp.Seats, Title: exp.Title, Level: exp.Level, Practice: exp.Practice}
	return h.importInto(i, meta, exp.Setup, exp.Moves(), header, h.IsThread(i.ChannelID))
}

// fetchExport downloads and parses the file attached to an import, or
// says why it cannot.
func (h *Handler) fetchExport(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) (*referee.ExportFile, *Reply) {
	refuse := func(text string) (*referee.ExportFile, *Reply) { r := private(text); return nil, &r }
	var url string
	for _, o := range sub.Options {
		if o.Name == "file" {
			resolved := i.ApplicationCommandData().Resolved
			if a, ok := resolved.Attachments[o.Value.(string)]; resolved != nil && ok && a != nil {
				url = a.URL
			}
		}
	}
	if url == "" {
		return refuse("Attach the exported JSON file.")
	}
	data, err := h.Fetch(url)
	if err != nil {
		h.Log.Warn("could not fetch an import", "interaction", i.ID, "err", err)
		return refuse("I could not download that file; please try again.")
	}
	exp, err := referee.ParseExport(data)
	if err != nil {
		return refuse("That is not an adega export: " + err.Error())
	}
	return exp, nil
}

// importInto stores an imported game with meta: here, in place (a
// server's channel must have no game; direct messages may hold several
// solo games), or else in a new thread of this text channel.
func (h *Handler) importInto(i *discordgo.Interaction, meta adega.Meta, setup engine.Setup, moves []engine.Move, header string, here bool) Reply {
	start := func(channelID string) Reply {
		meta.ChannelID = channelID
		if _, err := h.Store.Import(meta, setup, moves, h.Now(), h.turn(header, true)); err != nil {
			return Reply{Posts: []Post{notice(channelID, "The import failed: "+err.Error())}}
		}
		return Reply{}
	}
	if here {
		if ids, err := h.Store.ActiveGames(i.ChannelID); i.GuildID != "" && (err != nil || len(ids) > 0) {
			return private("This channel already has a game. A finished game's export imported from a text channel gets a thread of its own.")
		}
		r := start(i.ChannelID)
		r.Ack = deferPrivate()
		r.Edit = edit("Imported.")
		return r
	}
	r := say(fmt.Sprintf("Restoring a game of %s from an export…", engine.Shorten(meta.Title, storage.MaxTitleLength)))
	r.Thread = &Thread{ChannelID: i.ChannelID, Name: engine.Shorten(h.title(setup.Game)+" (imported): "+strings.Join(setup.Players, ", "), threadNameLimit), Then: start}
	return r
}
