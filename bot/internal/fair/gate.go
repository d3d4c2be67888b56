package fair

import (
	"sync"
	"time"
)

// Gate holds work back while more urgent work is under way: the painters
// wait while an interaction is being answered, so that no drawing starts
// in the window of an acknowledgement. The zero value is open.
type Gate struct {
	mu   sync.Mutex
	held int
	open chan struct{} // closed when the last hold ends; nil while open
}

// Hold closes the gate until the returned release is called; holds add up,
// and calling a release again does nothing.
func (g *Gate) Hold() (release func()) {
	g.mu.Lock()
	if g.held == 0 {
		g.open = make(chan struct{})
	}
	g.held++
	g.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			if g.held--; g.held == 0 {
				close(g.open)
				g.open = nil
			}
		})
	}
}

// Wait returns once nothing holds the gate, or once most has passed, so
// that work held back still moves when holds overlap without end.
func (g *Gate) Wait(most time.Duration) {
	g.mu.Lock()
	open := g.open
	g.mu.Unlock()
	if open == nil {
		return
	}
	timer := time.NewTimer(most)
	defer timer.Stop()
	select {
	case <-open:
	case <-timer.C:
	}
}
