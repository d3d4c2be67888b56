package commands

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
)

// Followers are onlookers who get a game's news by direct message: the
// board and the standings at the end of each Fair, the winner and the
// scores at the end of the game. The news is queued in the transaction of
// the change that makes it, beside the turn message, and waits in the
// outbox for the follower's quiet hours to end, or for their daily
// digest when they chose one.

// kindNews is a follower's news: sent as queued, unless the moment it
// shows was taken back or its follower stopped following before it went.
const kindNews = "news"

// follow makes the user who sent i a follower of the channel's game.
func (h *Handler) follow(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	if _, ok := seatOf(g, user(i).ID); ok {
		return private(fmt.Sprintf("You play in this game: its turn messages already tell you what happens and ping you when it is your move, so there is nothing to follow. Onlookers can follow it with `/%s follow`.", g.Meta.Game))
	}
	if _, err := h.referee().Follow(g.ID, user(i).ID); err != nil {
		return h.fail(i, err)
	}
	when := "at the end of the game"
	if _, staged := g.State.(engine.Staged); staged {
		when = "at the end of each Fair and of the game"
	}
	return private(fmt.Sprintf("You now follow **%s** (game %s): you will get a direct message with the board %s. "+
		"It waits for the end of your quiet hours, and comes at your digest hour if you chose the daily digest (`/adega settings`). "+
		"`/%s unfollow` here stops them.", g.Meta.Title, g.ID, when, g.Meta.Game))
}

// unfollow stops the channel's game's news for the user who sent i,
// news already queued included.
func (h *Handler) unfollow(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	if _, err := h.referee().Unfollow(g.ID, user(i).ID); err != nil {
		return h.fail(i, err)
	}
	return private(fmt.Sprintf("You no longer follow **%s** (game %s): no more direct messages about it.", g.Meta.Title, g.ID))
}

// followingLine tells how many follow a game, or "" when nobody does.
func followingLine(m adega.Meta) string {
	if len(m.Followers) == 0 {
		return ""
	}
	return fmt.Sprintf("👀 %d following (`/%s follow`).", len(m.Followers), m.Game)
}

// followerNews is the news a change makes for the game's followers: the
// end of a stage (a Fair) or of the game; none for other changes, a new
// game or an undo.
func (h *Handler) followerNews(c adega.Change) ([]*adega.Outgoing, error) {
	g := c.Game
	if c.Before == nil || len(g.Meta.Followers) == 0 {
		return nil, nil
	}
	var msg *discordgo.MessageSend
	if g.State.Over() && !c.Before.Over() {
		msg = gameOverNews(g)
	} else if stage, ok := engine.StageEnded(c.Before, g.State); ok {
		msg = stageNews(g, stage)
	}
	if msg == nil {
		return nil, nil
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	now := h.Now()
	var out []*adega.Outgoing
	for _, id := range g.Meta.Followers {
		if _, plays := seatOf(g, id); plays {
			continue // a seat given to a follower: the turn message tells them
		}
		u, err := c.Users(id)
		if err != nil {
			return nil, err
		}
		o := &adega.Outgoing{Game: g.ID, UserID: id, Kind: kindNews, Message: data, Board: adega.BoardOf(g)}
		if at := newsAt(u, now); at.After(now) {
			o.NotBefore = at
		}
		out = append(out, o)
	}
	return out, nil
}

// newsAt is when a follower may get news: with their daily digest when
// they chose one, else now or when their quiet hours end.
func newsAt(u adega.User, now time.Time) time.Time {
	switch {
	case u.Prefs.Digest && u.DigestAt.After(now):
		return u.DigestAt
	case u.Prefs.Digest:
		return remind.NextDigest(now, u.Prefs)
	}
	return remind.QuietOf(u.Prefs).Until(now)
}

// stageNews tells a follower that a stage of the game ended, with the
// standings.
func stageNews(g *adega.Game, stage string) *discordgo.MessageSend {
	content := fmt.Sprintf("**%s** is over in **%s** (game %s): %s", stage, g.Meta.Title, g.ID, JumpLink(g.Meta, ""))
	return news(g, content, scoreFields(g.State, "Standings after "+stage))
}

// gameOverNews tells a follower who won, with the final scores.
func gameOverNews(g *adega.Game) *discordgo.MessageSend {
	content := fmt.Sprintf("**%s** (game %s) is over: %s. %s", g.Meta.Title, g.ID, winnerText(g.State), JumpLink(g.Meta, ""))
	return news(g, content, endFields(g.State))
}

// news is a follower's direct message: what happened, the public board,
// and how to stop the news. It pings nobody.
func news(g *adega.Game, content string, fields []*discordgo.MessageEmbedField) *discordgo.MessageSend {
	embed := &discordgo.MessageEmbed{
		Title:  engine.Shorten(fmt.Sprintf("%s · %s", g.Meta.Title, g.State.Phase()), titleLimit),
		Fields: fields,
		Image:  &discordgo.MessageEmbedImage{URL: "attachment://" + BoardFile},
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("You follow this game. To stop, use /%s unfollow in its channel.", g.Meta.Game)},
	}
	fitEmbed(embed)
	return &discordgo.MessageSend{Content: fit(content), Embeds: []*discordgo.MessageEmbed{embed}, AllowedMentions: NoMentions()}
}

// winnerText names the winner, first of the final ranking.
func winnerText(state engine.State) string {
	return fmt.Sprintf("**%s** wins", state.Players()[engine.FinalRanking(state)[0]].Name)
}

// newsMessage is a follower's news at delivery: nil, not to be sent, when
// an undo took its moment back or its follower no longer follows.
func (h *Handler) newsMessage(o adega.Outgoing) (json.RawMessage, error) {
	g, err := h.gameOf(o)
	if g == nil || err != nil || o.Board == nil || !reachable(g, *o.Board) || !slices.Contains(g.Meta.Followers, o.UserID) {
		return nil, err
	}
	return o.Message, nil
}
