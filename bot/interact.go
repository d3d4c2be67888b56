package bot

import (
	"runtime/debug"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/commands"
)

// interact handles one interaction: it gets the handler's reply and sends
// it. Autocomplete only reads, so it skips the channel's queue.
func (b *Bot) interact(i *discordgo.Interaction) {
	b.running.Add(1)
	defer b.running.Done()
	acked := false
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("panic while handling an interaction", "interaction", i.ID, "panic", p, "stack", string(debug.Stack()))
			b.apologize(i, acked)
		}
	}()
	if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		unlock := b.locks.lock(i.ChannelID)
		defer unlock()
	}
	reply := b.handler.Handle(i)
	b.send(i, reply, &acked)
}

// send delivers a reply: the ack first, then the thread and posts, then the
// edit of the ack.
func (b *Bot) send(i *discordgo.Interaction, r commands.Reply, acked *bool) {
	log := b.log.With("interaction", i.ID)
	if r.Ack != nil {
		if err := b.session.InteractionRespond(i, r.Ack); err != nil {
			log.Error("could not answer the interaction", "err", err)
			return
		}
		*acked = true
	}
	posts := r.Posts
	if t := r.Thread; t != nil {
		start := &discordgo.ThreadStart{Name: t.Name, AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPublicThread}
		var ch *discordgo.Channel
		var err error
		if t.MessageID != "" {
			ch, err = b.session.MessageThreadStartComplex(t.ChannelID, t.MessageID, start)
		} else {
			ch, err = b.session.ThreadStartComplex(t.ChannelID, start)
		}
		if err != nil {
			log.Error("could not open a thread", "channel", t.ChannelID, "err", err)
			return
		}
		posts = append(posts, t.Then(ch.ID).Posts...)
	}
	if dm := r.DM; dm != nil {
		ch, err := b.session.UserChannelCreate(dm.UserID)
		if err != nil {
			log.Error("could not open a DM", "err", err)
			return
		}
		posts = append(posts, dm.Then(ch.ID).Posts...)
	}
	for _, p := range posts {
		b.deliver(log, p) // logs its own failure
	}
	if r.Edit != nil {
		edit, err := r.Edit()
		if err != nil {
			log.Error("could not prepare the answer", "err", err)
			return
		}
		if _, err := b.session.InteractionResponseEdit(i, edit); err != nil {
			log.Error("could not edit the answer", "err", err)
		}
	}
}

// apologize answers an interaction whose handler panicked, privately.
func (b *Bot) apologize(i *discordgo.Interaction, acked bool) {
	const sorry = "Sorry, something went wrong on my side. Your move was not played unless the board says so; please try again."
	var err error
	if acked {
		_, err = b.session.FollowupMessageCreate(i, false, &discordgo.WebhookParams{Content: sorry, Flags: discordgo.MessageFlagsEphemeral})
	} else {
		err = b.session.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: sorry, Flags: discordgo.MessageFlagsEphemeral},
		})
	}
	if err != nil {
		b.log.Error("could not apologize", "interaction", i.ID, "err", err)
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
