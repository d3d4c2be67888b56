package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
)

// Waiting: every game keeps, beside its log, a record of who it waits for
// (WaitState) and one entry in the reminders bucket, a time-ordered index
// of when the scheduler must next look at the game. The bookkeeping is
// written by the same transaction as the move that changes who must act,
// so a restart finds exactly what was committed.
//
// The index entry is a hint, never later than the first thing that may
// fall due: the move transaction cannot know a user's quiet hours or
// vacations, so it writes the earliest possible moment (the pace interval
// or the deadline after the wait began) and the scheduler, when it looks,
// writes back the exact time of the next reminder, ping or deadline.
//
// Layout of the reminders bucket: key = 8-byte big-endian Unix nanoseconds
// ‖ one kind byte ('g' a game, 'u' a user's daily digest) ‖ the game or
// user ID; value = the same reference as versioned JSON. Keys sort by time,
// so the first key is the next wake-up.

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

const keyWaiting = "waiting"

func wakeKey(w Wake) []byte {
	k := binary.BigEndian.AppendUint64(nil, uint64(w.At.UnixNano()))
	k = append(k, byte(w.Kind))
	return append(k, w.ID...)
}

func parseWakeKey(k []byte) (Wake, error) {
	if len(k) < 10 {
		return Wake{}, &CorruptError{Record: "reminders", Key: fmt.Sprintf("%x", k), Err: fmt.Errorf("key is %d bytes, want at least 10", len(k))}
	}
	return Wake{At: time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC(), Kind: WakeKind(k[8]), ID: string(k[9:])}, nil
}

// schedule moves an index entry from old to at (either may be zero) and
// tells the watchers once the transaction commits.
func schedule(tx *bbolt.Tx, kind WakeKind, id string, old, at time.Time) error {
	if old.Equal(at) {
		return nil
	}
	b := tx.Bucket(bucketReminders)
	if !old.IsZero() {
		if err := b.Delete(wakeKey(Wake{At: old, Kind: kind, ID: id})); err != nil {
			return err
		}
	}
	if !at.IsZero() {
		w := Wake{At: at, Kind: kind, ID: id}
		data, err := encode(w)
		if err != nil {
			return err
		}
		if err := b.Put(wakeKey(w), data); err != nil {
			return err
		}
	}
	tx.OnCommit(notifierOf(tx.DB(), topicWakes).notify)
	return nil
}

func readWaiting(gb *bbolt.Bucket, id string) (WaitState, bool, error) {
	var w WaitState
	if gb.Get([]byte(keyWaiting)) == nil {
		return w, false, nil
	}
	err := get(gb, "game "+id, keyWaiting, &w)
	return w, err == nil, err
}

// putWaiting stores a game's waiting record and moves its index entry to
// the earliest Next of its seats or its BotTurn.
func putWaiting(tx *bbolt.Tx, gb *bbolt.Bucket, id string, w *WaitState) error {
	wake := w.BotTurn
	for _, s := range w.Seats {
		if !s.Next.IsZero() && (wake.IsZero() || s.Next.Before(wake)) {
			wake = s.Next
		}
	}
	if err := schedule(tx, WakeGame, id, w.Wake, wake); err != nil {
		return err
	}
	w.Wake = wake
	return put(gb, keyWaiting, w)
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

// syncWaiting brings a game's waiting record in step with its state after
// a move, an undo or its creation. Seats pending before and after keep
// their wait, unless the seat is the one that just moved; new waits start
// at the game's UpdatedAt.
func syncWaiting(tx *bbolt.Tx, g *Game) error {
	gb := tx.Bucket(bucketGames).Bucket([]byte(g.ID))
	w, _, err := readWaiting(gb, g.ID)
	if err != nil {
		return err
	}
	now := g.Meta.UpdatedAt
	// The seats that moved since the record was written start new waits.
	var movers []engine.Seat
	if g.Version > w.Version {
		for _, e := range g.Log[w.Version:] {
			movers = append(movers, e.Seat)
		}
	}
	var seats []SeatWait
	if g.Meta.Status == StatusActive && !g.State.Over() {
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
	if _, ok := BotPending(g.Meta, g.State); ok && g.Meta.Status == StatusActive && !g.State.Over() {
		w.BotTurn = now
	}
	return putWaiting(tx, gb, g.ID, &w)
}

// syncWaitingMeta follows a change of a game's metadata alone: a game that
// is no longer active waits for nobody, and a seat that changed hands
// starts a new wait for its new player (or none for the bot).
func syncWaitingMeta(tx *bbolt.Tx, gb *bbolt.Bucket, m Meta) error {
	w, ok, err := readWaiting(gb, m.ID)
	if err != nil || !ok {
		return err
	}
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
		return nil
	}
	w.Seats, w.BotTurn = seats, botTurn
	return putWaiting(tx, gb, m.ID, &w)
}

// Waiting returns a game's waiting record.
func (s *Store) Waiting(id string) (WaitState, error) {
	var w WaitState
	err := s.db.View(func(tx *bbolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte(id))
		if gb == nil {
			return &notFoundError{id}
		}
		var err error
		w, _, err = readWaiting(gb, id)
		return err
	})
	return w, err
}

