package main

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"syscall"
	"testing"
	"time"
)

// The first SIGTERM ends the context, for the bot to stop in order; the
// second exits at once, with a failure status, and says so in the bot's
// log, in its format.
func TestSecondSignalExitsAtOnce(t *testing.T) {
	var stderr bytes.Buffer
	exits := &exitLog{stderr: &stderr}
	exits.use(slog.New(slog.NewJSONHandler(&stderr, nil)))
	codes := make(chan int, 1)
	ctx, stop := stopOnSignal(exits, func(code int) { codes <- code })
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	select {
	case code := <-codes:
		t.Fatalf("the first signal exited with %d", code)
	default:
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-codes:
		var line struct{ Level, Msg string }
		if err := json.Unmarshal(stderr.Bytes(), &line); code == 0 || err != nil || line.Level != "ERROR" || line.Msg != "terminated again: exiting at once" {
			t.Errorf("exit %d, said %q (%v)", code, stderr.String(), err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the second signal did not exit")
	}
}
