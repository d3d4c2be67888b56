package remind

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// Announcer makes the messages the scheduler queues in the outbox, and
// holds a game's channel while the scheduler plays for an absent player.
// The bot implements it; tests record the calls.
type Announcer interface {
	// Remind is the messages that carry a reminder (or a ping held back
	// by quiet hours, when Count is 0), queued in the transaction that
	// claims it.
	Remind(r Reminder) []*adega.Outgoing
	// Digest is the message that carries a user's daily digest.
	Digest(d Digest) []*adega.Outgoing
	// Absent builds the turn message that announces a decision the bot
	// made for an absent player; it is queued in the move's transaction.
	Absent(a Absence, p Played) adega.PostFunc
	// Bots builds the turn message that announces the decisions the bot
	// made for the seats it plays.
	Bots(m adega.Meta, plays []referee.Play) adega.PostFunc
	// Lock holds a game's channel, so that the scheduler's move keeps its
	// order with the players' own; it returns the unlock.
	Lock(channelID string) func()
}

// Reminder is a reminder or a held-back ping for one user in one game.
type Reminder struct {
	Game          adega.Meta
	Rules         adega.WaitRules // resolved
	TurnMessageID string          // the newest turn message, for the jump link; may be empty
	UserID        string
	Seats         []adega.SeatWait // what the user must decide, oldest first
	Count         int              // the reminder's number from 1; 0 for a held-back ping
	DM            bool
	Deadline      time.Time // the next deadline, zero if none
}

// Digest lists the games that wait for a user.
type Digest struct {
	UserID string
	Games  []adega.GameWait // active games where the user owes a decision
	At     time.Time
}

// Absence is a decision whose deadline passed under auto or skip.
type Absence struct {
	Game   adega.Meta
	Rules  adega.WaitRules // resolved
	Seat   engine.Seat
	UserID string
	Since  time.Time
}

// Played is a decision the bot made for an absent player: one action, or
// several when the decision turned up hidden information on the way.
type Played struct {
	Rule   adega.Absent
	Seat   engine.Seat
	Plays  []referee.Play
	Labels []string // the choices' labels, for the announcement
	Result *referee.MoveResult
}

// Scheduler is the one goroutine that sleeps until the next entry of the
// reminders index, then does what is due: reminders, held-back pings,
// digests and deadlines. What it decides goes to the outbox in the
// transaction that records the decision, so a restart neither forgets nor
// repeats a message; the bot delivers the outbox. The searches of the
// bot's decisions it hands to the thinkers (autoplay.go), so that nothing
// due waits behind them.
type Scheduler struct {
	Store  *storage.Store
	Config Config
	Out    Announcer
	// Now is the clock, the handler's (required). Timers still run on real time
	// (or a synctest bubble's), so Now may only be offset from it.
	Now func() time.Time
	Log *slog.Logger
	// AI is how the bot searches its decisions (autoplay.go), and Thinkers
	// the pool it searches in, shared with the hints; nil is a pool of the
	// scheduler's own.
	AI       ai.Settings
	Thinkers *fair.Pool
	// Metrics, if set, counts the reminders, the digests and the bot's
	// moves.
	Metrics *ops.Metrics
	// Shared is what a player has across processes (shared.go); nil is
	// this store alone.
	Shared Shared

	ownThinkers fair.Pool
	mu          sync.Mutex
	busy        map[string]*work // by game, the AI work not done yet
	pending     sync.WaitGroup   // the games in busy
}

// batch bounds the entries handled before looking at the index again.
const batch = 64

// referee stores the bot's moves in the games of s.Store.
func (s *Scheduler) referee() *referee.Referee { return referee.New(s.Store) }

func (s *Scheduler) now() time.Time { return s.Now() }

