package fair

import (
	"testing"
	"testing/synctest"
	"time"
)

// Work waits at the gate while anything holds it, and goes on when the
// last hold ends; a release called twice ends one hold only.
func TestGateHoldsWorkUntilTheLastHoldEnds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var g Gate
		first, second := g.Hold(), g.Hold()
		passed := false
		go func() {
			g.Wait(time.Hour)
			passed = true
		}()
		synctest.Wait()
		first()
		first()
		synctest.Wait()
		if passed {
			t.Fatal("the work passed while a hold was still on")
		}
		second()
		synctest.Wait()
		if !passed {
			t.Fatal("the work still waits with the gate open")
		}
		start := time.Now()
		g.Wait(time.Hour)
		if time.Since(start) != 0 {
			t.Fatal("an open gate made the work wait")
		}
	})
}

// Holds that never end together hold work back no longer than its bound.
func TestGateLetsWorkThroughAfterItsBound(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var g Gate
		defer g.Hold()()
		start := time.Now()
		g.Wait(time.Second)
		if waited := time.Since(start); waited != time.Second {
			t.Fatalf("the work waited %v, want its bound of 1s", waited)
		}
	})
}
