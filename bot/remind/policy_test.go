package remind

import (
	"slices"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

func utc(y int, mo time.Month, d, h, m int) time.Time {
	return time.Date(y, mo, d, h, m, 0, 0, time.UTC)
}

func TestStepHalvesDownToTheFloor(t *testing.T) {
	for _, tc := range []struct {
		interval, floor time.Duration
		want            []time.Duration // for n = 0, 1, 2, ...
	}{
		{8 * time.Hour, time.Hour, []time.Duration{8 * time.Hour, 4 * time.Hour, 2 * time.Hour, time.Hour, time.Hour, time.Hour}},
		{24 * time.Hour, time.Hour, []time.Duration{24 * time.Hour, 12 * time.Hour, 6 * time.Hour, 3 * time.Hour, 90 * time.Minute, time.Hour}},
		{3 * time.Hour, 2 * time.Hour, []time.Duration{3 * time.Hour, 2 * time.Hour, 2 * time.Hour}},
		{30 * time.Minute, time.Hour, []time.Duration{30 * time.Minute, 30 * time.Minute}}, // shorter than the floor: never halved
		{200 * time.Millisecond, 50 * time.Millisecond, []time.Duration{200 * time.Millisecond, 100 * time.Millisecond, 50 * time.Millisecond, 50 * time.Millisecond}},
	} {
		c := Config{Floor: tc.floor}
		for n, want := range tc.want {
			if got := c.Step(tc.interval, n); got != want {
				t.Errorf("Step(%v, %d) with floor %v = %v, want %v", tc.interval, n, tc.floor, got, want)
			}
		}
	}
	if got := (Config{Floor: time.Hour}).Step(8*time.Hour, 1000); got != time.Hour {
		t.Errorf("after 1000 reminders the step is %v", got)
	}
}

func TestQuietHours(t *testing.T) {
	lisbon := adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"}
	york := adega.Prefs{TimeZone: "America/New_York", QuietStart: "22:00", QuietEnd: "07:00"}
	tokyo := adega.Prefs{TimeZone: "Asia/Tokyo", QuietStart: "23:30", QuietEnd: "06:15"}
	lunch := adega.Prefs{QuietStart: "12:00", QuietEnd: "13:30"} // UTC, same day
	for _, tc := range []struct {
		name  string
		prefs adega.Prefs
		at    time.Time
		until time.Time // zero: not quiet
	}{
		{"Lisbon winter evening", lisbon, utc(2026, 1, 15, 22, 59), time.Time{}},
		{"Lisbon winter night", lisbon, utc(2026, 1, 15, 23, 0), utc(2026, 1, 16, 8, 0)},
		{"Lisbon winter morning", lisbon, utc(2026, 1, 16, 7, 59), utc(2026, 1, 16, 8, 0)},
		{"Lisbon winter day", lisbon, utc(2026, 1, 16, 8, 0), time.Time{}},
		// 29 March 2026: at 01:00 UTC Lisbon moves from WET (UTC) to WEST
		// (UTC+1). The night of the 28th is an hour shorter: 23:00 WET
		// to 08:00 WEST is 23:00 to 07:00 UTC.
		{"Lisbon spring-forward night", lisbon, utc(2026, 3, 28, 23, 30), utc(2026, 3, 29, 7, 0)},
		{"Lisbon spring-forward, after the change", lisbon, utc(2026, 3, 29, 1, 30), utc(2026, 3, 29, 7, 0)},
		{"Lisbon summer morning", lisbon, utc(2026, 3, 29, 7, 0), time.Time{}},
		{"Lisbon summer evening", lisbon, utc(2026, 3, 29, 22, 0), utc(2026, 3, 30, 7, 0)},
		// 25 October 2026: at 01:00 UTC Lisbon goes back to WET. The
		// night of the 24th is an hour longer: 22:00 to 08:00 UTC.
		{"Lisbon fall-back evening", lisbon, utc(2026, 10, 24, 21, 59), time.Time{}},
		{"Lisbon fall-back night", lisbon, utc(2026, 10, 24, 22, 0), utc(2026, 10, 25, 8, 0)},
		{"Lisbon fall-back, the repeated hour", lisbon, utc(2026, 10, 25, 1, 30), utc(2026, 10, 25, 8, 0)},
		{"Lisbon fall-back morning", lisbon, utc(2026, 10, 25, 7, 59), utc(2026, 10, 25, 8, 0)},
		{"New York evening", york, utc(2026, 1, 16, 2, 59), time.Time{}},          // 21:59 EST
		{"New York night", york, utc(2026, 1, 16, 3, 0), utc(2026, 1, 16, 12, 0)}, // 22:00 EST → 07:00 EST
		// 8 March 2026 at 07:00 UTC New York moves to EDT (UTC-4).
		{"New York spring-forward", york, utc(2026, 3, 8, 4, 0), utc(2026, 3, 8, 11, 0)},
		{"Tokyo night", tokyo, utc(2026, 1, 15, 15, 0), utc(2026, 1, 15, 21, 15)}, // 00:00 JST → 06:15 JST
		{"Tokyo just before", tokyo, utc(2026, 1, 15, 14, 29), time.Time{}},
		{"same-day window", lunch, utc(2026, 1, 15, 12, 45), utc(2026, 1, 15, 13, 30)},
		{"same-day window over", lunch, utc(2026, 1, 15, 13, 30), time.Time{}},
		{"no window", adega.Prefs{TimeZone: "Europe/Lisbon"}, utc(2026, 1, 15, 3, 0), time.Time{}},
	} {
		q := QuietOf(tc.prefs)
		if got := q.In(tc.at); got != !tc.until.IsZero() {
			t.Errorf("%s: In(%v) = %v", tc.name, tc.at, got)
			continue
		}
		want := tc.until
		if want.IsZero() {
			want = tc.at
		}
		if got := q.Until(tc.at); !got.Equal(want) {
			t.Errorf("%s: Until(%v) = %v, want %v", tc.name, tc.at, got.UTC(), want)
		}
	}
}

// Awake counts the time outside quiet hours, across nights, days and a
// change of the clocks.
func TestQuietAwake(t *testing.T) {
	lisbon := QuietOf(adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"})
	for _, tc := range []struct {
		name     string
		q        Quiet
		from, to time.Time
		want     time.Duration
	}{
		{"no window", QuietOf(adega.Prefs{}), utc(2026, 1, 15, 22, 0), utc(2026, 1, 16, 9, 0), 11 * time.Hour},
		{"backwards", lisbon, utc(2026, 1, 16, 9, 0), utc(2026, 1, 15, 22, 0), 0},
		{"within a day", lisbon, utc(2026, 1, 15, 9, 0), utc(2026, 1, 15, 10, 30), 90 * time.Minute},
		{"across a night", lisbon, utc(2026, 1, 15, 22, 0), utc(2026, 1, 16, 9, 0), 2 * time.Hour},
		{"from quiet hours", lisbon, utc(2026, 1, 16, 2, 0), utc(2026, 1, 16, 8, 30), 30 * time.Minute},
		{"all quiet", lisbon, utc(2026, 1, 16, 0, 0), utc(2026, 1, 16, 7, 0), 0},
		{"two days", lisbon, utc(2026, 1, 15, 8, 0), utc(2026, 1, 17, 8, 0), 30 * time.Hour},
		// The night of 28 March 2026 is an hour shorter (23:00 to 07:00 UTC).
		{"spring forward", lisbon, utc(2026, 3, 28, 22, 0), utc(2026, 3, 29, 8, 0), 2 * time.Hour},
	} {
		if got := tc.q.Awake(tc.from, tc.to); got != tc.want {
			t.Errorf("%s: Awake = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestDeadlineSkipsVacations(t *testing.T) {
	since := utc(2026, 1, 1, 0, 0)
	day := 24 * time.Hour
	vac := func(from, until int) adega.Vacation {
		return adega.Vacation{From: since.Add(time.Duration(from) * day), Until: since.Add(time.Duration(until) * day)}
	}
	for _, tc := range []struct {
		name      string
		vacations []adega.Vacation
		want      time.Time
	}{
		{"none", nil, since.Add(3 * day)},
		{"after the deadline", []adega.Vacation{vac(4, 6)}, since.Add(3 * day)},
		{"starting at the deadline", []adega.Vacation{vac(3, 6)}, since.Add(3 * day)},
		{"inside", []adega.Vacation{vac(1, 2)}, since.Add(4 * day)},
		{"before the wait, overlapping", []adega.Vacation{vac(-1, 1)}, since.Add(4 * day)},
		{"before the wait, over", []adega.Vacation{vac(-3, -1)}, since.Add(3 * day)},
		{"two", []adega.Vacation{vac(2, 4), vac(1, 2)}, since.Add(6 * day)},
		{"overlapping", []adega.Vacation{vac(1, 3), vac(2, 5)}, since.Add(7 * day)},
	} {
		if got := DeadlineAt(since, 3*day, tc.vacations); !got.Equal(tc.want) {
			t.Errorf("%s: deadline %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestNextDigest(t *testing.T) {
	lisbon := adega.Prefs{TimeZone: "Europe/Lisbon", Digest: true, DigestHour: 9}
	quiet := lisbon
	quiet.DigestHour, quiet.QuietStart, quiet.QuietEnd = 7, "23:00", "08:00"
	for _, tc := range []struct {
		prefs adega.Prefs
		after time.Time
		want  time.Time
	}{
		{lisbon, utc(2026, 1, 15, 8, 0), utc(2026, 1, 15, 9, 0)},
		{lisbon, utc(2026, 1, 15, 9, 0), utc(2026, 1, 16, 9, 0)},
		{lisbon, utc(2026, 3, 28, 10, 0), utc(2026, 3, 29, 8, 0)},  // 09:00 WEST
		{lisbon, utc(2026, 10, 24, 9, 0), utc(2026, 10, 25, 9, 0)}, // 09:00 WET
		{quiet, utc(2026, 1, 15, 12, 0), utc(2026, 1, 16, 8, 0)},   // 07:00 is quiet: at its end
		{quiet, utc(2026, 1, 16, 8, 0), utc(2026, 1, 17, 8, 0)},
		{adega.Prefs{DigestHour: 18}, utc(2026, 1, 15, 18, 30), utc(2026, 1, 16, 18, 0)},
	} {
		if got := NextDigest(tc.after, tc.prefs); !got.Equal(tc.want) {
			t.Errorf("NextDigest(%v, %+v) = %v, want %v", tc.after, tc.prefs, got.UTC(), tc.want)
		}
	}
}

func TestParsing(t *testing.T) {
	for _, tc := range []struct {
		in       string
		name     string
		interval time.Duration
		ok       bool
	}{
		{"relaxed", "relaxed", 24 * time.Hour, true},
		{" Fast ", "fast", time.Hour, true},
		{"8h", "normal", 8 * time.Hour, true},
		{"12h", "custom", 12 * time.Hour, true},
		{"2d", "custom", 48 * time.Hour, true},
		{"90m", "custom", 90 * time.Minute, true},
		{"1m", "", 0, false},
		{"30d", "", 0, false},
		{"soon", "", 0, false},
	} {
		name, d, err := ParsePace(tc.in)
		if (err == nil) != tc.ok || name != tc.name || d != tc.interval {
			t.Errorf("ParsePace(%q) = %q, %v, %v", tc.in, name, d, err)
		}
	}
	for in, want := range map[string]int{"23:00": 23 * 60, "7:30": 7*60 + 30, "8": 8 * 60, "00:00": 0} {
		if got, err := ParseClock(in); err != nil || got != want {
			t.Errorf("ParseClock(%q) = %d, %v", in, got, err)
		}
	}
	for _, in := range []string{"24:00", "7:5", "-1", "noon", "12:60", ""} {
		if _, err := ParseClock(in); err == nil {
			t.Errorf("ParseClock(%q) accepted", in)
		}
	}
	for _, in := range []string{"Mars/Olympus", "Local", "lisbon"} {
		if _, err := Location(in); err == nil {
			t.Errorf("Location(%q) accepted", in)
		}
	}
	for d, want := range map[time.Duration]string{72 * time.Hour: "72 hours", time.Hour: "1 hour", 14 * 24 * time.Hour: "14 days",
		90 * time.Minute: "90 minutes", time.Second: "1 second", 200 * time.Millisecond: "200ms"} {
		if got := Human(d); got != want {
			t.Errorf("Human(%v) = %q, want %q", d, got, want)
		}
	}
}

// Decide is the whole policy for one user in one game.
func TestDecide(t *testing.T) {
	since := utc(2026, 1, 15, 12, 0)
	c := Config{Floor: time.Hour}
	normal := adega.WaitRules{Pace: "normal", Interval: 8 * time.Hour, Absent: adega.AbsentWait}
	deadline := normal
	deadline.Deadline, deadline.Absent = 24*time.Hour, adega.AbsentAuto
	waitDeadline := deadline
	waitDeadline.Absent = adega.AbsentWait
	seat := func(n int, last time.Time) []adega.SeatWait {
		return []adega.SeatWait{{Seat: 1, UserID: "u", Since: since, Reminders: n, LastReminder: last}}
	}
	lisbonQuiet := adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"}
	for _, tc := range []struct {
		name      string
		now       time.Time
		rules     adega.WaitRules
		prefs     adega.Prefs
		seats     []adega.SeatWait
		vacations []adega.Vacation
		want      Decision
		next      time.Time
	}{
		{"too early", since.Add(7 * time.Hour), normal, adega.Prefs{}, seat(0, time.Time{}), nil,
			Decision{}, since.Add(8 * time.Hour)},
		{"first reminder", since.Add(8 * time.Hour), normal, adega.Prefs{DMReminders: true}, seat(0, time.Time{}), nil,
			Decision{Remind: true, DM: true}, since.Add(12 * time.Hour)},
		{"second, not before its interval", since.Add(11 * time.Hour), normal, adega.Prefs{}, seat(1, since.Add(8*time.Hour)), nil,
			Decision{}, since.Add(12 * time.Hour)},
		{"a late reminder counts from when it went", since.Add(20 * time.Hour), normal, adega.Prefs{}, seat(1, since.Add(18*time.Hour)), nil,
			Decision{}, since.Add(22 * time.Hour)},
		{"quiet hours postpone", utc(2026, 1, 15, 23, 0), adega.WaitRules{Pace: "custom", Interval: 11 * time.Hour}, lisbonQuiet, seat(0, time.Time{}), nil,
			Decision{}, utc(2026, 1, 16, 8, 0)},
		{"at the end of the window", utc(2026, 1, 16, 8, 0), adega.WaitRules{Pace: "custom", Interval: 11 * time.Hour}, lisbonQuiet, seat(0, time.Time{}), nil,
			Decision{Remind: true}, utc(2026, 1, 16, 13, 30)},
		{"digest users get no reminders", since.Add(9 * time.Hour), normal, adega.Prefs{Digest: true}, seat(0, time.Time{}), nil,
			Decision{}, time.Time{}},
		{"digest users still have deadlines", since.Add(9 * time.Hour), deadline, adega.Prefs{Digest: true}, seat(0, time.Time{}), nil,
			Decision{}, since.Add(24 * time.Hour)},
		{"deadline under auto", since.Add(24 * time.Hour), deadline, adega.Prefs{}, seat(4, since.Add(23*time.Hour)), nil,
			Decision{Remind: true, Expired: []engine.Seat{1}}, since.Add(24*time.Hour + time.Minute)},
		{"deadline under wait", since.Add(24 * time.Hour), waitDeadline, adega.Prefs{}, seat(5, since.Add(24*time.Hour)), nil,
			Decision{Expired: []engine.Seat{1}}, since.Add(25 * time.Hour)},
		{"vacation postpones reminders and the deadline", since.Add(8 * time.Hour), deadline, adega.Prefs{}, seat(0, time.Time{}),
			[]adega.Vacation{{UserID: "u", From: since.Add(time.Hour), Until: since.Add(49 * time.Hour)}},
			Decision{}, since.Add(49 * time.Hour)},
	} {
		d, seats := c.Decide(Input{Now: tc.now, Rules: tc.rules, Prefs: tc.prefs, Seats: tc.seats, Vacations: tc.vacations})
		if d.Remind != tc.want.Remind || d.DM != tc.want.DM || d.Ping != tc.want.Ping || !slices.Equal(d.Expired, tc.want.Expired) {
			t.Errorf("%s: decision %+v, want %+v", tc.name, d, tc.want)
		}
		if !seats[0].Next.Equal(tc.next) {
			t.Errorf("%s: next look at %v, want %v", tc.name, seats[0].Next.UTC(), tc.next)
		}
		if d.Remind && (seats[0].Reminders != tc.seats[0].Reminders+1 || !seats[0].LastReminder.Equal(tc.now)) {
			t.Errorf("%s: the reminder was not counted: %+v", tc.name, seats[0])
		}
	}
}