// NextWake returns the earliest entry of the reminders index.
func (s *Store) NextWake() (Wake, bool, error) {
	var w Wake
	var ok bool
	err := s.db.View(func(tx *bbolt.Tx) error {
		k, _ := tx.Bucket(bucketReminders).Cursor().First()
		if k == nil {
			return nil
		}
		var err error
		w, err = parseWakeKey(k)
		ok = err == nil
		return err
	})
	return w, ok, err
}

// Due returns the index entries due at or before now, earliest first, at
// most max of them.
func (s *Store) Due(now time.Time, max int) ([]Wake, error) {
	var out []Wake
	limit := u64(uint64(now.UnixNano()))
	err := s.db.View(func(tx *bbolt.Tx) error {
		c := tx.Bucket(bucketReminders).Cursor()
		for k, _ := c.First(); k != nil && len(out) < max; k, _ = c.Next() {
			if bytes.Compare(k[:min(8, len(k))], limit) > 0 {
				break
			}
			w, err := parseWakeKey(k)
			if err != nil {
				return err
			}
			out = append(out, w)
		}
		return nil
	})
	return out, err
}

// Unschedule removes one entry from the index, such as one for a game that
// no longer exists.
func (s *Store) Unschedule(w Wake) error {
	return s.update(func(tx *bbolt.Tx) error {
		return schedule(tx, w.Kind, w.ID, w.At, time.Time{})
	})
}

// Reschedule moves one entry of the index to at.
func (s *Store) Reschedule(w Wake, at time.Time) error {
	return s.update(func(tx *bbolt.Tx) error {
		return schedule(tx, w.Kind, w.ID, w.At, at)
	})
}

// UserLookup reads a user inside a waiting transaction.
type UserLookup func(id string) (User, error)

// UpdateWaiting changes a game's waiting record in one transaction and
// moves its index entry to the earliest Next of its seats or its BotTurn. change gets the
// game's metadata and may read users. If change returns an error nothing is
// written. A game whose record does not exist yet gets an empty one.
func (s *Store) UpdateWaiting(id string, change func(Meta, *WaitState, UserLookup) error) error {
	return s.update(func(tx *bbolt.Tx) error { return updateWaiting(tx, id, nil, change) })
}

// ClaimGame is UpdateWaiting for the scheduler handling the index entry
// due: the entry goes in the same transaction, whatever the record says,
// and so do the messages change returns, into the outbox.
func (s *Store) ClaimGame(due Wake, change func(Meta, *WaitState, UserLookup) ([]*Outgoing, error)) error {
	return s.update(func(tx *bbolt.Tx) error {
		var out []*Outgoing
		err := updateWaiting(tx, due.ID, &due, func(m Meta, w *WaitState, users UserLookup) error {
			var err error
			out, err = change(m, w, users)
			return err
		})
		if err != nil {
			return err
		}
		return enqueue(tx, out...)
	})
}

func updateWaiting(tx *bbolt.Tx, id string, due *Wake, change func(Meta, *WaitState, UserLookup) error) error {
	if due != nil {
		if err := tx.Bucket(bucketReminders).Delete(wakeKey(*due)); err != nil {
			return err
		}
	}
	gb := tx.Bucket(bucketGames).Bucket([]byte(id))
	if gb == nil {
		return &notFoundError{id}
	}
	var meta Meta
	if err := get(gb, "game "+id, keyMeta, &meta); err != nil {
		return err
	}
	w, _, err := readWaiting(gb, id)
	if err != nil {
		return err
	}
	if due != nil && w.Wake.Equal(due.At) {
		w.Wake = time.Time{} // its key is gone already
	}
	if err := change(meta, &w, func(uid string) (User, error) { return readUser(tx, uid) }); err != nil {
		return err
	}
	if meta.Status != StatusActive {
		w.Seats, w.BotTurn = nil, time.Time{}
	}
	return putWaiting(tx, gb, id, &w)
}

// GameWait is a game's metadata with its waiting record.
type GameWait struct {
	Meta Meta
	Wait WaitState
}

// WaitingOfUser returns every active game in which userID plays a seat,
// with its waiting record, oldest first. It reads the index of the games
// each player plays (stats.go), not every game: a member's /adega games
// or digest costs their own games alone.
func (s *Store) WaitingOfUser(userID string) ([]GameWait, error) {
	var out []GameWait
	err := s.db.View(func(tx *bbolt.Tx) error {
		return eachOf(statsBucket(tx, bucketPlaying), userID, func(id string, _ []byte) error {
			gb, err := gameBucket(tx, id)
			if err != nil {
				return err
			}
			g := GameWait{}
			if err := get(gb, "game "+id, keyMeta, &g.Meta); err != nil {
				return err
			}
			if g.Wait, _, err = readWaiting(gb, id); err != nil {
				return err
			}
			out = append(out, g)
			return nil
		})
	})
	slices.SortStableFunc(out, func(a, b GameWait) int { return a.Meta.CreatedAt.Compare(b.Meta.CreatedAt) })
	return out, err
}

