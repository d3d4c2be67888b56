package bot

import (
	"context"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/ops"
)

// interact handles one interaction. The handler's work (reading and
// changing the game) and the acknowledgement happen under the channel's
// lock, so a game's changes and answers keep their order; nothing slow
// happens there: boards are drawn by the outbox's courier and by deferred
// edits, after the lock is released. Autocomplete only reads, so it skips
// the queue. An interaction delivered a second time is dropped: the first
// copy answers it; interact then reports false. The initial response goes
// through respond (see responder), everything after it through REST.
func (b *Bot) interact(i *discordgo.Interaction, respond responder) bool {
	arrived := time.Now() // the wall clock: the acknowledgement's delay is measured
	log := b.interactionLog(i)
	metrics, kind := b.handler.Metrics, kindOf(i)
	if !b.seen.Mark(i.ID, b.handler.Now()) || b.handledBefore(log, i.ID) {
		log.Info("dropped an interaction delivered twice")
		metrics.Interaction(kind, ops.Duplicate)
		return false
	}
	b.running.Add(1)
	defer b.running.Done()
	acked := false
	defer func() {
		if p := recover(); p != nil {
			log.Error("panic while handling an interaction", "panic", p, "stack", string(debug.Stack()))
			metrics.Interaction(kind, ops.Panicked)
			b.apologize(log, i, respond, acked)
		}
	}()
	reply := b.decide(log, i, respond, &acked)
	if acked {
		metrics.Acknowledged(time.Since(arrived))
		metrics.Interaction(kind, ops.Answered)
	} else {
		metrics.Interaction(kind, ops.Failed)
	}
	// Autocomplete comes at every keystroke: its lines are for debugging.
	level := slog.LevelInfo
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		level = slog.LevelDebug
	}
	log.Log(context.Background(), level, "interaction answered", "acked", acked, "took", time.Since(arrived).Round(time.Millisecond))
	b.follow(log, i, reply)
	return true
}

// interactionLog is the logger of an interaction's work: each line names
// the interaction, its server, channel and user, what was asked (the
// command or the component's custom ID) and the channel's game, so that an
// operator can follow a move through the log (docs/deploy.md).
func (b *Bot) interactionLog(i *discordgo.Interaction) *slog.Logger {
	attrs := []any{"interaction", i.ID, "guild", i.GuildID, "channel", i.ChannelID}
	if u := interactionUser(i); u != nil {
		attrs = append(attrs, "user", u.ID)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		attrs = append(attrs, "command", i.ApplicationCommandData().Name)
	case discordgo.InteractionMessageComponent:
		attrs = append(attrs, "custom_id", i.MessageComponentData().CustomID)
	case discordgo.InteractionModalSubmit:
		attrs = append(attrs, "custom_id", i.ModalSubmitData().CustomID)
	}
	// Autocomplete comes at every keystroke and logs at debug level only:
	// it is not worth a read of the store to name its game.
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return b.log.With(attrs...)
	}
	if games, err := b.handler.Store.ActiveGames(i.ChannelID); err == nil && len(games) > 0 {
		attrs = append(attrs, "game", strings.Join(games, ","))
	}
	return b.log.With(attrs...)
}

// interactionUser is who sent an interaction: a member in a server, a
// user in DMs.
func interactionUser(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// kindOf is an interaction's kind, for the metrics.
func kindOf(i *discordgo.Interaction) ops.Kind {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return ops.KindCommand
	case discordgo.InteractionMessageComponent:
		return ops.KindComponent
	case discordgo.InteractionApplicationCommandAutocomplete:
		return ops.KindAutocomplete
	}
	return ops.KindOther
}

// handledBefore reports an interaction whose move was stored by an earlier
// run of the bot.
func (b *Bot) handledBefore(log *slog.Logger, id string) bool {
	done, err := b.handler.Store.Handled(id)
	if err != nil {
		log.Error("cannot tell whether an interaction was handled", "err", err)
	}
	return done
}

