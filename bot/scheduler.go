package bot

import (
	"context"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/referee"
)

// The reminder scheduler (bot/remind) runs beside the gateway for as long
// as Run does. Its messages go to the outbox, which the courier delivers;
// its searches run in the handler's thinkers, beside the hints; the bot
// lends it the game channels' locks, so that a move it makes for an absent
// player keeps its order with the players' own.

// runScheduler serves reminders until ctx is done.
func (b *Bot) runScheduler(ctx context.Context) {
	s := &remind.Scheduler{Store: b.handler.Store, Config: b.handler.Reminders, Out: announcer{b.handler, b}, Now: b.handler.Now, Shared: b.handler.Shared,
		Log: b.log.With("part", "reminders"), AI: b.handler.AI, Thinkers: b.handler.Thinkers(), Metrics: b.handler.Metrics}
	if err := s.Run(ctx); err != nil {
		b.log.Error("the reminder scheduler stopped", "err", err)
	}
}

// announcer is the scheduler's Announcer: the handler's messages and the
// bot's channel locks.
type announcer struct {
	h *commands.Handler
	b *Bot
}

func (a announcer) Remind(r remind.Reminder) []*adega.Outgoing { return a.h.Remind(r) }
func (a announcer) Digest(d remind.Digest) []*adega.Outgoing   { return a.h.Digest(d) }
func (a announcer) Absent(x remind.Absence, p remind.Played) adega.PostFunc {
	return a.h.Absent(x, p)
}
func (a announcer) Bots(m adega.Meta, plays []referee.Play) adega.PostFunc {
	return a.h.Bots(m, plays)
}
func (a announcer) Lock(channelID string) func() { return a.b.locks.lock(channelID) }
