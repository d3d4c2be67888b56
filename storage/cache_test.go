package storage

import (
	"runtime"
	"testing"

	"github.com/adega-bot/adega/internal/gametest"
)

// A cached game holds one state: the walk a reader makes of its next
// decision (a turn message's menu, a player's clicks) goes with the
// reader, and the cache keeps no second state beside each game.
func TestCachedGamesKeepNoWalk(t *testing.T) {
	s := vinhosStore(t)
	const games = 40
	var ids []string
	for k := range games {
		ids = append(ids, gametest.CreateFourPlayer(t, s, uint64(k+1)).ID)
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	for _, id := range ids {
		g, err := s.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.State.Choices(g.State.Pending()[0].Seat, nil); err != nil {
			t.Fatal(err)
		}
	}
	if grown := int64(heap()) - int64(before); grown > games*1024 {
		t.Errorf("the cache holds %d bytes more a game after each game's next decision was listed", grown/games)
	}
}
