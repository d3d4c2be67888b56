package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/adega-bot/adega/storage"
)

// The operator's tools for a damaged database (storage.Check and
// storage.Salvage), run with the bot stopped.

// checkCommand checks a database file and reports each problem.
func checkCommand(args []string, env Env) error {
	fs := newCommand("check", env)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: bot check [flags] FILE\n\nChecks every page of the database FILE and replays every game; changes nothing.")
		fs.PrintDefaults()
	}
	cfg, err := fs.parse(args, env)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("check: name one database file")
	}
	file := fs.Arg(0)
	reg, err := games(cfg)
	if err != nil {
		return err
	}
	r, err := storage.Check(file, reg)
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	fmt.Fprintf(env.Stdout, "%s: %d games read and replayed.\n", file, r.Games)
	if n := printReport(env.Stdout, r); n > 0 {
		return fmt.Errorf("check: %d problems in %s: with the bot stopped, run `adega salvage %s NEW`", n, file, file)
	}
	fmt.Fprintln(env.Stdout, "No problems found.")
	return nil
}

// salvageCommand copies what can be read of a database file into a new one.
func salvageCommand(args []string, env Env) error {
	fs := newCommand("salvage", env)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: bot salvage [flags] FILE NEW\n\nCopies every game of the database FILE that reads and replays, and the records it can read, into the new file NEW; lists the games lost. FILE is not changed.")
		fs.PrintDefaults()
	}
	cfg, err := fs.parse(args, env)
	if err != nil {
		return err
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return errors.New("salvage: name the damaged file and the new one")
	}
	from, to := fs.Arg(0), fs.Arg(1)
	reg, err := games(cfg)
	if err != nil {
		return err
	}
	r, err := storage.Salvage(from, to, reg)
	if err != nil {
		return fmt.Errorf("salvage: %w", err)
	}
	fmt.Fprintf(env.Stdout, "%d games copied into %s.\n", r.Games, to)
	printReport(env.Stdout, r)
	fmt.Fprintf(env.Stdout, "%s is unchanged. To run the bot on the copy, stop it and put %s in its place.\n", from, to)
	return nil
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
