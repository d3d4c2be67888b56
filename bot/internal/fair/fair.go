// Package fair shares a bounded number of slots (cores for the AI's
// searches, painters for drawing) among the owners of the work: a user for
// what they ask for, a game for what it does on its own. Work of a higher
// class runs first; within a class the owner with the fewest tasks running
// goes next, and of those the one served longest ago: owners take turns.
// So a newcomer waits for the tasks already running, not behind another
// owner's queue, and an owner with many tasks still has every free slot
// while nobody else waits.
package fair

import (
	"runtime"
	"slices"
	"sync"
	"time"
)

// Class orders work: a task of a lower class never starts while one of a
// higher class waits.
type Class int

const (
	// People is the work of games with people in them and people's own
	// requests.
	People Class = iota
	// Bots is the work of games with no human seat left.
	Bots
	classes
)

// Pool hands out its slots fairly. The zero value is ready to use, with
// the default number of slots.
type Pool struct {
	// Slots bounds the tasks running at once; zero is GOMAXPROCS − 1, at
	// least 1, which leaves a core for everything else.
	Slots int
	// Waited, if set before the pool is used, is told how long each task
	// waited for its slot.
	Waited func(time.Duration)

	mu      sync.Mutex
	running int
	queued  int    // tasks waiting
	starts  uint64 // tasks started so far
	owners  map[key]*owner
	waiting [classes][]*owner // owners with tasks waiting
}

type key struct {
	class Class
	name  string
}

type owner struct {
	key     key
	running int
	last    uint64          // when its newest task started, counted in starts
	waiting []chan struct{} // oldest first
}

// Acquire waits for a slot for a task of owner in class, and returns its
// release, which must be called once the task is done.
func (p *Pool) Acquire(class Class, owner string) (release func()) {
	queued := time.Now() // the wall clock: a wait measured
	o, ready := p.enqueue(class, owner)
	<-ready
	p.waited(queued)
	return func() { p.release(o) }
}

// Do runs task in a slot of owner in class, and returns when it is done.
func (p *Pool) Do(class Class, owner string, task func()) {
	defer p.Acquire(class, owner)()
	task()
}

// Go runs task in a slot of owner in class, on a goroutine of its own. It
// takes its place in line before it returns, so the next task a task
// queues before it ends is in line when its slot is freed. A panic in task
// is not recovered.
func (p *Pool) Go(class Class, owner string, task func()) {
	queued := time.Now() // the wall clock: a wait measured
	o, ready := p.enqueue(class, owner)
	go func() {
		<-ready
		p.waited(queued)
		defer p.release(o)
		task()
	}()
}

// enqueue takes a slot for a task of owner in class, or its place in line
// for one; ready is closed once the slot is the task's.
func (p *Pool) enqueue(class Class, owner string) (o *owner, ready chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	o = p.owner(key{class, owner})
	ready = make(chan struct{})
	if p.running < p.slots() {
		// Tasks wait only while every slot is taken, so nobody is ahead.
		p.start(o)
		close(ready)
		return o, ready
	}
	if len(o.waiting) == 0 {
		p.waiting[class] = append(p.waiting[class], o)
	}
	o.waiting = append(o.waiting, ready)
	p.queued++
	return o, ready
}

// waited tells Waited how long a task queued at queued waited.
func (p *Pool) waited(queued time.Time) {
	if p.Waited != nil {
		p.Waited(time.Since(queued))
	}
}

// Waiting is how many tasks wait for a slot.
func (p *Pool) Waiting() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.queued
}

func (p *Pool) slots() int {
	if p.Slots > 0 {
		return p.Slots
	}
	return max(1, runtime.GOMAXPROCS(0)-1)
}

// owner is the record of k, made if needed; p.mu is held.
func (p *Pool) owner(k key) *owner {
	if p.owners == nil {
		p.owners = map[key]*owner{}
	}
	o := p.owners[k]
	if o == nil {
		o = &owner{key: k}
		p.owners[k] = o
	}
	return o
}

// start counts a task of o as running; p.mu is held.
func (p *Pool) start(o *owner) {
	o.running++
	p.running++
	p.starts++
	o.last = p.starts
}

// release ends a task of o and gives its slot to the next in turn.
func (p *Pool) release(o *owner) {
	p.mu.Lock()
	defer p.mu.Unlock()
	o.running--
	p.running--
	p.forget(o)
	for c := range p.waiting {
		if len(p.waiting[c]) > 0 {
			p.wake(Class(c))
			return
		}
	}
}

// wake starts the oldest task of class's next owner: among those with the
// fewest tasks running, the one served longest ago. p.mu is held.
func (p *Pool) wake(class Class) {
	line := p.waiting[class]
	next := 0
	for k, o := range line {
		if o.running < line[next].running || (o.running == line[next].running && o.last < line[next].last) {
			next = k
		}
	}
	o := line[next]
	ready := o.waiting[0]
	if o.waiting = o.waiting[1:]; len(o.waiting) == 0 {
		p.waiting[class] = slices.Delete(line, next, next+1)
	}
	p.queued--
	p.start(o)
	close(ready)
}

// forget drops the record of an owner with nothing running or waiting;
// p.mu is held.
func (p *Pool) forget(o *owner) {
	if o.running == 0 && len(o.waiting) == 0 {
		delete(p.owners, o.key)
	}
}
