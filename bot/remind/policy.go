// Package remind decides when the bot reminds players who owe a decision,
// and runs the one scheduler goroutine that does it.
//
// The policy (this file) is pure: given a game's waiting rules, a user's
// settings and their pending decisions, it says what is due now and when
// to look again.
//
//   - The first reminder comes one pace interval after the decision began
//     to wait. Each unanswered reminder halves the interval, down to the
//     floor; a reminder is never sent sooner than one interval after the
//     previous one, and a user gets one reminder per game for all the
//     decisions they owe in it.
//   - Quiet hours (in the user's own time zone) postpone reminders, direct
//     messages and pings to the end of the window. Deadlines do not wait
//     for them.
//   - A user who chose the daily digest gets no individual reminders: one
//     direct message a day at their hour lists every game that waits for
//     them (also postponed by quiet hours).
//   - A vacation pauses the user's deadlines and their reminders; pings on
//     turn messages go on. The time spent on vacation does not count
//     towards a deadline.
//   - When a deadline passes, the game's absent rule applies once per wait:
//     wait keeps reminding, auto plays the decision, skip passes where the
//     rules allow it and otherwise keeps waiting.
package remind

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Day is a day, for the durations written in days.
const Day = 24 * time.Hour

// PaceNormal is the pace of a game that sets none, and NormalInterval its
// first reminder's interval.
const (
	PaceNormal     = "normal"
	NormalInterval = 8 * time.Hour
)

// DefaultFloor is the shortest interval escalation reaches, unless the
// configuration says otherwise.
const DefaultFloor = time.Hour

// Paces are the named paces, by their first reminder's interval.
var Paces = []struct {
	Name     string
	Interval time.Duration
}{{"relaxed", Day}, {PaceNormal, NormalInterval}, {"fast", time.Hour}}

// PaceCustom names a pace given as a duration.
const PaceCustom = "custom"

// Bounds of a custom pace and of a deadline set by a command.
const (
	MinPace     = 15 * time.Minute
	MaxPace     = 14 * Day
	MaxDeadline = 30 * Day
)

// PaceInterval returns a named pace's interval.
func PaceInterval(name string) (time.Duration, bool) {
	for _, p := range Paces {
		if p.Name == name {
			return p.Interval, true
		}
	}
	return 0, false
}

// ParsePace reads a pace name or a custom interval ("12h", "90m", "2d").
func ParsePace(text string) (name string, interval time.Duration, err error) {
	text = strings.ToLower(strings.TrimSpace(text))
	if d, ok := PaceInterval(text); ok {
		return text, d, nil
	}
	d, err := ParseDuration(text)
	if err != nil {
		return "", 0, fmt.Errorf("%s is not a pace: use relaxed (24 hours), normal (8 hours), fast (1 hour), or a duration such as 12h or 90m", engine.Quote(text))
	}
	if d < MinPace || d > MaxPace {
		return "", 0, fmt.Errorf("a custom pace must be between %s and %s, not %s", Human(MinPace), Human(MaxPace), Human(d))
	}
	for _, p := range Paces {
		if p.Interval == d {
			return p.Name, d, nil
		}
	}
	return PaceCustom, d, nil
}

// ParseDuration is time.ParseDuration that also reads whole days ("3d").
func ParseDuration(text string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(text, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("bad number of days %s", engine.Quote(text))
		}
		return time.Duration(n) * Day, nil
	}
	return time.ParseDuration(text)
}

// Human writes a duration for players: "72 hours", "90 minutes", "14 days".
func Human(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return strconv.FormatInt(n, 10) + " " + unit + "s"
	}
	switch {
	case d >= 7*Day && d%Day == 0:
		return plural(int64(d/Day), "day")
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int64(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return plural(int64(d/time.Minute), "minute")
	case d >= time.Second && d%time.Second == 0:
		return plural(int64(d/time.Second), "second")
	}
	return d.String()
}

// Config is the bot's reminder policy and the defaults of new games.
type Config struct {
	// Pace and Interval are the default pace of new games (Interval wins
	// for a custom pace) and of games stored without one.
	Pace     string
	Interval time.Duration
	// Floor is the shortest interval escalation reaches.
	Floor time.Duration
	// Deadline and Absent are the defaults of new games; 0 is no deadline.
	Deadline time.Duration
	Absent   adega.Absent
	// VacationPerGame is how much vacation a player may take in one game,
	// over the whole game.
	VacationPerGame time.Duration
	// Retry is how soon what failed for a passing reason is tried again:
	// a deadline's play (a move at the same moment), a digest whose claim
	// could not be made (etcd unreachable); DefaultRetry if 0.
	Retry time.Duration
}

