package referee

import (
	"testing"
	"time"

	"github.com/adega-bot/adega/internal/gametest"
)

// Vacations are limited per game over the whole game; asking again ends
// the one in progress, which counts for what it lasted.
func TestVacationAllowance(t *testing.T) {
	s := newStore(t)
	g := gametest.Create(t, s, "c1")
	user := g.Meta.Seats[0].UserID
	day := 24 * time.Hour
	limit := 14 * day
	ask := func(at time.Time, d time.Duration) VacationGrant {
		t.Helper()
		grants, err := s.SetVacation(user, at, d, limit)
		if err != nil || len(grants) != 1 {
			t.Fatalf("SetVacation: %+v %v", grants, err)
		}
		return grants[0]
	}
	if gr := ask(t0, 10*day); gr.Granted != 10*day || !gr.Until.Equal(t0.Add(10*day)) || gr.Used != 10*day {
		t.Fatalf("first vacation: %+v", gr)
	}
	if gr := ask(t0.Add(day), 0); !gr.Ended || gr.Granted != 0 || gr.Used != day {
		t.Fatalf("back early: %+v", gr)
	}
	if gr := ask(t0.Add(2*day), 20*day); gr.Granted != 13*day || gr.Used != limit {
		t.Fatalf("the rest: %+v", gr)
	}
	if gr := ask(t0.Add(20*day), 3*day); gr.Granted != 0 || gr.Used != limit {
		t.Fatalf("past the allowance: %+v", gr)
	}
	if w, err := s.Waiting(g.ID); err != nil || len(w.Vacations) != 2 {
		t.Fatalf("vacations: %+v (%v)", w.Vacations, err)
	}
}
