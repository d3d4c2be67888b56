package bot

import (
	"context"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/remind"
)

// The reminder scheduler (bot/remind) runs beside the gateway for as long
// as Run does. The bot is its Sender: it sends reminders, digests and the
// moves made for absent players, holding the game channel's lock so that
// they keep their order with the players' own moves.

// runScheduler serves reminders until ctx is done.
func (b *Bot) runScheduler(ctx context.Context) {
	s := &remind.Scheduler{Store: b.handler.Store, Config: b.handler.Reminders, Out: sender{b}, Now: b.handler.Now,
		Log: b.log.With("part", "reminders")}
	if err := s.Run(ctx); err != nil {
		b.log.Error("the reminder scheduler stopped", "err", err)
	}
}

// deliver posts one message, with its board, and reports its ID.
func (b *Bot) deliver(log *slog.Logger, p commands.Post) error {
	msg := *p.Message
	if p.Board != nil {
		if png, err := p.Board(); err != nil {
			log.Error("could not draw the board", "err", err)
		} else {
			msg.Files = append(msg.Files, commands.PNGFile(png))
		}
	}
	m, err := b.session.ChannelMessageSendComplex(p.ChannelID, &msg)
	if err != nil {
		log.Error("could not post", "channel", p.ChannelID, "err", err)
		return err
	}
	if p.Sent != nil {
		p.Sent(m.ID)
	}
	return nil
}

// sender is the bot as the scheduler's Sender.
type sender struct{ b *Bot }

func (s sender) Remind(_ context.Context, r remind.Reminder) error {
	unlock := s.b.locks.lock(r.Game.ChannelID)
	defer unlock()
	log := s.b.log.With("game", r.Game.ID)
	err := s.b.deliver(log, s.b.handler.ReminderPost(r))
	if r.DM {
		if msg := s.b.handler.ReminderDM(r); msg != nil {
			if dmErr := s.b.dm(r.UserID, msg); dmErr != nil {
				log.Warn("could not send a reminder by DM", "user", r.UserID, "err", dmErr)
			}
		}
	}
	return err
}

func (s sender) Digest(_ context.Context, d remind.Digest) error {
	return s.b.dm(d.UserID, s.b.handler.DigestMessage(d))
}

func (s sender) Absent(_ context.Context, a remind.Absence) error {
	unlock := s.b.locks.lock(a.Game.ChannelID)
	defer unlock()
	played, err := a.Play()
	if err != nil || played == nil {
		return err
	}
	log := s.b.log.With("game", a.Game.ID)
	for _, p := range s.b.handler.AbsentPosts(a, played) {
		if err := s.b.deliver(log, p); err != nil {
			return err
		}
	}
	return nil
}

// dm sends a direct message to a user.
func (b *Bot) dm(userID string, msg *discordgo.MessageSend) error {
	ch, err := b.session.UserChannelCreate(userID)
	if err != nil {
		return err
	}
	_, err = b.session.ChannelMessageSendComplex(ch.ID, msg)
	return err
}