// DefaultRetry is Config.Retry's default.
const DefaultRetry = time.Minute

// DefaultVacation is the vacation allowance per player and game.
const DefaultVacation = 14 * Day

// WithDefaults fills what is not set: the normal pace, a one-hour floor,
// no deadline, wait, 14 vacation days per game.
func (c Config) WithDefaults() Config {
	if c.Interval <= 0 {
		if d, ok := PaceInterval(c.Pace); ok {
			c.Interval = d
		} else {
			c.Pace, c.Interval = PaceNormal, NormalInterval
		}
	}
	if c.Pace == "" {
		c.Pace = PaceCustom
		for _, p := range Paces {
			if p.Interval == c.Interval {
				c.Pace = p.Name
			}
		}
	}
	if c.Floor <= 0 {
		c.Floor = DefaultFloor
	}
	if c.Absent == "" {
		c.Absent = adega.AbsentWait
	}
	if c.VacationPerGame <= 0 {
		c.VacationPerGame = DefaultVacation
	}
	if c.Retry <= 0 {
		c.Retry = DefaultRetry
	}
	return c
}

// NewGame is the waiting rules a new game gets when its creator chose none.
func (c Config) NewGame() adega.WaitRules {
	c = c.WithDefaults()
	return adega.WaitRules{Pace: c.Pace, Interval: c.Interval, Deadline: c.Deadline, Absent: c.Absent}
}

// Resolve fills a game's unset rules with the defaults (for games stored
// before they had rules): the default pace, and wait.
func (c Config) Resolve(r adega.WaitRules) adega.WaitRules {
	c = c.WithDefaults()
	if r.Interval <= 0 {
		r.Pace, r.Interval = c.Pace, c.Interval
	}
	if r.Pace == "" {
		r.Pace = PaceCustom
	}
	if r.Absent == "" {
		r.Absent = adega.AbsentWait
	}
	return r
}

// Step is the interval before the reminder that follows n reminders: the
// pace interval halved n times, but not below the floor (or the interval
// itself, when that is shorter than the floor).
func (c Config) Step(interval time.Duration, n int) time.Duration {
	c = c.WithDefaults()
	floor := min(c.Floor, interval)
	d := interval
	for range min(n, 62) {
		d /= 2
		if d <= floor {
			return floor
		}
	}
	return d
}

// PaceText describes a game's rules for players: "normal (reminders after
// 8 hours) · deadline 72 hours, then the bot plays".
func PaceText(r adega.WaitRules) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (reminders after %s)", r.Pace, Human(r.Interval))
	if r.Deadline > 0 {
		fmt.Fprintf(&b, " · deadline %s, then %s", Human(r.Deadline), AbsentText(r.Absent))
	}
	return b.String()
}

// AbsentText says what a rule does, after "then".
func AbsentText(a adega.Absent) string {
	switch a {
	case adega.AbsentAuto:
		return "the bot plays"
	case adega.AbsentSkip:
		return "the player passes if the rules allow"
	}
	return "the bot keeps reminding"
}

// ParseAbsent reads wait, auto or skip.
func ParseAbsent(text string) (adega.Absent, error) {
	switch a := adega.Absent(strings.ToLower(strings.TrimSpace(text))); a {
	case adega.AbsentWait, adega.AbsentAuto, adega.AbsentSkip:
		return a, nil
	}
	return "", fmt.Errorf("%s is not an absent-player rule: use wait, auto or skip", engine.Quote(text))
}

// ParseClock reads a local time of day, "23:00" or "7:30" or "8", as
// minutes after midnight.
func ParseClock(text string) (int, error) {
	text = strings.TrimSpace(text)
	h, m, hasMinutes := strings.Cut(text, ":")
	hour, err := strconv.Atoi(h)
	minute := 0
	if err == nil && hasMinutes {
		if len(m) != 2 {
			err = fmt.Errorf("minutes need two digits")
		} else {
			minute, err = strconv.Atoi(m)
		}
	}
	if err != nil || hour < 0 || hour > 23 || minute < 0 || minute > 59 {
		return 0, fmt.Errorf("%s is not a time of day: use 24-hour HH:MM, such as 23:00 or 07:30", engine.Quote(text))
	}
	return hour*60 + minute, nil
}

var zones sync.Map // name → *time.Location

// Location loads an IANA time zone, cached; "" is UTC.
func Location(name string) (*time.Location, error) {
	if name == "" {
		return time.UTC, nil
	}
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location), nil
	}
	l, err := time.LoadLocation(name)
	if err != nil || name == "Local" {
		return nil, fmt.Errorf("%q is not a time zone I know: use an IANA name such as Europe/Lisbon, America/Sao_Paulo or UTC", name)
	}
	zones.Store(name, l)
	return l, nil
}

