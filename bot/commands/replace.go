package commands

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// replace gives a seat to another user, or to the bot, for the game's
// creator or a member with Manage Server.
func (h *Handler) replace(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	if user(i).ID != g.Meta.CreatorID && !isAdmin(i) {
		return private("Only the game's creator or a member with Manage Server can replace a player.")
	}
	var seatText, newUser, level string
	bot := false
	for _, o := range sub.Options {
		switch o.Name {
		case "seat":
			seatText = o.StringValue()
		case "user":
			newUser = o.Value.(string) // checkCommand made sure
		case "bot":
			bot = o.BoolValue()
		case "level":
			level = o.StringValue() // checkCommand made sure it is a level
		}
	}
	seat, ok := findSeat(g, seatText)
	if !ok {
		return private(fmt.Sprintf("There is no seat %s; give a seat number or a player's name.", engine.Quote(seatText)))
	}
	switch {
	case bot == (newUser != ""):
		return private("Choose either a `user` to take the seat, or `bot: True` to let the bot play it.")
	case level != "" && !bot:
		return private("A `level` is for the bot: add `bot: True`.")
	case g.Meta.Seats[seat].UserID == "" && !g.Meta.Seats[seat].Bot:
		return private("That seat is the automa's; it cannot change hands.")
	case newUser != "" && g.Meta.Seated(newUser):
		return private("That user already has a seat in this game.")
	}
	who := "the bot, " + levelText(cmp.Or(level, g.Meta.Level))
	if !bot {
		who = mention(newUser)
	}
	announce := fmt.Sprintf("%s's seat is now played by %s (changed by %s).", g.Meta.Seats[seat].Name, who, displayName(i))
	if _, err := h.referee().Reseat(g.ID, g.Stamp, seat, adega.SeatUser{UserID: newUser, Bot: bot, Level: level}, h.Now(), h.turn(announce, true)); err != nil {
		return h.fail(i, err)
	}
	return private("Done. The board follows in the channel.")
}

// findSeat reads a seat number (from 1) or a player's name.
func findSeat(g *adega.Game, text string) (engine.Seat, bool) {
	if n, err := strconv.Atoi(text); err == nil && n >= 1 && n <= len(g.Meta.Seats) {
		return engine.Seat(n - 1), true
	}
	for s, u := range g.Meta.Seats {
		if strings.EqualFold(u.Name, text) {
			return engine.Seat(s), true
		}
	}
	return 0, false
}