// replanSeats asks the scheduler to look at the chosen seats now.
func replanSeats(w *WaitState, now time.Time, which func(SeatWait) bool) {
	for k := range w.Seats {
		if which(w.Seats[k]) {
			w.Seats[k].Next = now
		}
	}
}

// SetWaitRules changes a game's waiting settings; every waiting seat is
// looked at again under them, a passed deadline included.
func (s *Store) SetWaitRules(id string, rules WaitRules, now time.Time) (Meta, error) {
	var meta Meta
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		if meta, _, err = updateMeta(tx, id, func(m *Meta) error { m.Wait = rules; return nil }); err != nil {
			return err
		}
		return updateWaiting(tx, id, nil, func(_ Meta, w *WaitState, _ UserLookup) error {
			replanSeats(w, now, func(SeatWait) bool { return true })
			for k := range w.Seats {
				w.Seats[k].Expired = false
			}
			return nil
		})
	})
	return meta, err
}

// ReplanUser asks the scheduler to look again at every decision userID
// owes, after their settings changed.
func (s *Store) ReplanUser(userID string, now time.Time) error {
	games, err := s.WaitingOfUser(userID)
	if err != nil {
		return err
	}
	return s.update(func(tx *bbolt.Tx) error {
		for _, g := range games {
			if len(g.Wait.SeatsOf(userID)) == 0 {
				continue
			}
			err := updateWaiting(tx, g.Meta.ID, nil, func(_ Meta, w *WaitState, _ UserLookup) error {
				replanSeats(w, now, func(s SeatWait) bool { return s.UserID == userID })
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// VacationGrant is what a vacation request gave in one game.
type VacationGrant struct {
	Meta    Meta
	Granted time.Duration // 0 when the game's allowance is used up
	Until   time.Time     // the end of the vacation in this game
	Used    time.Duration // vacation taken in this game, this one included
	Ended   bool          // a vacation in progress was ended
}

// SetVacation pauses userID's deadlines for d in every active game they
// play, at most limit per game over the whole game. A vacation in progress
// ends now and counts for the time it lasted; d = 0 only ends it.
func (s *Store) SetVacation(userID string, now time.Time, d, limit time.Duration) ([]VacationGrant, error) {
	games, err := s.WaitingOfUser(userID)
	if err != nil {
		return nil, err
	}
	var grants []VacationGrant
	err = s.update(func(tx *bbolt.Tx) error {
		grants = grants[:0]
		for _, g := range games {
			if g.Meta.Status != StatusActive {
				continue
			}
			var grant VacationGrant
			err := updateWaiting(tx, g.Meta.ID, nil, func(m Meta, w *WaitState, _ UserLookup) error {
				grant.Meta = m
				for k, v := range w.Vacations {
					if v.UserID == userID && v.Until.After(now) {
						grant.Ended = true
						w.Vacations[k].Until = now
						if v.From.After(now) {
							w.Vacations[k].Until = v.From
						}
					}
				}
				w.Vacations = slices.DeleteFunc(w.Vacations, func(v Vacation) bool { return !v.Until.After(v.From) })
				if left := limit - w.VacationUsed(userID); d > 0 && left > 0 {
					grant.Granted = min(d, left)
					grant.Until = now.Add(grant.Granted)
					w.Vacations = append(w.Vacations, Vacation{UserID: userID, From: now, Until: grant.Until})
				}
				grant.Used = w.VacationUsed(userID)
				replanSeats(w, now, func(s SeatWait) bool { return s.UserID == userID })
				return nil
			})
			if err != nil {
				return err
			}
			grants = append(grants, grant)
		}
		return nil
	})
	return grants, err
}

// EnsureWaiting gives every active game without a waiting record one, as
// if it had just been loaded: for games stored before reminders existed.
// Each game is read on its own and written in a transaction of its own, so
// that the bot's other work never waits long for the writer.
func (s *Store) EnsureWaiting(now time.Time) (int, error) {
	var ids []string
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketGames).ForEach(func(k, _ []byte) error {
			gb := tx.Bucket(bucketGames).Bucket(k)
			if gb == nil || gb.Get([]byte(keyWaiting)) != nil {
				return nil
			}
			var m Meta
			if err := get(gb, "game "+string(k), keyMeta, &m); err != nil {
				return err
			}
			if m.Status == StatusActive {
				ids = append(ids, string(k))
			}
			return nil
		})
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		g, err := s.Load(id)
		if err != nil {
			return n, err
		}
		err = s.update(func(tx *bbolt.Tx) error {
			gb, err := gameBucket(tx, id)
			if err != nil {
				return err
			}
			if stamp, err := readStamp(gb, "game "+id); err != nil || stamp != g.Stamp || gb.Get([]byte(keyWaiting)) != nil {
				return err // it moved, and its move wrote the record
			}
			g.Meta.UpdatedAt = now
			n++
			return syncWaiting(tx, g)
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// WatchWakes returns a channel that receives (at most one value pending)
// after every committed change of the reminders index, and a function to
// stop watching.
func (s *Store) WatchWakes() (<-chan struct{}, func()) {
	return notifierOf(s.db.DB, topicWakes).watch()
}
