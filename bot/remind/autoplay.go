package remind

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/storage"
)

// The bot plays the seats nobody is at: its own seats (storage.SeatUser.Bot)
// as soon as they must decide, and an absent player's decision when the
// deadline passes under absent: auto. The AI (engine/ai) searches each
// decision outside any transaction and without the channel's lock, which
// players' moves need at once; the decisions are then stored together from
// the moment they were searched at. A player who moved meanwhile makes
// them stale: that move asks for a new bot turn if one is still due.

// botBatch bounds the search time of the decisions stored as one change,
// so that a run of bot seats (or a game of bots alone) shows its progress.
const botBatch = 15 * time.Second

// decider picks, in a state, the seat the bot decides for next, with its
// level; ok is false when the bot has nothing more to decide.
type decider func(st engine.State) (seat engine.Seat, level string, ok bool)

// playBots plays the decisions that fall to the bot's seats of a game.
func (s *Scheduler) playBots(id string) error {
	g, err := s.Store.Load(id)
	if err != nil {
		return err
	}
	if g.Meta.Status != storage.StatusActive {
		return nil
	}
	plays, err := s.think(g, func(st engine.State) (engine.Seat, string, bool) {
		seat, ok := storage.BotPending(g.Meta, st)
		return seat, g.Meta.BotLevel(seat), ok
	})
	if err != nil || len(plays) == 0 {
		return err
	}
	unlock := s.Out.Lock(g.Meta.ChannelID)
	defer unlock()
	_, err = s.Store.BotMoves(g.ID, g.Stamp, plays, s.now(), s.Out.Bots(g.Meta, plays))
	if errors.As(err, new(*storage.StaleError)) {
		return nil // a move came first and asked for a turn of its own
	}
	return err
}

// absentDecision decides an absent player's pending decision, to its end:
// a decision that stopped where it turned up hidden information goes on
// (engine.Pending.Continues) with what it turned up.
func absentDecision(seat engine.Seat, level string) decider {
	first := true
	return func(st engine.State) (engine.Seat, string, bool) {
		ok := slices.ContainsFunc(st.Pending(), func(p engine.Pending) bool { return p.Seat == seat && (first || p.Continues) })
		first = false
		return seat, level, ok
	}
}

// think searches, from the game's moment, the decisions next picks, one
// after another, until it picks none or the batch's time is spent.
func (s *Scheduler) think(g *storage.Game, next decider) ([]storage.Play, error) {
	var plays []storage.Play
	st := g.State
	start := time.Now()
	for !st.Over() && time.Since(start) < botBatch {
		seat, levelName, ok := next(st)
		if !ok {
			break
		}
		act, err := s.AI.Play(st, seat, levelName, ai.Seed(g.ID, g.Version, len(plays)))
		if err != nil {
			// A failing search must not stop the game: the simple choice
			// keeps it going, and the log tells why.
			s.log().Warn("reminders: the AI failed; the bot plays its first choices", "game", g.ID, "seat", seat, "err", err)
			if act, err = engine.Auto(st, seat); err != nil {
				return nil, err
			}
		}
		after, _, err := st.Apply(seat, act)
		if err != nil {
			return nil, fmt.Errorf("the bot's %v for seat %d is refused: %w", act, seat, err)
		}
		plays = append(plays, storage.Play{Seat: seat, Action: act})
		st = after
	}
	return plays, nil
}
