package commands

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// A player may take back their own last action at once if nobody has acted
// since and it revealed nothing (a drawn tile, a flipped Vintage). Otherwise
// every other player must agree, with buttons, before undoWindow passes.
// Either way the game is replayed without the undone moves. An undo never
// peeks: what a move revealed is taken back only with the others' consent,
// so in a game nobody else plays (solo, or only bot seats) it stands,
// unless the game is practice, where it is taken back at once.

const undoWindow = 12 * time.Hour

// revealedWhy is the reason an undo of a move that turned up hidden
// information asks for consent.
const revealedWhy = "it revealed new information"

func (h *Handler) undo(i *discordgo.Interaction) Reply {
	g, seat, err := h.playerGame(i)
	if err == nil {
		g, err = h.Store.Narrate(g) // to tell what the moves revealed
	}
	if err != nil {
		return h.fail(i, err)
	}
	last := lastCommand(g.Log, seat)
	if last < 0 {
		return private("You have no action to take back yet.")
	}
	moves := len(g.Log) - last
	why := undoReasons(g, seat, last)
	others := h.consenters(g, seat)
	switch {
	case len(others) == 0 && slices.Contains(why, revealedWhy):
		return private("That would take back what was revealed since (" + revealedText(g.Log[last:]) + "), which needs the other players' " +
			"consent, and nobody else plays this game: the action stands. A game started with the `practice` option takes such " +
			"moves back at once, and counts in no statistics.")
	case len(why) == 0 || len(others) == 0:
		return h.applyUndo(i, g, seat, moves)
	}
	if _, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error {
		m.Undo = &adega.UndoRequest{Seat: seat, Moves: moves, Stamp: g.Stamp, Expires: h.Now().Add(undoWindow)}
		return nil
	}); err != nil {
		return h.fail(i, err)
	}
	var pings []string
	for _, s := range others {
		pings = append(pings, mention(g.Meta.Seats[s].UserID))
	}
	id := func(kind string) string { return customID{kind: kind, target: g.ID, stamp: g.Stamp}.String() }
	msg := &discordgo.MessageSend{
		Content: fit(fmt.Sprintf("**%s** asks to take back their last action (%s), undoing %s. Because %s, every other player must agree; the request closes <t:%d:R>: %s",
			g.Meta.Seats[seat].Name, lastText(g.Log[last]), plural(moves, "move"), strings.Join(reasonTexts(why, g.Log[last:]), " and "),
			h.Now().Add(undoWindow).Unix(), joinNames(pings))),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Agree", Style: discordgo.SuccessButton, CustomID: id(kindAgree)},
			discordgo.Button{Label: "Refuse", Style: discordgo.DangerButton, CustomID: id(kindRefuse)},
		}}},
		AllowedMentions: mentions(userIDs(g, others)...),
	}
	r := private("Your request is posted; the others must agree.")
	r.Posts = []Post{{ChannelID: g.Meta.ChannelID, Message: msg}}
	return r
}

// lastCommand is the index of the first log entry of seat's last
// command: its last move, and the parts before it of a typed command
// played in parts (a step turned up hidden information), which an undo
// takes back together. -1: seat has played nothing.
func lastCommand(log []adega.LogEntry, seat engine.Seat) int {
	last := len(log) - 1
	for last >= 0 && log[last].Seat != seat {
		last--
	}
	for last > 0 && laterPart.MatchString(log[last].Typed) && log[last-1].Seat == seat {
		last--
	}
	return last
}

// revealedText is what the first of entries that revealed something
// said.
func revealedText(entries []adega.LogEntry) string {
	for _, e := range entries {
		for _, ev := range e.Events {
			if ev.Reveal {
				return engine.Shorten(ev.Text, 200)
			}
		}
	}
	return "a hidden card turned up"
}

// reasonTexts are undoReasons for players: what was revealed, named.
func reasonTexts(why []string, entries []adega.LogEntry) []string {
	out := slices.Clone(why)
	for k, w := range out {
		if w == revealedWhy {
			out[k] = w + " (" + revealedText(entries) + ")"
		}
	}
	return out
}

