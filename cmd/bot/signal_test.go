package main

import (
	"bytes"
	"os"
	"syscall"
	"testing"
	"time"
)

// The first SIGTERM ends the context, for the bot to stop in order; the
// second exits at once, with a failure status.
func TestSecondSignalExitsAtOnce(t *testing.T) {
	var stderr bytes.Buffer
	exits := make(chan int, 1)
	ctx, stop := stopOnSignal(&stderr, func(code int) { exits <- code })
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	select {
	case code := <-exits:
		t.Fatalf("the first signal exited with %d", code)
	default:
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exits:
		if code == 0 || stderr.String() != "adega: terminated again: exiting at once\n" {
			t.Errorf("exit %d, said %q", code, stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("the second signal did not exit")
	}
}
