package bot_test

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// TestSignalMidGame stops the bot with SIGTERM in the middle of a busy solo
// game, six times: the signal comes right after a player's interaction was
// sent, at a random move. Each stop is clean and delivers every turn
// message before the process ends (the grace is generous: the machine may
// be busy); over the lives no acknowledged move is lost, and every change
// of every game is posted exactly once.
func TestSignalMidGame(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the bot six times")
	}
	r := newCrashRun(t)
	r.grace = time.Minute
	rng := rand.New(rand.NewPCG(21, 22))
	moves := 0
	for life := range 6 {
		r.reload()
		r.start(life)
		child, signalled := r.child, false
		signal := func() {
			signalled = true
			_ = child.Process.Signal(syscall.SIGTERM)
		}
		for k := rng.IntN(6); k >= 0; k-- {
			if k == 0 {
				r.sent = signal
			}
			if !r.playOne(rng, time.Now().Add(time.Second)) {
				break
			}
			moves++
		}
		if r.sent = nil; !signalled { // the game ended first
			signal()
		}
		if err := child.Wait(); err != nil {
			t.Fatalf("life %d: the bot did not stop cleanly: %v", life, err)
		}
		if out := r.outbox(); len(out) > 0 {
			t.Errorf("life %d: the bot stopped with %d messages undelivered", life, len(out))
		}
	}
	r.verify()
	t.Logf("%d moves and undos acknowledged, %d games", moves, len(r.threads))
}
