package storage

import (
	"errors"

	"go.etcd.io/bbolt"
)

// User is a player's settings and record across games.
type User struct {
	ID    string               `json:"id"`
	Prefs Prefs                `json:"prefs"`
	Stats map[string]GameStats `json:"stats,omitempty"` // by game name
}

// Prefs are a player's settings.
type Prefs struct {
	// TimeZone is an IANA name ("Europe/Lisbon") for reminder times; empty means UTC.
	TimeZone string `json:"time_zone,omitempty"`
	// DMReminders sends turn reminders by direct message instead of in the channel.
	DMReminders bool `json:"dm_reminders,omitempty"`
}

// GameStats is a player's record in one game.
type GameStats struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}

// GetUser returns the stored user, or a User with only its ID for one never stored.
func (s *Store) GetUser(id string) (User, error) {
	u := User{ID: id}
	err := s.db.View(func(tx *bbolt.Tx) error {
		raw := tx.Bucket(bucketUsers).Get([]byte(id))
		if raw == nil {
			return nil
		}
		return decode("user "+id, "users/"+id, raw, &u)
	})
	if err != nil {
		return User{}, err
	}
	return u, nil
}

// PutUser stores a user, replacing what was stored under its ID.
func (s *Store) PutUser(u User) error {
	if u.ID == "" {
		return errors.New("storage: a user needs an ID")
	}
	return s.db.Update(func(tx *bbolt.Tx) error {
		return put(tx.Bucket(bucketUsers), u.ID, u)
	})
}
