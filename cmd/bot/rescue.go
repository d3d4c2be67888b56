package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
)

// The operator's tools for a damaged database (storage.Check and
// storage.Salvage), run with the bot stopped.

// checkCommand checks a database file and reports each problem.
func checkCommand(args []string, env Env) error {
	files, _, reg, err := rescueArgs("check FILE", "Checks every page of the database FILE and replays every game; changes nothing.", args, env)
	if err != nil {
		return err
	}
	file := files[0]
	n, err := checkFile(file, reg, env.Stdout)
	if err != nil {
		return fmt.Errorf("check: %w%s", err, unreadable(err))
	}
	if n > 0 {
		return fmt.Errorf("check: %s has problems (%d, listed above): to keep what can be read, stop the bot and run `adega salvage %s NEW`", file, n, file)
	}
	fmt.Fprintln(env.Stdout, "No problems found.")
	return nil
}

// checkFile checks a database file (storage.Check), reports what it found
// to w, and counts the problems.
func checkFile(file string, reg *engine.Registry, w io.Writer) (int, error) {
	r, err := storage.Check(file, reg)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(w, "%s: %s read and replayed.\n", file, gamesCount(r.Games))
	return printReport(w, r), nil
}

// unreadable is the advice for a database file of which nothing can be
// read, and "" for another error.
func unreadable(err error) string {
	if errors.As(err, new(*storage.UnreadableError)) {
		return "; restore it from a backup"
	}
	return ""
}

// salvageCommand copies what can be read of a database file into a new one.
func salvageCommand(args []string, env Env) error {
	files, _, reg, err := rescueArgs("salvage FILE NEW", "Copies every game of the database FILE that reads and replays, and the records it can read, "+
		"into the new file NEW; lists the games lost. FILE is not changed.", args, env)
	if err != nil {
		return err
	}
	from, to := files[0], files[1]
	r, err := storage.Salvage(from, to, reg)
	if err != nil {
		return fmt.Errorf("salvage: %w%s", err, unreadable(err))
	}
	fmt.Fprintf(env.Stdout, "%s copied into %s.\n", gamesCount(r.Games), to)
	printReport(env.Stdout, r)
	fmt.Fprintf(env.Stdout, "%s is unchanged. To run the bot on the copy, stop it and put %s in its place.\n", from, to)
	return nil
}

// rescueArgs reads the flags and the files of a command used as "adega USE"
// ("check FILE"), the configuration, and the games (with the configured
// component data) that replay the files' games.
func rescueArgs(use, about string, args []string, env Env) ([]string, Config, *engine.Registry, error) {
	name, files, _ := strings.Cut(use, " ")
	fs := newCommand(name, env)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: adega %s [flags] %s\n\n%s\n", name, files, about)
		fs.PrintDefaults()
	}
	cfg, err := fs.parse(args, env)
	if err != nil {
		return nil, Config{}, nil, err
	}
	if fs.NArg() != len(strings.Fields(files)) {
		fs.Usage()
		return nil, Config{}, nil, fmt.Errorf("%s: name %s", name, files)
	}
	reg, err := games(cfg)
	return fs.Args(), cfg, reg, err
}

// printReport lists the games lost and the other problems, and counts them.
func printReport(w io.Writer, r *storage.Report) int {
	for _, l := range r.Lost {
		fmt.Fprintln(w, "Lost:", l)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(w, "Problem:", p)
	}
	return len(r.Lost) + len(r.Problems)
}

// gamesCount is "1 game" or "N games".
func gamesCount(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}
