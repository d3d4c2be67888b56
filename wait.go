package adega

import (
	"slices"
	"time"

	"github.com/adega-bot/adega/engine"
)

// Waiting: every game keeps, beside its log, a record of who it waits for
// (WaitState), written by the same transaction as the change that changes
// who must act, and one entry in the reminders index, a time-ordered
// index of when the scheduler must next look at the game (Wake).
//
// The index entry is a hint, never later than the first thing that may
// fall due: a change cannot know a user's quiet hours or vacations, so it
// asks for the earliest possible moment (the pace interval or the deadline
// after the wait began) and the scheduler, when it looks, writes back the
// exact time of the next reminder, ping or deadline.

// Absent is what happens when a game's deadline passes.
type Absent string

const (
	AbsentWait Absent = "wait" // only keep reminding (the default)
	AbsentAuto Absent = "auto" // the bot plays the decision with a simple legal heuristic
	AbsentSkip Absent = "skip" // the player passes where the rules allow it, else wait
)

// WaitRules are a game's waiting settings, chosen at creation and
// changeable by its creator. The zero value means the bot's defaults.
type WaitRules struct {
	// Pace names the interval: relaxed, normal, fast or custom.
	Pace string `json:"pace,omitempty"`
	// Interval is how long a decision may wait before the first reminder;
	// 0 uses the bot's default.
	Interval time.Duration `json:"interval,omitempty"`
	// Deadline is how long a decision may wait before Absent applies; 0 is
	// no deadline.
	Deadline time.Duration `json:"deadline,omitempty"`
	Absent   Absent        `json:"absent,omitempty"`
}

// WaitState is a game's waiting bookkeeping.
type WaitState struct {
	// Version is the game version the seats describe.
	Version uint64 `json:"version"`
	// Seats are the pending decisions of seats a person plays (the bot's
	// seats are BotTurn's).
	Seats []SeatWait `json:"seats,omitempty"`
	// TurnMessageID is the newest turn message the bot posted (for the
	// moment TurnStamp), the target of jump links.
	TurnMessageID string `json:"turn_message_id,omitempty"`
	TurnStamp     uint64 `json:"turn_stamp,omitempty"`
	// Seen are the newest messages posted that show a moment of the game,
	// oldest first: what players could have seen, and when.
	Seen []Seen `json:"seen,omitempty"`
	// Vacations are the players' vacation windows in this game.
	Vacations []Vacation `json:"vacations,omitempty"`
	// BotTurn is when the scheduler must play the decisions of the seats
	// the bot plays (zero when none must decide): at once after the change
	// that made them pending, and again later if that play failed.
	BotTurn time.Time `json:"bot_turn,omitzero"`
	// Wake is the time of the game's entry in the reminders index; zero
	// when it has none.
	Wake time.Time `json:"wake,omitzero"`
}

// Seen is a posted message that showed the game at a moment.
type Seen struct {
	Stamp     uint64 `json:"stamp"`
	MessageID string `json:"message_id"`
}

// SeatWait is one pending decision.
type SeatWait struct {
	Seat   engine.Seat `json:"seat"`
	UserID string      `json:"user_id"`
	Prompt string      `json:"prompt"`
	// Since is when the seat began to wait. A seat that stays pending
	// across other seats' moves keeps it.
	Since time.Time `json:"since"`
	// Reminders counts the reminders sent since then; LastReminder is the
	// newest.
	Reminders    int       `json:"reminders,omitempty"`
	LastReminder time.Time `json:"last_reminder,omitzero"`
	// PingDue: the turn message held the ping back (quiet hours); the
	// scheduler pings when the window ends.
	PingDue bool `json:"ping_due,omitempty"`
	// Expired: the deadline passed and the game fell back to waiting.
	Expired bool `json:"expired,omitempty"`
	// Next is when the scheduler should look at this seat again.
	Next time.Time `json:"next,omitzero"`
}

// Vacation is a window in which a player's deadlines in a game stand still.
type Vacation struct {
	UserID string    `json:"user_id"`
	From   time.Time `json:"from"`
	Until  time.Time `json:"until"`
}

// VacationUsed is how much vacation userID has taken in the game so far.
func (w WaitState) VacationUsed(userID string) time.Duration {
	var d time.Duration
	for _, v := range w.Vacations {
		if v.UserID == userID {
			d += v.Until.Sub(v.From)
		}
	}
	return d
}

// SeatsOf returns the decisions userID owes in the game.
func (w WaitState) SeatsOf(userID string) []SeatWait {
	var out []SeatWait
	for _, s := range w.Seats {
		if s.UserID == userID {
			out = append(out, s)
		}
	}
	return out
}

