package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
)

// versionCommand prints what the binary says of its own build: the
// module's version, the commit it was built from, and the Go toolchain.
func versionCommand(args []string, env Env) error {
	cmd := flag.NewFlagSet("version", flag.ContinueOnError)
	cmd.SetOutput(env.Stderr)
	cmd.Usage = func() {
		fmt.Fprint(cmd.Output(), "usage: adega version\n\nPrints the version, the commit and the Go version this binary was built with.\n")
	}
	if err := cmd.Parse(args); err != nil {
		return err
	}
	if cmd.NArg() > 0 {
		cmd.Usage()
		return fmt.Errorf("version takes no arguments")
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("version: this binary carries no build information")
	}
	printVersion(env.Stdout, info)
	return nil
}

// printVersion writes a build's version, commit and Go version, one a
// line. A build made without version control (go build -buildvcs=false,
// or from a copy without .git) says so rather than name no commit.
func printVersion(w io.Writer, info *debug.BuildInfo) {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	fmt.Fprintln(w, "adega", info.Main.Version)
	commit := settings["vcs.revision"]
	switch {
	case commit == "":
		commit = "unknown (built without version control information)"
	case settings["vcs.modified"] == "true":
		commit += " (with uncommitted changes)"
	}
	fmt.Fprintln(w, "commit:", commit)
	if t := settings["vcs.time"]; t != "" {
		fmt.Fprintln(w, "committed:", t)
	}
	fmt.Fprintf(w, "go: %s %s/%s\n", info.GoVersion, settings["GOOS"], settings["GOARCH"])
}