// undoReasons say why taking back g's log from entry last on needs the
// others' consent: moves of other seats, and what a move revealed, unless
// the game is practice.
func undoReasons(g *adega.Game, seat engine.Seat, last int) []string {
	var why []string
	for _, e := range g.Log[last:] {
		if e.Seat != seat && !slices.Contains(why, "others have played since") {
			why = append(why, "others have played since")
		}
		if engine.Revealed(e.Events) && !g.Meta.Practice && !slices.Contains(why, revealedWhy) {
			why = append(why, revealedWhy)
		}
	}
	return why
}

// consenters are the other seats a person plays; automa and bot seats have
// no say.
func (h *Handler) consenters(g *adega.Game, requester engine.Seat) []engine.Seat {
	var out []engine.Seat
	for s, u := range g.Meta.Seats {
		if engine.Seat(s) != requester && u.UserID != "" && !u.Bot && u.UserID != g.Meta.Seats[requester].UserID {
			out = append(out, engine.Seat(s))
		}
	}
	return out
}

func userIDs(g *adega.Game, seats []engine.Seat) []string {
	var ids []string
	for _, s := range seats {
		ids = append(ids, g.Meta.Seats[s].UserID)
	}
	return ids
}

func lastText(e adega.LogEntry) string {
	if len(e.Events) == 0 {
		return e.Action.String()
	}
	return engine.Shorten(e.Events[0].Text, 200)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// applyUndo replays the game without the last moves and posts the board.
func (h *Handler) applyUndo(i *discordgo.Interaction, g *adega.Game, seat engine.Seat, moves int) Reply {
	header := fmt.Sprintf("**%s** took back their last action (%s).", g.Meta.Seats[seat].Name, plural(moves, "move"))
	if _, err := h.referee().Undo(g.ID, g.Stamp, moves, h.Now(), h.turn(header, true)); err != nil {
		return h.fail(i, err)
	}
	return private("Done. The board follows in the channel.")
}

// errNoUndo refuses to answer an undo request closed since it was shown.
var errNoUndo = &engine.Error{Code: adega.CodeRefused, Message: "That undo request is no longer open."}

// undoAnswer records another player's agreement or refusal.
func (h *Handler) undoAnswer(i *discordgo.Interaction, id customID) Reply {
	g, err := h.gameHere(i, id)
	if err != nil {
		return h.fail(i, err)
	}
	req := g.Meta.Undo
	if req == nil || req.Stamp != id.stamp || g.Stamp != req.Stamp || h.Now().After(req.Expires) {
		return update("That undo request is closed: the game moved on, it expired, or it was answered.")
	}
	seat, ok := seatOf(g, user(i).ID)
	if !ok || !slices.Contains(h.consenters(g, req.Seat), seat) {
		return private("Only the other players of this game answer this request.")
	}
	name := g.Meta.Seats[req.Seat].Name
	if id.kind == kindRefuse {
		if _, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error { m.Undo = nil; return nil }); err != nil {
			return h.fail(i, err)
		}
		return update(fmt.Sprintf("%s refused; %s's action stands.", displayName(i), name))
	}
	meta, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error {
		if m.Undo == nil || m.Undo.Stamp != req.Stamp {
			return errNoUndo
		}
		if !slices.Contains(m.Undo.Agreed, seat) {
			m.Undo.Agreed = append(m.Undo.Agreed, seat)
		}
		return nil
	})
	if err != nil {
		return h.fail(i, err)
	}
	needed := h.consenters(g, req.Seat)
	if len(meta.Undo.Agreed) < len(needed) {
		return update(fmt.Sprintf("%s wants to take back their last action. Agreed so far: %d of %d.", name, len(meta.Undo.Agreed), len(needed)),
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Agree", Style: discordgo.SuccessButton, CustomID: customID{kind: kindAgree, target: g.ID, stamp: g.Stamp}.String()},
				discordgo.Button{Label: "Refuse", Style: discordgo.DangerButton, CustomID: customID{kind: kindRefuse, target: g.ID, stamp: g.Stamp}.String()},
			}})
	}
	header := fmt.Sprintf("**%s** took back their last action (%s); everyone agreed.", name, plural(req.Moves, "move"))
	if _, err := h.referee().Undo(g.ID, g.Stamp, req.Moves, h.Now(), h.turn(header, true)); err != nil {
		return h.fail(i, err)
	}
	return update("Everyone agreed: the action is taken back.")
}
