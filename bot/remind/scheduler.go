package remind

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
)

// Sender does what the scheduler decided, on Discord. The bot implements
// it; tests record the calls.
type Sender interface {
	// Remind posts a reminder (or a ping held back by quiet hours, when
	// Count is 0) in the game's channel, mentioning the user, and sends it
	// by direct message too when DM is set.
	Remind(ctx context.Context, r Reminder) error
	// Digest sends a user's daily digest by direct message.
	Digest(ctx context.Context, d Digest) error
	// Absent applies a game's absent rule to a decision whose deadline
	// passed: it calls Play (under whatever lock keeps the game's messages
	// in order) and, if something was played, announces it with the
	// game's new turn message.
	Absent(ctx context.Context, a Absence) error
}

// Reminder is a reminder or a held-back ping for one user in one game.
type Reminder struct {
	Game          storage.Meta
	Rules         storage.WaitRules // resolved
	TurnMessageID string            // the newest turn message, for the jump link; may be empty
	UserID        string
	Seats         []storage.SeatWait // what the user must decide, oldest first
	Count         int                // the reminder's number from 1; 0 for a held-back ping
	DM            bool
	Deadline      time.Time // the next deadline, zero if none
}

// Digest lists the games that wait for a user.
type Digest struct {
	UserID string
	Games  []storage.GameWait // active games where the user owes a decision
	At     time.Time
}

// Absence is a decision whose deadline passed under auto or skip.
type Absence struct {
	Game   storage.Meta
	Rules  storage.WaitRules // resolved
	Seat   engine.Seat
	UserID string
	Since  time.Time
	// Play plays the decision by the rule. It returns nil when nothing was
	// played: the player moved meanwhile, or no pass is possible (the game
	// then keeps waiting and reminding).
	Play func() (*Played, error)
}

// Played is a decision the bot made for an absent player.
type Played struct {
	Rule   storage.Absent
	Seat   engine.Seat
	Action engine.Action
	Labels []string // the choices' labels, for the announcement
	Result *storage.MoveResult
}

// Scheduler is the one goroutine that sleeps until the next entry of the
// reminders index, then does what is due: reminders, held-back pings,
// digests and deadlines. Everything it decides is committed to the store
// before it is sent, so a restart never sends anything twice (a crash
// between the two loses that one message instead).
type Scheduler struct {
	Store  *storage.Store
	Config Config
	Out    Sender
	// Now is the clock; nil is time.Now. Timers still run on real time
	// (or a synctest bubble's), so Now may only be offset from it.
	Now func() time.Time
	Log *slog.Logger
}

// batch bounds the entries handled before looking at the index again.
const batch = 64

