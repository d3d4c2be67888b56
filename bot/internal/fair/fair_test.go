package fair

import (
	"runtime"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
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

// bubble runs f in a synctest bubble with a pool of slots and a tracker,
// and lets every task end before the bubble closes.
func bubble(t *testing.T, slots int, f func(*testing.T, *Pool, *tracker)) {
	synctest.Test(t, func(t *testing.T) {
		var tr tracker
		defer tr.drain()
		f(t, &Pool{Slots: slots}, &tr)
	})
}

// expect fails the test unless the tasks started are want, in order.
func (tr *tracker) expect(t *testing.T, want []string) {
	t.Helper()
	if got := tr.started(); !slices.Equal(got, want) {
		t.Fatalf("started %v, want %v", got, want)
	}
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
	bubble(t, 1, func(t *testing.T, p *Pool, tr *tracker) {
		for k := range 12 {
			tr.queue(p, People, "ana", "ana"+string(rune('a'+k)))
		}
		tr.queue(p, People, "bia", "bia")
		tr.expect(t, []string{"anaa"})
		tr.finish("anaa")
		tr.expect(t, []string{"anaa", "bia"})
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
	bubble(t, 1, func(t *testing.T, p *Pool, tr *tracker) {
		tr.queue(p, People, "x", "x0")
		for _, o := range []string{"a", "b", "c"} {
			tr.queue(p, People, o, o+"1")
			tr.queue(p, People, o, o+"2")
		}
		for _, name := range []string{"x0", "a1", "b1", "c1", "a2", "b2"} {
			tr.finish(name)
		}
		tr.expect(t, []string{"x0", "a1", "b1", "c1", "a2", "b2", "c2"})
	})
}

// Work of games without people never starts while people's work waits,
// even when it waited first.
func TestBotsWaitBehindPeople(t *testing.T) {
	bubble(t, 1, func(t *testing.T, p *Pool, tr *tracker) {
		tr.queue(p, Bots, "g1", "bots0")
		tr.queue(p, Bots, "g1", "bots1")
		tr.queue(p, Bots, "g2", "bots2")
		tr.queue(p, People, "g3", "people")
		tr.finish("bots0")
		tr.finish("people")
		tr.expect(t, []string{"bots0", "people", "bots2"})
	})
}

// One owner alone uses every slot; when another comes, the freed slot goes
// to the owner with fewer tasks running, whatever the line's order.
func TestFreeSlotsServeOneOwnerThenTheLeastServed(t *testing.T) {
	bubble(t, 2, func(t *testing.T, p *Pool, tr *tracker) {
		tr.queue(p, People, "ana", "a1")
		tr.queue(p, People, "ana", "a2")
		tr.expect(t, []string{"a1", "a2"})
		tr.queue(p, People, "ana", "a3")
		tr.queue(p, People, "bia", "b1")
		tr.finish("a1")
		tr.expect(t, []string{"a1", "a2", "b1"})
	})
}

// The zero pool leaves a core for the rest, and never runs more tasks at
// once than its slots.
func TestSlotsBoundTheTasksRunning(t *testing.T) {
	bubble(t, 3, func(t *testing.T, p *Pool, tr *tracker) {
		for k := range 8 {
			tr.queue(p, Class(k%2), string(rune('a'+k)), string(rune('a'+k)))
		}
		if got := tr.started(); len(got) != 3 {
			t.Fatalf("%d tasks run at once in 3 slots: %v", len(got), got)
		}
	})
	if n, want := (&Pool{}).slots(), max(1, runtime.GOMAXPROCS(0)-1); n != want {
		t.Fatalf("the default pool has %d slots, want %d", n, want)
	}
}

// A task of a game with people that queues its continuation before it
// ends hands its slot to it, not to the work of a game of bots alone that
// waited meanwhile.
func TestAContinuationKeepsItsPlaceInLine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &Pool{Slots: 1}
		var mu sync.Mutex
		var order []string
		ran := func(name string) {
			mu.Lock()
			defer mu.Unlock()
			order = append(order, name)
		}
		hold := make(chan struct{})
		p.Go(People, "game", func() {
			<-hold
			ran("decision 1")
			p.Go(People, "game", func() { ran("decision 2") })
		})
		p.Go(Bots, "bots", func() { ran("bots") })
		close(hold)
		synctest.Wait()
		if want := []string{"decision 1", "decision 2", "bots"}; !slices.Equal(order, want) {
			t.Fatalf("ran %v, want %v", order, want)
		}
	})
}

// The pool tells how many tasks wait, and how long each waited for its
// slot: the operations endpoint's queue and wait.
func TestWaitsAreCountedAndTimed(t *testing.T) {
	bubble(t, 1, func(t *testing.T, p *Pool, tr *tracker) {
		var mu sync.Mutex
		var waits []time.Duration
		p.Waited = func(d time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			waits = append(waits, d)
		}
		tr.queue(p, People, "ana", "a")
		tr.queue(p, People, "bia", "b")
		tr.queue(p, Bots, "g", "c")
		if n := p.Waiting(); n != 2 {
			t.Fatalf("%d tasks wait, want 2", n)
		}
		time.Sleep(3 * time.Second)
		tr.finish("a")
		if n := p.Waiting(); n != 1 {
			t.Fatalf("%d tasks wait, want 1", n)
		}
		mu.Lock()
		defer mu.Unlock()
		if !slices.Equal(waits, []time.Duration{0, 3 * time.Second}) {
			t.Fatalf("waits %v, want none for the first task and 3s for the second", waits)
		}
	})
}
