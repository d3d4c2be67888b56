package engine

import (
	"fmt"
	"slices"
)

// Registry finds games by name. It is built once at start and read-only after.
type Registry struct {
	games map[string]Game
	names []string
}

// NewRegistry registers the games; a duplicate name panics, since that is a
// wiring mistake, not a runtime condition.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: make(map[string]Game, len(games))}
	for _, g := range games {
		if _, dup := r.games[g.Name()]; dup {
			panic(fmt.Sprintf("engine: game %q registered twice", g.Name()))
		}
		r.games[g.Name()] = g
		r.names = append(r.names, g.Name())
	}
	return r
}

// Lookup returns the game with that name.
func (r *Registry) Lookup(name string) (Game, error) {
	if g, ok := r.games[name]; ok {
		return g, nil
	}
	return nil, Errorf(CodeBadSetup, "There is no game called %s; choose one of %v.", Quote(name), r.names)
}

// Names lists the registered games in registration order.
func (r *Registry) Names() []string { return slices.Clone(r.names) }
