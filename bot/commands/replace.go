package commands

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
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
	var seatText, newUser string
	bot := false
	for _, o := range sub.Options {
		switch o.Name {
		case "seat":
			seatText = o.StringValue()
		case "user":
			newUser = o.Value.(string)
		case "bot":
			bot = o.BoolValue()
		}
	}
	seat, ok := findSeat(g, seatText)
	if !ok {
		return private(fmt.Sprintf("There is no seat %q; give a seat number or a player's name.", seatText))
	}
	switch {
	case bot == (newUser != ""):
		return private("Choose either a `user` to take the seat, or `bot: True` to let the bot play it.")
	case g.Meta.Seats[seat].UserID == "" && !g.Meta.Seats[seat].Bot:
		return private("That seat is the automa's; it cannot change hands.")
	case newUser != "" && slices.ContainsFunc(g.Meta.Seats, func(s storage.SeatUser) bool { return s.UserID == newUser }):
		return private("That user already has a seat in this game.")
	}
	if _, err := h.Store.UpdateMeta(g.ID, func(m *storage.Meta) error {
		m.Seats[seat].UserID, m.Seats[seat].Bot = newUser, bot
		m.UpdatedAt = h.Now() // the new player's wait starts now
		return nil
	}); err != nil {
		return h.fail(i, err)
	}
	name := g.Meta.Seats[seat].Name
	who := "the bot"
	if !bot {
		who = mention(newUser)
	}
	announce := fmt.Sprintf("%s's seat is now played by %s (changed by %s).", name, who, displayName(i))
	g, err = h.Store.Load(g.ID)
	if err != nil {
		return h.fail(i, err)
	}
	g, events, err := h.playBots(g)
	if err != nil {
		return h.fail(i, err)
	}
	return Reply{Ack: deferPrivate(), Posts: []Post{h.turnPost(g, events, announce, true)}, Edit: edit("Done.")}
}

// findSeat reads a seat number (from 1) or a player's name.
func findSeat(g *storage.Game, text string) (engine.Seat, bool) {
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

// playBots plays every decision that falls to a seat the bot took over,
// until a person must act, and returns the game and what happened.
func (h *Handler) playBots(g *storage.Game) (*storage.Game, []engine.Event, error) {
	var events []engine.Event
	for !g.State.Over() {
		pending := g.State.Pending()
		k := slices.IndexFunc(pending, func(p engine.Pending) bool { return g.Meta.Seats[p.Seat].Bot })
		if k < 0 {
			break
		}
		seat := pending[k].Seat
		act, err := engine.Auto(g.State, seat)
		if err != nil {
			return nil, nil, err
		}
		res, err := h.Store.Move(g.ID, g.Version, seat, act, h.Now())
		if err != nil {
			return nil, nil, err
		}
		events = append(events, engine.Say(seat, fmt.Sprintf("The bot plays for %s.", g.Meta.Seats[seat].Name)))
		events = append(events, res.Events...)
		g = res.Game
	}
	return g, events, nil
}