// WakeAt is when the scheduler must look at the game next: the earliest
// Next of its seats, or its BotTurn.
func (w WaitState) WakeAt() time.Time {
	wake := w.BotTurn
	for _, s := range w.Seats {
		if !s.Next.IsZero() && (wake.IsZero() || s.Next.Before(wake)) {
			wake = s.Next
		}
	}
	return wake
}

// Replan asks the scheduler to look at the chosen seats at now.
func (w *WaitState) Replan(now time.Time, which func(SeatWait) bool) {
	for k := range w.Seats {
		if which(w.Seats[k]) {
			w.Seats[k].Next = now
		}
	}
}

// firstLook is the earliest moment a new wait may need the scheduler: the
// first reminder or the deadline, whichever comes first. Rules with no
// interval (the bot's default) ask for a look at once.
func firstLook(r WaitRules, since time.Time) time.Time {
	d := r.Interval
	if r.Deadline > 0 && (d == 0 || r.Deadline < d) {
		d = r.Deadline
	}
	return since.Add(d)
}

// Sync brings the record in step with g's state after a move, an undo or
// its creation. Seats pending before and after keep their wait, unless the
// seat is one that moved since the record was written; new waits start at
// the game's UpdatedAt.
func (w *WaitState) Sync(g *Game) {
	now := g.Meta.UpdatedAt
	var movers []engine.Seat
	if g.Version > w.Version {
		for _, e := range g.Log[w.Version:] {
			movers = append(movers, e.Seat)
		}
	}
	live := g.Meta.Status == StatusActive && !g.State.Over()
	var seats []SeatWait
	if live {
		for _, p := range g.State.Pending() {
			if int(p.Seat) < 0 || int(p.Seat) >= len(g.Meta.Seats) || slices.ContainsFunc(seats, func(s SeatWait) bool { return s.Seat == p.Seat }) {
				continue
			}
			su := g.Meta.Seats[p.Seat]
			if su.UserID == "" || su.Bot {
				continue
			}
			k := slices.IndexFunc(w.Seats, func(s SeatWait) bool { return s.Seat == p.Seat })
			if k >= 0 && !slices.Contains(movers, p.Seat) && w.Seats[k].UserID == su.UserID {
				kept := w.Seats[k]
				kept.Prompt = p.Prompt
				seats = append(seats, kept)
				continue
			}
			seats = append(seats, SeatWait{Seat: p.Seat, UserID: su.UserID, Prompt: p.Prompt, Since: now, Next: firstLook(g.Meta.Wait, now)})
		}
	}
	w.Seats, w.Version, w.BotTurn = seats, g.Version, time.Time{}
	if _, ok := BotPending(g.Meta, g.State); ok && live {
		w.BotTurn = now
	}
}

// SyncMeta follows a change of a game's metadata alone: a game that is no
// longer active waits for nobody, and a seat that changed hands starts a
// new wait for its new player (or none for the bot). It reports whether
// the record changed.
func (w *WaitState) SyncMeta(m Meta) bool {
	var seats []SeatWait
	if m.Status == StatusActive {
		for _, s := range w.Seats {
			if int(s.Seat) >= len(m.Seats) {
				continue
			}
			su := m.Seats[s.Seat]
			switch {
			case su.UserID == "" || su.Bot:
				continue
			case su.UserID != s.UserID:
				since := s.Since
				if m.UpdatedAt.After(since) {
					since = m.UpdatedAt
				}
				s = SeatWait{Seat: s.Seat, UserID: su.UserID, Prompt: s.Prompt, Since: since, Next: firstLook(m.Wait, since)}
			}
			seats = append(seats, s)
		}
	}
	botTurn := w.BotTurn
	if m.Status != StatusActive {
		botTurn = time.Time{}
	}
	if botTurn.Equal(w.BotTurn) && len(seats) == len(w.Seats) && slices.EqualFunc(seats, w.Seats, func(a, b SeatWait) bool { return a.UserID == b.UserID && a.Since.Equal(b.Since) }) {
		return false
	}
	w.Seats, w.BotTurn = seats, botTurn
	return true
}

// WakeKind says what an index entry wakes the scheduler for.
type WakeKind byte

const (
	WakeGame   WakeKind = 'g' // a game's reminders, pings and deadlines
	WakeDigest WakeKind = 'u' // a user's daily digest
)

// Wake is one entry of the reminders index.
type Wake struct {
	At   time.Time `json:"-"`
	Kind WakeKind  `json:"kind"`
	ID   string    `json:"id"` // a game ID or a user ID
}

// GameWait is a game's metadata with its waiting record.
type GameWait struct {
	Meta Meta
	Wait WaitState
}

// UserLookup reads a user inside the transaction of a change.
type UserLookup func(id string) (User, error)
