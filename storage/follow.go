package storage

import (
	"errors"
	"slices"
)

// Anyone may follow a game: its followers are kept in its metadata, so
// that the change that ends a Fair or the game reads them in its own
// transaction and queues their news with its turn message.

// MaxFollowers bounds a game's followers: the change that ends a Fair
// queues a message for each of them in its transaction.
const MaxFollowers = 50

// Refusals of Follow and Unfollow, in words for the user.
var (
	ErrFollowing     = errors.New("You already follow this game.")
	ErrNotFollowing  = errors.New("You do not follow this game.")
	ErrFollowersFull = errors.New("This game has as many followers as it can take.")
	ErrGameOver      = errors.New("This game is over: there is nothing left to follow.")
)

// Follow adds userID to the followers of the active game id.
func (s *Store) Follow(id, userID string) (Meta, error) {
	return s.UpdateMeta(id, func(m *Meta) error {
		switch {
		case m.Status != StatusActive:
			return ErrGameOver
		case slices.Contains(m.Followers, userID):
			return ErrFollowing
		case len(m.Followers) >= MaxFollowers:
			return ErrFollowersFull
		}
		m.Followers = append(m.Followers, userID)
		return nil
	})
}

// Unfollow removes userID from the followers of game id.
func (s *Store) Unfollow(id, userID string) (Meta, error) {
	return s.UpdateMeta(id, func(m *Meta) error {
		k := slices.Index(m.Followers, userID)
		if k < 0 {
			return ErrNotFollowing
		}
		m.Followers = slices.Delete(m.Followers, k, k+1)
		return nil
	})
}