func (s *Scheduler) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// Run serves until ctx is done, then waits for the searches under way,
// which store what they found.
func (s *Scheduler) Run(ctx context.Context) error {
	if s.Now == nil {
		return errors.New("remind: the scheduler has no clock (Scheduler.Now)")
	}
	defer s.Wait()
	s.Config = s.Config.WithDefaults()
	wakes, stop := s.Store.WatchWakes()
	defer stop()
	if n, err := s.Store.EnsureWaiting(s.now()); err != nil {
		s.log().Error("reminders: could not index the games stored before reminders", "err", err)
	} else if n > 0 {
		s.log().Info("reminders: indexed games stored before reminders", "games", n)
	}
	if n, err := s.resume(s.now()); err != nil {
		s.log().Error("reminders: could not resume the bot's moves a stop cut short", "err", err)
	} else if n > 0 {
		s.log().Info("reminders: resumed the bot's moves a stop cut short", "games", n)
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

// errNoClaim rolls back resume's look at a game that has no claim.
var errNoClaim = errors.New("no claim")

// resume makes due at once the bot's moves an earlier process claimed and
// may not have stored. game claims a bot turn, or an absent player's
// passed deadline, by putting it Retry ahead; a stop or a kill before the
// move was stored would leave the game silent until then. Looking again
// plays nothing twice: a stored move ended its claim, in the transaction
// that stored it with its announcement, and a search from a moment that
// has passed is stale. It returns how many games it resumed.
func (s *Scheduler) resume(now time.Time) (int, error) {
	claims, err := s.Store.Due(now.Add(s.Config.Retry), math.MaxInt)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range claims {
		if c.Kind != adega.WakeGame || !c.At.After(now) {
			continue // a digest, or due already
		}
		err := s.Store.UpdateWaiting(c.ID, func(m adega.Meta, w *adega.WaitState, _ adega.UserLookup) error {
			if !s.unclaim(now, m, w) {
				return errNoClaim
			}
			return nil
		})
		switch {
		case err == nil:
			n++
		case errors.Is(err, errNoClaim), engine.CodeOf(err) == adega.CodeNotFound:
		default:
			return n, err
		}
	}
	return n, nil
}

// unclaim makes due at now the claims of w that game made: a bot turn,
// and the seats whose deadline passed under auto or skip. It reports
// whether there were any.
func (s *Scheduler) unclaim(now time.Time, m adega.Meta, w *adega.WaitState) bool {
	claimed := false
	if w.BotTurn.After(now) {
		w.BotTurn, claimed = now, true
	}
	rules := s.Config.Resolve(m.Wait)
	if rules.Deadline <= 0 || rules.Absent == adega.AbsentWait {
		return claimed
	}
	for k, sw := range w.Seats {
		passed := !DeadlineAt(sw.Since, rules.Deadline, VacationsOf(*w, sw.UserID)).After(now)
		if passed && !sw.Expired && sw.Next.After(now) {
			w.Seats[k].Next, claimed = now, true
		}
	}
	return claimed
}

// RunDue handles every index entry due at now; the searches it asks for
// go on after it returns (Wait waits for them).
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
		case adega.WakeGame:
			err = s.game(ctx, w)
		case adega.WakeDigest:
			err = s.digest(w)
		default:
			err = fmt.Errorf("unknown entry kind %q", w.Kind)
		}
		switch {
		case engine.CodeOf(err) == adega.CodeNotFound:
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

// game claims what is due in one game, queueing its reminders; a deadline
// under skip is played at once, and the searches (absent players under
// auto, the bot's seats) are handed to the thinkers.
func (s *Scheduler) game(ctx context.Context, due adega.Wake) error {
	now := s.now()
	var absences []Absence
	var bots bool
	queued := 0
	err := s.Store.ClaimGame(due, func(m adega.Meta, w *adega.WaitState, users adega.UserLookup) ([]*adega.Outgoing, error) {
		absences, queued = nil, 0
		if m.Status != adega.StatusActive {
			return nil, nil
		}
		// The thinkers play the bot's seats; if that fails, again after
		// Retry. Their move puts the next bot turn in place of this one.
		if bots = !w.BotTurn.IsZero() && !w.BotTurn.After(now); bots {
			w.BotTurn = now.Add(s.Config.Retry)
		}
		var out []*adega.Outgoing
		var err error
		out, absences, err = s.claimWaits(now, m, w, users)
		queued = len(out)
		return out, err
	})
	if err != nil {
		return err
	}
	s.Metrics.Reminded(ops.Remind, queued)
	var auto []Absence
	for _, a := range absences {
		if a.Rules.Absent == adega.AbsentAuto {
			auto = append(auto, a)
		} else if err := s.skip(a); err != nil {
			s.log().Warn("reminders: could not play for an absent player", "game", a.Game.ID, "guild", a.Game.GuildID, "seat", a.Seat, "err", err)
		}
	}
	s.hand(ctx, due.ID, auto, bots)
	return nil
}

// claimWaits decides, for each player a game waits for, what is due now:
// it returns the reminders and pings to queue, and the decisions whose
// deadline passed under auto or skip.
func (s *Scheduler) claimWaits(now time.Time, m adega.Meta, w *adega.WaitState, users adega.UserLookup) ([]*adega.Outgoing, []Absence, error) {
	var out []*adega.Outgoing
	var absences []Absence
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
			return nil, nil, err
		}
		vacations := VacationsOf(*w, uid)
		d, seats := s.Config.Decide(Input{Now: now, Rules: rules, Prefs: u.Prefs, Seats: w.SeatsOf(uid), Vacations: vacations})
		for _, sw := range seats {
			k := slices.IndexFunc(w.Seats, func(x adega.SeatWait) bool { return x.Seat == sw.Seat })
			w.Seats[k] = sw
		}
		if d.Remind || d.Ping {
			r := Reminder{Game: m, Rules: rules, UserID: uid, Seats: seats, DM: d.DM,
				Deadline: DeadlineOf(rules, seats, vacations)}
			if d.Remind {
				r.Count = seats[0].Reminders
			}
			out = append(out, s.Out.Remind(r)...)
		}
		if rules.Absent == adega.AbsentWait {
			continue
		}
		for _, seat := range d.Expired {
			k := slices.IndexFunc(seats, func(x adega.SeatWait) bool { return x.Seat == seat })
			absences = append(absences, Absence{Game: m, Rules: rules, Seat: seat, UserID: uid, Since: seats[k].Since})
		}
	}
	return out, absences, nil
}

