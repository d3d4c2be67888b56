package commands

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Solo games (a game's mode for one player, such as Vinhos against the
// Lacerda automa) are played in the player's direct messages with the
// bot. /GAME solo start from a server opens the DM.

// activeSolo is the user's solo game of mode in progress, if any ("" if
// none), from the index of the games they play: no scan of every game.
func (h *Handler) activeSolo(userID string, game engine.Game, mode engine.Mode) (string, error) {
	_, solo, err := h.Store.Playing(userID)
	if err != nil {
		return "", err
	}
	for _, id := range solo { // maxSoloGames at most
		g, err := h.Store.Load(id)
		if err != nil {
			return "", err
		}
		if g.Meta.Game == game.Name() && g.Meta.Mode == mode.Name {
			return id, nil
		}
	}
	return "", nil
}

func (h *Handler) soloStart(i *discordgo.Interaction, game engine.Game, mode engine.Mode, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	another, practice := false, false
	for _, o := range sub.Options {
		switch o.Name {
		case "another":
			another = o.BoolValue()
		case "practice":
			practice = o.BoolValue()
		}
	}
	me := user(i)
	if !another {
		id, err := h.activeSolo(me.ID, game, mode)
		if err != nil {
			return h.fail(i, err)
		}
		if id != "" {
			return private(fmt.Sprintf("You already have a solo game (%s, in our direct messages). Finish it, or start another with `/%s solo start another:True`.", id, game.Name()))
		}
	}
	if refusal, err := h.soloLimit(me.ID, game); err != nil || refusal != "" {
		if err != nil {
			return h.fail(i, err)
		}
		return private(refusal)
	}
	name := displayName(i)
	start := func(channelID string) Reply {
		// Counted again with the game made, one start at a time: starts
		// sent at once all passed the count above.
		h.soloStarts.Lock()
		defer h.soloStarts.Unlock()
		if refusal, err := h.soloLimit(me.ID, game); err != nil || refusal != "" {
			if err != nil {
				refusal = "Sorry, the game could not start: " + err.Error()
			}
			return Reply{Posts: []Post{notice(channelID, refusal)}}
		}
		setup := engine.Setup{Game: game.Name(), Mode: mode.Name, Seed: h.seed(), Players: []string{name}}
		meta := adega.Meta{ChannelID: channelID, CreatorID: me.ID, Seats: []adega.SeatUser{{UserID: me.ID, Name: name}},
			Wait: h.reminders().NewGame(), Practice: practice}
		header := fmt.Sprintf("A new game begins: %s.", mode.FullTitle(game))
		if practice {
			header += "\n" + practiceText
		}
		if _, err := h.Store.Create(meta, setup, h.Now(), h.opening(header)); err != nil {
			h.Log.Error("starting a solo game failed", "user", me.ID, "err", err)
			return Reply{Posts: []Post{notice(channelID, "Sorry, the game could not start: "+err.Error())}}
		}
		return Reply{}
	}
	if i.GuildID == "" {
		r := start(i.ChannelID)
		r.Ack = deferPrivate()
		r.Edit = edit("Your game is below. Good luck!")
		return r
	}
	r := private(fmt.Sprintf("Your game (%s) is waiting in our direct messages.", mode.FullTitle(game)))
	r.DM = &DM{UserID: me.ID, Then: start}
	return r
}

// maxSoloGames is how many solo games one member may have in progress at
// once, of every game: solo games are played one after another, and each
// one in progress is the bot's work (reminders, Lacerda's turns).
const maxSoloGames = 3

// soloLimit refuses a new solo game to a user who has maxSoloGames in
// progress, saying how to free a place; "" allows it.
func (h *Handler) soloLimit(userID string, game engine.Game) (string, error) {
	_, solo, err := h.Store.Playing(userID)
	if err != nil || len(solo) < maxSoloGames {
		return "", err
	}
	return fmt.Sprintf("You have %d solo games in progress (%s, in our direct messages), the most one member may have; nothing was started. Finish one, or give the newest up with `/%s abandon` in our direct messages, then start another.",
		len(solo), joinNames(solo), game.Name()), nil
}

// soloStats sums up the user's finished solo games, from the statistics
// kept beside them (adega.Record).
func (h *Handler) soloStats(i *discordgo.Interaction, game engine.Game, mode engine.Mode) Reply {
	records, err := h.Store.Records(user(i).ID) // practice games have none
	if err != nil {
		return h.fail(i, err)
	}
	played, active, best := 0, 0, -1
	titles := map[string]int{}
	for _, r := range records {
		if r.Game != game.Name() || r.Mode != mode.Name {
			continue
		}
		switch {
		case r.Status == adega.StatusActive:
			active++
		case r.Status == adega.StatusFinished && r.SoloResult != nil:
			played++
			best = max(best, r.SoloResult.Accolades)
			titles[r.SoloResult.Title]++
		}
	}
	return private(soloStatsText(game.Name(), played, active, best, titles))
}

func soloStatsText(game string, played, active, best int, titles map[string]int) string {
	if played == 0 {
		return fmt.Sprintf("You have not finished a solo game yet (%d in progress). Start one with `/%s solo start`.", active, game)
	}
	names := make([]string, 0, len(titles))
	for t := range titles {
		names = append(names, t)
	}
	sort.Slice(names, func(a, b int) bool {
		return titles[names[a]] > titles[names[b]] || titles[names[a]] == titles[names[b]] && names[a] < names[b]
	})
	var earned []string
	for _, t := range names {
		earned = append(earned, fmt.Sprintf("%s ×%d", t, titles[t]))
	}
	return fmt.Sprintf("**Your games against Lacerda**: %d finished, %d in progress.\nBest score: %d accolades.\nTitles earned: %s.",
		played, active, best, strings.Join(earned, ", "))
}
