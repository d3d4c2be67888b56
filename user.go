package adega

import "time"

// User is a player's settings and record across games.
type User struct {
	ID    string               `json:"id"`
	Prefs Prefs                `json:"prefs"`
	Stats map[string]GameStats `json:"stats,omitempty"` // by game name
	// DigestAt is when the user's next daily digest is due; zero without
	// a digest. Storing the user keeps the reminders index in step.
	DigestAt time.Time `json:"digest_at,omitzero"`
	// PrefsRevision is the revision of Prefs in the records the bot's
	// processes share (package cluster), so that an older one arriving
	// late never replaces a newer; zero with one process.
	PrefsRevision int64 `json:"prefs_revision,omitempty"`
}

// Prefs are a player's settings.
type Prefs struct {
	// TimeZone is an IANA name ("Europe/Lisbon") for reminder times; empty means UTC.
	TimeZone string `json:"time_zone,omitempty"`
	// DMReminders also sends each reminder by direct message.
	DMReminders bool `json:"dm_reminders,omitempty"`
	// QuietStart and QuietEnd ("23:00", "08:00", local time) bound the
	// quiet hours, in which the bot neither pings nor reminds; empty: none.
	QuietStart string `json:"quiet_start,omitempty"`
	QuietEnd   string `json:"quiet_end,omitempty"`
	// Digest replaces individual reminders with one direct message a day,
	// at DigestHour local time, listing the games that wait for the user.
	Digest     bool `json:"digest,omitempty"`
	DigestHour int  `json:"digest_hour,omitempty"`
}

// GameStats is a player's record in one game.
type GameStats struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}
