package storage

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/adega-bot/adega"
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

// A cached game's log holds its entries and no room to grow: the array a
// move appended to may hold as many again, which a kept game never uses.
func TestCachedLogsKeepNoSpareRoom(t *testing.T) {
	s := vinhosStore(t)
	g := gametest.PlayRandomly(t, mover(s), gametest.CreateFourPlayer(t, s, 3), rand.New(rand.NewPCG(1, 2)), 40)
	next := g.Clone()
	seat, action := gametest.FirstLegal(t, g.State)
	var err error
	if next.State, _, err = g.State.Apply(seat, action); err != nil {
		t.Fatal(err)
	}
	next.Log = append(next.Log, adega.LogEntry{Seat: seat, Action: action, At: gametest.T0}) // room for as many again
	next.Version++
	if _, err := s.Commit(g, next, gametest.T0, nil, nil); err != nil {
		t.Fatal(err)
	}
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if kept := s.cache.games[g.ID].Log; len(kept) != len(next.Log) || unsafe.SliceData(kept) == unsafe.SliceData(next.Log) {
		t.Errorf("the cached log of %d moves is the array of %d the move appended to", len(kept), cap(next.Log))
	}
}