func (s *Scheduler) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Scheduler) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// Run serves until ctx is done.
func (s *Scheduler) Run(ctx context.Context) error {
	s.Config = s.Config.WithDefaults()
	wakes, stop := s.Store.WatchWakes()
	defer stop()
	if n, err := s.Store.EnsureWaiting(s.now()); err != nil {
		s.log().Error("reminders: could not index the games stored before reminders", "err", err)
	} else if n > 0 {
		s.log().Info("reminders: indexed games stored before reminders", "games", n)
	}
	for {
		if ctx.Err() != nil {
			return nil
		}
		now := s.now()
		next, ok, err := s.Store.NextWake()
		if err != nil {
			s.log().Error("reminders: cannot read the index", "err", err)
			ok, next.At = true, now.Add(s.Config.Retry)
		} else if ok && !next.At.After(now) {
			s.RunDue(ctx, now)
			continue
		}
		var timer *time.Timer
		var fire <-chan time.Time
		if ok {
			timer = time.NewTimer(next.At.Sub(now))
			fire = timer.C
		}
		select {
		case <-ctx.Done():
		case <-wakes:
		case <-fire:
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// RunDue handles every index entry due at now.
func (s *Scheduler) RunDue(ctx context.Context, now time.Time) {
	s.Config = s.Config.WithDefaults()
	due, err := s.Store.Due(now, batch)
	if err != nil {
		s.log().Error("reminders: cannot read the index", "err", err)
		return
	}
	for _, w := range due {
		if ctx.Err() != nil {
			return
		}
		var err error
		switch w.Kind {
		case storage.WakeGame:
			err = s.game(ctx, w)
		case storage.WakeDigest:
			err = s.digest(ctx, w)
		default:
			err = fmt.Errorf("unknown entry kind %q", w.Kind)
		}
		switch {
		case errors.Is(err, storage.ErrNotFound):
			err = s.Store.Unschedule(w)
		case err != nil:
			s.log().Error("reminders: an entry failed; trying again later", "kind", string(w.Kind), "id", w.ID, "err", err)
			err = s.Store.Reschedule(w, now.Add(s.Config.Retry))
		}
		if err != nil {
			s.log().Error("reminders: cannot move the entry", "id", w.ID, "err", err)
		}
	}
}

// game claims what is due in one game, then sends it.
func (s *Scheduler) game(ctx context.Context, due storage.Wake) error {
	now := s.now()
	var reminders []Reminder
	var absences []Absence
	err := s.Store.ClaimGame(due, func(m storage.Meta, w *storage.WaitState, users storage.UserLookup) error {
		reminders, absences = nil, nil
		if m.Status != storage.StatusActive {
			return nil
		}
		rules := s.Config.Resolve(m.Wait)
		var ids []string
		for _, sw := range w.Seats {
			if !slices.Contains(ids, sw.UserID) {
				ids = append(ids, sw.UserID)
			}
		}
		for _, uid := range ids {
			u, err := users(uid)
			if err != nil {
				return err
			}
			vacations := VacationsOf(*w, uid)
			d, seats := s.Config.Decide(Input{Now: now, Rules: rules, Prefs: u.Prefs, Seats: w.SeatsOf(uid), Vacations: vacations})
			for _, sw := range seats {
				k := slices.IndexFunc(w.Seats, func(x storage.SeatWait) bool { return x.Seat == sw.Seat })
				w.Seats[k] = sw
			}
			if d.Remind || d.Ping {
				r := Reminder{Game: m, Rules: rules, TurnMessageID: w.TurnMessageID, UserID: uid, Seats: seats, DM: d.DM,
					Deadline: DeadlineOf(rules, seats, vacations)}
				if d.Remind {
					r.Count = seats[0].Reminders
				}
				reminders = append(reminders, r)
			}
			if rules.Absent == storage.AbsentWait {
				continue
			}
			for _, seat := range d.Expired {
				k := slices.IndexFunc(seats, func(x storage.SeatWait) bool { return x.Seat == seat })
				since := seats[k].Since
				absences = append(absences, Absence{Game: m, Rules: rules, Seat: seat, UserID: uid, Since: since,
					Play: func() (*Played, error) { return s.play(m.ID, seat, since, rules.Absent) }})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range reminders {
		if err := s.Out.Remind(ctx, r); err != nil {
			s.log().Warn("reminders: could not remind", "game", r.Game.ID, "user", r.UserID, "err", err)
		}
	}
	for _, a := range absences {
		if err := s.Out.Absent(ctx, a); err != nil {
			s.log().Warn("reminders: could not play for an absent player", "game", a.Game.ID, "seat", a.Seat, "err", err)
		}
	}
	return nil
}

// play applies the absent rule to one decision, if it still waits.
func (s *Scheduler) play(id string, seat engine.Seat, since time.Time, rule storage.Absent) (*Played, error) {
	g, err := s.Store.Load(id)
	if err != nil {
		return nil, err
	}
	if g.Meta.Status != storage.StatusActive || !engine.MustDecide(g.State, seat) {
		return nil, nil
	}
	w, err := s.Store.Waiting(id)
	if err != nil {
		return nil, err
	}
	if k := slices.IndexFunc(w.Seats, func(x storage.SeatWait) bool { return x.Seat == seat }); k < 0 || !w.Seats[k].Since.Equal(since) {
		return nil, nil // the wait this deadline was for is over
	}
	var act engine.Action
	switch rule {
	case storage.AbsentAuto:
		act, err = engine.Auto(g.State, seat)
	case storage.AbsentSkip:
		var ok bool
		act, ok, err = engine.Skip(g.State, seat)
		if err == nil && !ok {
			return nil, s.giveUp(id, seat, since)
		}
	default:
		return nil, nil
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("the %s rule found no move: %w", rule, err), s.giveUp(id, seat, since))
	}
	labels := Labels(g.State, seat, act)
	res, err := s.Store.Move(id, g.Version, seat, act, s.now())
	var stale *storage.StaleError
	switch {
	case errors.As(err, &stale):
		return nil, nil // someone moved at the same moment; looked at again after Retry
	case engine.CodeOf(err) != "":
		return nil, errors.Join(fmt.Errorf("the %s move %v was refused: %w", rule, act, err), s.giveUp(id, seat, since))
	case err != nil:
		return nil, err
	}
	return &Played{Rule: rule, Seat: seat, Action: act, Labels: labels, Result: res}, nil
}

// giveUp falls back to waiting for a decision the absent rule could not
// make.
func (s *Scheduler) giveUp(id string, seat engine.Seat, since time.Time) error {
	now := s.now()
	return s.Store.UpdateWaiting(id, func(_ storage.Meta, w *storage.WaitState, _ storage.UserLookup) error {
		for k, sw := range w.Seats {
			if sw.Seat == seat && sw.Since.Equal(since) {
				w.Seats[k].Expired, w.Seats[k].Next = true, now
			}
		}
		return nil
	})
}

// Labels are the labels of an action's choices, for players.
func Labels(st engine.State, seat engine.Seat, act engine.Action) []string {
	var labels []string
	for k, id := range act {
		step, err := st.Choices(seat, act[:k])
		if err != nil {
			break
		}
		if c, ok := step.Find(id); ok {
			labels = append(labels, c.Label)
		} else {
			labels = append(labels, id)
		}
	}
	return labels
}

// digest claims a user's digest and sends it if any game waits for them.
func (s *Scheduler) digest(ctx context.Context, due storage.Wake) error {
	now := s.now()
	send := false
	_, err := s.Store.ClaimDigest(due, func(u *storage.User) error {
		send = false
		switch {
		case !u.Prefs.Digest:
			u.DigestAt = time.Time{}
		case u.DigestAt.IsZero(): // this entry was the user's digest
			send = true
			u.DigestAt = NextDigest(now, u.Prefs)
		}
		return nil
	})
	if err != nil || !send {
		return err
	}
	games, err := s.Store.WaitingOfUser(due.ID)
	if err != nil {
		return err
	}
	d := Digest{UserID: due.ID, At: now}
	for _, g := range games {
		if g.Meta.Status == storage.StatusActive && len(g.Wait.SeatsOf(due.ID)) > 0 {
			d.Games = append(d.Games, g)
		}
	}
	if len(d.Games) == 0 {
		return nil
	}
	if err := s.Out.Digest(ctx, d); err != nil {
		s.log().Warn("reminders: could not send a digest", "user", due.ID, "err", err)
	}
	return nil
}
