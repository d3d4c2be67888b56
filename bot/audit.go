package bot

import (
	"context"
	"time"
)

// A move trusts the snapshot its build wrote and replays nothing. The
// auditor checks those snapshots slowly in the background: every tick it
// replays one stored game and compares (storage.Store.Audit, which logs
// and flags a divergence and lets the replay win). A thousand games are
// checked in under six hours, at a few milliseconds of CPU each.

const auditEvery = 20 * time.Second

func (b *Bot) runAuditor(ctx context.Context) {
	tick := time.NewTicker(auditEvery)
	defer tick.Stop()
	last := ""
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		id, ok, err := b.handler.Store.NextGame(last)
		if err != nil || !ok {
			continue
		}
		last = id
		if _, err := b.handler.Store.Audit(id); err != nil {
			b.log.Error("audit: a stored game does not replay", "game", id, "err", err)
		}
	}
}
