package referee

import (
	"slices"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// AskHint records in the metadata of g that seat asked the AI for a hint
// before the game's next move, once for each seat and move so that asking
// again adds nothing, and returns which ask of the game it is (1 for the
// first): the game's log shows the hints asked, and the number seeds the
// hint's search, so that the same ask gets the same hint.
func (r *Referee) AskHint(g *adega.Game, seat engine.Seat, now time.Time) (int, error) {
	asked := adega.HintAsked{Seat: seat, Move: len(g.Log), At: now}
	same := func(a adega.HintAsked) bool { return a.Seat == asked.Seat && a.Move == asked.Move }
	if k := slices.IndexFunc(g.Meta.HintsAsked, same); k >= 0 {
		return k + 1, nil
	}
	meta, err := r.store.UpdateMeta(g.ID, func(m *adega.Meta) error {
		if !slices.ContainsFunc(m.HintsAsked, same) {
			m.HintsAsked = append(m.HintsAsked, asked)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return slices.IndexFunc(meta.HintsAsked, same) + 1, nil
}