// Quiet is a user's daily quiet window in their time zone. Start == End
// means no window.
type Quiet struct {
	Start, End int // minutes after local midnight
	Loc        *time.Location
}

// QuietOf reads a user's quiet hours; unreadable settings mean none.
func QuietOf(p adega.Prefs) Quiet {
	loc, err := Location(p.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	q := Quiet{Loc: loc}
	start, err1 := ParseClock(p.QuietStart)
	end, err2 := ParseClock(p.QuietEnd)
	if p.QuietStart != "" && p.QuietEnd != "" && err1 == nil && err2 == nil {
		q.Start, q.End = start, end
	}
	return q
}

// In reports whether t falls in the window, by the local clock.
func (q Quiet) In(t time.Time) bool {
	if q.Start == q.End {
		return false
	}
	local := t.In(q.Loc)
	m := local.Hour()*60 + local.Minute()
	if q.Start < q.End {
		return q.Start <= m && m < q.End
	}
	return m >= q.Start || m < q.End
}

// Until returns the end of the window that holds t, or t outside one. The
// end is the next local End o'clock, so a window across a daylight-saving
// change is an hour shorter or longer in absolute time.
func (q Quiet) Until(t time.Time) time.Time {
	if !q.In(t) {
		return t
	}
	local := t.In(q.Loc)
	y, mo, d := local.Date()
	if q.Start > q.End && local.Hour()*60+local.Minute() >= q.Start {
		d++ // the window ends tomorrow
	}
	end := time.Date(y, mo, d, q.End/60, q.End%60, 0, 0, q.Loc)
	if !end.After(t) { // a local time skipped by a clock change
		end = t.Add(time.Minute)
	}
	return end
}

// Awake is how much of the time from from to to lies outside the window:
// the time a player could be expected to answer in.
func (q Quiet) Awake(from, to time.Time) time.Duration {
	if q.Start == q.End {
		return max(0, to.Sub(from))
	}
	var awake time.Duration
	for t := from; t.Before(to); {
		if q.In(t) {
			t = q.Until(t)
			continue
		}
		next := q.next(t)
		if next.After(to) {
			next = to
		}
		awake += next.Sub(t)
		t = next
	}
	return awake
}

// next is the first start of the window after t, outside it.
func (q Quiet) next(t time.Time) time.Time {
	local := t.In(q.Loc)
	y, mo, d := local.Date()
	start := time.Date(y, mo, d, q.Start/60, q.Start%60, 0, 0, q.Loc)
	if !start.After(t) {
		start = time.Date(y, mo, d+1, q.Start/60, q.Start%60, 0, 0, q.Loc)
	}
	return start
}

// onVacation returns the end of the vacation holding t.
func onVacation(t time.Time, vacations []adega.Vacation) (time.Time, bool) {
	for _, v := range vacations {
		if !t.Before(v.From) && t.Before(v.Until) {
			return v.Until, true
		}
	}
	return t, false
}

// postpone moves t out of vacations and quiet hours.
func postpone(t time.Time, q Quiet, vacations []adega.Vacation) time.Time {
	for range 16 {
		if end, ok := onVacation(t, vacations); ok {
			t = end
			continue
		}
		if q.In(t) {
			t = q.Until(t)
			continue
		}
		break
	}
	return t
}

// DeadlineAt is when a decision waiting since since reaches the deadline
// d, not counting time on vacation.
func DeadlineAt(since time.Time, d time.Duration, vacations []adega.Vacation) time.Time {
	vs := slices.Clone(vacations)
	slices.SortFunc(vs, func(a, b adega.Vacation) int { return a.From.Compare(b.From) })
	t, left := since, d
	for _, v := range vs {
		if !v.Until.After(t) {
			continue
		}
		from := v.From
		if from.Before(t) {
			from = t
		}
		if !t.Add(left).After(from) {
			break
		}
		left -= from.Sub(t)
		t = v.Until
	}
	return t.Add(left)
}

// NextDigest is the first digest hour in the user's time zone after
// after, postponed out of their quiet hours.
func NextDigest(after time.Time, p adega.Prefs) time.Time {
	q := QuietOf(p)
	local := after.In(q.Loc)
	y, mo, d := local.Date()
	at := time.Date(y, mo, d, p.DigestHour, 0, 0, 0, q.Loc)
	if !at.After(after) {
		at = time.Date(y, mo, d+1, p.DigestHour, 0, 0, 0, q.Loc)
	}
	return q.Until(at)
}

// Input is one user's waiting in one game.
type Input struct {
	Now       time.Time
	Rules     adega.WaitRules // resolved
	Prefs     adega.Prefs
	Seats     []adega.SeatWait // the decisions the user owes in the game
	Vacations []adega.Vacation // the user's, in this game
}

// Decision is what is due now for one user in one game.
type Decision struct {
	// Remind: post a reminder now (its number is the seats' Reminders
	// after Decide); DM: send it by direct message too.
	Remind, DM bool
	// Ping: a ping held back by quiet hours may go now.
	Ping bool
	// Expired are the seats whose deadline passed now. Under wait they
	// are marked Expired at once; under auto and skip the scheduler plays
	// them, and looks again after Retry if the play did not happen.
	Expired []engine.Seat
}

// NextReminder is when the next reminder falls due, before quiet hours
// and vacations: one interval after the wait began, then after each
// reminder one halved interval later.
func (c Config) NextReminder(r adega.WaitRules, seats []adega.SeatWait) time.Time {
	var since, last time.Time
	n := 0
	for _, s := range seats {
		if since.IsZero() || s.Since.Before(since) {
			since = s.Since
		}
		if s.LastReminder.After(last) {
			last = s.LastReminder
		}
		n = max(n, s.Reminders)
	}
	base := since
	if n > 0 && last.After(since) {
		base = last
	}
	return base.Add(c.Step(r.Interval, n))
}

// remindAt is when the user's next reminder goes, or zero for none.
func (c Config) remindAt(in Input, seats []adega.SeatWait, q Quiet) time.Time {
	if in.Prefs.Digest || in.Rules.Interval <= 0 {
		return time.Time{}
	}
	return postpone(c.NextReminder(in.Rules, seats), q, in.Vacations)
}

// Decide says what is due now for a user in a game and returns their
// seats updated as if it were done: reminders counted, pings cleared,
// expired deadlines marked, and each seat's Next set to when the
// scheduler must look at it again (always after Now).
func (c Config) Decide(in Input) (Decision, []adega.SeatWait) {
	c = c.WithDefaults()
	now := in.Now
	seats := slices.Clone(in.Seats)
	q := QuietOf(in.Prefs)
	var d Decision

	if at := c.remindAt(in, seats, q); !at.IsZero() && !now.Before(at) {
		d.Remind, d.DM = true, in.Prefs.DMReminders
	}
	pingDue := slices.ContainsFunc(seats, func(s adega.SeatWait) bool { return s.PingDue })
	if pingDue && !d.Remind && !q.In(now) {
		d.Ping = true
	}
	for k := range seats {
		if d.Remind {
			seats[k].Reminders++
			seats[k].LastReminder = now
		}
		if d.Remind || d.Ping {
			seats[k].PingDue = false
		}
	}

	remind := c.remindAt(in, seats, q)
	for k := range seats {
		s := &seats[k]
		next := remind
		earlier := func(t time.Time) {
			if next.IsZero() || t.Before(next) {
				next = t
			}
		}
		if s.PingDue {
			earlier(q.Until(now))
		}
		if in.Rules.Deadline > 0 && !s.Expired {
			at := DeadlineAt(s.Since, in.Rules.Deadline, in.Vacations)
			switch {
			case now.Before(at):
				earlier(at)
			case in.Rules.Absent == adega.AbsentAuto || in.Rules.Absent == adega.AbsentSkip:
				d.Expired = append(d.Expired, s.Seat)
				earlier(now.Add(c.Retry))
			default:
				d.Expired = append(d.Expired, s.Seat)
				s.Expired = true
			}
		}
		if !next.IsZero() && !next.After(now) {
			next = now.Add(c.Retry) // never look again at the same instant
		}
		s.Next = next
	}
	return d, seats
}

// DeadlineOf is the earliest deadline still ahead among seats, or zero.
func DeadlineOf(r adega.WaitRules, seats []adega.SeatWait, vacations []adega.Vacation) time.Time {
	var at time.Time
	if r.Deadline <= 0 {
		return at
	}
	for _, s := range seats {
		if s.Expired {
			continue
		}
		if t := DeadlineAt(s.Since, r.Deadline, vacations); at.IsZero() || t.Before(at) {
			at = t
		}
	}
	return at
}

// VacationsOf returns a user's vacations in a game.
func VacationsOf(w adega.WaitState, userID string) []adega.Vacation {
	var out []adega.Vacation
	for _, v := range w.Vacations {
		if v.UserID == userID {
			out = append(out, v)
		}
	}
	return out
}

// QuietNow reports whether the user is in their quiet hours at t: turn
// messages then name them without pinging them.
func QuietNow(p adega.Prefs, t time.Time) bool { return QuietOf(p).In(t) }
