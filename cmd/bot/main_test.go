package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runMain runs the binary's Main in-process with an empty environment.
func runMain(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}
	err := Main(context.Background(), args, env)
	return out.String() + errOut.String(), err
}

func outputHas(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// adega --help (as -h) shows the commands beside the flags, as adega help
// does.
func TestHelpFlagListsTheCommands(t *testing.T) {
	for _, help := range []string{"--help", "-h"} {
		out, err := runMain(t, "", help)
		if !errors.Is(err, flag.ErrHelp) {
			t.Fatalf("%s: %v", help, err)
		}
		outputHas(t, out, "usage: adega [command] [flags]", "local    play at a table", "replay   replay a stored game", "-config file")
	}
}

// With log_format = "json" every line the bot writes is JSON, the error it
// exits on included, and a duration reads as the text format writes it;
// a command with no log (or the bot before its log) exits with plain text.
func TestJSONLogsAreJSONToTheLastLine(t *testing.T) {
	data := t.TempDir()
	if err := os.WriteFile(filepath.Join(data, "adega.db"), []byte("not a database, but long enough to be read as one"), 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	exits := &exitLog{stderr: &stderr}
	env := Env{Stdin: strings.NewReader(""), Stdout: &stderr, Stderr: &stderr, UseLogger: exits.use,
		Getenv: func(k string) string {
			return map[string]string{"ADEGA_DATA_DIR": data, "ADEGA_LOG_FORMAT": "json"}[k]
		}}
	err := Main(t.Context(), []string{"run"}, env)
	if err == nil {
		t.Fatal("the bot ran on a file that is not a database")
	}
	exits.print("exiting", err)
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	for _, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Errorf("not JSON: %s", l)
		}
	}
	var last struct{ Level, Msg, Err string }
	if json.Unmarshal([]byte(lines[len(lines)-1]), &last); last.Level != "ERROR" || last.Msg != "exiting" || !strings.Contains(last.Err, "is damaged") {
		t.Errorf("the exit line: %s", lines[len(lines)-1])
	}

	stderr.Reset()
	newLogger(Config{LogLevel: "info", LogFormat: "json"}, env).Info("message posted", "took", 1500*time.Millisecond)
	if !strings.Contains(stderr.String(), `"took":"1.5s"`) {
		t.Errorf("a duration in JSON: %s", stderr.String())
	}

	stderr.Reset()
	plain := &exitLog{stderr: &stderr}
	plain.print("exiting", errors.New("config: no such file"))
	if stderr.String() != "adega: config: no such file\n" {
		t.Errorf("before the log: %q", stderr.String())
	}
}
