package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"strings"
	"testing"
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
