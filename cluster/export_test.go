package cluster

import (
	"context"
	"time"
)

// PublishGame publishes a game's entries now, for the benchmarks.
func (p *Players) PublishGame(id string) error { return p.publishGame(context.Background(), id) }

// SetClaimWait shortens the wait for another address's registration of a
// shard to lapse, for the test of a conflict.
func (o *Owners) SetClaimWait(d time.Duration) { o.claimWait = d }
