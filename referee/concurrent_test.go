package referee

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/internal/gametest"
)

func TestSameVersionRaceHasOneWinner(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	seat, action := gametest.FirstLegal(t, g.State)
	const racers = 16
	errs := make(chan error, racers)
	var wg sync.WaitGroup
	for range racers {
		wg.Go(func() {
			_, err := move(s, g.ID, 1, seat, action, t0)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	wins := 0
	for err := range errs {
		switch {
		case err == nil:
			wins++
		case !errors.Is(err, adega.ErrStale):
			t.Errorf("a losing racer got %v, want adega.ErrStale", err)
		}
	}
	got, err := s.Load(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if wins != 1 || got.Version != 1 || len(got.Log) != 1 {
		t.Fatalf("%d winners, version %d, %d log entries; want exactly 1 of each", wins, got.Version, len(got.Log))
	}
}

// moveWithRetry makes one legal move, reloading after each stale refusal,
// and returns the version it produced; it stops early once the game is over.
func moveWithRetry(s *fixture, id string) (uint64, bool, error) {
	for {
		g, err := s.Load(id)
		if err != nil || g.State.Over() {
			return 0, false, err
		}
		seat := g.State.Pending()[0].Seat
		step, err := g.State.Choices(seat, nil)
		if err != nil {
			return 0, false, err
		}
		res, err := move(s, id, g.Stamp, seat, []string{step.Choices[0].ID, "1"}, t0)
		if errors.Is(err, adega.ErrStale) {
			continue
		}
		if err != nil {
			return 0, false, err
		}
		return res.Game.Version, true, nil
	}
}

func TestRetryingRacersAllLand(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	const racers = 8 // nim starts with at least 9 counters, so none finds the game over
	versions := make(chan uint64, racers)
	var wg sync.WaitGroup
	for range racers {
		wg.Go(func() {
			v, moved, err := moveWithRetry(s, g.ID)
			if err != nil || !moved {
				t.Errorf("move: moved %v, %v", moved, err)
			}
			versions <- v
		})
	}
	wg.Wait()
	close(versions)
	var got []uint64
	for v := range versions {
		got = append(got, v)
	}
	slices.Sort(got)
	if !slices.Equal(got, []uint64{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Fatalf("versions produced = %v, want 1..8 each once", got)
	}
	if loaded, err := s.Load(g.ID); err != nil || loaded.Version != racers || loaded.SnapshotMismatch {
		t.Fatalf("after the race: %v; want version %d with a matching snapshot", err, racers)
	}
}

func TestGamesProceedInParallel(t *testing.T) {
	s := newStore(t)
	var ids []string
	for range 4 {
		ids = append(ids, gametest.Create(t, s, "c1").ID)
	}
	var wg sync.WaitGroup
	for _, id := range ids {
		for range 3 {
			wg.Go(func() {
				for {
					_, moved, err := moveWithRetry(s, id)
					if err != nil {
						t.Error(err)
					}
					if !moved {
						return
					}
				}
			})
		}
	}
	wg.Wait()
	for _, id := range ids {
		g, err := s.Load(id)
		if err != nil || !g.State.Over() || g.Meta.Status != adega.StatusFinished {
			t.Errorf("game %s: err %v; want it played to the end and finished", id, err)
		}
	}
	if active, err := s.ActiveGames("c1"); err != nil || len(active) != 0 {
		t.Errorf("ActiveGames(c1) = %v, %v; want none once all are finished", active, err)
	}
}
