package referee

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
	"github.com/adega-bot/adega/storage"
)

var (
	registry = engine.NewRegistry(nim.Game{})
	t0       = gametest.T0
)

// fixture is a store with its referee, called as the bot calls them.
type fixture struct {
	*storage.Store
	*Referee
}

func dbPath(t testing.TB) string { return filepath.Join(t.TempDir(), "adega.db") }

// openWith opens the store at path, for the games of reg.
func openWith(t testing.TB, path string, reg *engine.Registry) *fixture {
	t.Helper()
	s, err := storage.Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return &fixture{s, New(s)}
}

func openAt(t testing.TB, path string) *fixture { return openWith(t, path, registry) }

func newStore(t testing.TB) *fixture { return openAt(t, dbPath(t)) }

// vinhosStore is a store that plays Vinhos as well as nim.
func vinhosStore(t testing.TB) *fixture {
	return openWith(t, dbPath(t), engine.NewRegistry(nim.Game{}, vinhos.Game{}))
}

// move plays one action for a seat at the game's moment stamp.
func move(s *fixture, id string, stamp uint64, seat engine.Seat, action engine.Action, at time.Time) (*MoveResult, error) {
	return s.Move(MoveRequest{Game: id, Stamp: stamp, Play: Play{Seat: seat, Action: action}, Now: at})
}

// mover plays moves with Move.
func (s *fixture) mover() gametest.Mover {
	return func(g *adega.Game, seat engine.Seat, action engine.Action, at time.Time) (*adega.Game, error) {
		res, err := move(s, g.ID, g.Stamp, seat, action, at)
		if err != nil {
			return nil, err
		}
		return res.Game, nil
	}
}

// play makes n legal moves, a minute apart, and returns the game after them.
func play(t *testing.T, s *fixture, g *adega.Game, n int) *adega.Game {
	t.Helper()
	return gametest.Play(t, s.mover(), g, n)
}
