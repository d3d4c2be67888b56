package storage

import (
	"errors"
	"fmt"
	"time"

	"go.etcd.io/bbolt"
)

// Lobby is a game being gathered: players join with a button until its
// creator starts it. It is stored so that a restart keeps every open lobby.
type Lobby struct {
	ID         string            `json:"id"`
	ChannelID  string            `json:"channel_id"`
	GuildID    string            `json:"guild_id,omitempty"`
	CreatorID  string            `json:"creator_id"`
	Game       string            `json:"game"`
	Mode       string            `json:"mode,omitempty"`
	MaxPlayers int               `json:"max_players"`
	Options    map[string]string `json:"options,omitempty"`
	Seats      []SeatUser        `json:"seats"` // in joining order
	// GameID is set once the lobby has started its game.
	GameID    string    `json:"game_id,omitempty"`
	Closed    bool      `json:"closed,omitempty"` // started or cancelled
	CreatedAt time.Time `json:"created_at"`
	// Wait is the pace, deadline and absent rule the game will have.
	Wait WaitRules `json:"wait,omitzero"`
	// Board is the board its turn messages will carry.
	Board BoardStyle `json:"board,omitempty"`
	// Level and Hints are the game's Meta.Level and Meta.Hints.
	Level string `json:"level,omitempty"`
	Hints bool   `json:"hints,omitempty"`
	// Practice is the game's Meta.Practice.
	Practice bool `json:"practice,omitempty"`
}

// ErrNoLobby reports a lobby that does not exist.
var ErrNoLobby = errors.New("That lobby no longer exists.")

// CreateLobby stores a new lobby under its ID.
func (s *Store) CreateLobby(l Lobby) error {
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketLobbies)
		if b.Get([]byte(l.ID)) != nil {
			return fmt.Errorf("storage: lobby %s exists already", l.ID)
		}
		return put(b, l.ID, l)
	})
}

// GetLobby returns a stored lobby.
func (s *Store) GetLobby(id string) (Lobby, error) {
	var l Lobby
	err := s.db.View(func(tx *bbolt.Tx) error { return s.readLobby(tx, id, &l) })
	return l, err
}

func (s *Store) readLobby(tx *bbolt.Tx, id string, l *Lobby) error {
	b := tx.Bucket(bucketLobbies)
	if b.Get([]byte(id)) == nil {
		return ErrNoLobby
	}
	return get(b, "lobby "+id, id, l)
}

// UpdateLobby changes a lobby in one transaction, so that two players
// clicking at once never lose a seat. If change returns an error nothing is
// written and the error is returned.
func (s *Store) UpdateLobby(id string, change func(*Lobby) error) (Lobby, error) {
	var l Lobby
	err := s.update(func(tx *bbolt.Tx) error {
		if err := s.readLobby(tx, id, &l); err != nil {
			return err
		}
		if err := change(&l); err != nil {
			return err
		}
		return put(tx.Bucket(bucketLobbies), id, l)
	})
	return l, err
}
