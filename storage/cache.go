package storage

import (
	"sync"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// gameCache keeps the newest moment of recently used games, as this
// process loaded or stored it, so that a move reads its game instead of
// replaying the whole log. An entry is valid while the stored stamp is its
// own: every change of a game's state, seats or status changes the stamp.
// Entries are never changed in place; readers get copies (Game.Clone),
// whose state keeps what its reader walks apart (engine.Share): an entry
// holds one state, not the state and a walk of its next decision.
type gameCache struct {
	mu    sync.Mutex
	games map[string]*adega.Game
}

// cachedGames bounds the cache: a few hundred games of a few tens of KB.
const cachedGames = 256

func (c *gameCache) get(id string, stamp uint64) *adega.Game {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.games[id]
	if g == nil || g.Stamp != stamp {
		return nil
	}
	return shared(g)
}

// shared is a copy of g for one reader or keeper (see gameCache).
func shared(g *adega.Game) *adega.Game {
	c := g.Clone()
	c.State = engine.Share(g.State)
	return c
}

// put keeps g unless the cache holds a newer moment of the game, or the
// same moment narrated where g is not: a slow reader (an audit, a load
// that raced a move) never replaces what a faster one left.
func (c *gameCache) put(g *adega.Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games == nil {
		c.games = map[string]*adega.Game{}
	}
	if old := c.games[g.ID]; old != nil && (old.Stamp > g.Stamp || old.Stamp == g.Stamp && old.NarratedFrom < g.NarratedFrom) {
		return
	}
	if _, ok := c.games[g.ID]; !ok && len(c.games) >= cachedGames {
		for id := range c.games { // any one: Go's map order is random
			delete(c.games, id)
			break
		}
	}
	c.games[g.ID] = recentNarration(g)
}

// recentNarration is a copy of g whose log keeps the events of its newest
// moves only: the events are most of a game's memory, and a change needs
// no more than narratedTail. The log is copied to its length: the array a
// move appended to has room to grow (up to as much again), which a kept
// game never uses; the copy is some 130 bytes a move of the game, a few
// microseconds.
func recentNarration(g *adega.Game) *adega.Game {
	c := shared(g)
	c.Log = append(make([]adega.LogEntry, 0, len(g.Log)), g.Log...)
	from := max(c.NarratedFrom, len(c.Log)-narratedTail)
	for i := c.NarratedFrom; i < from; i++ {
		c.Log[i].Events = nil
	}
	c.NarratedFrom = from
	return c
}