// decide gets the handler's reply, queues its posts and sends the ack. No
// painter starts meanwhile (commands.Handler.Answering).
func (b *Bot) decide(log *slog.Logger, i *discordgo.Interaction, respond responder, acked *bool) commands.Reply {
	defer b.handler.Answering()()
	if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		unlock := b.locks.lock(i.ChannelID)
		defer unlock()
	}
	reply := b.handler.Handle(i)
	b.queue(log, reply.Posts)
	if reply.Ack != nil {
		if err := respond(i, reply.Ack); err != nil {
			log.Error("could not answer the interaction", "err", err)
			return commands.Reply{}
		}
		*acked = true
		// The wall clock, not the handler's: the time is compared with
		// the times in Discord's snowflakes (referee.AlreadyPlayed).
		b.handler.Acknowledged(i.ID, time.Now())
	}
	return reply
}

// threadArchiveMinutes is how long a game's thread stays open without a
// message: a week, the longest Discord offers, for games played slowly.
const threadArchiveMinutes = 7 * 24 * 60

// follow does the rest of a reply after the ack: the thread or DM it
// opens, and the edit of a deferred ack.
func (b *Bot) follow(log *slog.Logger, i *discordgo.Interaction, r commands.Reply) {
	if t := r.Thread; t != nil {
		start := &discordgo.ThreadStart{Name: t.Name, AutoArchiveDuration: threadArchiveMinutes, Type: discordgo.ChannelTypeGuildPublicThread}
		var ch *discordgo.Channel
		var err error
		if t.MessageID != "" {
			ch, err = b.session.MessageThreadStartComplex(t.ChannelID, t.MessageID, start)
		} else {
			ch, err = b.session.ThreadStartComplex(t.ChannelID, start)
		}
		if err != nil {
			log.Error("could not open a thread", "parent", t.ChannelID, "err", err)
			return
		}
		b.queue(log, t.Then(ch.ID).Posts)
	}
	if dm := r.DM; dm != nil {
		ch, err := b.session.UserChannelCreate(dm.UserID)
		if err != nil {
			log.Error("could not open a DM", "err", err)
			return
		}
		b.queue(log, dm.Then(ch.ID).Posts)
	}
	if r.Edit != nil {
		edit, err := r.Edit()
		if err != nil {
			log.Error("could not prepare the answer", "err", err)
			sorry := "Sorry, something went wrong on my side; please try again."
			edit = &discordgo.WebhookEdit{Content: &sorry, AllowedMentions: commands.NoMentions()}
		}
		if _, err := b.session.InteractionResponseEdit(i, edit); err != nil {
			log.Error("could not edit the answer", "err", err)
		}
	}
}

// queue puts posts in the outbox, for the courier.
func (b *Bot) queue(log *slog.Logger, posts []commands.Post) {
	var out []*adega.Outgoing
	for _, p := range posts {
		o, err := commands.Outgoing(p)
		if err != nil {
			log.Error("could not queue a message", "to_channel", p.ChannelID, "err", err)
			continue
		}
		out = append(out, o)
	}
	if err := b.handler.Store.Enqueue(out...); err != nil {
		log.Error("could not queue messages", "err", err)
	}
}

// apologize answers an interaction whose handler panicked, privately.
func (b *Bot) apologize(log *slog.Logger, i *discordgo.Interaction, respond responder, acked bool) {
	const sorry = "Sorry, something went wrong on my side. Your move was not played unless the board says so; please try again."
	var err error
	if acked {
		_, err = b.session.FollowupMessageCreate(i, false, &discordgo.WebhookParams{Content: sorry, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: commands.NoMentions()})
	} else {
		err = respond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: sorry, Flags: discordgo.MessageFlagsEphemeral,
				AllowedMentions: commands.NoMentions()},
		})
	}
	if err != nil {
		log.Error("could not apologize", "err", err)
	}
}

// keyedMutex serializes work per key (a channel), without a lock per key
// living forever: each key's lock is dropped when nobody holds or waits.
type keyedMutex struct {
	mu    sync.Mutex
	locks map[string]*keyLock
}

type keyLock struct {
	sync.Mutex
	users int
}

func (k *keyedMutex) lock(key string) (unlock func()) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyLock{}
	}
	l := k.locks[key]
	if l == nil {
		l = &keyLock{}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		if l.users--; l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}
