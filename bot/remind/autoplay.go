package remind

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/referee"
)

// The bot plays the seats nobody is at: its own seats (adega.SeatUser.Bot)
// as soon as they must decide, and an absent player's decision when the
// deadline passes under absent: auto. The scheduler's loop only hands that
// work to the thinkers (a fair pool, bot/internal/fair, shared with the
// hints), so reminders and deadlines never wait behind a search. There the
// AI (engine/ai) searches one decision a task, as the game's work, outside
// any transaction and without the channel's lock, which players' moves
// need at once; the next decision is a task of its own, queued behind
// other games' work. The decisions of a run are then stored together from
// the moment they were searched at. A player who moved meanwhile makes
// them stale: that move asks for a new bot turn if one is still due.

// botBatch bounds the search time of the decisions stored as one change,
// so that a run of bot seats (or a game of bots alone) shows its progress.
const botBatch = 15 * time.Second

// ClassOf is the class of a game's work in the fair pools: a game with no
// human seat left comes after every game with people in it.
func ClassOf(m adega.Meta) fair.Class {
	if slices.ContainsFunc(m.Seats, func(s adega.SeatUser) bool { return s.UserID != "" && !s.Bot }) {
		return fair.People
	}
	return fair.Bots
}

// work is the AI work of one game handed to the thinkers and not done yet:
// the absent players' decisions under auto, then the bot's seats'. A game
// has one search at a time.
type work struct {
	ctx      context.Context // the scheduler's: once done, nothing more is searched
	absences []Absence
	bots     bool
}

// thinkers is the pool the AI searches in.
func (s *Scheduler) thinkers() *fair.Pool {
	if s.Thinkers != nil {
		return s.Thinkers
	}
	return &s.ownThinkers
}

// hand gives a game's AI work to the thinkers. Work for a game whose
// earlier work is still under way joins it, so that a game claimed again
// while its search waits is not searched twice.
func (s *Scheduler) hand(ctx context.Context, id string, absences []Absence, bots bool) {
	if len(absences) == 0 && !bots {
		return
	}
	s.mu.Lock()
	w, busy := s.busy[id]
	if !busy {
		if s.busy == nil {
			s.busy = map[string]*work{}
		}
		w = &work{ctx: ctx}
		s.busy[id] = w
		s.pending.Add(1)
	}
	for _, a := range absences {
		if !slices.ContainsFunc(w.absences, func(b Absence) bool { return b.Seat == a.Seat && b.Since.Equal(a.Since) }) {
			w.absences = append(w.absences, a)
		}
	}
	w.bots = w.bots || bots
	s.mu.Unlock()
	if !busy {
		s.next(id)
	}
}

// Wait waits until the AI work handed to the thinkers so far is done.
func (s *Scheduler) Wait() { s.pending.Wait() }

// next starts the game's next piece of AI work, or ends its work.
func (s *Scheduler) next(id string) {
	for {
		s.mu.Lock()
		w := s.busy[id]
		var absence *Absence
		if w.ctx.Err() != nil {
			w.absences, w.bots = nil, false // looked at again after Retry, or after a restart
		}
		switch {
		case len(w.absences) > 0:
			a := w.absences[0]
			absence, w.absences = &a, w.absences[1:]
		case w.bots:
			w.bots = false
		default:
			delete(s.busy, id)
			s.mu.Unlock()
			s.pending.Done()
			return
		}
		s.mu.Unlock()
		r, err := s.runFor(id, absence)
		if r != nil {
			s.step(w, r)
			return
		}
		if err != nil {
			s.log().Warn("reminders: could not load a game for the bot", "game", id, "err", err)
		}
	}
}

// run is a run of decisions the bot searches in one game, from one moment,
// to be stored as one change.
type run struct {
	g     *adega.Game // the moment searched from
	next  decider
	st    engine.State
	plays []referee.Play
	err   error         // why the search stopped short
	spent time.Duration // searching
	store func(*run) error
}

// decider picks, in a state, the seat the bot decides for next, with its
// level; ok is false when the bot has nothing more to decide.
type decider func(st engine.State) (seat engine.Seat, level string, ok bool)

