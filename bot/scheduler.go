package bot

import (
	"context"
	"math/rand/v2"

	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/storage"
)

// The reminder scheduler (bot/remind) runs beside the gateway for as long
// as Run does. Its messages go to the outbox, which the courier delivers;
// the bot lends it the game channels' locks, so that a move it makes for an
// absent player keeps its order with the players' own.

// runScheduler serves reminders until ctx is done.
func (b *Bot) runScheduler(ctx context.Context) {
	s := &remind.Scheduler{Store: b.handler.Store, Config: b.handler.Reminders, Out: announcer{b.handler, b}, Now: b.handler.Now,
		Log: b.log.With("part", "reminders"), Decide: b.playAbsent}
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

func (a announcer) Remind(r remind.Reminder) []*storage.Outgoing { return a.h.Remind(r) }
func (a announcer) Digest(d remind.Digest) []*storage.Outgoing   { return a.h.Digest(d) }
func (a announcer) Absent(x remind.Absence, p remind.Played) storage.PostFunc {
	return a.h.Absent(x, p)
}
func (a announcer) Lock(channelID string) func() { return a.b.locks.lock(channelID) }

// absentLevel is how the AI plays for an absent player under the auto
// rule.
const absentLevel = ai.Normal

// playAbsent makes an absent player's decision with the AI, from what the
// player's seat may see. A game the AI cannot search without peeking (it
// hides information and cannot sample it) gets the simple legal choice
// (engine.Auto) instead.
func (b *Bot) playAbsent(s engine.State, seat engine.Seat) (engine.Action, error) {
	d, err := ai.Decide(s, seat, ai.Config{Budget: absentLevel.Budget(), Seed: rand.Uint64()})
	if err != nil {
		b.log.Warn("the AI cannot play this game; the absent player's decision is the simple one", "err", err)
		return engine.Auto(s, seat)
	}
	return d.Action, nil
}