// skip plays a pass for an absent player under skip, if the decision still
// waits and the rules offer one; where they do not, the game keeps waiting.
func (s *Scheduler) skip(a Absence) error {
	g, err := s.absentGame(a)
	if g == nil {
		return err
	}
	act, ok, err := engine.Skip(g.State, a.Seat)
	if err == nil && !ok {
		return s.giveUp(g.ID, a.Seat, a.Since)
	}
	return s.playAbsent(g, a, []referee.Play{{Seat: a.Seat, Action: act}}, err)
}

// absentGame loads the game of an absence, or nil if the decision no
// longer waits for the absent rule.
func (s *Scheduler) absentGame(a Absence) (*adega.Game, error) {
	g, err := s.Store.Load(a.Game.ID)
	if err != nil {
		return nil, err
	}
	if g.Meta.Status != adega.StatusActive || !engine.MustDecide(g.State, a.Seat) {
		return nil, nil
	}
	w, err := s.Store.Waiting(g.ID)
	if err != nil {
		return nil, err
	}
	if k := slices.IndexFunc(w.Seats, func(x adega.SeatWait) bool { return x.Seat == a.Seat }); k < 0 || !w.Seats[k].Since.Equal(a.Since) {
		return nil, nil // the wait this deadline was for is over
	}
	return g, nil
}

