package cluster

import "context"

// PublishGame publishes a game's entries now, for the benchmarks.
func (p *Players) PublishGame(id string) error { return p.publishGame(context.Background(), id) }
