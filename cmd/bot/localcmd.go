package main

import (
	"context"
	"fmt"
	"time"

	"github.com/adega-bot/adega/local"
)

// localCommand opens the terminal table (package local). greet is set when
// it was started without a subcommand, to welcome a first-time user.
func localCommand(ctx context.Context, args []string, env Env, greet bool) error {
	cmd := newCommand("local", env)
	f := local.Flags{Greet: greet}
	f.Define(cmd.FlagSet)
	cfg, err := cmd.parse(args, env)
	if err != nil {
		return err
	}
	if cmd.NArg() > 0 {
		return fmt.Errorf("local: unexpected argument %q", cmd.Arg(0))
	}
	f.SetGiven(cmd.FlagSet)
	// Run checks the flags too; here a contradiction is refused before the
	// component data is read.
	if err := f.Check(); err != nil {
		return fmt.Errorf("local: %w", err)
	}
	if f.Data != "" {
		cfg.VinhosData = f.Data
	}
	reg, err := games(cfg)
	if err != nil {
		return err
	}
	f.DataDir = cfg.DataDir
	return local.Run(ctx, f, local.Env{Stdin: env.Stdin, Stdout: env.Stdout, Games: reg, Boards: boards(),
		Log: newLogger(cfg, env), AI: cfg.aiSettings(), Now: time.Now})
}