// playAbsent stores the moves the absent rule made for a decision of g,
// with their announcement; found is why the rule found none, if so.
func (s *Scheduler) playAbsent(g *adega.Game, a Absence, plays []referee.Play, found error) error {
	if found != nil {
		return errors.Join(fmt.Errorf("the %s rule found no move: %w", a.Rules.Absent, found), s.giveUp(g.ID, a.Seat, a.Since))
	}
	p := Played{Rule: a.Rules.Absent, Seat: a.Seat, Plays: plays, Labels: labelsOf(g.State, plays)}
	unlock := s.Out.Lock(g.Meta.ChannelID) // not while searching: players' moves need it at once
	var err error
	p.Result, err = s.referee().BotMoves(g.ID, g.Stamp, plays, s.now(), s.Out.Absent(a, p))
	unlock()
	switch {
	case err == nil:
		s.Metrics.Moved(ops.ByAbsent, len(plays))
	case errors.Is(err, adega.ErrStale):
		return nil // someone moved at the same moment; looked at again after Retry
	case engine.CodeOf(err) != "":
		return errors.Join(fmt.Errorf("the %s moves %v were refused: %w", a.Rules.Absent, plays, err), s.giveUp(g.ID, a.Seat, a.Since))
	}
	return err
}

// giveUp falls back to waiting for a decision the absent rule could not
// make.
func (s *Scheduler) giveUp(id string, seat engine.Seat, since time.Time) error {
	now := s.now()
	return s.Store.UpdateWaiting(id, func(_ adega.Meta, w *adega.WaitState, _ adega.UserLookup) error {
		for k, sw := range w.Seats {
			if sw.Seat == seat && sw.Since.Equal(since) {
				w.Seats[k].Expired, w.Seats[k].Next = true, now
			}
		}
		return nil
	})
}

// labelsOf are the labels of the plays' choices, for players.
func labelsOf(st engine.State, plays []referee.Play) []string {
	var labels []string
	for _, p := range plays {
		labels = append(labels, engine.Labels(st, p.Seat, p.Action)...)
		next, _, err := st.Apply(p.Seat, p.Action)
		if err != nil {
			break
		}
		st = next
	}
	return labels
}

// digest claims a user's digest and queues it if any game waits for them.
// With several processes each has the user's digest due, and the one that
// claims it in the shared records sends it: a claim and its message are
// stored in one transaction, and a claim is this process's again after a
// crash, so the digest goes once. While the shared records cannot be
// reached, the entry is tried again later.
func (s *Scheduler) digest(due adega.Wake) error {
	now := s.now()
	u, err := s.Store.GetUser(due.ID)
	if err != nil {
		return err
	}
	var games []adega.GameWait
	mine := false
	if u.Prefs.Digest && !u.DigestAt.IsZero() && !u.DigestAt.After(due.At) { // this entry is the user's digest
		if games, err = s.shared().WaitingOfUser(due.ID); err != nil {
			return err
		}
		if mine, err = s.shared().ClaimDigest(due.ID, u.DigestAt); err != nil {
			return err
		}
	}
	d := Digest{UserID: due.ID, At: now}
	_, err = s.Store.ClaimDigest(due, func(u *adega.User) ([]*adega.Outgoing, error) {
		d.Games = nil
		switch {
		case !u.Prefs.Digest:
			u.DigestAt = time.Time{}
			return nil, nil
		case !u.DigestAt.IsZero(): // not the user's digest
			return nil, nil
		}
		u.DigestAt = NextDigest(now, u.Prefs)
		if !mine {
			return nil, nil
		}
		for _, g := range games {
			if g.Meta.Status == adega.StatusActive && len(g.Wait.SeatsOf(due.ID)) > 0 {
				d.Games = append(d.Games, g)
			}
		}
		if len(d.Games) == 0 {
			return nil, nil
		}
		return s.Out.Digest(d), nil
	})
	if err == nil && len(d.Games) > 0 {
		s.Metrics.Reminded(ops.Digest, 1)
	}
	return err
}

// shared is what spans processes: Shared, or the store alone.
func (s *Scheduler) shared() Shared {
	if s.Shared != nil {
		return s.Shared
	}
	return Local{Store: s.Store, Now: s.Now}
}
