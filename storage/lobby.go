package storage

import (
	"errors"
	"fmt"
	"slices"
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

// bucketOpenLobbies indexes the open lobbies by their creator: creator ‖
// 0 ‖ lobby ID → nothing.
var bucketOpenLobbies = []byte("open_lobbies")

// TooManyLobbiesError refuses a lobby to a user who has the most open
// lobbies allowed.
type TooManyLobbiesError struct {
	Open []Lobby // the user's open lobbies, oldest first
}

func (e *TooManyLobbiesError) Error() string {
	return fmt.Sprintf("storage: %d lobbies open already", len(e.Open))
}

// CreateLobby stores a new lobby under its ID, unless its creator has
// limit open lobbies already (*TooManyLobbiesError): counted and stored in
// one transaction, so that lobbies asked for at once cannot pass it.
func (s *Store) CreateLobby(l Lobby, limit int) error {
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketLobbies)
		if b.Get([]byte(l.ID)) != nil {
			return fmt.Errorf("storage: lobby %s exists already", l.ID)
		}
		open, err := s.openLobbies(tx, l.CreatorID)
		if err != nil {
			return err
		}
		if len(open) >= limit {
			return &TooManyLobbiesError{Open: open}
		}
		return putLobby(tx, l)
	})
}

// openLobbies are the lobbies creator opened that are neither started nor
// called off, oldest first.
func (s *Store) openLobbies(tx *bbolt.Tx, creator string) ([]Lobby, error) {
	var open []Lobby
	err := eachOf(tx.Bucket(bucketOpenLobbies), creator, func(id string, _ []byte) error {
		open = append(open, Lobby{})
		return s.readLobby(tx, id, &open[len(open)-1])
	})
	slices.SortFunc(open, func(a, b Lobby) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return open, err
}

// putLobby stores a lobby and keeps the index of open lobbies in step.
func putLobby(tx *bbolt.Tx, l Lobby) error {
	key := userKey(l.CreatorID, l.ID)
	var err error
	if l.Closed {
		err = tx.Bucket(bucketOpenLobbies).Delete(key)
	} else {
		err = tx.Bucket(bucketOpenLobbies).Put(key, nil)
	}
	if err != nil {
		return err
	}
	return put(tx.Bucket(bucketLobbies), l.ID, l)
}

// openLobbyIndex makes the index of open lobbies of a database that has
// none yet, from its lobbies, once.
func openLobbyIndex(tx *bbolt.Tx) error {
	if tx.Bucket(bucketOpenLobbies) != nil {
		return nil
	}
	if _, err := tx.CreateBucket(bucketOpenLobbies); err != nil {
		return err
	}
	return tx.Bucket(bucketLobbies).ForEach(func(k, v []byte) error {
		var l Lobby
		if err := decode("lobby "+string(k), string(k), v, &l); err != nil {
			return err
		}
		return putLobby(tx, l)
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
		return putLobby(tx, l)
	})
	return l, err
}
