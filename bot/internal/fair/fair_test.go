package fair

import (
	"slices"
	"sync"
	"testing"
	"testing/synctest"
)

// The tests run in a synctest bubble: synctest.Wait returns once every
// task is running or waiting for its slot, so the order is the pool's.

// tracker runs tasks that hold their slot until the test finishes them,
// and records the order they started in.
type tracker struct {
	mu       sync.Mutex
	order    []string
	releases map[string]chan struct{}
}

// queue starts a task of owner in class named name, and returns once it
// runs or waits for its slot.
func (tr *tracker) queue(p *Pool, class Class, owner, name string) {
	tr.mu.Lock()
	if tr.releases == nil {
		tr.releases = map[string]chan struct{}{}
	}
	done := make(chan struct{})
	tr.releases[name] = done
	tr.mu.Unlock()
	go func() {
		release := p.Acquire(class, owner)
		tr.mu.Lock()
		tr.order = append(tr.order, name)
		tr.mu.Unlock()
		<-done
		release()
	}()
	synctest.Wait()
}

// finish ends a running task and waits for the pool to start the next.
func (tr *tracker) finish(name string) {
	tr.mu.Lock()
	close(tr.releases[name])
	delete(tr.releases, name)
	tr.mu.Unlock()
	synctest.Wait()
}

// drain lets every task end, for the bubble to close.
func (tr *tracker) drain() {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	for _, done := range tr.releases {
		close(done)
	}
	tr.releases = nil
}

func (tr *tracker) started() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return slices.Clone(tr.order)
}

// Twelve tasks of one owner, then one of another: the newcomer runs as
// soon as the task running ends, not after the eleven waiting.
func TestNewcomerWaitsOnlyForTheTaskRunning(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &Pool{Slots: 1}
		var tr tracker
		defer tr.drain()
		for k := range 12 {
			tr.queue(p, People, "ana", "ana"+string(rune('a'+k)))
		}
		tr.queue(p, People, "bia", "bia")
		if got := tr.started(); !slices.Equal(got, []string{"anaa"}) {
			t.Fatalf("started %v, want ana's first task alone", got)
		}
		tr.finish("anaa")
		if got := tr.started(); !slices.Equal(got, []string{"anaa", "bia"}) {
			t.Fatalf("started %v, want bia's task next", got)
		}
		tr.finish("bia")
		for k := 1; k < 12; k++ {
			tr.finish("ana" + string(rune('a'+k)))
		}
		if got := tr.started(); len(got) != 13 {
			t.Fatalf("started %v, want all 13", got)
		}
	})
}

// Owners take turns: with three owners waiting, each runs one task before
// any runs a second.
func TestOwnersTakeTurns(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &Pool{Slots: 1}
		var tr tracker
		defer tr.drain()
		tr.queue(p, People, "x", "x0")
		for _, o := range []string{"a", "b", "c"} {
			tr.queue(p, People, o, o+"1")
			tr.queue(p, People, o, o+"2")
		}
		for _, name := range []string{"x0", "a1", "b1", "c1", "a2", "b2"} {
			tr.finish(name)
		}
		want := []string{"x0", "a1", "b1", "c1", "a2", "b2", "c2"}
		if got := tr.started(); !slices.Equal(got, want) {
			t.Fatalf("started %v, want %v", got, want)
		}
	})
}

// Work of games without people never starts while people's work waits,
// even when it waited first.
func TestBotsWaitBehindPeople(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &Pool{Slots: 1}
		var tr tracker
		defer tr.drain()
		tr.queue(p, Bots, "g1", "bots0")
		tr.queue(p, Bots, "g1", "bots1")
		tr.queue(p, Bots, "g2", "bots2")
		tr.queue(p, People, "g3", "people")
		tr.finish("bots0")
		tr.finish("people")
		want := []string{"bots0", "people", "bots2"}
		if got := tr.started(); !slices.Equal(got, want) {
			t.Fatalf("started %v, want %v", got, want)
		}
	})
}

// One owner alone uses every slot; when another comes, the freed slot goes
// to the owner with fewer tasks running, whatever the line's order.
func TestFreeSlotsServeOneOwnerThenTheLeastServed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &Pool{Slots: 2}
		var tr tracker
		defer tr.drain()
		tr.queue(p, People, "ana", "a1")
		tr.queue(p, People, "ana", "a2")
		if got := tr.started(); !slices.Equal(got, []string{"a1", "a2"}) {
			t.Fatalf("started %v, want both of ana's tasks at once", got)
		}
		tr.queue(p, People, "ana", "a3")
		tr.queue(p, People, "bia", "b1")
		tr.finish("a1")
		want := []string{"a1", "a2", "b1"}
		if got := tr.started(); !slices.Equal(got, want) {
			t.Fatalf("started %v, want %v", got, want)
		}
	})
}

// The zero pool leaves a core for the rest, and never runs more tasks at
// once than its slots.
func TestSlotsBoundTheTasksRunning(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &Pool{Slots: 3}
		var tr tracker
		defer tr.drain()
		for k := range 8 {
			tr.queue(p, Class(k%2), string(rune('a'+k)), string(rune('a'+k)))
		}
		if got := tr.started(); len(got) != 3 {
			t.Fatalf("%d tasks run at once in 3 slots: %v", len(got), got)
		}
	})
	if n := (&Pool{}).slots(); n < 1 {
		t.Fatalf("the default pool has %d slots", n)
	}
}
