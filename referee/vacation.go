package referee

import (
	"slices"
	"time"

	"github.com/adega-bot/adega"
)

// VacationGrant is what a vacation request gave in one game.
type VacationGrant struct {
	Meta    adega.Meta
	Granted time.Duration // 0 when the game's allowance is used up
	Until   time.Time     // the end of the vacation in this game
	Used    time.Duration // vacation taken in this game, this one included
	Ended   bool          // a vacation in progress was ended
}

// SetVacation pauses userID's deadlines for d in every active game they
// play, at most limit per game over the whole game, in one transaction. A
// vacation in progress ends now and counts for the time it lasted; d = 0
// only ends it.
func (r *Referee) SetVacation(userID string, now time.Time, d, limit time.Duration) ([]VacationGrant, error) {
	games, err := r.store.WaitingOfUser(userID)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, g := range games {
		if g.Meta.Status == adega.StatusActive {
			ids = append(ids, g.Meta.ID)
		}
	}
	var grants []VacationGrant
	err = r.store.UpdateWaitings(ids, func(m adega.Meta, w *adega.WaitState, _ adega.UserLookup) error {
		grants = append(grants, vacation(m, w, userID, now, d, limit))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return grants, nil
}

// vacation ends userID's vacation in progress in the game of m and w, and
// starts one of d, as much of it as the game's allowance still gives.
func vacation(m adega.Meta, w *adega.WaitState, userID string, now time.Time, d, limit time.Duration) VacationGrant {
	grant := VacationGrant{Meta: m}
	for k, v := range w.Vacations {
		if v.UserID == userID && v.Until.After(now) {
			grant.Ended = true
			w.Vacations[k].Until = now
			if v.From.After(now) {
				w.Vacations[k].Until = v.From
			}
		}
	}
	w.Vacations = slices.DeleteFunc(w.Vacations, func(v adega.Vacation) bool { return !v.Until.After(v.From) })
	if left := limit - w.VacationUsed(userID); d > 0 && left > 0 {
		grant.Granted = min(d, left)
		grant.Until = now.Add(grant.Granted)
		w.Vacations = append(w.Vacations, adega.Vacation{UserID: userID, From: now, Until: grant.Until})
	}
	grant.Used = w.VacationUsed(userID)
	w.Replan(now, func(s adega.SeatWait) bool { return s.UserID == userID })
	return grant
}