// runFor is the run that plays an absent player's decision, or the bot's
// seats when absence is nil; nil when nothing is to be played.
func (s *Scheduler) runFor(id string, absence *Absence) (*run, error) {
	if absence != nil {
		a := *absence
		g, err := s.absentGame(a)
		if g == nil {
			return nil, err
		}
		return &run{g: g, st: g.State, next: absentDecision(a.Seat, g.Meta.Level), store: func(r *run) error {
			return s.playAbsent(r.g, a, r.plays, r.err)
		}}, nil
	}
	g, err := s.Store.Load(id)
	if err != nil || g.Meta.Status != adega.StatusActive {
		return nil, err
	}
	bots := func(st engine.State) (engine.Seat, string, bool) {
		seat, ok := adega.BotPending(g.Meta, st)
		return seat, g.Meta.BotLevel(seat), ok
	}
	return &run{g: g, st: g.State, next: bots, store: s.storeBots}, nil
}

// step searches the run's next decision as one task of the thinkers, then
// gives way: the decision after it is a task of its own. When the run is
// over, it is stored and the game's next work starts. A panic in the
// search ends the run unstored; the game's bot turn or deadline is looked
// at again after Retry.
func (s *Scheduler) step(w *work, r *run) {
	s.thinkers().Go(ClassOf(r.g.Meta), r.g.ID, func() {
		more := false
		defer func() {
			if p := recover(); p != nil {
				s.log().Error("reminders: panic while the bot searched", "game", r.g.ID, "guild", r.g.Meta.GuildID, "panic", p, "stack", string(debug.Stack()))
				more = false
			}
			if more {
				s.step(w, r)
			} else {
				s.next(r.g.ID)
			}
		}()
		more = s.advance(w.ctx, r)
	})
}

// advance searches the run's next decision and reports true, or stores the
// run and reports false: when nothing more falls to it, when its time is
// spent, when the scheduler stops, or when the game moved meanwhile (the
// move asked for a turn of its own if the bot is still due).
func (s *Scheduler) advance(ctx context.Context, r *run) bool {
	seat, level, ok := r.next(r.st)
	if ok && !r.st.Over() && r.spent < botBatch && ctx.Err() == nil && s.current(r.g) {
		if r.err = s.decide(r, seat, level); r.err == nil {
			return true
		}
	}
	if len(r.plays) > 0 || r.err != nil {
		if err := r.store(r); err != nil {
			s.log().Warn("reminders: the bot could not play", "game", r.g.ID, "guild", r.g.Meta.GuildID, "err", err)
		}
	}
	return false
}

// current reports whether g is still the game's newest moment.
func (s *Scheduler) current(g *adega.Game) bool {
	now, err := s.Store.Load(g.ID)
	return err == nil && now.Stamp == g.Stamp
}

// decide searches one decision of seat and adds it to the run.
func (s *Scheduler) decide(r *run, seat engine.Seat, level string) error {
	start := time.Now() // the wall clock: a duration measured, not a moment of the game
	act, err := s.AI.Play(r.st, seat, level, ai.Seed(r.g.ID, r.g.Version, len(r.plays)))
	r.spent += time.Since(start)
	s.Metrics.Decided(ops.ForPlay)
	if err != nil {
		// A failing search must not stop the game: the simple choice
		// keeps it going, and the log tells why.
		s.log().Warn("reminders: the AI failed; the bot plays its first choices", "game", r.g.ID, "guild", r.g.Meta.GuildID, "seat", seat, "err", err)
		if act, err = engine.Auto(r.st, seat); err != nil {
			return err
		}
	}
	after, _, err := r.st.Apply(seat, act)
	if err != nil {
		return fmt.Errorf("the bot's %v for seat %d is refused: %w", act, seat, err)
	}
	r.plays = append(r.plays, referee.Play{Seat: seat, Action: act})
	r.st = after
	return nil
}

// storeBots stores the decisions of the bot's seats as one change, with
// one announcement.
func (s *Scheduler) storeBots(r *run) error {
	if r.err != nil {
		return r.err
	}
	unlock := s.Out.Lock(r.g.Meta.ChannelID)
	defer unlock()
	_, err := s.referee().BotMoves(r.g.ID, r.g.Stamp, r.plays, s.now(), s.Out.Bots(r.g.Meta, r.plays))
	switch {
	case err == nil:
		s.Metrics.Moved(ops.ByBot, len(r.plays))
	case errors.Is(err, adega.ErrStale):
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
