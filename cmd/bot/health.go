package main

import (
	"fmt"

	"github.com/adega-bot/adega/storage"
)

// healthCommand succeeds when a bot runs on the configured data folder:
// a running bot holds its database open from its start to its stop. That
// is all it can see; whether the gateway is connected and the outbox keeps
// up is for the operations endpoint's /readyz (docs/deploy.md).
func healthCommand(args []string, env Env) error {
	cmd := newCommand("health", env)
	cmd.Usage = func() {
		fmt.Fprint(cmd.Output(), "usage: adega health [flags]\n\n"+
			"Succeeds if a running bot holds the configured database open (the container's health check).\n")
		cmd.PrintDefaults()
	}
	cfg, err := cmd.parse(args, env)
	if err != nil {
		return err
	}
	if cmd.NArg() > 0 {
		cmd.Usage()
		return fmt.Errorf("health takes no arguments")
	}
	path := botDatabase(cfg)
	held, err := storage.InUse(path)
	if err != nil {
		return fmt.Errorf("health: no bot runs: %w", err)
	}
	if !held {
		return fmt.Errorf("health: no bot runs on %s: no process holds it open", path)
	}
	fmt.Fprintf(env.Stdout, "ok: a running bot holds %s open\n", path)
	return nil
}
